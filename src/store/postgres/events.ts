import type { Environment } from '../../schemas/common.js';
import type { EventCounter, EventQuery, EventRow, EventScope, StoredEvent, EventReads, EventWrites } from '../port.js';
import { customerRanges } from '../sqlite/events.js';
import type { Q } from './durability.js';

/** An event as the port reads it: its place among its customer's events is `seq`. */
const EVENT_COLUMNS = 'cseq AS seq, id, environment, account_id, customer_id, type, created_at, data';

/** What a transaction wrote to the event log: published after its COMMIT. */
export interface Written {
  accountIds: Set<string>;
}

export interface EventTxState {
  written: Written | undefined;
}

/** The scope's condition (a customer's events in an environment, or an account's) and its parameters, from $1. */
function scoped(scope: EventScope): { where: string[]; params: unknown[] } {
  if ('customerId' in scope) {
    const where = ['environment = $1', 'customer_id = $2'];
    const params: unknown[] = [scope.environment, scope.customerId];
    if (scope.accountId !== undefined) {
      params.push(scope.accountId);
      where.push(`account_id = $${params.length}`);
    }
    return { where, params };
  }
  return { where: ['account_id = $1'], params: [scope.accountId] };
}

/**
 * The event log. No lock and no counter is shared by writers: each event's place (`cseq`) is among its customer's
 * events in its environment, numbered by the one partition that holds the customer, whose transactions commit one
 * after another on its node (the lease's epoch fences an earlier owner). So the events of one customer become
 * visible in the order of their places, and every reader reads one customer's (a list, a stream, an endpoint).
 */
export function eventReads(q: Q): EventReads {
  return {
    eventCounters: async (environment: Environment, customerIds: readonly string[]) => {
      const rows = await q.rows<{ id: string; number: number; last: number }>(
        `SELECT c.id, c.number, (SELECT COALESCE(MAX(e.cseq), 0) FROM events e WHERE e.environment = $1 AND e.customer_id = c.id)::bigint AS last
         FROM customers c WHERE c.id = ANY($2::text[])`,
        [environment, [...customerIds]],
      );
      return new Map<string, EventCounter>(rows.map((r) => [r.id, { number: Number(r.number), last: Number(r.last) }]));
    },
    listEvents: (e: EventQuery) => {
      const { where, params } = scoped(e);
      params.push(e.afterSeq);
      where.push(`cseq > $${params.length}`);
      params.push(e.limit);
      return q.rows<StoredEvent>(`SELECT ${EVENT_COLUMNS} FROM events WHERE ${where.join(' AND ')} ORDER BY cseq LIMIT $${params.length}`, params);
    },
    getEvent: async (id: string) => (await q.rows<StoredEvent>(`SELECT ${EVENT_COLUMNS} FROM events WHERE id = $1`, [id]))[0],
    eventHead: async (scope: EventScope) => {
      const { where, params } = scoped(scope);
      return Number((await q.rows<{ n: number }>(`SELECT COALESCE(MAX(cseq), 0)::bigint AS n FROM events WHERE ${where.join(' AND ')}`, params))[0]!.n);
    },
  };
}

/** The transaction wrote events for these accounts: published after its COMMIT. */
export function noteWritten(state: EventTxState, accountIds: Iterable<string>): void {
  state.written ??= { accountIds: new Set() };
  for (const id of accountIds) state.written.accountIds.add(id);
}

/**
 * The webhook outbox, written with the events: a delivery for each endpoint of the events' customer that wants them
 * (its environment, its account or all, its types or all), for the events `cond` picks (as `e`). An endpoint
 * committed before the events' transaction is served; one made after them starts after them.
 */
export const postgresOutbox = (cond: string): string =>
  `INSERT INTO webhook_deliveries (id, webhook_id, event_seq, event_id, event_type, payload, status, attempts, next_attempt_at, created_at, finished_at)
   SELECT 'whd_' || replace(gen_random_uuid()::text, '-', ''), w.id, e.cseq, e.id, e.type, e.data, 'pending', 0, e.created_at, e.created_at, NULL
   FROM events e
   JOIN webhooks w ON w.environment = e.environment AND w.customer_id = e.customer_id
     AND (w.account_id IS NULL OR w.account_id = e.account_id)
     AND (w.types IS NULL OR w.types::jsonb ? e.type)
   WHERE ${cond}
   ON CONFLICT DO NOTHING`;

const OUTBOX = postgresOutbox('e.environment = $1 AND e.customer_id = $2 AND e.cseq BETWEEN $3 AND $4');

export function eventWrites(q: Q, state: EventTxState): EventWrites {
  return {
    // Held (sent with the next statement): no answer is needed, so an order's events cost no round trip.
    insertEvents: async (events: readonly EventRow[]) => {
      for (const e of events) {
        await q.write(
          `INSERT INTO events (cseq, id, environment, account_id, customer_id, type, created_at, data) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [e.seq, e.id, e.environment, e.account_id, e.customer_id, e.type, e.created_at, e.data],
        );
      }
      for (const r of customerRanges(events)) await q.write(OUTBOX, [r.environment, r.customer, r.first, r.last]);
      noteWritten(state, events.map((e) => e.account_id));
    },
    // Each customer's newest event in an environment stays: its partition numbers the next after it.
    deleteEventsBefore: (time: number, limit: number) =>
      q.changes(
        // The oldest `limit` events by seq (the order they were written, which follows time), up to the first one
        // inside the retention: no index on created_at needed.
        `DELETE FROM events d WHERE d.seq < (
           WITH oldest AS (SELECT seq, created_at FROM events ORDER BY seq LIMIT $2)
           SELECT COALESCE(MIN(CASE WHEN created_at >= $1 THEN seq END), MAX(seq) + 1) FROM oldest
         ) AND d.cseq < (SELECT MAX(n.cseq) FROM events n WHERE n.environment = d.environment AND n.customer_id IS NOT DISTINCT FROM d.customer_id)`,
        [time, limit],
      ),
  };
}
