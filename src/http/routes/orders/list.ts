import { Type } from 'typebox';
import { OPEN_STATUSES } from '../../../engine/order-status.js';
import { ApiError } from '../../../errors/api-error.js';
import { ClientOrderId, Order } from '../../schemas/orders.js';
import { ListQuery, page } from '../../schemas/resources.js';
import { defineRoute } from '../../route.js';
import { orderPageJson } from '../../views/orders.js';
import { AccountParams } from './shared.js';

const Status = Type.Union(['pending', 'working', 'filled', 'canceled', 'rejected', 'expired', 'unconfirmed', 'open'].map((s) => Type.Literal(s)));

export default defineRoute({
  method: 'GET',
  url: '/v1/accounts/:account_id/orders',
  operationId: 'listOrders',
  summary: "The account's orders, newest first (filters: status — 'open' is pending, working and unconfirmed —, market, client_order_id)",
  description:
    'The account\'s orders, newest first, filtered by status (`open` = pending, working and unconfirmed), market or client_order_id.',
  tags: ['orders'],
  access: 'read',
  errors: ['account_not_found', 'invalid_cursor', 'state_unavailable'],
  schema: {
    params: AccountParams,
    querystring: ListQuery({ status: Type.Optional(Status), market: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })), client_order_id: Type.Optional(ClientOrderId) }),
    response: { 200: page(Order) },
  },
  handler: async ({ accounts, orders, principal, params, query, environment, reply }) => {
    await accounts.reachable(params.account_id, principal.customer.id, environment);
    if (query.after !== undefined) {
      const row = await orders.get(query.after);
      if (!row || row.account_id !== params.account_id) throw new ApiError('invalid_cursor', { details: { after: query.after } });
    }
    const limit = query.limit ?? 100;
    const status = query.status === 'open' ? [...OPEN_STATUSES] : query.status ? [query.status] : undefined;
    const rows = await orders.list({ accountId: params.account_id, status, market: query.market, clientOrderId: query.client_order_id, after: query.after, limit: limit + 1 });
    // Each order's JSON comes from the same compiled Order schema the single-order route uses (views/orders.ts); a
    // string answer is sent as it is.
    const serialize = reply.compileSerializationSchema(Order as unknown as Record<string, unknown>) as (view: unknown) => string;
    reply.type('application/json; charset=utf-8');
    return orderPageJson(rows, limit, serialize);
  },
});
