import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../engine/clock.js';
import type { DeliveryRow, DeliveryStatus, Store, Tx, WebhookRecord } from '../store/port.js';
import { every } from '../kernel/ticker.js';
import { webhookSignature } from './webhook-signature.js';
import { AttemptTimeout, failureClass, httpFailure, SigningError, type FailureClass } from './webhook-failure.js';
import type { WebhookHttp } from './webhook-http.js';
import { systemResolve, type Resolve } from './webhook-target.js';
import { NO_TELEMETRY, type Telemetry } from '../kernel/telemetry.js';

/** Attempt outcomes are stored together: this many, or after this long. */
const RECORD_BATCH = 128;
const RECORD_EVERY_MS = 20;
const DUE_BATCH = 500;
/** Deliveries of one endpoint in flight at once (sent in event order; receivers order by event id). */
const PER_ENDPOINT = 32;
/**
 * Deliveries of one endpoint claimed at once: a few rounds of PER_ENDPOINT, so that a claim (a write transaction)
 * is paid per batch, not per round trip of the receiver.
 */
const CLAIM_ROUNDS = 4;
/**
 * The claim lease is CLAIM_ROUNDS × `timeout_ms` plus this margin. An attempt's POST is aborted after `timeout_ms`;
 * an endpoint's PER_ENDPOINT senders take its claimed deliveries in turn, so the last one has started, at the
 * latest, CLAIM_ROUNDS - 1 timeouts after the claim and ended one timeout later. The margin covers storing the
 * outcome after that: RECORD_EVERY_MS plus one transaction, which may wait on the store's locks (up to 5 s:
 * PostgreSQL's lock_timeout, SQLite's busy timeout) or queue behind this process's other transactions. Claims
 * are in Clock ms like due times, so the margin also absorbs a few seconds between nodes' system clocks. Too
 * short, and a slow but live node's delivery is sent again by another (still at least once; its late outcome is
 * dropped); too long, and a dead node's deliveries wait that long after their due time (55 s at the default
 * 10 s timeout).
 */
const CLAIM_MARGIN_MS = 15_000;

/** How long a claim on a delivery lasts (see CLAIM_MARGIN_MS). */
export function claimLeaseMs(limits: Pick<WebhookLimits, 'timeout_ms'>): number {
  return CLAIM_ROUNDS * limits.timeout_ms + CLAIM_MARGIN_MS;
}
/** On the system clock, how often due retries are looked for. */
const POLL_MS = 1000;

export interface WebhookLimits {
  per_customer: number;
  timeout_ms: number;
  retry_for_ms: number;
  backoff_first_ms: number;
  backoff_max_ms: number;
}

/** Where deliveries may go, and how names are resolved. */
export interface WebhookNetwork {
  /** RAMPART_WEBHOOK_ALLOW_PRIVATE: endpoints (live and sandbox) may be private or loopback (development only). */
  allowPrivate: boolean;
  /** Name resolution (default node:dns; tests hand in a fixed table, as no test may depend on a real resolver). */
  resolve?: Resolve;
}

/**
 * Webhook delivery: a durable outbox. Each event's deliveries (one per endpoint that wants it) are written with the
 * event, in its transaction (Tx.insertEvents), so no cursor or lock is shared by the nodes' writers; due
 * deliveries are claimed for this node with a lease, POSTed, signed (Standard Webhooks), and each attempt is
 * recorded while the claim is still this node's. A node that dies mid-delivery leaves its claim to lapse, and
 * another node sends the delivery again under the same webhook-id. Non-2xx, errors and timeouts are retried with
 * exponential backoff until `retry_for_ms` after the delivery was made. Due times follow the Clock, so a
 * restart (or a test moving the manual clock) picks up where it stopped: at least once, in event order while
 * an endpoint answers, but a retried event may arrive after later ones.
 */
export class WebhookDispatcher {
  private readonly claimMs: number;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  /**
   * Whether a delivery may be due: set by a commit that wrote events (their deliveries with them) and by the poll
   * (retries fall due with time); cleared when the outbox answered none.
   */
  private mayBeDue = true;
  /** Attempts whose outcome is being stored: their deliveries are not picked up again until it is. */
  private readonly recording = new Set<Promise<void>>();
  /** Outcomes of attempts waiting to be stored together. */
  private readonly outcomes: {
    attempt: Parameters<Tx['insertAttempt']>[0];
    delivery: { id: string; webhook_id: string; claimedAttempts: number } & Parameters<Tx['updateDelivery']>[1];
    resolve: () => void;
    reject: (err: unknown) => void;
  }[] = [];
  private outcomeTimer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Map<string, AbortController>();
  private readonly stops: (() => void)[] = [];
  private http: Promise<WebhookHttp> | undefined;

