import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../engine/clock.js';
import { ApiError } from '../errors/api-error.js';
import type { Environment } from '../schemas/common.js';
import type { Store, StoredEvent } from '../store/port.js';
import { every } from '../kernel/ticker.js';

/**
 * Event ids as the trading host writes them: `evt_live_…` / `evt_test_…`, the customer's number and the event's
 * place among its customer's events, 12 digits or more (`evt_live_1001_000000000042`). Ids of events written before
 * customers numbered their own carry the log's one counter alone (`evt_live_000000000042`): that number is their
 * place too.
 */
const EVENT_ID_RE = /^evt_(live|test)_(?:([1-9]\d{0,15})_)?(\d{12,15})$/;
/** Rows deleted per pruning transaction. */
const PRUNE_CHUNK = 2000;
const PRUNE_EVERY_MS = 3_600_000;
/** Every node prunes on its own timer; whoever holds this lock does, the others skip that round (Tx.tryLock). */
const PRUNE_LOCK = 'retention';

/** Which events a list, a cursor or a stream may see: a customer's accounts in one environment, or one account. */
export interface EventScope {
  environment: Environment;
  customerId: string;
  accountId?: string | undefined;
}

/**
 * Reads of the event log (committed events only) for the list and the stream, cursors, and retention.
 * Events are written by the trading host in the transaction of the change that caused them.
 */
export class EventLog {
  private stopPrune: (() => void) | undefined;

  constructor(
    private readonly store: Pick<Store, 'eventHead' | 'eventAt' | 'eventByRow' | 'getCustomer' | 'listEvents' | 'transaction'>,
    private readonly clock: Clock,
    private readonly retentionMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The place among the customer's events a cursor (an event id) stands for. invalid_cursor when it is malformed,
   * of the other environment, of another customer, of an event outside the scope (another account's when
   * filtered), or past the customer's last event. An event already pruned by retention is still a place: the list
   * goes on after it.
   */
  async cursorSeq(cursor: string, scope: EventScope): Promise<number> {
    const invalid = () => new ApiError('invalid_cursor', { details: { cursor } });
    const m = EVENT_ID_RE.exec(cursor);
    const tag = scope.environment === 'live' ? 'live' : 'test';
    if (!m || m[1] !== tag) throw invalid();
    const seq = Number(m[3]);
    if (String(seq).padStart(12, '0') !== m[3]) throw invalid();
    // The scope's customer's event at that place is the cursor's when it has the same id (an id names its customer
    // by number, so another customer's cursor finds one with another id there, or none). An id without a number is
    // of an event written before customers numbered their own: its number is the row's as well as the place, and
    // another customer's is found by it.
    const event =
      (await this.store.eventAt({ environment: scope.environment, customerId: scope.customerId, seq })) ??
      (m[2] === undefined ? await this.store.eventByRow(seq) : undefined);
    if (event) {
      const outside =
        event.id !== cursor ||
        event.environment !== scope.environment ||
        event.customer_id !== scope.customerId ||
        (scope.accountId !== undefined && event.account_id !== scope.accountId);
      if (outside) throw invalid();
      return seq;
    }
    // Not there: pruned (a place all the same), or another customer's, or not yet written.
    if (m[2] !== undefined && Number(m[2]) !== (await this.store.getCustomer(scope.customerId))?.number) throw invalid();
    if (seq > (await this.store.eventHead({ environment: scope.environment, customerId: scope.customerId }))) throw invalid();
    return seq;
  }

  /** GET /v1/events: the scope's events after the cursor, oldest first, limit + 1 of them (the page, and whether there is more). */
  async list(scope: EventScope, after: string | undefined, limit: number): Promise<StoredEvent[]> {
    const afterSeq = after === undefined ? 0 : await this.cursorSeq(after, scope);
    return this.store.listEvents({ environment: scope.environment, customerId: scope.customerId, accountId: scope.accountId, afterSeq, limit: limit + 1 });
  }

  /** The scope's last committed event's place: where a stream without a cursor starts. */
  head(scope: EventScope): Promise<number> {
    return this.store.eventHead(scope);
  }

  /**
   * Drops events (and finished webhook deliveries) older than the retention; the newest event always stays. Skips
   * (answers what it dropped so far) when another node is pruning.
   */
  async prune(): Promise<{ events: number; deliveries: number }> {
    const before = this.clock.now() - this.retentionMs;
    const out = { events: 0, deliveries: 0 };
    // In chunks, each its own transaction, with a turn of the event loop between: a large backlog (a first start
    // on an old log) must not hold the loop or the store for seconds.
    for (;;) {
      const n = await this.store.transaction(async (tx) =>
        (await tx.tryLock(PRUNE_LOCK)) ? { events: await tx.deleteEventsBefore(before, PRUNE_CHUNK), deliveries: await tx.deleteDeliveriesBefore(before, PRUNE_CHUNK) } : undefined,
      );
      if (!n) return out;
      out.events += n.events;
      out.deliveries += n.deliveries;
      if (n.events < PRUNE_CHUNK && n.deliveries < PRUNE_CHUNK) return out;
      await new Promise((r) => setImmediate(r));
    }
  }

  start(): void {
    const prune = () => void this.prune().catch((err: unknown) => this.log.warn({ err }, 'pruning the event log failed; will retry'));
    prune();
    this.stopPrune = every(this.clock, Math.min(this.retentionMs, PRUNE_EVERY_MS), prune);
  }

  stop(): void {
    this.stopPrune?.();
  }
}
