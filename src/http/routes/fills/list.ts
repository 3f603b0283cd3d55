import { ApiError } from '../../../errors/api-error.js';
import { Fill } from '../../schemas/orders.js';
import { ListQuery, page } from '../../schemas/resources.js';
import { defineRoute } from '../../route.js';
import { listPage } from '../../views/page.js';
import { AccountParams } from '../orders/shared.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/accounts/:account_id/fills',
  operationId: 'listFills',
  summary: 'Every execution with its price and fee, newest first',
  description:
    'The account\'s executions, newest first, each with its price, fee, realized PnL and whether it was a liquidation.',
  tags: ['fills'],
  access: 'read',
  errors: ['account_not_found', 'invalid_cursor', 'state_unavailable'],
  schema: { params: AccountParams, querystring: ListQuery(), response: { 200: page(Fill) } },
  handler: async ({ accounts, fills, principal, params, query, environment }) => {
    await accounts.reachable(params.account_id, principal.customer.id, environment);
    const limit = query.limit ?? 100;
    const rows = await fills.list(params.account_id, query.after, limit + 1);
    if (query.after !== undefined && rows.length === 0) {
      const probe = await fills.list(params.account_id, undefined, 1_000_000);
      if (!probe.some((r) => r.id === query.after)) throw new ApiError('invalid_cursor', { details: { after: query.after } });
    }
    return listPage(rows, limit, (r) => JSON.parse(r.data) as Record<string, unknown>);
  },
});
