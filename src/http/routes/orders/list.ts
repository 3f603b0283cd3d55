import { Type } from 'typebox';
import { ApiError } from '../../../errors/api-error.js';
import { storedOrderView } from '../../../services/trading-views.js';
import { ClientOrderId, Order } from '../../schemas/orders.js';
import { ListQuery, page } from '../../schemas/resources.js';
import { defineRoute } from '../../route.js';
import { AccountParams } from './shared.js';

const Status = Type.Union(['pending', 'working', 'filled', 'canceled', 'rejected', 'expired', 'unconfirmed', 'open'].map((s) => Type.Literal(s)));

export default defineRoute({
  method: 'GET',
  url: '/v1/accounts/:account_id/orders',
  summary: "The account's orders, newest first (filters: status — 'open' is pending, working and unconfirmed —, market, client_order_id)",
  tags: ['orders'],
  access: 'read',
  errors: ['account_not_found', 'invalid_cursor', 'state_unavailable'],
  schema: {
    params: AccountParams,
    querystring: ListQuery({ status: Type.Optional(Status), market: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })), client_order_id: Type.Optional(ClientOrderId) }),
    response: { 200: page(Order) },
  },
  handler: async ({ rampart, principal, params, query, environment }) => {
    await rampart.accounts.reachable(params.account_id, principal.customer.id, environment);
    if (query.after !== undefined) {
      const row = await rampart.store.getOrder(query.after);
      if (!row || row.account_id !== params.account_id) throw new ApiError('invalid_cursor', { details: { after: query.after } });
    }
    const limit = query.limit ?? 100;
    const status = query.status === 'open' ? ['pending', 'working', 'unconfirmed'] : query.status ? [query.status] : undefined;
    const rows = await rampart.store.listOrders({ accountId: params.account_id, status, market: query.market, clientOrderId: query.client_order_id, after: query.after, limit: limit + 1 });
    const data = rows.slice(0, limit).map(storedOrderView);
    const hasMore = rows.length > limit;
    return { data, next_cursor: hasMore ? (data.at(-1)?.id ?? null) : null, has_more: hasMore };
  },
});
