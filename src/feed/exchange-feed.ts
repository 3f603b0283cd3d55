import type { FastifyBaseLogger } from 'fastify';
import type { MarketConfig } from '../config/markets.js';
import type { Clock } from '../engine/clock.js';
import { dec, fmt, type Dec } from '../engine/decimal.js';
import { composite, guard, OPEN, type GuardState, type SourcePrices, type Verdict } from './composite.js';
import { createSource } from './exchanges/index.js';
import type { ConnectionOptions, ExchangeSource, SourceConfig, SourceEvent, SourceHandlers, SourceState, SourceTick } from './exchanges/types.js';
import type { FeedsConfig, IntegritySettings } from '../config/feeds.js';
import { EMPTY_SNAPSHOT, type FeedSnapshot, type FeedStatusBoard, type SourceStatus } from './feed-status.js';
import type { PriceFeed, QuoteSink } from './quotes.js';
import type { TickSink } from './tick-log.js';

/** How a source is made: the real adapters (exchanges/index.ts) by default; a test hands in fakes. */
export type SourceFactory = (config: SourceConfig, options: ConnectionOptions, clock: Clock, handlers: SourceHandlers, log: FastifyBaseLogger) => ExchangeSource;

/**
 * An unchanged composite is published again (its time refreshed) at most this often, in Clock time: sources that
 * keep confirming the same price keep the quote fresh, without a quote to the engine for every exchange message.
 */
export const REFRESH_MS = 250;

/** How often (wall time; and at every move of a manual clock) the feed looks for sources gone silent. */
export const CHECK_INTERVAL_MS = 1000;

/** Every this many checks the status is handed on even unchanged. */
const RESEND_EVERY = 10;

export interface ExchangeFeedOptions {
  /** Every source tick goes here too (the tick record), with its raw message. */
  readonly tickSink?: TickSink | undefined;
  readonly createSource?: SourceFactory | undefined;
  /** Where the halts and source states are kept for the market service and /v1/status. */
  readonly board: FeedStatusBoard;
  /** Told of every change of the halts or the sources' states (a node of a cluster hands it on). */
  readonly onStatus?: ((snapshot: FeedSnapshot) => void) | undefined;
}

interface MarketRun {
  readonly config: MarketConfig;
  readonly tick: Dec;
  readonly band: Dec;
  readonly settings: IntegritySettings;
  /** Ids of the sources mapping this market. */
  readonly sources: readonly string[];
  readonly latest: Map<string, SourcePrices>;
  guard: GuardState;
  /** The latest quote published, with the sources it was made of and left out (a change of those publishes again). */
  published: { bid: Dec; ask: Dec; last: Dec; time: number; used: string } | null;
  setAside: ReadonlySet<string>;
  stale: ReadonlySet<string>;
}

interface SourceRun {
  readonly config: SourceConfig;
  source: ExchangeSource | undefined;
  state: SourceState;
  lastTickAt: number | null;
  gaps: number;
  garbled: number;
}

/**
 * The price from real exchanges (RAMPART_PRICE_FEED=exchanges, docs/PRICE-FEEDS.md): one connection per source of
 * config/feeds.json; every tick recomputes its market's composite (composite.ts), which is published unless the
 * market is halted or too few sources are fresh. Halts and source states go to the status board (and, through
 * options.onStatus, to the other nodes of a cluster); transitions are logged once each.
 */
export class ExchangeFeed implements PriceFeed {
  readonly kind = 'exchanges' as const;
  private readonly markets = new Map<string, MarketRun>();
  private readonly sources = new Map<string, SourceRun>();
  private readonly make: SourceFactory;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private startedAt = 0;
  private running = false;
  private sent = '';

  constructor(
    private readonly feeds: FeedsConfig,
    markets: readonly MarketConfig[],
    private readonly sink: QuoteSink,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: ExchangeFeedOptions,
  ) {
    this.make = options.createSource ?? createSource;
    for (const m of markets) {
      const sources = feeds.sources.filter((s) => s.markets[m.id] !== undefined).map((s) => s.id);
      if (sources.length === 0) continue;
      const settings = feeds.integrity[m.id]!;
      this.markets.set(m.id, {
        config: m,
        tick: dec(m.tick_size),
        band: dec(settings.strayBandPct),
        settings,
        sources,
        latest: new Map(),
        guard: OPEN,
        published: null,
        setAside: new Set(),
        stale: new Set(),
      });
    }
    for (const s of feeds.sources) this.sources.set(s.id, { config: s, source: undefined, state: 'stopped', lastTickAt: null, gaps: 0, garbled: 0 });
  }

