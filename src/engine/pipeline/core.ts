import type { Rejection } from '../../errors/api-error.js';
import type { Book, Figures } from '../book.js';
import type { Dec } from '../decimal.js';
import type { OrderIntent, PricedOrder } from '../order-checks.js';
import type { ExitSpec, Order, Position } from '../state.js';
import type { CancelReason, MarketSpec, Origin, Quote } from '../types.js';
import type { Journal } from './7-journal.js';
import type { AccountBooks } from './account-books.js';
import type { Trigger, TriggerBook } from '../trigger-book.js';
import { calendarOf, type DayCalendar } from '../trading-day.js';

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
  /** The service's trading days (rollovers); absent, no rollover is ever judged. A rule may name its own (`calendarOfBook`). */
  calendar?: DayCalendar;
  caps: { perAccount: number; perCustomer: number };
  /** The news window in force on a market at t (the operator's calendar); absent, none ever is. */
  newsAt?(market: string, t: number): { id: string; title: string; from: number; until: number } | null;
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
  /** The order asked for, parsed (engine-host/wire.ts `orderFromWire`). */
  order: OrderIntent;
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
  /** The position after the order at its stop (the order's stop loss, else the position's): what it would lose, and the rule's limit. */
  risk: { stopPrice: Dec; loss: Dec; limit: Dec | null } | null;
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
 * What the stages of the pipeline share: the parts of the engine's state, each owned by one module and changed only
 * through its methods (the account books by account-books.ts, open and resting orders by stage 3, break-evens by
 * stage 5, the risk watch by stage 6, dead-man switches by dead-man-switch.ts, the effects by stage 7), and the
 * entry points a stage hands an order on through (so stages never import one another in a circle). Stages are plain
 * functions of this core; the numbered files under pipeline/ are the order an order goes through them.
 */
/** The open orders and their books (owned by stage 3, `Resting` in 3-match.ts): what the other stages may do with them. */
export interface RestingOrders {
  get(id: string): Order | undefined;
  values(): IterableIterator<Order>;
  /** The order is open from now on (admitted, or restored from the store). */
  add(o: Order): void;
  /** The order ended: off its books, no longer open. */
  remove(o: Order): void;
  /** The market's trigger book (undefined: not a market of this engine). */
  book(market: string): TriggerBook | undefined;
  /** Puts a working order on its trigger book (again, at its current trigger). */
  index(o: Order): void;
  /** As `index`, but while a tick's triggers run, once they are done. */
  indexAfterTriggers(o: Order): void;
  /** A trailing stop back in the trailing index, at the last beyond which it moves. */
  indexTrail(o: Order): void;
  /** The trailing stops a last reached (taken out of the index). */
  trailingDue(market: string, last: Dec, rising: boolean): Trigger[];
  /** Runs a tick's triggers; orders placed or moved meanwhile go on their books once they are done. */
  duringTriggers(run: () => void): void;
}

/** Positions' pending break-evens (owned by stage 5, `BreakEvens` in 5-exits.ts). */
export interface BreakEvenIndex {
  add(p: Position): void;
  remove(market: string, accountId: string): void;
  /** The accounts whose break-even in the market a last reached (taken out of the index). */
  due(market: string, last: Dec, rising: boolean): Iterable<string>;
}

/** The risk watch (owned by stage 6, `RiskWatch` in 6-risk-watch.ts): what the other stages ask of it. */
export interface RiskWatchPort {
  /** The account is to be judged once the current command or tick is done. */
  touch(accountId: string): void;
  /** Judges every account touched by the command or tick just done, once, in a stable order. */
  judgeDirty(e: Core, now: number): void;
  /** Re-derives the account's risk bands (after anything about it changed). */
  refresh(e: Core, book: Book): void;
  /** A tick's risk work, once its triggers are done. */
  onQuote(e: Core, market: string, q: Quote, rising: boolean, now: number): void;
  /** Time moved: a new trading day rolls the accounts over. */
  onTime(e: Core, now: number): void;
  /** Notes the account's positions left without a stop loss (a rule with `risk_per_trade.grace_ms`). */
  watchStops(book: Book, now: number): void;
}

/** The armed dead-man switches (owned by dead-man-switch.ts, `DeadMen`). */
export interface DeadMenPort {
  set(e: Core, book: Book, firesAt: number | null): void;
  fire(e: Core, now: number): void;
}

export interface Core {
  readonly o: EngineOptions;
  readonly accounts: AccountBooks;
  /** Every book by account id (the account books', read-only). */
  readonly books: ReadonlyMap<string, Book>;
  readonly resting: RestingOrders;
  readonly breakEvens: BreakEvenIndex;
  readonly risk: RiskWatchPort;
  readonly deadMen: DeadMenPort;
  readonly journal: Journal;
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

/** The trading-day calendar an account is judged on: its rule's own `trading_day`, else the service's. */
export function calendarOfBook(e: Pick<Core, 'o'>, book: Pick<Book, 'rule'>): DayCalendar | undefined {
  const base = e.o.calendar;
  return base ? calendarOf(book.rule, base) : undefined;
}

/** Whether t falls on a weekend trading day of the account's calendar. */
export function isWeekendFor(e: Pick<Core, 'o'>, book: Pick<Book, 'rule'>, t: number): boolean {
  return book.rule?.trading_day && e.o.calendar ? calendarOf(book.rule, e.o.calendar).isWeekend(t) : e.o.isWeekend(t);
}
