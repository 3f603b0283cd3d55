import { ListQuery, page } from '../../schemas/resources.js';
import { WebhookEndpoint } from '../../schemas/events.js';
import { defineRoute } from '../../route.js';
import { listPage } from '../../views/page.js';
import { webhookView } from '../../views/webhooks.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/webhooks',
  operationId: 'listWebhooks',
  summary: "The customer's webhook endpoints in this environment, oldest first (never their secrets)",
  description:
    'The customer\'s webhook endpoints in this environment, oldest first, without their secrets.',
  tags: ['webhooks'],
  access: 'read',
  errors: ['invalid_cursor'],
  schema: { querystring: ListQuery(), response: { 200: page(WebhookEndpoint) } },
  handler: async ({ webhooks, principal, query, environment }) => {
    const limit = query.limit ?? 100;
    return listPage(await webhooks.list(principal.customer.id, environment, query.after, limit), limit, webhookView);
  },
});
