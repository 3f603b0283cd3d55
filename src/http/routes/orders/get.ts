import { ApiError } from '../../../errors/api-error.js';
import { storedOrderView } from '../../../views/trading-views.js';
import { Order } from '../../schemas/orders.js';
import { defineRoute } from '../../route.js';
import { OrderParams } from './shared.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/accounts/:account_id/orders/:order_id',
  operationId: 'getOrder',
  summary: 'One order (where a 202 Location points)',
  description:
    'One order of the account, as it is now; where a 202\'s `Location` points.',
  tags: ['orders'],
  access: 'read',
  errors: ['account_not_found', 'order_not_found', 'state_unavailable'],
  schema: { params: OrderParams, response: { 200: Order } },
  handler: async ({ accounts, orders, principal, params, environment }) => {
    await accounts.reachable(params.account_id, principal.customer.id, environment);
    const row = await orders.get(params.order_id);
    if (!row || row.account_id !== params.account_id) throw new ApiError('order_not_found', { details: { order_id: params.order_id } });
    return storedOrderView(row);
  },
});
