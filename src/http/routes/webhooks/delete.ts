import { Type } from 'typebox';
import { WebhookParams } from '../../schemas/events.js';
import { defineRoute } from '../../route.js';

export default defineRoute({
  method: 'DELETE',
  url: '/v1/webhooks/:webhook_id',
  operationId: 'deleteWebhook',
  summary: 'Delete a webhook endpoint: nothing more is sent to it (no Idempotency-Key needed: deleting twice answers webhook_not_found)',
  description:
    'Deletes an endpoint: nothing more is sent to it. Deleting it again answers `webhook_not_found`, so no Idempotency-Key is needed.',
  tags: ['webhooks'],
  access: 'trade',
  errors: ['webhook_not_found'],
  schema: {
    params: WebhookParams,
    response: { 200: Type.Object({ id: Type.String(), deleted: Type.Literal(true) }, { additionalProperties: false }) },
  },
  handler: async ({ webhooks, principal, params, environment }) => webhooks.delete(principal.customer.id, environment, params.webhook_id),
});
