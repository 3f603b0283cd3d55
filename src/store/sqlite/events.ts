import type Database from 'better-sqlite3';
import type { Environment } from '../../schemas/common.js';
import type { EventCounter, EventQuery, EventRow, EventScope, StoredEvent, EventReads, EventWrites } from '../port.js';
import { customerRanges, EVENT_SQL, eventScope, eventValues } from '../sql/events.js';
import type { Row } from '../sql/rows.js';
import type { RecordCache } from './cache.js';
import type { Durability, Sql } from './durability.js';

/**
 * The event log. Lists and streams read it on the log's own connection (committed data only), after the syncs that
 * cover what is committed (Sql.readLog): no event is shown before it is on disk.
 */
export function eventReads(sql: Sql): EventReads {
  const at = sql.logStmt(EVENT_SQL.at);
  const byRow = sql.logStmt(EVENT_SQL.byRow);
  return {
    eventCounters: (environment: Environment, customerIds: readonly string[]) => sql.read(() => counters(sql, environment, customerIds)),
    listEvents: (q: EventQuery) => sql.readLog(() => queryEvents(sql, q)),
    eventAt: (e: { environment: Environment; customerId: string; seq: number }) => sql.readLog(() => at.get(e.environment, e.customerId, e.seq) as StoredEvent | undefined),
    eventByRow: (row: number) => sql.readLog(() => byRow.get(row) as StoredEvent | undefined),
    eventHead: (scope: EventScope) => sql.readLog(() => head(sql, scope)),
  };
}

function counters(sql: Sql, environment: Environment, customerIds: readonly string[]): Map<string, EventCounter> {
  const rows = sql.stmt(EVENT_SQL.counters.sqlite).all(environment, JSON.stringify(customerIds)) as { id: string; number: number; last: number }[];
  return new Map(rows.map((r) => [r.id, { number: r.number, last: r.last }]));
}

/** One statement per combination of filters, prepared at its first use. */
function queryEvents(sql: Sql, q: EventQuery): StoredEvent[] {
  return sql.logStmt(EVENT_SQL.list(q)).all(...eventScope(q).params, q.afterSeq, q.limit) as StoredEvent[];
}

function head(sql: Sql, scope: EventScope): number {
  return Number((sql.logStmt(EVENT_SQL.head(scope)).get(eventScope(scope).params) as Row).n);
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

/** Rows per INSERT of events: 8 values each, far below SQLite's limit on a statement's parameters. */
const EVENTS_PER_INSERT = 16;

/** The log's writes, and its list as a transaction reads it (without waiting for the sync in flight). */
export function eventWrites(d: Durability, cache: RecordCache): EventWrites & Pick<EventReads, 'listEvents'> {
  // A transaction's events in one statement (up to EVENTS_PER_INSERT rows each): a market order writes four, and a
  // statement per row was 3.9% of its samples under the bench. Rows take their seq in the order of VALUES.
  // Prepared here, not on the write path: inserts[n - 1] takes n rows.
  const inserts: Database.Statement[] = Array.from({ length: EVENTS_PER_INSERT }, (_, i) => d.stmt(EVENT_SQL.insert(i + 1)));
  const hasEndpoints = d.stmt(EVENT_SQL.hasEndpoints).pluck();
  const outbox = d.stmt(sqliteOutbox('e.environment = @environment AND e.customer_id = @customer AND e.cseq BETWEEN @first AND @last'));
  const deleteBefore = d.stmt(EVENT_SQL.deleteBefore);
  return {
    // Inside a transaction the log is read without waiting for the sync in flight: what the transaction makes of
    // it is answered only after a later sync, which covers the batches before it too.
    listEvents: (q: EventQuery) => d.read(() => queryEvents(d, q)),
    insertEvents: async (events: readonly EventRow[]) => {
      for (let start = 0; start < events.length; start += EVENTS_PER_INSERT) {
        const chunk = events.slice(start, start + EVENTS_PER_INSERT);
        const params: unknown[] = [];
        for (const e of chunk) {
          params.push(...eventValues(e));
          d.wroteEvent(e.account_id);
        }
        inserts[chunk.length - 1]!.run(params);
      }
      // Whether the customer has an endpoint: from the cached endpoints when the delivery pass has them (a write of
      // an endpoint, a rollback or another connection's commit drops them), else one indexed read.
      const known = cache.fresh();
      for (const r of customerRanges(events)) {
        if (known.hasEndpoint(r.environment, r.customer) ?? (hasEndpoints.get(r.customer, r.environment) !== undefined)) {
          if (outbox.run(r).changes > 0) d.madeDeliveries();
        }
      }
    },
    deleteEventsBefore: async (time: number, limit: number) => deleteBefore.run(time, limit).changes,
  };
}
