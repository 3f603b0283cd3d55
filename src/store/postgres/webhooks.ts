import type { AttemptRow, DeliveryClaim, DeliveryClaimRequest, DeliveryRow, WebhookRecord, WebhookReads, WebhookWrites } from '../port.js';
import type { Environment } from '../../schemas/common.js';
import type { Q, Row } from './durability.js';

const WEBHOOK_COLUMNS = 'id, customer_id, environment, url, types, account_id, secret, created_at';
const DELIVERY_COLUMNS = 'id, webhook_id, event_seq, event_id, event_type, payload, status, attempts, next_attempt_at, created_at, finished_at';

const toWebhook = (r: Row): WebhookRecord => ({
  ...(r as unknown as WebhookRecord),
  types: r.types === null ? null : (JSON.parse(String(r.types)) as string[]),
});

export function webhookReads(q: Q): WebhookReads {
  return {
    getWebhook: async (id: string) => (await q.rows(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE id = $1`, [id])).map(toWebhook)[0],
    listWebhooks: async (customerId: string, environment: Environment, afterId: string | undefined, limit: number) => {
      const after = afterId ? ((await q.rows<{ seq: number }>('SELECT seq FROM webhooks WHERE id = $1', [afterId]))[0]?.seq ?? -1) : 0;
      return (
        await q.rows(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks WHERE customer_id = $1 AND environment = $2 AND seq > $3 ORDER BY seq LIMIT $4`, [
          customerId,
          environment,
          after,
          limit,
        ])
      ).map(toWebhook);
    },
    listAllWebhooks: async () => (await q.rows(`SELECT ${WEBHOOK_COLUMNS} FROM webhooks ORDER BY seq`)).map(toWebhook),
    listDeliveries: (webhookId: string, afterId: string | undefined, limit: number) =>
      afterId
        ? q.rows<DeliveryRow>(
            `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = $1 AND seq < (SELECT seq FROM webhook_deliveries WHERE id = $2) ORDER BY seq DESC LIMIT $3`,
            [webhookId, afterId, limit],
          )
        : q.rows<DeliveryRow>(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY seq DESC LIMIT $2`, [webhookId, limit]),
    getDelivery: async (id: string) => (await q.rows<DeliveryRow>(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE id = $1`, [id]))[0],
    listAttempts: async (deliveryIds: string[]) =>
      deliveryIds.length === 0
        ? []
        : q.rows<AttemptRow>(
            'SELECT delivery_id, n, at, status_code, error, duration_ms FROM webhook_attempts WHERE delivery_id = ANY($1::text[]) ORDER BY delivery_id, n',
            [deliveryIds],
          ),
    dueDeliveries: (now: number, limit: number) =>
      q.rows<DeliveryRow>(
        `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= $1 ORDER BY next_attempt_at, seq LIMIT $2`,
        [now, limit],
      ),
    countDueDeliveries: async (now: number) =>
      (await q.rows<{ n: number }>("SELECT COUNT(*)::bigint AS n FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= $1", [now]))[0]!.n,
  };
}

/**
 * Ranks the claimable deliveries of each endpoint (window functions may not take row locks), then locks the chosen
 * rows, skipping those another node's claim holds locked, and re-checks them under the lock: a row claimed and
 * committed by another node meanwhile no longer passes `claimed_until <= now`.
 */
const CLAIM = `
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
RETURNING w.seq, ${DELIVERY_COLUMNS.split(', ').map((c) => `w.${c}`).join(', ')}`;

export function webhookWrites(q: Q): WebhookWrites {
  return {
    insertWebhook: async (w: WebhookRecord) => {
      // after_seq: of the fan-out cursor's time (deliveries are now written with their events), kept 0.
      await q.changes(`INSERT INTO webhooks (${WEBHOOK_COLUMNS}, after_seq) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0)`, [
        w.id, w.customer_id, w.environment, w.url, w.types === null ? null : JSON.stringify(w.types), w.account_id, w.secret, w.created_at,
      ]);
    },
    setWebhookSecret: async (id: string, secret: string) => {
      await q.changes('UPDATE webhooks SET secret = $1 WHERE id = $2', [secret, id]);
    },
    deleteWebhook: async (id: string) => (await q.changes('DELETE FROM webhooks WHERE id = $1', [id])) > 0,
    insertDelivery: async (d: DeliveryRow) => {
      await q.changes(
        `INSERT INTO webhook_deliveries (${DELIVERY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING`,
        [d.id, d.webhook_id, d.event_seq, d.event_id, d.event_type, d.payload, d.status, d.attempts, d.next_attempt_at, d.created_at, d.finished_at],
      );
    },
    claimDeliveries: async (c: DeliveryClaimRequest) => {
      const rows = await q.rows<DeliveryRow & { seq: number }>(CLAIM, [c.now, c.node, c.until, c.limit, c.perEndpoint]);
      // RETURNING keeps no order.
      return rows.sort((a, b) => a.next_attempt_at! - b.next_attempt_at! || a.seq - b.seq).map(({ seq: _seq, ...d }) => d);
    },
    updateDelivery: async (id: string, p: Pick<DeliveryRow, 'status' | 'attempts' | 'next_attempt_at' | 'finished_at'>, claim?: DeliveryClaim) =>
      (await (claim
        ? q.changes(
            `UPDATE webhook_deliveries SET status = $1, attempts = $2, next_attempt_at = $3, finished_at = $4, claimed_by = NULL, claimed_until = NULL
              WHERE id = $5 AND claimed_by = $6 AND attempts = $7`,
            [p.status, p.attempts, p.next_attempt_at, p.finished_at, id, claim.node, claim.attempts],
          )
        : q.changes(
            'UPDATE webhook_deliveries SET status = $1, attempts = $2, next_attempt_at = $3, finished_at = $4, claimed_by = NULL, claimed_until = NULL WHERE id = $5',
            [p.status, p.attempts, p.next_attempt_at, p.finished_at, id],
          ))) > 0,
    insertAttempt: async (a: AttemptRow) => {
      await q.changes('INSERT INTO webhook_attempts (delivery_id, n, at, status_code, error, duration_ms) VALUES ($1, $2, $3, $4, $5, $6)', [
        a.delivery_id, a.n, a.at, a.status_code, a.error, a.duration_ms,
      ]);
    },
    deleteDeliveriesBefore: (time: number, limit: number) =>
      q.changes(
        "DELETE FROM webhook_deliveries WHERE seq IN (SELECT seq FROM webhook_deliveries WHERE status != 'pending' AND finished_at < $1 ORDER BY finished_at LIMIT $2)",
        [time, limit],
      ),
  };
}
