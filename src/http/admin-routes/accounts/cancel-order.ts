import { Type } from 'typebox';
import { ANSWER_WAIT_MS } from '../../../engine-host/port.js';
import { ApiError, rejectionToError } from '../../../errors/api-error.js';
import { strict } from '../../../schemas/common.js';
import { defineAdminRoute } from '../../admin-route.js';
import { ENGINE_CODES } from '../shared.js';

export default defineAdminRoute({
  method: 'DELETE',
  url: '/admin/v1/accounts/:id/orders/:order_id',
  operationId: 'cancelOperatorOrder',
  summary: 'Cancel an order on an account as the platform',
  description: 'Cancels the working order with reason `external` or `strategy`.',
  tags: ['Accounts'],
  errors: ['account_not_found', 'account_not_ready', 'account_not_tradable', 'order_not_found', 'order_not_working', ...ENGINE_CODES],
  schema: {
    params: strict({ id: Type.String(), order_id: Type.String() }),
    body: strict({ reason: Type.Union([Type.Literal('external'), Type.Literal('strategy')]) }),
  },
  handler: async ({ services, params, body }) => {
    const { id, order_id } = params;
    const { reason } = body;
    const account = await services.store.getAccount(id);
    if (!account) throw new ApiError('account_not_found', { details: { account_id: id } });
    const r = await services.enginePort.execute(account.environment, { kind: 'cancel', account_id: id, order_id, reason, markets: null }, { timeoutMs: ANSWER_WAIT_MS });
    if (r.outcome === 'rejected') throw rejectionToError(r.rejection);
    if (r.outcome === 'timeout') throw new ApiError('engine_unavailable');
    return r.result.order;
  },
});
