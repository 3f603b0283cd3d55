import { ListQuery, page } from '../../schemas/resources.js';
import { AlertView, SignalParams } from '../../schemas/signals.js';
import { defineRoute } from '../../route.js';
import { listPage } from '../../views/page.js';
import { alertView } from '../../views/signals.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/signals/:signal_id/deliveries',
  operationId: 'listSignalDeliveries',
  summary: "The signal's log: every alert received, newest first, with what it did on each account (orders placed, refusals with their codes)",
  description:
    "The signal's log, newest first: each alert as read (or the error that refused it), its status (pending while its orders are placed, done, or refused when it could not be read) and, per account, the order placed or the refusal's code and message.",
  tags: ['signals'],
  access: 'read',
  errors: ['signal_not_found', 'invalid_cursor'],
  schema: { params: SignalParams, querystring: ListQuery(), response: { 200: page(AlertView) } },
  handler: async ({ signals, principal, params, query, environment }) => {
    const limit = query.limit ?? 100;
    return listPage(await signals.deliveries(principal.customer.id, environment, params.signal_id, query.after, limit + 1), limit, (a) => alertView(a));
  },
});
