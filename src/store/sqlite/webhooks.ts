import type { Environment } from '../../schemas/common.js';
import type { AttemptRow, DeliveryClaim, DeliveryClaimRequest, DeliveryRow, WebhookRecord, WebhookReads, WebhookWrites } from '../port.js';
import { deepFreeze, type RecordCache } from './cache.js';
import { json, type Row } from './connection.js';
import type { Sql } from './durability.js';

const DELIVERY_COLUMNS = 'id, webhook_id, event_seq, event_id, event_type, payload, status, attempts, next_attempt_at, created_at, finished_at';

const toWebhook = (r: Row): WebhookRecord => ({
  id: r.id as string,
  customer_id: r.customer_id as string,
  environment: r.environment as Environment,
  url: r.url as string,
  types: r.types === null ? null : json<string[]>(r.types),
  account_id: (r.account_id as string | null) ?? null,
  secret: r.secret as string,
  created_at: Number(r.created_at),
});

/** Webhook endpoints (cached whole: few, read by each delivery pass), their deliveries and delivery attempts. */
export function webhookReads(sql: Sql, cache: RecordCache): WebhookReads {
  const all = sql.stmt('SELECT * FROM webhooks ORDER BY seq');
  const seqOf = sql.stmt('SELECT seq FROM webhooks WHERE id = ?');
  const page = sql.stmt('SELECT * FROM webhooks WHERE customer_id = ? AND environment = ? AND seq > ? ORDER BY seq LIMIT ?');
  const deliveriesAfter = sql.stmt(
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = ? AND seq < (SELECT seq FROM webhook_deliveries WHERE id = ?) ORDER BY seq DESC LIMIT ?`,
  );
  const deliveries = sql.stmt(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = ? ORDER BY seq DESC LIMIT ?`);
  const delivery = sql.stmt(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE id = ?`);
  const due = sql.stmt(
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, seq LIMIT ?`,
  );
  const countDue = sql.stmt("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ?");
  const allWebhooks = (): WebhookRecord[] => {
    const fresh = cache.fresh();
    fresh.webhooks ??= deepFreeze((all.all() as Row[]).map(toWebhook));
    return fresh.webhooks;
  };
  return {
    getWebhook: (id: string) => sql.read(() => allWebhooks().find((w) => w.id === id)),
    listWebhooks: (customerId: string, environment: Environment, afterId: string | undefined, limit: number) =>
      sql.read(() => {
        const after = afterId ? ((seqOf.get(afterId) as Row | undefined)?.seq ?? -1) : 0;
        return (page.all(customerId, environment, after, limit) as Row[]).map(toWebhook);
      }),
    listAllWebhooks: () => sql.read(allWebhooks),
    listDeliveries: (webhookId: string, afterId: string | undefined, limit: number) =>
      sql.read(() => (afterId ? deliveriesAfter.all(webhookId, afterId, limit) : deliveries.all(webhookId, limit)) as DeliveryRow[]),
    getDelivery: (id: string) => sql.read(() => delivery.get(id) as DeliveryRow | undefined),
    listAttempts: (deliveryIds: string[]) =>
      sql.read(() =>
        deliveryIds.length === 0
          ? []
          : (sql.prepare(`SELECT * FROM webhook_attempts WHERE delivery_id IN (${deliveryIds.map(() => '?').join(', ')}) ORDER BY delivery_id, n`).all(...deliveryIds) as AttemptRow[]),
      ),
    dueDeliveries: (now: number, limit: number) => sql.read(() => due.all(now, limit) as DeliveryRow[]),
    countDueDeliveries: (now: number) => sql.read(() => Number((countDue.get(now) as Row).n)),
  };
}

