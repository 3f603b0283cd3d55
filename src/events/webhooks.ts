import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.js';
import type { Clock } from '../engine/clock.js';
import { ApiError } from '../errors/api-error.js';
import type { Environment } from '../schemas/common.js';
import { newId } from '../kernel/ids.js';
import type { SecretBox } from '../services/secrets/keyring.js';
import type { AttemptRow, DeliveryRow, Store, Tx, WebhookRecord } from '../store/port.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import { newWebhookSecret } from './webhook-signature.js';
import { endpointProblem, type Resolve } from './webhook-target.js';
import { NO_TELEMETRY, type Telemetry } from '../kernel/telemetry.js';

export interface NewWebhook {
  url: string;
  types?: string[] | undefined;
  account_id?: string | undefined;
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
    /** How delivery resolves names (default node:dns; tests hand in a fixed table). */
    resolve?: Resolve,
    /** Times delivery attempts (src/metrics). */
    telemetry: Pick<Telemetry, 'webhookAttempt'> = NO_TELEMETRY,
  ) {
    const network = { allowPrivate: config.webhookAllowPrivate, ...(resolve ? { resolve } : {}) };
    this.dispatcher = new WebhookDispatcher(store, clock, config.limits.webhooks, config.cluster.nodeId, network, log, (hook) => this.secretOf(hook), Date.now, telemetry);
  }

  private box(): SecretBox {
    if (!this.secrets) throw new Error('webhook secrets need the secrets key (openWebhookSecrets at start)');
    return this.secrets;
  }

  /** The endpoint's whsec_ signing secret (shown once at creation, and again on a replay of that creation). */
  secretOf(hook: WebhookRecord): string {
    return this.box().open(hook.id, hook.secret);
  }

  /**
   * The URL must be http(s) without credentials, and not a private or loopback target unless the operator allowed
   * those (RAMPART_WEBHOOK_ALLOW_PRIVATE): in the sandbox too, whose keys anyone gets by signing up.
   */
  checkUrl(url: string): void {
    const problem = endpointProblem(url, this.config.webhookAllowPrivate);
    if (problem) {
      const message =
        problem === 'private_target'
          ? 'url: webhooks may not target private, loopback or link-local addresses.'
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
      created_at: this.clock.now(),
    };
    // The outbox is written with each event (Tx.insertEvents): events committed after this are delivered to it.
    await tx.insertWebhook(record);
    return record;
  }

  /** The customer's endpoint in this environment; webhook_not_found otherwise (another customer's included). */
  async get(customerId: string, environment: Environment, id: string): Promise<WebhookRecord> {
    const w = await this.store.getWebhook(id);
    if (!w || w.customer_id !== customerId || w.environment !== environment) throw new ApiError('webhook_not_found', { details: { webhook_id: id } });
    return w;
  }

  /** The customer's endpoints after the cursor, oldest first: limit + 1 rows (the page and whether there is more). */
  async list(customerId: string, environment: Environment, after: string | undefined, limit: number): Promise<WebhookRecord[]> {
    if (after !== undefined) {
      const w = await this.store.getWebhook(after);
      if (!w || w.customer_id !== customerId || w.environment !== environment) throw new ApiError('invalid_cursor', { details: { after } });
    }
    return this.store.listWebhooks(customerId, environment, after, limit + 1);
  }

  async delete(customerId: string, environment: Environment, id: string): Promise<{ id: string; deleted: true }> {
    await this.get(customerId, environment, id);
    await this.store.transaction((tx) => tx.deleteWebhook(id));
    return { id, deleted: true };
  }

  /** An endpoint's deliveries, newest first: limit + 1 rows, and the attempts of the first `limit`. */
  async deliveries(
    customerId: string,
    environment: Environment,
    id: string,
    after: string | undefined,
    limit: number,
  ): Promise<{ rows: DeliveryRow[]; attempts: AttemptRow[] }> {
    await this.get(customerId, environment, id);
    if (after !== undefined && (await this.store.getDelivery(after))?.webhook_id !== id) throw new ApiError('invalid_cursor', { details: { after } });
    const rows = await this.store.listDeliveries(id, after, limit + 1);
    const attempts = await this.store.listAttempts(rows.slice(0, limit).map((d) => d.id));
    return { rows, attempts };
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