  constructor(
    private readonly store: Pick<Store, 'dueDeliveries' | 'getWebhook' | 'onEventsCommitted' | 'transaction'>,
    private readonly clock: Clock,
    private readonly limits: WebhookLimits,
    /** This node's id (CONTRACT §8 RAMPART_NODE_ID): the deliveries it claims are claimed in its name. */
    private readonly nodeId: string,
    private readonly network: WebhookNetwork,
    private readonly log: FastifyBaseLogger,
    /** The endpoint's whsec_ secret, opened from its sealed form when a delivery is signed (kept in memory no longer). */
    private readonly secretOf: (hook: WebhookRecord) => string,
    /** The webhook-timestamp is the real time of the attempt: receivers judge it against their own clock. */
    private readonly wallNow: () => number = Date.now,
    /** Times each attempt's POST by outcome (src/metrics). */
    private readonly telemetry: Pick<Telemetry, 'webhookAttempt'> = NO_TELEMETRY,
  ) {
    this.claimMs = claimLeaseMs(limits);
  }

  start(): void {
    this.stops.push(
      // A commit known to have made no delivery (no endpoint wants its events) wakes nothing.
      this.store.onEventsCommitted((c) => void (c.deliveries === false ? undefined : this.poll())),
      this.clock.kind === 'manual' ? this.clock.onAdvance(() => void this.poll()) : every(this.clock, POLL_MS, () => void this.poll()),
    );
    void this.kick();
  }

  /** Time moved: retries may have fallen due. */
  private poll(): Promise<void> {
    this.mayBeDue = true;
    return this.kick();
  }

