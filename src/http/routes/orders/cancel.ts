import { idempotencyKeyOf } from '../../plugins/idempotency.js';
import { Order } from '../../schemas/orders.js';
import { defineRoute } from '../../route.js';
import { admit, ENGINE_CODES, executed, OrderParams, tradingAccount } from './shared.js';

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
  handler: async ({ accounts, engine, principal, params, environment, request, reply, idempotency }) => {
    idempotencyKeyOf(request);
    const account = await tradingAccount(accounts, principal, params.account_id, environment);
    const cmd = { kind: 'cancel' as const, account_id: account.id, order_id: params.order_id, reason: 'user' as const, markets: principal.fences.markets };
    await admit(engine, environment, cmd);
    return idempotency.run(request, reply, principal, async (tx) => {
      const r = await executed(engine, environment, cmd, tx);
      return { status: 200, kind: 'order', id: r.order.id };
    });
  },
});
