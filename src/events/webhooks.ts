import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.js';
import type { Clock } from '../engine/clock.js';
import { ApiError } from '../errors/api-error.js';
import type { Environment } from '../schemas/common.js';
import { newId } from '../services/credentials.js';
import type { SecretBox } from '../services/secrets/keyring.js';
import type { AttemptRow, DeliveryRow, Store, Tx, WebhookRecord } from '../store/port.js';
import { startFanOutAt, WebhookDispatcher } from './webhook-dispatcher.js';
import { newWebhookSecret } from './webhook-signature.js';
import { endpointProblem } from './webhook-target.js';

export interface NewWebhook {
  url: string;
  types?: string[] | undefined;
  account_id?: string | undefined;
}

export function webhookView(w: WebhookRecord) {
  return { id: w.id, url: w.url, types: w.types, account_id: w.account_id, environment: w.environment, created_at: w.created_at };
}

function deliveryView(d: DeliveryRow, attempts: AttemptRow[]) {
  return {
    id: d.id,
    webhook_id: d.webhook_id,
    event_id: d.event_id,
    event_type: d.event_type,
    status: d.status,
    attempt_count: d.attempts,
    next_attempt_at: d.next_attempt_at,
    created_at: d.created_at,
    finished_at: d.finished_at,
    attempts: attempts.map((a) => ({ number: a.n, at: a.at, status_code: a.status_code, error: a.error, duration_ms: a.duration_ms })),
  };
}

/** Webhook endpoints of a customer (create, list, delete, deliveries) and their delivery (the dispatcher). */
export class WebhookService {
  readonly dispatcher: WebhookDispatcher;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly config: Config,
    log: FastifyBaseLogger,
    /** Seals signing secrets at rest; absent where no webhook is made or delivered (most CLI commands). */
    private readonly secrets: SecretBox | undefined,
  ) {
    this.dispatcher = new WebhookDispatcher(store, clock, config.limits.webhooks, config.cluster.nodeId, config.webhookAllowPrivate, log, (hook) => this.secretOf(hook));
  }

  private box(): SecretBox {
    if (!this.secrets) throw new Error('webhook secrets need the secrets key (openWebhookSecrets at start)');
    return this.secrets;
  }

  /** The endpoint's whsec_ signing secret (shown once at creation, and again on a replay of that creation). */
  secretOf(hook: WebhookRecord): string {
    return this.box().open(hook.id, hook.secret);
  }

  /** The URL must be http(s) without credentials; in live, not a private or loopback target unless allowed. */
  checkUrl(environment: Environment, url: string): void {
    const allowPrivate = environment === 'sandbox' || this.config.webhookAllowPrivate;
    const problem = endpointProblem(url, allowPrivate);
    if (problem) {
      const message =
        problem === 'private_target'
          ? 'url: live webhooks may not target private or loopback addresses.'
          : 'url must be an absolute http or https URL without credentials.';
      throw new ApiError('invalid_request', { message, details: { field: 'url', reason: problem } });
    }
  }

  /** Creates the endpoint in the caller's transaction, its secret sealed; it receives the events committed after it. */
  async create(tx: Tx, customerId: string, environment: Environment, body: NewWebhook): Promise<WebhookRecord> {
    const cap = this.config.limits.webhooks.per_customer;
    if ((await tx.listWebhooks(customerId, environment, undefined, cap)).length >= cap) {
      throw new ApiError('invalid_request', { message: `At most ${cap} webhook endpoints per customer and environment.`, details: { reason: 'too_many_webhooks', limit: cap } });
    }
    const id = newId('whk');
    const record: WebhookRecord = {
      id,
      customer_id: customerId,
      environment,
      url: body.url,
      types: body.types ? [...new Set(body.types)] : null,
      account_id: body.account_id ?? null,
      secret: this.box().seal(id, newWebhookSecret()),
      after_seq: await tx.lastEventSeq(),
      created_at: this.clock.now(),
    };
    await startFanOutAt(tx, record.after_seq);
    await tx.insertWebhook(record);
    return record;
  }

  /** The customer's endpoint in this environment; webhook_not_found otherwise (another customer's included). */
  async get(customerId: string, environment: Environment, id: string): Promise<WebhookRecord> {
    const w = await this.store.getWebhook(id);
    if (!w || w.customer_id !== customerId || w.environment !== environment) throw new ApiError('webhook_not_found', { details: { webhook_id: id } });
    return w;
  }

  async list(customerId: string, environment: Environment, after: string | undefined, limit: number) {
    if (after !== undefined) {
      const w = await this.store.getWebhook(after);
      if (!w || w.customer_id !== customerId || w.environment !== environment) throw new ApiError('invalid_cursor', { details: { after } });
    }
    const rows = await this.store.listWebhooks(customerId, environment, after, limit + 1);
    const page = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    return { data: page.map(webhookView), next_cursor: hasMore ? (page.at(-1)?.id ?? null) : null, has_more: hasMore };
  }

  async delete(customerId: string, environment: Environment, id: string): Promise<{ id: string; deleted: true }> {
    await this.get(customerId, environment, id);
    await this.store.transaction((tx) => tx.deleteWebhook(id));
    return { id, deleted: true };
  }

  /** An endpoint's deliveries, newest first, each with its attempts. */
  async deliveries(customerId: string, environment: Environment, id: string, after: string | undefined, limit: number) {
    await this.get(customerId, environment, id);
    if (after !== undefined && (await this.store.getDelivery(after))?.webhook_id !== id) throw new ApiError('invalid_cursor', { details: { after } });
    const rows = await this.store.listDeliveries(id, after, limit + 1);
    const page = rows.slice(0, limit);
    const attempts = await this.store.listAttempts(page.map((d) => d.id));
    const hasMore = rows.length > limit;
    return {
      data: page.map((d) => deliveryView(d, attempts.filter((a) => a.delivery_id === d.id))),
      next_cursor: hasMore ? (page.at(-1)?.id ?? null) : null,
      has_more: hasMore,
    };
  }

  start(): void {
    this.dispatcher.start();
  }

  stop(): Promise<void> {
    return this.dispatcher.stop();
  }

  /** Waits until every event so far is fanned out and every delivery due now was attempted (tests, operators). */
  drain(): Promise<void> {
    return this.dispatcher.drain();
  }
}
