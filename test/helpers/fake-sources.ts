import { writeFileSync } from 'node:fs';
import type { Clock } from '../../src/engine/clock.js';
import { dec } from '../../src/engine/decimal.js';
import type { SourceFactory } from '../../src/feed/exchange-feed.js';
import type { ExchangeSource, SourceConfig, SourceEvent, SourceHandlers, SourceState } from '../../src/feed/exchanges/types.js';

/**
 * Exchange sources the test drives by hand: the exchanges feed makes them through `factory` (instead of the real
 * adapters), and the test pushes ticks and events as an adapter would, timed on the feed's Clock. In a cluster the
 * feed runs on one node: the sources it made last (the running ones) are the ones pushed to.
 */
export class FakeSources {
  private readonly running = new Map<string, { handlers: SourceHandlers; clock: Clock; state: SourceState }>();
  /** Every source made so far, by id (a node taking the feed over makes them again). */
  readonly made: string[] = [];

  readonly factory: SourceFactory = (config: SourceConfig, _options, clock, handlers): ExchangeSource => {
    this.made.push(config.id);
    const entry = { handlers, clock, state: 'stopped' as SourceState };
    const running = this.running;
    return {
      config,
      get state() {
        return entry.state;
      },
      start() {
        entry.state = 'connecting';
        running.set(config.id, entry);
      },
      async stop() {
        entry.state = 'stopped';
        if (running.get(config.id) === entry) running.delete(config.id);
      },
    };
  };

  private source(id: string) {
    const s = this.running.get(id);
    if (!s) throw new Error(`source ${id} is not running`);
    return s;
  }

  /** A tick of source `id` for `market`, received now on the feed's Clock. */
  tick(id: string, market: string, bid: string, ask: string, last = bid): void {
    const s = this.source(id);
    const raw = JSON.stringify({ fake: id, market, bid, ask, last });
    s.handlers.onTick({ source: id, market, bid: dec(bid), ask: dec(ask), last: dec(last), exchangeTime: null, received: s.clock.now(), raw });
  }

  /** The same tick from several sources. */
  ticks(ids: readonly string[], market: string, bid: string, ask: string, last = bid): void {
    for (const id of ids) this.tick(id, market, bid, ask, last);
  }

  event(e: SourceEvent): void {
    this.source(e.source).handlers.onEvent(e);
  }

  state(id: string, state: SourceState): void {
    this.event({ kind: 'state', source: id, state, attempt: 0 });
  }
}

/** A feeds file of `ids` (each a coinbase-protocol source on a local address) for `markets`, with integrity settings. */
export function writeFeedsFile(file: string, ids: readonly string[], markets: readonly string[], integrity: Record<string, unknown> = {}): string {
  const sources = ids.map((id, i) => ({
    id,
    exchange: 'coinbase',
    url: `ws://127.0.0.1:${9 + i}/`,
    markets: Object.fromEntries(markets.map((m) => [m, m])),
  }));
  writeFileSync(file, JSON.stringify({ sources, integrity }));
  return file;
}