  /** Runs a pass over every due delivery; resolves once a pass that started after the call is done. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.pass();
        } while (this.again && !this.stopped);
      } catch (err) {
        this.log.warn({ err }, 'webhook delivery pass failed; will retry');
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /** Waits until every delivery due now was attempted and recorded. */
  async drain(): Promise<void> {
    await this.poll();
    this.flushOutcomes();
    await Promise.all(this.recording);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const stop of this.stops.splice(0)) stop();
    for (const c of this.inFlight.values()) c.abort(new Error('shutting down'));
    await this.running;
    this.flushOutcomes();
    await Promise.all(this.recording);
    await (await this.http)?.close();
  }

  private async pass(): Promise<void> {
    while (!this.stopped && this.mayBeDue) {
      const due = await this.claimDue();
      if (due.length === 0) {
        // Nothing due but what is being recorded: look again once that is stored (a retry may be due at once).
        if (this.recording.size === 0) this.mayBeDue = false;
        else {
          this.flushOutcomes();
          await Promise.race(this.recording);
        }
        if (this.recording.size === 0 && !this.mayBeDue) return;
        continue;
      }
      const byHook = new Map<string, DeliveryRow[]>();
      for (const d of due) {
        const list = byHook.get(d.webhook_id);
        if (list) list.push(d);
        else byHook.set(d.webhook_id, [d]);
      }
      // Endpoints in parallel; each endpoint's deliveries started in event order, up to PER_ENDPOINT at a time. An
      // attempt's outcome is stored behind the next attempts (group commit batches them), its delivery held in
      // flight (and claimed) until then.
      await Promise.all(
        [...byHook.values()].flatMap((ds) => {
          let i = 0;
          return Array.from({ length: Math.min(PER_ENDPOINT, ds.length) }, async () => {
            while (i < ds.length && !this.stopped) await this.attempt(ds[i++]!);
          });
        }),
      );
    }
  }

  /** Claims due deliveries for this node; read first, so that an idle outbox costs no write per poll. */
  private async claimDue(): Promise<DeliveryRow[]> {
    const now = this.clock.now();
    if ((await this.store.dueDeliveries(now, 1)).length === 0) return [];
    const claim = { now, node: this.nodeId, until: now + this.claimMs, limit: DUE_BATCH, perEndpoint: CLAIM_ROUNDS * PER_ENDPOINT };
    // This node's own claim lapsed while its attempt still runs (the manual clock moved on): claimed again, sent once.
    return (await this.store.transaction((tx) => tx.claimDeliveries(claim))).filter((d) => !this.inFlight.has(d.id));
  }

  private async attempt(d: DeliveryRow): Promise<void> {
    const hook = await this.store.getWebhook(d.webhook_id);
    if (!hook) return;
    const controller = new AbortController();
    this.inFlight.set(d.id, controller);
    const timeout = setTimeout(() => controller.abort(new AttemptTimeout(`no answer within ${this.limits.timeout_ms} ms`)), this.limits.timeout_ms);
    const started = performance.now();
    let status: number | null = null;
    let error: FailureClass | null = null;
    try {
      status = await this.send(hook, d, controller.signal);
    } catch (err) {
      error = failureClass(err);
      // The customer sees the class; the operator's log has what happened (never the URL: it may carry a token).
      const level = error === 'private_address' ? 'warn' : 'info';
      this.log[level]({ err, webhook: hook.id, delivery: d.id, host: URL.canParse(hook.url) ? new URL(hook.url).host : null, failure: error }, `a webhook attempt failed (${error})`);
    } finally {
      clearTimeout(timeout);
    }
    this.telemetry.webhookAttempt(status === null ? 'error' : status >= 200 && status < 300 ? 'success' : 'refused', (performance.now() - started) / 1000);
    const recorded: Promise<void> = this.record(d, status, error, Math.round(performance.now() - started))
      .catch((err: unknown) => this.log.warn({ err, delivery: d.id }, 'a webhook attempt could not be recorded; it will be retried'))
      .finally(() => {
        this.inFlight.delete(d.id);
        this.recording.delete(recorded);
      });
    this.recording.add(recorded);
  }

  private async send(hook: WebhookRecord, d: DeliveryRow, signal: AbortSignal): Promise<number> {
    const url = new URL(hook.url);
    const timestamp = Math.floor(this.wallNow() / 1000);
    let secret: string;
    try {
      secret = this.secretOf(hook);
    } catch (err) {
      // The reason names keys: the operator's business, not the customer's (the attempt's error is shown to them).
      this.log.error({ err, webhook: hook.id }, 'a webhook signing secret does not open with the secrets key');
      throw new SigningError('the delivery could not be signed');
    }
    this.http ??= import('./webhook-http.js').then((m) => m.WebhookHttp.create(this.limits.timeout_ms, this.network.resolve ?? systemResolve));
    return (await this.http).post({
      url,
      // Every environment: a sandbox endpoint reached the operator API and scanned ports as well as a live one would.
      publicOnly: !this.network.allowPrivate,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Rampart-Webhooks/1',
        'webhook-id': d.event_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': webhookSignature(secret, d.event_id, timestamp, d.payload),
      },
      body: d.payload,
      signal,
    });
  }

  /** Records the attempt and what follows: done, another try after the backoff, or given up. */
  private record(d: DeliveryRow, status: number | null, error: FailureClass | null, durationMs: number): Promise<void> {
    const now = this.clock.now();
    const n = d.attempts + 1;
    const ok = status !== null && status >= 200 && status < 300;
    let state: DeliveryStatus = 'succeeded';
    let next: number | null = null;
    if (!ok) {
      const at = now + Math.min(this.limits.backoff_first_ms * 2 ** (n - 1), this.limits.backoff_max_ms);
      if (at - d.created_at <= this.limits.retry_for_ms) {
        state = 'pending';
        next = at;
      } else state = 'failed';
    }
    return new Promise<void>((resolve, reject) => {
      this.outcomes.push({
        attempt: { delivery_id: d.id, n, at: now, status_code: status, error: ok || status === null ? error : httpFailure(status), duration_ms: durationMs },
        delivery: { id: d.id, webhook_id: d.webhook_id, claimedAttempts: d.attempts, status: state, attempts: n, next_attempt_at: next, finished_at: state === 'pending' ? null : now },
        resolve,
        reject,
      });
      if (this.outcomes.length >= RECORD_BATCH) this.flushOutcomes();
      else this.outcomeTimer ??= setTimeout(() => this.flushOutcomes(), RECORD_EVERY_MS);
    });
  }

  /**
   * Stores the outcomes of the attempts made since the last flush in one transaction: a crash before it only
   * means those deliveries are attempted again (at least once).
   */
  private flushOutcomes(): void {
    if (this.outcomeTimer) clearTimeout(this.outcomeTimer);
    this.outcomeTimer = undefined;
    const batch = this.outcomes.splice(0);
    if (batch.length === 0) return;
    this.store
      .transaction(async (tx) => {
        const hooks = new Set((await tx.listAllWebhooks()).map((w) => w.id));
        for (const o of batch) {
          // The endpoint was deleted while the attempt ran: its deliveries went with it.
          if (!hooks.has(o.delivery.webhook_id)) continue;
          const { id, webhook_id: _hook, claimedAttempts, ...patch } = o.delivery;
          // The claim lapsed and another node took the delivery over: its attempt is the one recorded.
          if (!(await tx.updateDelivery(id, patch, { node: this.nodeId, attempts: claimedAttempts }))) continue;
          await tx.insertAttempt(o.attempt);
        }
      })
      .then(
        () => batch.forEach((o) => o.resolve()),
        (err: unknown) => batch.forEach((o) => o.reject(err)),
      );
  }
}
