import type { EventQuery, EventRow, StoredEvent } from '../port.js';
import type { Q } from './durability.js';

const EVENT_COLUMNS = 'seq, id, environment, account_id, customer_id, type, created_at, data';

/** What a transaction wrote to the event log: published after its COMMIT. */
export interface Written {
  firstSeq: number;
  lastSeq: number;
  accountIds: Set<string>;
}

export interface EventTxState {
  written: Written | undefined;
  /** Whether this transaction holds the event log's writer lock (or an earlier member of its group commit does). */
  locked: boolean;
  /** Under the lock: the log's last seq as this transaction sees it (its own events included). */
  lastSeq: number;
}

/**
 * Readers page the log by seq ("events after N"), so an event must never become visible after one with a higher
 * seq: PostgreSQL makes commits visible in commit order, not seq order. One writer at a time per schema holds the
 * log from its first event to its COMMIT (a transaction-scoped advisory lock), so the seqs of concurrent writers
 * (other nodes) commit in order.
 */
const LOCK_EVENTS = "SELECT pg_advisory_xact_lock(hashtext('rampart.events:' || current_schema()))";

export function eventReads(q: Q) {
  return {
    lastEventSeq: async () => (await q.rows<{ n: number }>('SELECT COALESCE(MAX(seq), 0)::bigint AS n FROM events'))[0]!.n,
    eventHead: async () => (await q.rows<{ n: number }>('SELECT COALESCE(MAX(seq), 0)::bigint AS n FROM events'))[0]!.n,
    listEvents: (e: EventQuery) => {
      const params: unknown[] = [e.afterSeq];
      const where = ['seq > $1'];
      const add = (col: string, v: unknown) => {
        params.push(v);
        where.push(`${col} = $${params.length}`);
      };
      if (e.accountId !== undefined) add('account_id', e.accountId);
      if (e.customerId !== undefined) add('customer_id', e.customerId);
      if (e.environment !== undefined) add('environment', e.environment);
      params.push(e.limit);
      return q.rows<StoredEvent>(`SELECT ${EVENT_COLUMNS} FROM events WHERE ${where.join(' AND ')} ORDER BY seq LIMIT $${params.length}`, params);
    },
    getEvent: async (id: string) => (await q.rows<StoredEvent>(`SELECT ${EVENT_COLUMNS} FROM events WHERE id = $1`, [id]))[0],
  };
}

/** Takes the event log's writer lock for this transaction (once). */
export async function lockEvents(q: Q, state: EventTxState): Promise<void> {
  // Under the lock every earlier writer has committed: MAX(seq) read once then is the log's last seq for this
  // writer, which then counts its own events (the group commit's later members go on from the earlier ones').
  if (!state.locked) {
    await q.rows(LOCK_EVENTS);
    state.lastSeq = (await q.rows<{ n: number }>('SELECT COALESCE(MAX(seq), 0)::bigint AS n FROM events'))[0]!.n;
    state.locked = true;
  }
}

/** The transaction wrote events firstSeq…lastSeq for these accounts: published after its COMMIT. */
export function noteWritten(state: EventTxState, firstSeq: number, lastSeq: number, accountIds: Iterable<string>): void {
  state.written ??= { firstSeq, lastSeq, accountIds: new Set() };
  state.written.firstSeq = Math.min(state.written.firstSeq, firstSeq);
  state.written.lastSeq = Math.max(state.written.lastSeq, lastSeq);
  for (const id of accountIds) state.written.accountIds.add(id);
  state.lastSeq = Math.max(state.lastSeq, lastSeq);
}

export function eventWrites(q: Q, state: EventTxState) {
  const lock = () => lockEvents(q, state);
  return {
    lockEventLog: async () => {
      await lock();
      return state.lastSeq;
    },
    insertEvent: async (e: EventRow) => {
      await lock();
      await q.write(
        `INSERT INTO events (seq, id, environment, account_id, customer_id, type, created_at, data)
         VALUES ($1, $2, $3, $4, COALESCE($5, (SELECT customer_id FROM accounts WHERE id = $4)), $6, $7, $8)`,
        [e.seq, e.id, e.environment, e.account_id, e.customer_id ?? null, e.type, e.created_at, e.data],
      );
      noteWritten(state, e.seq, e.seq, [e.account_id]);
    },
    // The newest event stays: the trading host numbers new events after the log's last seq.
    deleteEventsBefore: (time: number, limit: number) =>
      q.changes(
        // The oldest `limit` events by seq, up to the first one inside the retention: no index on created_at needed.
        `DELETE FROM events WHERE seq < (
           WITH oldest AS (SELECT seq, created_at FROM events ORDER BY seq LIMIT $2)
           SELECT COALESCE(MIN(CASE WHEN created_at >= $1 THEN seq END), MAX(seq) + 1) FROM oldest
         ) AND seq < (SELECT MAX(seq) FROM events)`,
        [time, limit],
      ),
  };
}

/** The accounts with events in (fromSeq, toSeq]: for a notification too large to name them. */
export async function accountsBetween(q: Q, fromSeq: number, toSeq: number): Promise<Set<string>> {
  const rows = await q.rows<{ account_id: string }>('SELECT DISTINCT account_id FROM events WHERE seq > $1 AND seq <= $2', [fromSeq, toSeq]);
  return new Set(rows.map((r) => r.account_id));
}
