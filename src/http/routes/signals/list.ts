import { ListQuery, page } from '../../schemas/resources.js';
import { Signal } from '../../schemas/signals.js';
import { defineRoute } from '../../route.js';
import { listPage } from '../../views/page.js';
import { signalView } from '../../views/signals.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/signals',
  operationId: 'listSignals',
  summary: "The customer's signals in this environment, oldest first, revoked ones too (never their URLs)",
  description: "The customer's signals in this environment, oldest first, revoked ones included (`revoked_at`), each with the last four characters of its URL (`url_hint`) but never the URL.",
  tags: ['signals'],
  access: 'read',
  errors: ['invalid_cursor'],
  schema: { querystring: ListQuery(), response: { 200: page(Signal) } },
  handler: async ({ signals, principal, query, environment }) => {
    const limit = query.limit ?? 100;
    return listPage(await signals.list(principal.customer.id, environment, query.after, limit + 1), limit, (s) => signalView(s));
  },
});
