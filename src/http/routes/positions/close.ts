import { ApiError, rejectionToError } from '../../../errors/api-error.js';
import { idempotencyKeyOf } from '../../plugins/idempotency.js';
import { Order } from '../../schemas/orders.js';
import { defineRoute } from '../../route.js';
import { assertEngine, assertKeyMarket, requestKey, ENGINE_CODES, MarketParams, tradingAccount } from '../orders/shared.js';

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
  handler: async ({ rampart, principal, params, environment, request, reply, idempotency }) => {
    idempotencyKeyOf(request);
    const account = await tradingAccount(rampart, principal, params.account_id, environment);
    if (!rampart.trading.engine(environment).books.get(account.id)?.positions.has(params.market)) {
      throw new ApiError('position_not_found', { details: { market: params.market } });
    }
    assertKeyMarket(principal, params.market);
    assertEngine(rampart, environment);
    return idempotency.run(request, reply, principal, async (tx) => {
      const now = rampart.clock.now();
      const r = await rampart.trading.command(environment, (e) => e.closePosition(account.id, params.market, 'user', now, 'api', requestKey(principal)), tx);
      if (!r.ok) throw rejectionToError(r.rejection);
      return { status: 200, kind: 'order', id: r.value.id };
    });
  },
});
