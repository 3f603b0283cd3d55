import { ApiError } from '../../../errors/api-error.js';
import { orderFromData } from '../../../services/trading-views.js';
import { idempotencyKeyOf } from '../../plugins/idempotency.js';
import { Order } from '../../schemas/orders.js';
import { defineRoute } from '../../route.js';
import { assertEngine, assertKeyMarket, ENGINE_CODES, OrderParams, tradingAccount } from './shared.js';

export default defineRoute({
  method: 'DELETE',
  url: '/v1/accounts/:account_id/orders/:order_id',
  operationId: 'cancelOrder',
  summary: 'Cancel one working order (cancel_reason user)',
  description:
    'Cancels one working order (cancel_reason `user`) and answers it; `order_not_working` when it already ended. Needs an Idempotency-Key.',
  tags: ['orders'],
  access: 'trade',
  idempotencyKey: true,
  errors: ['account_not_found', 'account_not_ready', 'account_not_tradable', 'order_not_found', 'order_not_working', 'key_market_not_allowed', ...ENGINE_CODES],
  schema: { params: OrderParams, response: { 200: Order } },
  handler: async ({ rampart, principal, params, environment, request, reply, idempotency }) => {
    idempotencyKeyOf(request);
    const account = await tradingAccount(rampart, principal, params.account_id, environment);
    assertEngine(rampart, environment);
    return idempotency.run(request, reply, principal, async (tx) => {
      const row = await tx.getOrder(params.order_id);
      if (!row || row.account_id !== account.id) throw new ApiError('order_not_found', { details: { order_id: params.order_id } });
      assertKeyMarket(principal, row.market);
      const now = rampart.clock.now();
      const canceled = await rampart.trading.command(
        environment,
        (e) => {
          const o = e.order(params.order_id);
          if (!o || o.status !== 'working') return false;
          e.cancel(o, 'user', now);
          return true;
        },
        tx,
      );
      if (!canceled) throw new ApiError('order_not_working', { details: { order_id: row.id, status: orderFromData(row.data).status } });
      return { status: 200, kind: 'order', id: row.id };
    });
  },
});
