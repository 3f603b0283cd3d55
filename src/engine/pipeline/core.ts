import type { Rejection } from '../../errors/api-error.js';
import type { Book, Figures } from '../book.js';
import type { PeakWatch } from '../peak-watch.js';
import type { Band } from '../risk.js';
import type { Dec } from '../decimal.js';
import type { OrderBody, PricedOrder } from '../order-checks.js';
import type { ExitSpec, Order } from '../state.js';
import type { TriggerBook } from '../trigger-book.js';
import type { CancelReason, MarketSpec, Origin, Quote } from '../types.js';
import type { Journal } from './7-journal.js';

export interface MarketStateLike {
  status: 'open' | 'closed' | 'halted';
  offered: boolean;
}

export interface EngineOptions {
  markets: ReadonlyMap<string, MarketSpec>;
  quote(market: string): Quote | undefined;
  marketState(market: string): MarketStateLike;
  newId(prefix: 'ord' | 'fil'): string;
  /** Whether the trading day containing t is a weekend day. */
  isWeekend(t: number): boolean;
  /** Trading days (rollovers); absent, no rollover is ever judged. */
  calendar?: { dayStart(t: number): number; nextRollover(t: number): number; rolloversBetween(a: number, b: number): number };
  caps: { perAccount: number; perCustomer: number };
  /** Look at every account holding the market on every tick (the reference the risk index is tested against). */
  fullScan?: boolean;
}

/** The key fences that apply to an order (SPEC Authentication 6). */
export interface Fences {
  markets: string[] | null;
  reduceOnly: boolean;
  maxOrderUsd: Dec | null;
  maxPositionUsd: Dec | null;
  lossStopUsd?: Dec | null;
}

export interface Actor {
  keyId: string | null;
  fences: Fences | null;
  origin: Origin;
}

export interface PlaceRequest {
  accountId: string;
  body: OrderBody;
  exits: ExitSpec | null;
  actor: Actor;
  now: number;
  /** Set by the host so the id is known before the engine answers (202 Location). */
  orderId?: string;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; rejection: Rejection };
export type Refusal = { ok: false; rejection: Rejection };

export interface Evaluation {
  priced: PricedOrder;
  market: MarketSpec;
  opening: Dec;
  leverage: number;
  mode: 'isolated' | 'cross';
  required: Dec;
  fee: Dec;
  before: Figures;
  positionAfter: { size: Dec; side: 'long' | 'short'; entryPrice: Dec } | null;
  exposure: { cap: Dec; open: Dec };
}

export const fail = (code: Rejection['code'], details?: Record<string, unknown>, message?: string): Refusal => ({
  ok: false,
  rejection: { code, ...(details ? { details } : {}), ...(message ? { message } : {}) },
});

/** The `source` an order's events carry: who acted. */
export const sourceOf = (origin: Origin): 'api' | 'platform' | 'engine' => (origin === 'api' ? 'api' : origin === 'system' ? 'engine' : 'platform');

/** Where an admitted order goes: filled now at a price, expired, resting on its trigger book, or held for the caller. */
export type Route = { price: Dec; liquidity: 'maker' | 'taker' } | 'expire' | 'rest' | 'hold';

/**
 * What the stages of the pipeline share: the state and indexes the `Engine` facade owns, and the facade's entry
 * points a stage hands an order on through (so stages never import one another in a circle). Stages are plain
 * functions of this core; the numbered files under pipeline/ are the order an order goes through them.
 */
export interface Core {
  readonly o: EngineOptions;
  readonly books: Map<string, Book>;
  /** Open orders by id (working, and pending while a command runs). */
  readonly open: Map<string, Order>;
  /** Resting orders by market, indexed by the price that triggers them. */
  readonly triggers: Map<string, TriggerBook>;
  /** Working trailing stops by market, indexed by the price at which the stop would next move (5-exits.ts). */
  readonly trailing: Map<string, TriggerBook>;
  /** Pending break-evens by market, indexed by their trigger price (one per account: the position's). */
  readonly breakEvens: Map<string, TriggerBook>;
  /** Accounts holding a position, by market. */
  readonly holders: Map<string, Set<string>>;
  /** Books by customer: exposure and working-order caps look at one customer's accounts, not all. */
  readonly byCustomer: Map<string, Set<Book>>;
  /** Accounts to judge against their rule once the current command or tick is done. */
  readonly dirty: Set<string>;
  /** Per market: accounts' risk bands (see risk.ts), indexed by price like orders (6-risk-watch.ts). */
  readonly riskBooks: Map<string, TriggerBook>;
  /** Per account: its band in each market it holds, as indexed in riskBooks, and its ids there. */
  readonly riskBands: Map<string, Map<string, Band>>;
  readonly riskIds: Map<string, [string, string]>;
  /** Accounts on peak-equity rules whose peak follows a running high shared with others (peak-watch.ts). */
  readonly peakWatch: PeakWatch;
  /** Counters for benchmarks: accounts looked at by the per-tick risk check (band left, or every holder in a full scan). */
  readonly stats: { riskLooks: number };
  /** Armed dead-man switches: account → when it fires (dead-man-switch.ts). */
  readonly deadMen: Map<string, number>;
  /** The start of the trading day the accounts were last rolled over to (6-risk-watch.ts). */
  currentDay: number;
  /** While the dirty accounts are judged (a verdict's closes, which judge again, leave that to the pass running). */
  judging: boolean;
  readonly journal: Journal;
  /** During a tick: orders whose trigger moved, indexed again once the tick's triggers are done (null otherwise). */
  deferred: Order[] | null;
  nextSeq(): number;
  /** The one way an order enters the engine (see Engine.admit). */
  admit(o: Order, now: number, route: Route): void;
  figures(book: Book): Figures;
  /** Stages 2 and 4: the order fills whole at `price` (or is refused, cut or canceled on the way). */
  fill(o: Order, price: Dec, now: number, liquidity: 'maker' | 'taker', liquidation?: boolean): void;
  /** What a fill means for the account's rule and the loss stop of the key that placed it. */
  afterFill(book: Book, o: Order, realized: Dec, fee: Dec, now: number): void;
  cancel(o: Order, reason: CancelReason, now: number): void;
  /** The order ends expired or rejected (off its book, announced). */
  end(o: Order, how: 'expire' | 'reject', now: number): void;
}
