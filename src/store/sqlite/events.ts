import type Database from 'better-sqlite3';
import type { Environment } from '../../schemas/common.js';
import type { EventCounter, EventQuery, EventRow, EventScope, StoredEvent, EventReads, EventWrites } from '../port.js';
import type { Row } from './connection.js';
import type { Durability, Sql } from './durability.js';

/** An event as the port reads it: its place among its customer's events is `seq`. */
const EVENT_COLUMNS = 'cseq AS seq, id, environment, account_id, customer_id, type, created_at, data';

/** The scope's condition (a customer's events in an environment, or an account's) and its parameters. */
function scoped(scope: EventScope): { where: string[]; params: Row } {
  if ('customerId' in scope) {
    const where = ['environment = @environment', 'customer_id = @customer'];
    const params: Row = { environment: scope.environment, customer: scope.customerId };
    if (scope.accountId !== undefined) {
      where.push('account_id = @account');
      params.account = scope.accountId;
    }
    return { where, params };
  }
  return { where: ['account_id = @account'], params: { account: scope.accountId } };
}

/**
 * The event log. Lists and streams read it on the log's own connection (committed data only), after the syncs that
 * cover what is committed (Sql.readLog): no event is shown before it is on disk.
 */
export function eventReads(sql: Sql): EventReads {
  const byId = sql.logStmt(`SELECT ${EVENT_COLUMNS} FROM events WHERE id = ?`);
  return {
    eventCounters: (environment: Environment, customerIds: readonly string[]) => sql.read(() => counters(sql, environment, customerIds)),
    listEvents: (q: EventQuery) => sql.readLog(() => queryEvents(sql, q)),
    getEvent: (id: string) => sql.readLog(() => byId.get(id) as StoredEvent | undefined),
    eventHead: (scope: EventScope) => sql.readLog(() => head(sql, scope)),
  };
}

function counters(sql: Sql, environment: Environment, customerIds: readonly string[]): Map<string, EventCounter> {
  const rows = sql
    .stmt(
      `SELECT c.id, c.number, (SELECT COALESCE(MAX(e.cseq), 0) FROM events e WHERE e.environment = @environment AND e.customer_id = c.id) AS last
       FROM customers c WHERE c.id IN (SELECT value FROM json_each(@ids))`,
    )
    .all({ environment, ids: JSON.stringify(customerIds) }) as { id: string; number: number; last: number }[];
  return new Map(rows.map((r) => [r.id, { number: r.number, last: r.last }]));
}

/** One statement per combination of filters, prepared at its first use. */
function queryEvents(sql: Sql, q: EventQuery): StoredEvent[] {
  const { where, params } = scoped(q);
  where.push('cseq > @after');
  return sql.logStmt(`SELECT ${EVENT_COLUMNS} FROM events WHERE ${where.join(' AND ')} ORDER BY cseq LIMIT @limit`).all({ ...params, after: q.afterSeq, limit: q.limit }) as StoredEvent[];
}

function head(sql: Sql, scope: EventScope): number {
  const { where, params } = scoped(scope);
  return Number((sql.logStmt(`SELECT COALESCE(MAX(cseq), 0) AS n FROM events WHERE ${where.join(' AND ')}`).get(params) as Row).n);
}

/**
 * The webhook outbox, written with the events: a delivery for each endpoint of the events' customer that wants
 * them (its environment, its account or all, its types or all), for the events `cond` picks (as `e`). An endpoint
 * committed before the events' transaction is served; one made after them starts after them.
 */
export const sqliteOutbox = (cond: string): string =>
  `INSERT OR IGNORE INTO webhook_deliveries (id, webhook_id, event_seq, event_id, event_type, payload, status, attempts, next_attempt_at, created_at, finished_at)
   SELECT 'whd_' || lower(hex(randomblob(12))), w.id, e.cseq, e.id, e.type, e.data, 'pending', 0, e.created_at, e.created_at, NULL
   FROM events e
   JOIN webhooks w ON w.environment = e.environment AND w.customer_id = e.customer_id
     AND (w.account_id IS NULL OR w.account_id = e.account_id)
     AND (w.types IS NULL OR EXISTS (SELECT 1 FROM json_each(w.types) t WHERE t.value = e.type))
   WHERE ${cond}`;

