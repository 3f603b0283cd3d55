import { Delivery, WebhookParams } from '../../schemas/events.js';
import { ListQuery, page } from '../../schemas/resources.js';
import { defineRoute } from '../../route.js';
import { deliveryPage } from '../../views/webhooks.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/webhooks/:webhook_id/deliveries',
  operationId: 'listWebhookDeliveries',
  summary: "The endpoint's deliveries, newest first, each with its attempts (status, error, duration) and next attempt",
  description:
    'The endpoint\'s deliveries, newest first, each with every attempt (status code, error, duration) and the next attempt.',
  tags: ['webhooks'],
  access: 'read',
  errors: ['webhook_not_found', 'invalid_cursor'],
  schema: { params: WebhookParams, querystring: ListQuery(), response: { 200: page(Delivery) } },
  handler: async ({ webhooks, principal, params, query, environment }) => {
    const limit = query.limit ?? 100;
    const { rows, attempts } = await webhooks.deliveries(principal.customer.id, environment, params.webhook_id, query.after, limit);
    return deliveryPage(rows, attempts, limit);
  },
});