  /** Connects every source; the composite starts from nothing (`fromBook` does not apply: prices come from the sources). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.startedAt = this.clock.now();
    for (const m of this.markets.values()) {
      m.latest.clear();
      m.guard = OPEN;
      m.published = null;
      m.setAside = new Set();
      m.stale = new Set();
    }
    const handlers: SourceHandlers = { onTick: (t) => this.onTick(t), onEvent: (e) => this.onEvent(e) };
    for (const run of this.sources.values()) {
      run.state = 'connecting';
      try {
        run.source = this.make(run.config, this.feeds.connection, this.clock, handlers, this.log);
        run.source.start();
      } catch (err) {
        run.state = 'stopped';
        this.log.error({ err, source: run.config.id, exchange: run.config.exchange }, 'price source could not be started');
      }
    }
    let rounds = 0;
    this.timer = setInterval(() => this.check(++rounds % RESEND_EVERY === 0), CHECK_INTERVAL_MS);
    this.timer.unref();
    this.unsubscribe = this.clock.onAdvance(() => this.check());
    this.options.board.attach(() => this.snapshot());
    this.emit();
  }

  stop(): void {
    if (!this.running) return;
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    this.options.board.attach(undefined);
    for (const run of this.sources.values()) {
      const source = run.source;
      run.source = undefined;
      run.state = 'stopped';
      if (source) {
        source.stop().catch((err: unknown) => this.log.warn({ err, source: run.config.id }, 'price source did not stop cleanly'));
      }
    }
  }

  /** The halts and sources as they are now. */
  snapshot(): FeedSnapshot {
    if (this.markets.size === 0 && this.sources.size === 0) return EMPTY_SNAPSHOT;
    const halts = [...this.markets.values()]
      .filter((m) => m.guard.halted)
      .map((m) => ({ market: m.config.id, reason: 'sources_disagree' as const, since: m.guard.halted!.since }));
    const sources: SourceStatus[] = [...this.sources.values()].map((s) => ({
      id: s.config.id,
      exchange: s.config.exchange,
      state: s.state,
      last_tick_at: s.lastTickAt,
      set_aside: [...this.markets.values()].filter((m) => m.setAside.has(s.config.id)).map((m) => m.config.id),
      stale: [...this.markets.values()].filter((m) => m.stale.has(s.config.id)).map((m) => m.config.id),
      gaps: s.gaps,
      garbled: s.garbled,
    }));
    return { halts, sources };
  }

  private onTick(t: SourceTick): void {
    if (!this.running) return;
    const run = this.sources.get(t.source);
    const market = this.markets.get(t.market);
    if (!run || !market) return;
    this.options.tickSink?.record({
      kind: 'source',
      market: t.market,
      time: t.received,
      source: t.source,
      bid: t.bid,
      ask: t.ask,
      last: t.last,
      exchangeTime: t.exchangeTime,
      raw: t.raw,
    });
    // A price the composite cannot use (crossed, or not positive) counts as a message that could not be read.
    if (t.bid <= 0n || t.ask < t.bid || t.last <= 0n) {
      run.garbled++;
      this.log.debug({ source: t.source, market: t.market, bid: fmt(t.bid), ask: fmt(t.ask), last: fmt(t.last) }, 'price source sent an unusable price');
      return;
    }
    run.lastTickAt = Math.max(run.lastTickAt ?? t.received, t.received);
    const prev = market.latest.get(t.source);
    market.latest.set(t.source, { source: t.source, bid: t.bid, ask: t.ask, last: t.last, seen: Math.max(t.received, prev?.seen ?? t.received) });
    this.evaluate(market, true);
  }

