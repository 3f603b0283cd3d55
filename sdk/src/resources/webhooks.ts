import type { RequestOptions } from '../transport.js';
import type { Body, Query, Result } from '../types.js';
import { Resource } from './resource.js';

export class Webhooks extends Resource {
  /** POST /v1/webhooks (createWebhook): the answer carries the whsec_ signing secret, shown only then. */
  create(body: Body<'createWebhook'>, options?: RequestOptions): Promise<Result<'createWebhook'>> {
    return this.transport.call('createWebhook', { body }, options);
  }
  /** GET /v1/webhooks (listWebhooks). */
  list(query?: Query<'listWebhooks'>, options?: RequestOptions): Promise<Result<'listWebhooks'>> {
    return this.transport.call('listWebhooks', { query }, options);
  }
  /** DELETE /v1/webhooks/{webhook_id} (deleteWebhook). */
  delete(webhookId: string, options?: RequestOptions): Promise<Result<'deleteWebhook'>> {
    return this.transport.call('deleteWebhook', { path: { webhook_id: webhookId } }, options);
  }
  /** GET /v1/webhooks/{webhook_id}/deliveries (listWebhookDeliveries). */
  deliveries(webhookId: string, query?: Query<'listWebhookDeliveries'>, options?: RequestOptions): Promise<Result<'listWebhookDeliveries'>> {
    return this.transport.call('listWebhookDeliveries', { path: { webhook_id: webhookId }, query }, options);
  }
}
