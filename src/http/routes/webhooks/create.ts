import { idempotencyKeyOf } from '../../plugins/idempotency.js';
import { WebhookBody, WebhookCreated } from '../../schemas/events.js';
import { defineRoute } from '../../route.js';

export default defineRoute({
  method: 'POST',
  url: '/v1/webhooks',
  operationId: 'createWebhook',
  summary: 'Register a webhook endpoint: signed deliveries (Standard Webhooks) of the events after it; the secret is shown once',
  description:
    'Registers an endpoint for signed deliveries (Standard Webhooks) of the events after it, optionally of some types or one account only. The URL is http(s) without credentials, and not a private, loopback or link-local address (in both environments; names are checked again at each delivery). The signing secret is in this answer only. Needs an Idempotency-Key.',
  tags: ['webhooks'],
  access: 'trade',
  idempotencyKey: true,
  errors: ['account_not_found'],
  schema: { body: WebhookBody, response: { 201: WebhookCreated } },
  handler: async ({ accounts, webhooks, principal, body, environment, request, reply, idempotency }) => {
    idempotencyKeyOf(request);
    webhooks.checkUrl(body.url);
    if (body.account_id !== undefined) await accounts.reachable(body.account_id, principal.customer.id, environment);
    return idempotency.run(request, reply, principal, async (tx) => {
      const created = await webhooks.create(tx, principal.customer.id, environment, body);
      return { status: 201, kind: 'webhook', id: created.id };
    });
  },
});
