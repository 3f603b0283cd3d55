import type { Clock } from '../engine/clock.js';
import { dec, fmt } from '../engine/decimal.js';
import type { Quote, QuoteBook } from '../feed/quotes.js';
import type { Store, Tx } from '../store/port.js';

/** The latest quotes are stored at most this often (and at shutdown). */
export const QUOTE_STORE_INTERVAL_MS = 1000;

/**
 * The stored quotes: the live book's latest quote per market, restored at start and written at most once a second
 * (a write per tick would put an fsync on every price; they only price the restart transition). The same moments
 * are the engines' checkpoints: the peaks they follow without writing (peak-watch.ts) go out with them, so a rebuilt
 * engine's are as fresh. A sandbox book of its own stores nothing, but keeps the same checkpoint rhythm.
 */
export class QuoteCheckpoint {
  private readonly unstored = new Map<string, Quote>();
  private storedAt = 0;
  /** When a separate sandbox book's ticks last were a checkpoint (its quotes are not stored). */
  private sandboxAt = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: Pick<Store, 'listQuotes' | 'transaction'>,
    private readonly clock: Clock,
  ) {}

  /** Puts the stored quotes on the live book (those of markets it has no quote for yet and that are traded here). */
  async restore(live: QuoteBook, traded: (market: string) => boolean): Promise<void> {
    for (const row of await this.store.listQuotes()) {
      if (!live.get(row.market) && traded(row.market)) {
        live.set({ market: row.market, bid: dec(row.bid), ask: dec(row.ask), last: dec(row.last), time: row.time });
      }
    }
  }

  /** Writes the quotes not stored yet every second, off the tick path. */
  start(): void {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), QUOTE_STORE_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /**
   * A tick in a transaction: a live quote waits to be stored. Answers whether the tick is a checkpoint (a second
   * since the last, or every tick on the manual clock); a live checkpoint writes the quotes waiting, in `tx`.
   */
  async tick(q: Quote, stored: boolean, tx: Tx): Promise<boolean> {
    if (stored) this.unstored.set(q.market, q);
    const since = stored ? this.storedAt : this.sandboxAt;
    const checkpoint = q.time - since >= QUOTE_STORE_INTERVAL_MS || this.clock.kind === 'manual';
    if (checkpoint && stored) await this.flush(tx, q.time);
    if (checkpoint && !stored) this.sandboxAt = q.time;
    return checkpoint;
  }

  /** Writes the quotes not stored yet (the shutdown path calls it too). */
  async flush(tx?: Tx, now = this.clock.now()): Promise<void> {
    if (this.unstored.size === 0) return;
    const quotes = [...this.unstored.values()];
    this.unstored.clear();
    this.storedAt = now;
    const write = async (t: Tx) => {
      for (const q of quotes) await t.putQuote({ market: q.market, bid: fmt(q.bid), ask: fmt(q.ask), last: fmt(q.last), time: q.time });
    };
    if (tx) await write(tx);
    else await this.store.transaction(write);
  }
}