  private onEvent(e: SourceEvent): void {
    if (!this.running) return;
    const run = this.sources.get(e.source);
    if (!run) return;
    switch (e.kind) {
      case 'state':
        if (e.state === run.state) return;
        run.state = e.state;
        this.log[e.state === 'reconnecting' ? 'warn' : 'info'](
          { source: e.source, exchange: run.config.exchange, state: e.state, attempt: e.attempt, delay_ms: e.delayMs },
          `price source ${e.state}`,
        );
        this.emit();
        return;
      case 'gap':
        run.gaps++;
        this.log.warn({ source: e.source, market: e.market, expected: e.expected, got: e.got }, 'price source skipped messages');
        return;
      case 'garbled':
        run.garbled++;
        this.log.debug({ source: e.source, reason: e.reason }, 'price source sent a message that could not be read');
        return;
      case 'alive': {
        const market = this.markets.get(e.market);
        const prev = market?.latest.get(e.source);
        // A heartbeat keeps a price fresh; it does not make one (before the first tick there is none to keep).
        if (!market || !prev) return;
        market.latest.set(e.source, { ...prev, seen: Math.max(prev.seen, e.received) });
        this.evaluate(market, true);
        return;
      }
    }
  }

  /** Looks at every market again on the Clock: a source gone silent is noticed without a tick. Publishes nothing. */
  private check(resend = false): void {
    if (!this.running) return;
    for (const m of this.markets.values()) this.evaluate(m, false);
    // Changes were handed on as they happened; this refreshes the sources' last tick times elsewhere, and now and
    // then sends all again (a node that joined the cluster since the last change learns the halts).
    if (resend || JSON.stringify(this.snapshot()) !== this.sent) this.emit();
  }

  private evaluate(m: MarketRun, mayPublish: boolean): void {
    const now = this.clock.now();
    const verdict = composite([...m.latest.values()], {
      now,
      staleAfterMs: m.config.stale_after_ms,
      tickSize: m.tick,
      strayBandPct: m.band,
      minSources: m.settings.minSources,
    });
    const step = guard(m.guard, verdict, now, m.settings.resumeAfterMs);
    m.guard = step.state;
    let changed = this.judgeSources(m, verdict, now);
    const market = m.config.id;
    if (step.change === 'halt') {
      m.published = null;
      changed = true;
      this.log.warn({ market, fresh: verdict.fresh, set_aside: verdict.kind === 'too_few' ? [] : verdict.setAside.map((s) => s.source) }, 'market halted: its price sources disagree');
    } else if (step.change === 'resume') {
      changed = true;
      this.log.info({ market, resume_after_ms: m.settings.resumeAfterMs }, 'market resumed: its price sources agree again');
    }
    if (step.publish && mayPublish && verdict.kind === 'quote') this.publish(m, verdict, now);
    if (changed) this.emit();
  }

  /** Which sources are set aside and which are silent now; logs each change once. Answers whether any changed. */
  private judgeSources(m: MarketRun, verdict: Verdict, now: number): boolean {
    const market = m.config.id;
    let changed = false;
    const setAside = new Set(verdict.setAside.map((s) => s.source));
    for (const id of setAside) if (!m.setAside.has(id)) this.log.warn({ market, source: id, reason: 'strays_from_median' }, 'price source set aside');
    for (const id of m.setAside) if (!setAside.has(id)) this.log.info({ market, source: id }, 'price source back in the composite');
    if (!sameSet(setAside, m.setAside)) {
      m.setAside = setAside;
      changed = true;
    }
    const stale = new Set(m.sources.filter((id) => now - (m.latest.get(id)?.seen ?? this.startedAt) > m.config.stale_after_ms));
    for (const id of stale) if (!m.stale.has(id)) this.log.warn({ market, source: id, stale_after_ms: m.config.stale_after_ms }, 'price source silent');
    for (const id of m.stale) if (!stale.has(id)) this.log.info({ market, source: id }, 'price source heard again');
    if (!sameSet(stale, m.stale)) {
      m.stale = stale;
      changed = true;
    }
    return changed;
  }

  private publish(m: MarketRun, v: Extract<Verdict, { kind: 'quote' }>, now: number): void {
    const p = m.published;
    const used = `${v.used.join(',')}|${v.setAside.map((x) => x.source).join(',')}`;
    const same = p !== null && p.bid === v.bid && p.ask === v.ask && p.last === v.last && p.used === used;
    if (same && now - p.time < REFRESH_MS) return;
    m.published = { bid: v.bid, ask: v.ask, last: v.last, time: now, used };
    this.sink.set({
      market: m.config.id,
      bid: v.bid,
      ask: v.ask,
      last: v.last,
      time: now,
      origin: { source: 'composite', used: v.used, setAside: v.setAside },
    });
  }

  private emit(): void {
    const snapshot = this.snapshot();
    this.sent = JSON.stringify(snapshot);
    this.options.board.set(snapshot);
    this.options.onStatus?.(snapshot);
  }
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}
