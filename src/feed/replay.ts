import { readFileSync } from 'node:fs';
import type { Clock } from '../engine/clock.js';
import { parseDec } from '../engine/decimal.js';
import type { PriceFeed, Quote, QuoteSink } from './quotes.js';

/**
 * Replays an NDJSON file of {"market","bid","ask","last","time"} at the pace of its own times, starting
 * when the feed starts. Quotes are stamped with the clock's time on arrival.
 */
export class ReplayFeed implements PriceFeed {
  readonly kind = 'replay' as const;
  private readonly lines: { at: number; quote: Omit<Quote, 'time'> }[] = [];
  private timers: NodeJS.Timeout[] = [];

  constructor(
    file: string,
    private readonly book: QuoteSink,
    private readonly clock: Clock,
    markets: ReadonlySet<string>,
  ) {
    const text = readFileSync(file, 'utf8');
    let first: number | undefined;
    text.split('\n').forEach((line, i) => {
      if (line.trim() === '') return;
      const row = JSON.parse(line) as Record<string, unknown>;
      const bid = parseDec(String(row.bid));
      const ask = parseDec(String(row.ask));
      const last = parseDec(String(row.last));
      const time = row.time;
      if (!markets.has(String(row.market)) || bid === undefined || ask === undefined || last === undefined || typeof time !== 'number') {
        throw new Error(`${file}:${i + 1}: not a quote of a known market`);
      }
      first ??= time;
      this.lines.push({ at: time - first, quote: { market: String(row.market), bid, ask, last } });
    });
  }

  start(): void {
    for (const l of this.lines) {
      const t = setTimeout(() => this.book.set({ ...l.quote, time: this.clock.now() }), l.at);
      t.unref();
      this.timers.push(t);
    }
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }
}
