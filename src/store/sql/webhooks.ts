import type { Environment } from '../../schemas/common.js';
import type { AttemptRow, DeliveryRow, WebhookRecord } from '../port.js';
import { insertInto, placeholders, valuesOf, type Dialects } from './dialect.js';
import { json, num, text, type Row } from './rows.js';

const WEBHOOK_COLUMNS = ['id', 'customer_id', 'environment', 'url', 'types', 'account_id', 'secret', 'created_at'] as const;
const DELIVERY_COLUMNS = ['id', 'webhook_id', 'event_seq', 'event_id', 'event_type', 'payload', 'status', 'attempts', 'next_attempt_at', 'created_at', 'finished_at'] as const;
const ATTEMPT_COLUMNS = ['delivery_id', 'n', 'at', 'status_code', 'error', 'duration_ms'] as const;
const WEBHOOKS = WEBHOOK_COLUMNS.join(', ');
export const DELIVERIES = DELIVERY_COLUMNS.join(', ');
const ATTEMPTS = `SELECT ${ATTEMPT_COLUMNS.join(', ')} FROM webhook_attempts`;

const SET_OUTCOME = 'UPDATE webhook_deliveries SET status = ?, attempts = ?, next_attempt_at = ?, finished_at = ?, claimed_by = NULL, claimed_until = NULL WHERE id = ?';

/** Webhook endpoints, their deliveries (the outbox written with the events) and delivery attempts. */
export const WEBHOOK_SQL = {
  all: `SELECT ${WEBHOOKS} FROM webhooks ORDER BY seq`,
  byId: `SELECT ${WEBHOOKS} FROM webhooks WHERE id = ?`,
  seqOf: 'SELECT seq FROM webhooks WHERE id = ?',
  page: `SELECT ${WEBHOOKS} FROM webhooks WHERE customer_id = ? AND environment = ? AND seq > ? ORDER BY seq LIMIT ?`,
  deliveriesAfter: `SELECT ${DELIVERIES} FROM webhook_deliveries WHERE webhook_id = ? AND seq < (SELECT seq FROM webhook_deliveries WHERE id = ?) ORDER BY seq DESC LIMIT ?`,
  deliveries: `SELECT ${DELIVERIES} FROM webhook_deliveries WHERE webhook_id = ? ORDER BY seq DESC LIMIT ?`,
  delivery: `SELECT ${DELIVERIES} FROM webhook_deliveries WHERE id = ?`,
  /** The attempts of some deliveries: their ids as one value (a JSON array on SQLite, an array on PostgreSQL). */
  attempts: {
    sqlite: `${ATTEMPTS} WHERE delivery_id IN (SELECT value FROM json_each(?)) ORDER BY delivery_id, n`,
    postgres: `${ATTEMPTS} WHERE delivery_id = ANY(?::text[]) ORDER BY delivery_id, n`,
  } satisfies Dialects,
  due: `SELECT ${DELIVERIES} FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, seq LIMIT ?`,
  countDue: "SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ?",
  // after_seq: of the fan-out cursor's time (deliveries are now written with their events), kept 0.
  insert: `INSERT INTO webhooks (${WEBHOOKS}, after_seq) VALUES (${placeholders(WEBHOOK_COLUMNS.length)}, 0)`,
  setSecret: 'UPDATE webhooks SET secret = ? WHERE id = ?',
  delete: 'DELETE FROM webhooks WHERE id = ?',
  insertDelivery: `${insertInto('webhook_deliveries', DELIVERY_COLUMNS)} ON CONFLICT DO NOTHING`,
  /**
   * The deliveries due, at most `perEndpoint` per endpoint (the DeliveryClaimRequest's fields: SQLite names them,
   * PostgreSQL takes now, node, until, limit, perEndpoint in that order).
   * SQLite has one writer: nothing to skip. PostgreSQL ranks the claimable deliveries of each endpoint (window
   * functions may not take row locks), then locks the chosen rows, skipping those another node's claim holds locked,
   * and re-checks them under the lock: a row claimed and committed by another node meanwhile no longer passes
   * `claimed_until <= now`.
   */
  claim: {
    sqlite: `UPDATE webhook_deliveries SET claimed_by = @node, claimed_until = @until
      WHERE seq IN (
        SELECT seq FROM (
          SELECT seq, next_attempt_at, row_number() OVER (PARTITION BY webhook_id ORDER BY next_attempt_at, seq) AS n
            FROM webhook_deliveries
           WHERE status = 'pending' AND next_attempt_at <= @now AND (claimed_until IS NULL OR claimed_until <= @now)
        ) WHERE n <= @perEndpoint ORDER BY next_attempt_at, seq LIMIT @limit)
      RETURNING seq, ${DELIVERIES}`,
    postgres: `
WITH ranked AS (
  SELECT seq, next_attempt_at, row_number() OVER (PARTITION BY webhook_id ORDER BY next_attempt_at, seq) AS n
    FROM webhook_deliveries
   WHERE status = 'pending' AND next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
), chosen AS (
  SELECT d.seq FROM webhook_deliveries d JOIN ranked r ON r.seq = d.seq
   WHERE r.n <= $5 AND d.status = 'pending' AND d.next_attempt_at <= $1 AND (d.claimed_until IS NULL OR d.claimed_until <= $1)
   ORDER BY r.next_attempt_at, r.seq
   LIMIT $4
     FOR UPDATE OF d SKIP LOCKED
)
UPDATE webhook_deliveries w SET claimed_by = $2, claimed_until = $3
  FROM chosen WHERE w.seq = chosen.seq
RETURNING w.seq, ${DELIVERY_COLUMNS.map((c) => `w.${c}`).join(', ')}`,
  } satisfies Dialects,
  updateDelivery: SET_OUTCOME,
  /** The outcome of a claimed delivery, written only while the claim is still this node's. */
  updateClaimed: `${SET_OUTCOME} AND claimed_by = ? AND attempts = ?`,
  insertAttempt: insertInto('webhook_attempts', ATTEMPT_COLUMNS),
  deleteDeliveries:
    "DELETE FROM webhook_deliveries WHERE seq IN (SELECT seq FROM webhook_deliveries WHERE status != 'pending' AND finished_at < ? ORDER BY finished_at LIMIT ?)",
} as const;

