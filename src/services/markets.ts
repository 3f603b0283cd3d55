import type { MarketConfig } from '../config/markets.js';
import { dec, fmt, isMultipleOf, parseDec } from '../engine/decimal.js';
import type { Clock } from '../engine/clock.js';
import { ApiError } from '../errors/api-error.js';
import { FeedStatusBoard } from '../feed/feed-status.js';
import type { QuoteBook } from '../feed/quotes.js';
import type { Environment } from '../schemas/common.js';
import type { MarketState, Store } from '../store/port.js';

export type MarketStatus = MarketState['status'];

/** Why a market is halted: the operator halted it, or the exchanges feed did (its sources disagree). */
export type HaltReason = 'operator' | 'sources_disagree';

/**
 * Markets from config/markets.json with the operator's state and the quote of the environment asking. The state the engine acts on is
 * the operator's, with the price feed's halt laid over an open market (the operator's stored state stays as set).
 */
export class MarketService {
  readonly ids: ReadonlySet<string>;
  private readonly configs = new Map<string, MarketConfig>();
  private readonly states = new Map<string, MarketState>();

  constructor(
    markets: readonly MarketConfig[],
    private readonly store: Pick<Store, 'listMarketStates' | 'transaction'>,
    /** The book an environment prices from (PriceBooks.for). */
    private readonly quotesFor: (environment: Environment) => QuoteBook,
    private readonly clock: Clock,
    /** The exchanges feed's halts (written where the feed runs, handed to the other nodes of a cluster). */
    readonly feedStatus: FeedStatusBoard = new FeedStatusBoard(),
  ) {
    for (const m of markets) {
      this.configs.set(m.id, m);
      this.states.set(m.id, { market: m.id, status: 'open', offered: true });
    }
    this.ids = new Set(this.configs.keys());
  }

  async load(): Promise<void> {
    for (const s of await this.store.listMarketStates()) if (this.configs.has(s.market)) this.states.set(s.market, s);
  }

  config(id: string): MarketConfig | undefined {
    return this.configs.get(id);
  }

  require(id: string): MarketConfig {
    const m = this.configs.get(id);
    if (!m) throw new ApiError('market_not_found', { details: { market: id } });
    return m;
  }

  /** The state in force: the operator's, halted while the price feed halts an open market. */
  state(id: string): MarketState {
    const s = this.operatorState(id);
    return s.status === 'open' && this.feedStatus.halt(id) ? { ...s, status: 'halted' } : s;
  }

  /** The state the operator set (what is stored). */
  operatorState(id: string): MarketState {
    return this.states.get(id) ?? { market: id, status: 'open', offered: true };
  }

  /** Why the market is halted, null when it is not. */
  haltReason(id: string): HaltReason | null {
    const s = this.operatorState(id);
    if (s.status === 'halted') return 'operator';
    return s.status === 'open' && this.feedStatus.halt(id) ? 'sources_disagree' : null;
  }

  /** Every halted market, with the reason and, for a feed halt, since when (an operator halt's time is not kept). */
  halts(): { market: string; reason: HaltReason; since: number | null }[] {
    const out: { market: string; reason: HaltReason; since: number | null }[] = [];
    for (const id of this.configs.keys()) {
      const reason = this.haltReason(id);
      if (reason) out.push({ market: id, reason, since: reason === 'operator' ? null : (this.feedStatus.halt(id)?.since ?? null) });
    }
    return out;
  }

  view(id: string, environment: Environment) {
    const m = this.require(id);
    const s = this.state(id);
    const q = this.quotesFor(environment).get(id);
    return {
      id: m.id,
      base_asset: m.base_asset,
      quote_asset: m.quote_asset,
      status: s.status,
      halt_reason: this.haltReason(id),
      offered: s.offered,
      size_step: m.size_step,
      tick_size: m.tick_size,
      min_notional_usd: m.min_notional_usd,
      max_leverage: m.max_leverage,
      default_leverage: m.default_leverage,
      max_slippage_pct: m.max_slippage_pct,
      price_band_pct: m.price_band_pct,
      exposure_cap_usd: m.exposure_cap_usd,
      maker_fee_rate: m.maker_fee_rate,
      taker_fee_rate: m.taker_fee_rate,
      maintenance_margin_rate: m.maintenance_margin_rate,
      stale_after_ms: m.stale_after_ms,
      bid: q ? fmt(q.bid) : null,
      ask: q ? fmt(q.ask) : null,
      last: q ? fmt(q.last) : null,
      price_time: q ? q.time : null,
    };
  }

  list(environment: Environment) {
    return [...this.configs.keys()].map((id) => this.view(id, environment));
  }

  async setState(id: string, patch: { status?: MarketStatus | undefined; offered?: boolean | undefined }) {
    this.require(id);
    const next: MarketState = { ...this.operatorState(id), ...(patch.status ? { status: patch.status } : {}), ...(patch.offered !== undefined ? { offered: patch.offered } : {}) };
    await this.store.transaction((tx) => tx.setMarketState(next));
    this.states.set(id, next);
    return this.view(id, 'live');
  }

  /**
   * Sets the quote by hand (the manual feed; also allowed on top of the others for operators) in an environment's
   * book: the live one is the sandbox's too unless the sandbox has a feed of its own.
   */
  setPrice(id: string, input: { bid: string; ask: string; last: string }, environment: Environment) {
    const m = this.require(id);
    const tick = dec(m.tick_size);
    const parsed = { bid: parseDec(input.bid), ask: parseDec(input.ask), last: parseDec(input.last) };
    for (const [name, v] of Object.entries(parsed)) {
      if (v === undefined || v <= 0n || !isMultipleOf(v, tick)) {
        throw new ApiError('invalid_request', {
          message: `${name} must be a positive multiple of the tick size ${m.tick_size}`,
          details: { field: name },
        });
      }
    }
    if (parsed.bid! > parsed.ask!) throw new ApiError('invalid_request', { message: 'bid must not be above ask', details: { field: 'bid' } });
    this.quotesFor(environment).set({ market: id, bid: parsed.bid!, ask: parsed.ask!, last: parsed.last!, time: this.clock.now() });
    return this.view(id, environment);
  }
}
