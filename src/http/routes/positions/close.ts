import { idempotencyKeyOf } from '../../plugins/idempotency.js';
import { Order } from '../../schemas/orders.js';
import { defineRoute } from '../../route.js';
import { actorOf, admit, assertKeyMarket, ENGINE_CODES, executed, MarketParams, tradingAccount } from '../orders/shared.js';

export default defineRoute({
  method: 'DELETE',
  url: '/v1/accounts/:account_id/positions/:market',
  operationId: 'closePosition',
  summary: 'Close the position at the market (close_reason user); answers the closing order',
  description:
    'Closes the position at the market (close_reason `user`) and answers the closing order. Needs an Idempotency-Key.',
  tags: ['positions'],
  access: 'trade',
  idempotencyKey: true,
  accountOrders: true,
  errors: ['account_not_found', 'account_not_ready', 'account_not_tradable', 'position_not_found', 'key_market_not_allowed', 'market_closed', 'market_halted', 'no_price', 'stale_quote', ...ENGINE_CODES],
  schema: { params: MarketParams, response: { 200: Order } },
  handler: async ({ accounts, engine, principal, params, environment, request, reply, idempotency }) => {
    idempotencyKeyOf(request);
    const account = await tradingAccount(accounts, principal, params.account_id, environment);
    assertKeyMarket(principal, params.market);
    const cmd = { kind: 'close_position' as const, account_id: account.id, market: params.market, actor: actorOf(principal) };
    await admit(engine, environment, cmd);
    return idempotency.run(request, reply, principal, async (tx) => {
      const r = await executed(engine, environment, cmd, tx);
      return { status: 200, kind: 'order', id: r.order.id };
    });
  },
});