export const toWebhook = (r: Row): WebhookRecord => ({
  id: r.id as string,
  customer_id: r.customer_id as string,
  environment: r.environment as Environment,
  url: r.url as string,
  types: r.types === null ? null : json<string[]>(r.types),
  account_id: text(r.account_id),
  secret: r.secret as string,
  created_at: Number(r.created_at),
});

export const webhookValues = (w: WebhookRecord): unknown[] => WEBHOOK_COLUMNS.map((c) => (c === 'types' ? (w.types === null ? null : JSON.stringify(w.types)) : w[c]));

export const toDelivery = (r: Row): DeliveryRow => ({
  id: r.id as string,
  webhook_id: r.webhook_id as string,
  event_seq: Number(r.event_seq),
  event_id: r.event_id as string,
  event_type: r.event_type as string,
  payload: r.payload as string,
  status: r.status as DeliveryRow['status'],
  attempts: Number(r.attempts),
  next_attempt_at: num(r.next_attempt_at),
  created_at: Number(r.created_at),
  finished_at: num(r.finished_at),
});

export const deliveryValues = (d: DeliveryRow): unknown[] => valuesOf(d, DELIVERY_COLUMNS);

export const toAttempt = (r: Row): AttemptRow => ({
  delivery_id: r.delivery_id as string,
  n: Number(r.n),
  at: Number(r.at),
  status_code: num(r.status_code),
  error: text(r.error),
  duration_ms: Number(r.duration_ms),
});

export const attemptValues = (a: AttemptRow): unknown[] => valuesOf(a, ATTEMPT_COLUMNS);