export function webhookWrites(sql: Sql, cache: RecordCache): WebhookWrites {
  const insert = sql.stmt(
    // after_seq: of the fan-out cursor's time (deliveries are now written with their events), kept 0.
    `INSERT INTO webhooks (id, customer_id, environment, url, types, account_id, secret, after_seq, created_at)
     VALUES (@id, @customer_id, @environment, @url, @types, @account_id, @secret, 0, @created_at)`,
  );
  const setSecret = sql.stmt('UPDATE webhooks SET secret = ? WHERE id = ?');
  const remove = sql.stmt('DELETE FROM webhooks WHERE id = ?');
  const insertDelivery = sql.stmt(
    `INSERT OR IGNORE INTO webhook_deliveries (${DELIVERY_COLUMNS})
     VALUES (@id, @webhook_id, @event_seq, @event_id, @event_type, @payload, @status, @attempts, @next_attempt_at, @created_at, @finished_at)`,
  );
  // The same choice as PostgreSQL's claim (src/store/postgres/webhooks.ts); one writer here, so nothing to skip.
  const claim = sql.stmt(
    `UPDATE webhook_deliveries SET claimed_by = @node, claimed_until = @until
      WHERE seq IN (
        SELECT seq FROM (
          SELECT seq, next_attempt_at, row_number() OVER (PARTITION BY webhook_id ORDER BY next_attempt_at, seq) AS n
            FROM webhook_deliveries
           WHERE status = 'pending' AND next_attempt_at <= @now AND (claimed_until IS NULL OR claimed_until <= @now)
        ) WHERE n <= @perEndpoint ORDER BY next_attempt_at, seq LIMIT @limit)
      RETURNING seq, ${DELIVERY_COLUMNS}`,
  );
  const SET_OUTCOME =
    'UPDATE webhook_deliveries SET status = @status, attempts = @attempts, next_attempt_at = @next_attempt_at, finished_at = @finished_at, claimed_by = NULL, claimed_until = NULL WHERE id = @id';
  const updateDelivery = sql.stmt(SET_OUTCOME);
  const updateClaimed = sql.stmt(`${SET_OUTCOME} AND claimed_by = @node AND attempts = @claimedAttempts`);
  const insertAttempt = sql.stmt(
    'INSERT INTO webhook_attempts (delivery_id, n, at, status_code, error, duration_ms) VALUES (@delivery_id, @n, @at, @status_code, @error, @duration_ms)',
  );
  const deleteDeliveries = sql.stmt(
    "DELETE FROM webhook_deliveries WHERE seq IN (SELECT seq FROM webhook_deliveries WHERE status != 'pending' AND finished_at < ? ORDER BY finished_at LIMIT ?)",
  );
  return {
    insertWebhook: async (w: WebhookRecord) => {
      cache.webhooks = undefined;
      insert.run({ ...w, types: w.types === null ? null : JSON.stringify(w.types) });
    },
    setWebhookSecret: async (id: string, secret: string) => {
      cache.webhooks = undefined;
      setSecret.run(secret, id);
    },
    deleteWebhook: async (id: string) => {
      cache.webhooks = undefined;
      return remove.run(id).changes > 0;
    },
    insertDelivery: async (d: DeliveryRow) => {
      insertDelivery.run(d);
    },
    claimDeliveries: async (c: DeliveryClaimRequest) =>
      // RETURNING keeps no order.
      (claim.all(c) as (DeliveryRow & { seq: number })[])
        .sort((a, b) => a.next_attempt_at! - b.next_attempt_at! || a.seq - b.seq)
        .map(({ seq: _seq, ...d }) => d),
    updateDelivery: async (id: string, p: Pick<DeliveryRow, 'status' | 'attempts' | 'next_attempt_at' | 'finished_at'>, c?: DeliveryClaim) =>
      (c ? updateClaimed.run({ id, ...p, node: c.node, claimedAttempts: c.attempts }) : updateDelivery.run({ id, ...p })).changes > 0,
    insertAttempt: async (a: AttemptRow) => {
      insertAttempt.run(a);
    },
    deleteDeliveriesBefore: async (time: number, limit: number) => deleteDeliveries.run(time, limit).changes,
  };
}
