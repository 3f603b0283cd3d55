import type { EventRow, EventScope } from '../port.js';
import { placeholders, type Dialects } from './dialect.js';

/** An event as the port reads it: its place among its customer's events is `seq`. */
export const EVENT_COLUMNS = 'cseq AS seq, id, environment, account_id, customer_id, type, created_at, data';
const INSERTED = '(cseq, id, environment, account_id, customer_id, type, created_at, data)';

/** The scope's condition (a customer's events in an environment, or an account's) and its parameters. */
export function eventScope(scope: EventScope): { where: string[]; params: unknown[] } {
  if ('customerId' in scope) {
    const where = ['environment = ?', 'customer_id = ?'];
    const params: unknown[] = [scope.environment, scope.customerId];
    if (scope.accountId !== undefined) {
      where.push('account_id = ?');
      params.push(scope.accountId);
    }
    return { where, params };
  }
  return { where: ['account_id = ?'], params: [scope.accountId] };
}

const COUNTERS =
  'SELECT c.id, c.number, (SELECT COALESCE(MAX(e.cseq), 0) FROM events e WHERE e.environment = ? AND e.customer_id = c.id) AS last FROM customers c';

/** The event log: written by the partition that holds the customer, read by lists, streams and webhooks. */
export const EVENT_SQL = {
  /** A customer's event at its place (parameters: environment, customer, place). */
  at: `SELECT ${EVENT_COLUMNS} FROM events WHERE environment = ? AND customer_id = ? AND cseq = ?`,
  /** An event by its row's number (its primary key). */
  byRow: `SELECT ${EVENT_COLUMNS} FROM events WHERE seq = ?`,
  /**
   * Each customer's number and last event place in an environment. Parameters: the environment, then the ids as
   * one value — a JSON array on SQLite (json_each), an array on PostgreSQL — so one statement serves any count.
   */
  counters: {
    sqlite: `${COUNTERS} WHERE c.id IN (SELECT value FROM json_each(?))`,
    postgres: `${COUNTERS} WHERE c.id = ANY(?::text[])`,
  } satisfies Dialects,
  /** A page of the scope's events after a place (parameters: the scope's, after, limit). */
  list: (scope: EventScope) => `SELECT ${EVENT_COLUMNS} FROM events WHERE ${[...eventScope(scope).where, 'cseq > ?'].join(' AND ')} ORDER BY cseq LIMIT ?`,
  /** The scope's last event place (0 for none). */
  head: (scope: EventScope) => `SELECT COALESCE(MAX(cseq), 0) AS n FROM events WHERE ${eventScope(scope).where.join(' AND ')}`,
  /** `n` events in one statement; rows take their seq in the order of VALUES. */
  insert: (n: number) => `INSERT INTO events ${INSERTED} VALUES ${Array.from({ length: n }, () => `(${placeholders(8)})`).join(', ')}`,
  hasEndpoints: 'SELECT 1 FROM webhooks WHERE customer_id = ? AND environment = ? LIMIT 1',
  /**
   * The oldest `limit` events by seq (the order they were written, which follows time), up to the first one inside
   * the retention: no index on created_at needed. Each customer's newest event in an environment stays: its
   * partition numbers the next after it. Parameters: limit, time.
   */
  deleteBefore: `DELETE FROM events WHERE seq < (
       SELECT COALESCE(MIN(CASE WHEN created_at >= ? THEN seq END), MAX(seq) + 1) FROM (SELECT seq, created_at FROM events ORDER BY seq LIMIT ?) oldest
     ) AND cseq < (SELECT MAX(n.cseq) FROM events n WHERE n.environment = events.environment AND n.customer_id IS NOT DISTINCT FROM events.customer_id)`,
} as const;

export const eventValues = (e: EventRow): unknown[] => [e.seq, e.id, e.environment, e.account_id, e.customer_id, e.type, e.created_at, e.data];

/** Each customer's first and last seq among the events (one environment and customer per range). */
export function customerRanges(events: readonly EventRow[]): { environment: EventRow['environment']; customer: string; first: number; last: number }[] {
  const ranges = new Map<string, { environment: EventRow['environment']; customer: string; first: number; last: number }>();
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
