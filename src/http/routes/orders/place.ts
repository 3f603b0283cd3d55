import { Order, PlaceBody } from '../../schemas/orders.js';
import { idempotencyKeyOf } from '../../plugins/idempotency.js';
import { defineRoute } from '../../route.js';
import { AccountParams, actorOf, admit, ENGINE_CODES, execute, tradingAccount } from './shared.js';

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
  handler: async ({ accounts, engine, markets, principal, params, body, environment, request, reply, idempotency }) => {
    idempotencyKeyOf(request);
    const account = await tradingAccount(accounts, principal, params.account_id, environment);
    markets.require(body.market);
    const { take_profit, stop_loss, break_even, ...order } = body;
    const exits = take_profit || stop_loss || break_even ? { take_profit, stop_loss, break_even } : null;
    const cmd = { kind: 'place' as const, account_id: account.id, order, exits, actor: actorOf(principal) };
    await admit(engine, environment, cmd);
    const answer = await idempotency.run(request, reply, principal, async (tx) => {
      const r = await execute(engine, environment, cmd, tx);
      // The engine's answer did not come within the wait: 202, the order unconfirmed, it settles later (SPEC).
      if (r.outcome === 'timeout') return { status: 202, kind: 'order', id: r.order_id };
      return { status: 201, kind: 'order', id: r.result.order.id, view: r.result.order };
      // Its key's claim travels with the order's writes (one round trip to PostgreSQL): a placement's every effect is
      // in its transaction, so a retry found then is undone with it and answered from its record.
    }, { deferClaim: true });
    if (reply.statusCode === 202) reply.header('Location', `/v1/accounts/${account.id}/orders/${(answer as { id: string }).id}`);
    return answer;
  },
});
