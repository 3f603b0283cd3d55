import type { MarketConfig } from '../config/markets.js';
import type { Clock } from '../engine/clock.js';
import { add, dec, max, mul, fromInt, type Dec } from '../engine/decimal.js';
import type { PriceFeed, QuoteSink } from './quotes.js';

/** mulberry32: a small seeded PRNG, so a seed always gives the same price path. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Seeded random walk per market in whole ticks: last moves by an integer number of ticks, bid and ask sit
 * spread_ticks around it. The PRNG only picks integers; prices stay exact.
 */
export class SimulatedFeed implements PriceFeed {
  readonly kind = 'simulated' as const;
  private timer: NodeJS.Timeout | undefined;
  private readonly state: { market: MarketConfig; tick: Dec; last: Dec; rand: () => number }[];

  constructor(
    markets: readonly MarketConfig[],
    seed: number,
    private readonly intervalMs: number,
    private readonly book: QuoteSink,
    private readonly clock: Clock,
  ) {
    this.state = markets.map((m, i) => ({ market: m, tick: dec(m.tick_size), last: dec(m.simulation.start), rand: prng(seed * 7919 + i) }));
  }

  step(): void {
    for (const s of this.state) {
      const k = Math.floor(s.rand() * (2 * s.market.simulation.max_step_ticks + 1)) - s.market.simulation.max_step_ticks;
      const spread = mul(s.tick, fromInt(s.market.simulation.spread_ticks));
      s.last = max(add(spread, s.tick), add(s.last, mul(s.tick, fromInt(k))));
      this.book.set({ market: s.market.id, bid: (s.last - spread) as Dec, ask: add(s.last, spread), last: s.last, time: this.clock.now() });
    }
  }

  start(options: { fromBook?: boolean } = {}): void {
    if (options.fromBook) {
      for (const s of this.state) {
        const q = this.book.get(s.market.id);
        if (q) s.last = q.last;
      }
    }
    this.step();
    this.timer = setInterval(() => this.step(), this.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