/** Each customer's first and last seq among the events (one environment and customer per range). */
export function customerRanges(events: readonly EventRow[]): { environment: Environment; customer: string; first: number; last: number }[] {
  const ranges = new Map<string, { environment: Environment; customer: string; first: number; last: number }>();
  for (const e of events) {
    const key = `${e.environment}/${e.customer_id}`;
    const r = ranges.get(key);
    if (!r) ranges.set(key, { environment: e.environment, customer: e.customer_id, first: e.seq, last: e.seq });
    else {
      r.first = Math.min(r.first, e.seq);
      r.last = Math.max(r.last, e.seq);
    }
  }
  return [...ranges.values()];
}

/** Rows per INSERT of events: 8 values each, far below SQLite's limit on a statement's parameters. */
const EVENTS_PER_INSERT = 16;

/** The log's writes, and its list as a transaction reads it (without waiting for the sync in flight). */
export function eventWrites(d: Durability): EventWrites & Pick<EventReads, 'listEvents'> {
  // A transaction's events in one statement (up to EVENTS_PER_INSERT rows each): a market order writes four, and a
  // statement per row was 3.9% of its samples under the bench. Rows take their seq in the order of VALUES.
  // Prepared here, not on the write path: inserts[n - 1] takes n rows.
  const inserts: Database.Statement[] = Array.from({ length: EVENTS_PER_INSERT }, (_, i) =>
    d.stmt(
      `INSERT INTO events (cseq, id, environment, account_id, customer_id, type, created_at, data) VALUES ${Array.from({ length: i + 1 }, () => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
    ),
  );
  const hasEndpoints = d.stmt('SELECT 1 FROM webhooks WHERE customer_id = ? AND environment = ? LIMIT 1').pluck();
  const outbox = d.stmt(sqliteOutbox('e.environment = @environment AND e.customer_id = @customer AND e.cseq BETWEEN @first AND @last'));
  // Each customer's newest event in an environment stays: its partition numbers the next after it.
  const deleteBefore = d.stmt(
    // The oldest `limit` events by seq (the order they were written), up to the first one inside the retention: no
    // index on created_at needed.
    `DELETE FROM events WHERE seq < (
       WITH oldest AS (SELECT seq, created_at FROM events ORDER BY seq LIMIT @limit)
       SELECT COALESCE(MIN(CASE WHEN created_at >= @time THEN seq END), MAX(seq) + 1) FROM oldest
     ) AND cseq < (SELECT MAX(n.cseq) FROM events n WHERE n.environment = events.environment AND n.customer_id IS events.customer_id)`,
  );
  return {
    // Inside a transaction the log is read without waiting for the sync in flight: what the transaction makes of
    // it is answered only after a later sync, which covers the batches before it too.
    listEvents: (q: EventQuery) => d.read(() => queryEvents(d, q)),
    insertEvents: async (events: readonly EventRow[]) => {
      for (let start = 0; start < events.length; start += EVENTS_PER_INSERT) {
        const chunk = events.slice(start, start + EVENTS_PER_INSERT);
        const params: unknown[] = [];
        for (const e of chunk) {
          params.push(e.seq, e.id, e.environment, e.account_id, e.customer_id, e.type, e.created_at, e.data);
          d.wroteEvent(e.account_id);
        }
        inserts[chunk.length - 1]!.run(params);
      }
      for (const r of customerRanges(events)) {
        if (hasEndpoints.get(r.customer, r.environment) !== undefined) outbox.run(r);
      }
    },
    deleteEventsBefore: async (time: number, limit: number) => deleteBefore.run({ time, limit }).changes,
  };
}
