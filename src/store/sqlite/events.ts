import type { EventQuery, EventRow, StoredEvent } from '../port.js';
import type { Row } from './connection.js';
import type { Durability, Sql } from './durability.js';

const EVENT_COLUMNS = 'seq, id, environment, account_id, customer_id, type, created_at, data';

/**
 * The event log. Lists, streams and webhooks read it on the log's own connection (committed data only), after
 * the syncs that cover what is committed (Sql.readLog): no event is shown before it is on disk.
 */
export function eventReads(sql: Sql) {
  const last = sql.stmt('SELECT COALESCE(MAX(seq), 0) AS n FROM events');
  const byId = sql.logStmt(`SELECT ${EVENT_COLUMNS} FROM events WHERE id = ?`);
  const head = sql.logStmt('SELECT COALESCE(MAX(seq), 0) AS n FROM events');
  return {
    lastEventSeq: () => sql.read(() => Number((last.get() as Row).n)),
    listEvents: (q: EventQuery) => sql.readLog(() => queryEvents(sql, q)),
    getEvent: (id: string) => sql.readLog(() => byId.get(id) as StoredEvent | undefined),
    eventHead: () => sql.readLog(() => Number((head.get() as Row).n)),
  };
}

/** One statement per combination of filters, prepared at its first use. */
function queryEvents(sql: Sql, q: EventQuery): StoredEvent[] {
  const where = ['seq > @after'];
  const params: Row = { after: q.afterSeq, limit: q.limit };
  if (q.accountId !== undefined) {
    where.push('account_id = @account');
    params.account = q.accountId;
  }
  if (q.customerId !== undefined) {
    where.push('customer_id = @customer');
    params.customer = q.customerId;
  }
  if (q.environment !== undefined) {
    where.push('environment = @environment');
    params.environment = q.environment;
  }
  return sql.logStmt(`SELECT ${EVENT_COLUMNS} FROM events WHERE ${where.join(' AND ')} ORDER BY seq LIMIT @limit`).all(params) as StoredEvent[];
}

export function eventWrites(d: Durability) {
  const insert = d.stmt(
    `INSERT INTO events (seq, id, environment, account_id, customer_id, type, created_at, data)
     VALUES (@seq, @id, @environment, @account_id, @customer_id, @type, @created_at, @data)`,
  );
  const insertLookingUpCustomer = d.stmt(
    `INSERT INTO events (seq, id, environment, account_id, customer_id, type, created_at, data)
     VALUES (@seq, @id, @environment, @account_id, (SELECT customer_id FROM accounts WHERE id = @account_id), @type, @created_at, @data)`,
  );
  // The newest event stays: the trading host numbers new events after the log's last seq.
  const deleteBefore = d.stmt(
    // The oldest `limit` events by seq, up to the first one inside the retention: no index on created_at needed.
    `DELETE FROM events WHERE seq < (
       WITH oldest AS (SELECT seq, created_at FROM events ORDER BY seq LIMIT @limit)
       SELECT COALESCE(MIN(CASE WHEN created_at >= @time THEN seq END), MAX(seq) + 1) FROM oldest
     ) AND seq < (SELECT MAX(seq) FROM events)`,
  );
  return {
    // Inside a transaction the log is read without waiting for the sync in flight: what the transaction makes of
    // it is answered only after a later sync, which covers the batches before it too.
    listEvents: (q: EventQuery) => d.read(() => queryEvents(d, q)),
    insertEvent: async (e: EventRow) => {
      if (e.customer_id) insert.run(e);
      else insertLookingUpCustomer.run(withoutCustomer(e));
      d.wroteEvent(e.seq, e.account_id);
    },
    deleteEventsBefore: async (time: number, limit: number) => deleteBefore.run({ time, limit }).changes,
  };
}

/** An event row for the statement that looks its customer up (no customer_id parameter). */
function withoutCustomer(e: EventRow): Omit<EventRow, 'customer_id'> {
  const { customer_id: _unused, ...row } = e;
  return row;
}
