import type { Environment } from '../../schemas/common.js';
import type { EventCounter, EventQuery, EventRow, EventScope, StoredEvent, EventReads, EventWrites } from '../port.js';
import { customerRanges, EVENT_SQL, eventScope, eventValues } from '../sql/events.js';
import type { Q } from './durability.js';

/** What a transaction wrote to the event log: published after its COMMIT. */
export interface Written {
  accountIds: Set<string>;
  /** Whether it may have made webhook deliveries (false only when known to have made none). */
  deliveries: boolean;
}

export interface EventTxState {
  written: Written | undefined;
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
      const rows = await q.rows<{ id: string; number: number; last: number }>(EVENT_SQL.counters.postgres, [environment, [...customerIds]]);
      return new Map<string, EventCounter>(rows.map((r) => [r.id, { number: Number(r.number), last: Number(r.last) }]));
    },
    listEvents: (e: EventQuery) => q.rows<StoredEvent>(EVENT_SQL.list(e), [...eventScope(e).params, e.afterSeq, e.limit]),
    eventAt: async (e: { environment: Environment; customerId: string; seq: number }) => (await q.rows<StoredEvent>(EVENT_SQL.at, [e.environment, e.customerId, e.seq]))[0],
    eventByRow: async (row: number) => (await q.rows<StoredEvent>(EVENT_SQL.byRow, [row]))[0],
    eventHead: async (scope: EventScope) => Number((await q.rows<{ n: number }>(EVENT_SQL.head(scope), eventScope(scope).params))[0]!.n),
  };
}

/**
 * The transaction wrote events for these accounts (`deliveries`: and may have made webhook deliveries): published
 * after its COMMIT. Answers what it noted (the transaction's own, to mark once a held statement is answered).
 */
export function noteWritten(state: EventTxState, accountIds: Iterable<string>, deliveries = true): Written {
  const written = (state.written ??= { accountIds: new Set(), deliveries: false });
  for (const id of accountIds) written.accountIds.add(id);
  if (deliveries) written.deliveries = true;
  return written;
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

// RETURNING: whether it made any delivery is known when its message is answered (the webhook sender is woken
// only then, here and on the other nodes: with no endpoint, never). Held as a check (Q.check) only for its rows: its
// verdict never refuses, and where a failed message's checks run again alone (group-commit.ts judgedAfter) it runs
// after the member's savepoint was rolled back, over events no longer there: it makes nothing.
const OUTBOX = `${postgresOutbox('e.environment = $1 AND e.customer_id = $2 AND e.cseq BETWEEN $3 AND $4')} RETURNING 1 AS made`;

/**
 * Events per INSERT: a market order's four are one statement (one executor start, one round of index lookups), and
 * the statement texts stay few — each count is prepared once per connection (durability.ts `executed`).
 */
const EVENTS_PER_INSERT = 8;
const INSERTS = Array.from({ length: EVENTS_PER_INSERT + 1 }, (_, n) => EVENT_SQL.insert(Math.max(n, 1)));

export function eventWrites(q: Q, state: EventTxState): EventWrites {
  return {
    // Held (sent with the next statement): no answer is needed, so an order's events cost no round trip.
    insertEvents: async (events: readonly EventRow[]) => {
      for (let i = 0; i < events.length; i += EVENTS_PER_INSERT) {
        const chunk = events.slice(i, i + EVENTS_PER_INSERT);
        await q.write(INSERTS[chunk.length]!, chunk.flatMap(eventValues));
      }
      const written = noteWritten(state, events.map((e) => e.account_id), false);
      for (const r of customerRanges(events)) {
        const params = [r.environment, r.customer, r.first, r.last];
        if (!q.check) {
          await q.write(OUTBOX, params);
          written.deliveries = true;
        } else {
          await q.check(OUTBOX, params, (rows) => {
            if (rows.length > 0) written.deliveries = true;
          });
        }
      }
    },
    deleteEventsBefore: (time: number, limit: number) => q.changes(EVENT_SQL.deleteBefore, [time, limit]),
  };
}
