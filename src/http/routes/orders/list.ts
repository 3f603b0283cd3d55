import { Type } from 'typebox';
import { OPEN_STATUSES } from '../../../engine/order-status.js';
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
    const account = await accounts.reachable(params.account_id, principal.customer.id, environment);
    const limit = query.limit ?? 100;
    const status = query.status === 'open' ? [...OPEN_STATUSES] : query.status ? [query.status] : undefined;
    // Each order's JSON comes from the same compiled Order schema the single-order route uses (views/orders.ts); a
    // string answer is sent as it is.
    const serialize = reply.compileSerializationSchema(Order as unknown as Record<string, unknown>) as (view: unknown) => string;
    const page = await orders.page(account, { status, market: query.market, clientOrderId: query.client_order_id, after: query.after, limit }, serialize);
    reply.type('application/json; charset=utf-8');
    return 'json' in page ? page.json : orderPageJson(page.rows, limit, serialize);
  },
});
