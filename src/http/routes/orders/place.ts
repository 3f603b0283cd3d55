import { Order, PlaceBody } from '../../schemas/orders.js';
import { ApiError, rejectionToError } from '../../../errors/api-error.js';
import { idempotencyKeyOf } from '../../plugins/idempotency.js';
import { ANSWER_WAIT_MS } from '../../../services/trading.js';
import { orderView } from '../../../services/trading-views.js';
import { defineRoute } from '../../route.js';
import { AccountParams, assertEngine, ENGINE_CODES, exitsOf, fencesOf, tradingAccount } from './shared.js';

export default defineRoute({
  method: 'POST',
  url: '/v1/accounts/:account_id/orders',
  operationId: 'placeOrder',
  summary: 'Place an order, with exits held by the service (201; 202 unconfirmed when the engine answer is lost)',
  description:
    'Places an order (market, limit, stop_market, stop_limit), optionally with exits (take profit, stop loss, break-even) that the service holds and places when the order fills. Answers 201 with the order; when the engine\'s answer does not come in time, 202 with the order `unconfirmed` and a `Location` to follow. Needs an Idempotency-Key: a retry with the same key answers the first result.',
  tags: ['orders'],
  access: 'trade',
  idempotencyKey: true,
  responseHeaders: { 202: ['Location'] },
  accountOrders: true,
  errors: [
    'invalid_size_step', 'invalid_price_tick', 'account_not_found', 'market_not_found', 'account_not_ready', 'client_order_id_conflict',
    'account_not_tradable', 'key_market_not_allowed', 'price_out_of_band', 'stop_already_triggered', 'post_only_would_fill',
    'limit_inside_spread', 'order_too_small', 'working_order_cap', 'key_reduce_only', 'key_max_order_notional', 'key_max_position_notional',
    'insufficient_margin', 'exposure_cap_exceeded', 'reduce_only_violation', 'slippage_exceeded', 'market_closed', 'market_not_offered',
    'market_halted', 'position_liquidating', 'account_paused', 'insufficient_balance', 'order_rejected', 'stale_quote', 'no_price', ...ENGINE_CODES,
  ],
  schema: { params: AccountParams, body: PlaceBody, response: { 201: Order, 202: Order } },
  handler: async ({ rampart, principal, params, body, environment, request, reply, idempotency }) => {
    idempotencyKeyOf(request);
    const account = await tradingAccount(rampart, principal, params.account_id, environment);
    rampart.markets.require(body.market);
    assertEngine(rampart, environment);
    const { take_profit, stop_loss, break_even, ...order } = body;
    const exits = exitsOf({ take_profit, stop_loss, break_even });
    const faults = rampart.trading.faults;
    const lost = faults.answerLost || faults.answerDelayMs > ANSWER_WAIT_MS;
    if (!lost && faults.answerDelayMs > 0) await new Promise((r) => setTimeout(r, faults.answerDelayMs));
    const actor = { keyId: principal.kind === 'key' ? principal.id : null, fences: fencesOf(principal), origin: 'api' as const };
    const answer = await idempotency.run(request, reply, principal, async (tx) => {
      if (order.client_order_id) {
        const holder = await tx.findOrderByClientId(principal.customer.id, environment, order.client_order_id);
        if (holder) throw new ApiError('client_order_id_conflict', { details: { order_id: holder.id, client_order_id: order.client_order_id } });
      }
      const req = { accountId: account.id, body: order, exits, actor, now: rampart.clock.now() };
      if (lost) {
        // The engine's answer does not come within the wait: 202, unconfirmed, settles later (SPEC).
        const shell = await rampart.trading.command(environment, (e) => e.unconfirmed(req), tx);
        rampart.trading.settleLater(environment, shell, req, faults.answerLost ? null : faults.answerDelayMs);
        return { status: 202, kind: 'order', id: shell.id };
      }
      const r = await rampart.trading.command(environment, (e) => e.place(req), tx);
      if (!r.ok) throw rejectionToError(r.rejection);
      return { status: 201, kind: 'order', id: r.value.id, view: orderView(r.value) };
    });
    if (reply.statusCode === 202) reply.header('Location', `/v1/accounts/${account.id}/orders/${(answer as { id: string }).id}`);
    return answer;
  },
});
