import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../engine/clock.js';
import { fmt } from '../engine/decimal.js';
import { every } from '../kernel/ticker.js';
import type { Store, TickRow } from '../store/port.js';
import type { TickRecord, TickSink } from './tick-log.js';
import { NO_TELEMETRY, type Telemetry } from '../kernel/telemetry.js';

const PRUNE_EVERY_MS = 3_600_000;
/** Rows deleted per pruning transaction. */
const PRUNE_CHUNK = 5000;
/** Every node prunes on its own timer; whoever holds this lock does, the others skip that round (Tx.tryLock). */
const PRUNE_LOCK = 'ticks-retention';

export interface TickLogOptions {
  /** RAMPART_TICK_RETENTION_HOURS, in ms. */
  readonly retentionMs: number;
  /** The buffer is written this often… */
  readonly flushMs?: number;
  /** …or as soon as it holds this many rows; a transaction writes at most this many. */
  readonly batchRows?: number;
  /** Beyond this many unwritten rows the oldest are dropped (and counted): a store that cannot keep up costs no memory. */
  readonly maxBuffered?: number;
}

/** Told of what the record loses (the metrics: rampart_ticks_dropped_total). */
/** The store's row of a tick. */
export function tickRow(t: TickRecord): Omit<TickRow, 'id'> {
  const prices = { market: t.market, time: t.time, bid: fmt(t.bid), ask: fmt(t.ask), last: fmt(t.last) };
  if (t.kind === 'source') {
    return { ...prices, kind: 'source', source: t.source, exchange_time: t.exchangeTime, raw: t.raw, used: null, set_aside: null };
  }
  const { origin } = t;
  return {
    ...prices,
    kind: 'quote',
    source: origin.source,
    exchange_time: null,
    raw: null,
    used: origin.used ? JSON.stringify(origin.used) : null,
    set_aside: origin.setAside ? JSON.stringify(origin.setAside) : null,
  };
}

/**
 * The tick record: every quote the engine acted on and every exchange message's prices, so a disputed fill can be
 * explained. record() is on the quote path and must cost it nothing: it only appends to a bounded buffer, written
 * to the store in one transaction per batch every `flushMs` (or at `batchRows`), off that path. When the store
 * cannot keep up the oldest unwritten rows are dropped and counted, never the quotes themselves held up. Rows older
 * than the retention (on the Clock) are pruned at start and every hour.
 */
export class TickLog implements TickSink {
  /** Rows dropped since start (the buffer was full). */
  dropped = 0;
  private buffer: Omit<TickRow, 'id'>[] = [];
  /** Index of the oldest unwritten row in `buffer` (rows before it were taken or dropped; compacted now and then). */
  private head = 0;
  private flushing: Promise<void> | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private soon = false;
  private stopPrune: (() => void) | undefined;
  private failing = false;
  private readonly flushMs: number;
  private readonly batchRows: number;
  private readonly maxBuffered: number;

  constructor(
    private readonly store: Pick<Store, 'transaction'>,
    private readonly clock: Clock,
    private readonly opts: TickLogOptions,
    private readonly log: FastifyBaseLogger,
    /** Counts the rows dropped (src/metrics). */
    private readonly telemetry: Pick<Telemetry, 'ticksDropped'> = NO_TELEMETRY,
  ) {
    this.flushMs = opts.flushMs ?? 500;
    this.batchRows = opts.batchRows ?? 500;
    this.maxBuffered = opts.maxBuffered ?? 50_000;
  }

  /** Rows waiting to be written. */
  get buffered(): number {
    return this.buffer.length - this.head;
  }

  record(tick: TickRecord): void {
    try {
      this.buffer.push(tickRow(tick));
      const over = this.buffered - this.maxBuffered;
      if (over > 0) this.drop(over);
      if (this.buffered >= this.batchRows && !this.soon) {
        this.soon = true;
        setImmediate(() => {
          this.soon = false;
          void this.flush();
        });
      }
    } catch (err) {
      // A tick that cannot even be formatted is a bug; the quote it records goes on regardless.
      this.log.error({ err }, 'a tick could not be recorded');
    }
  }

  /** Writes every buffered row (in batches of `batchRows`, one transaction each); never throws. */
  flush(): Promise<void> {
    this.flushing ??= this.writeAll().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  /**
   * Drops the rows recorded before the retention (by the Clock), in chunks of one transaction each. Skips when
   * another node is pruning. Answers how many rows went.
   */
  async prune(): Promise<number> {
    const before = this.clock.now() - this.opts.retentionMs;
    let total = 0;
    for (;;) {
      const n = await this.store.transaction(async (tx) => ((await tx.tryLock(PRUNE_LOCK)) ? tx.deleteTicksBefore(before, PRUNE_CHUNK) : 0));
      total += n;
      if (n < PRUNE_CHUNK) return total;
      await new Promise((r) => setImmediate(r));
    }
  }

  start(): void {
    this.flushTimer = setInterval(() => void this.flush(), this.flushMs);
    this.flushTimer.unref();
    const prune = () => void this.prune().catch((err: unknown) => this.log.warn({ err }, 'pruning the tick record failed; will retry'));
    prune();
    this.stopPrune = every(this.clock, Math.min(this.opts.retentionMs, PRUNE_EVERY_MS), prune);
  }

  /** Stops the timers and writes what is buffered. */
  async stop(): Promise<void> {
    clearInterval(this.flushTimer);
    this.flushTimer = undefined;
    this.stopPrune?.();
    this.stopPrune = undefined;
    await this.flush();
  }

  private drop(n: number): void {
    this.head += n;
    this.dropped += n;
    this.telemetry.ticksDropped(n);
    this.compact();
  }

  /** Forgets the rows before `head` once they are half the array (amortized: no shift per row). */
  private compact(): void {
    if (this.head > 0 && this.head * 2 >= this.buffer.length) {
      this.buffer = this.buffer.slice(this.head);
      this.head = 0;
    }
  }

  private async writeAll(): Promise<void> {
    while (this.buffered > 0) {
      const batch = this.buffer.slice(this.head, this.head + this.batchRows);
      this.head += batch.length;
      this.compact();
      try {
        await this.store.transaction((tx) => tx.insertTicks(batch));
        if (this.failing) this.log.info('the tick record is written again');
        this.failing = false;
      } catch (err) {
        // Back to the front, to be tried at the next flush (the bound still holds: the oldest go first).
        this.buffer = [...batch, ...this.buffer.slice(this.head)];
        this.head = 0;
        const over = this.buffered - this.maxBuffered;
        if (over > 0) this.drop(over);
        if (!this.failing) this.log.warn({ err }, 'the tick record could not be written; retrying at the next flush');
        this.failing = true;
        return;
      }
    }
  }
}
