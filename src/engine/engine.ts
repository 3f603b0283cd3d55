import type { Rejection } from '../errors/api-error.js';
import { add, ceilToStep, div, divInt, floorToStep, fmt, fromInt, fromProducts, max, min, mul, parseDec, roundMoney, sub, ZERO, type Dec } from './decimal.js';
import { OrderMap } from './order-map.js';
import { figures, leverageOf, marginLocked, openingSize, orderValuePrice, settingOf, type Book, type Figures } from './book.js';
import { judge } from './fill-rules.js';
import { net, unrealized } from './netting.js';
import { bands, type Band } from './risk.js';
import { judgeRule, observe, onClosedTrade, onTrade, rollover, type Verdict } from './rules.js';
import { checkOrder, type OrderBody, type PricedOrder } from './order-checks.js';
import { exitRefusal, exitsList, hasExits, mergeExits, type ExitPatch } from './exits.js';
import { isOpen, transition } from './order-status.js';
import type { CloseReason, EngineEvent, ExitSpec, Fill, Order, Position } from './state.js';
import { TriggerBook, type Trigger } from './trigger-book.js';
import type { CancelReason, MarketSpec, Origin, Quote, Side, Triggerable } from './types.js';

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

/** What one command changed: the host persists it in one transaction before anyone hears of it. */
export interface Effects {
  orders: Map<string, Order>;
  fills: Fill[];
  positions: Map<string, { accountId: string; market: string; position: Position | null }>;
  balances: Map<string, Dec>;
  margins: Map<string, { accountId: string; market: string; leverage: number; mode: 'isolated' | 'cross' }>;
  /** Accounts whose status, pause or rule figures changed. */
  accounts: Map<string, Book>;
  /** Points of the equity curve: one per closed trade, one per trading day. */
  equity: { accountId: string; resolution: 'trade' | 'day'; time: number; equity: Dec; balance: Dec }[];
  events: EngineEvent[];
}

const newEffects = (): Effects => ({ orders: new Map(), fills: [], positions: new Map(), balances: new Map(), margins: new Map(), accounts: new Map(), equity: [], events: [] });
const fail = (code: Rejection['code'], details?: Record<string, unknown>, message?: string): { ok: false; rejection: Rejection } => ({
  ok: false,
  rejection: { code, ...(details ? { details } : {}), ...(message ? { message } : {}) },
});
/** The fields of an order nothing has happened to yet (no fill, no end, no exit role, no trailing). */
const untouched = (now: number) => ({
  exitOrderIds: null,
  averageFillPrice: null,
  fee: null,
  exitKind: null,
  trailingDistance: null,
  trailingAnchor: null,
  triggered: false,
  closeReason: null,
  cancelReason: null,
  reject: null,
  createdAt: now,
  filledAt: null,
  canceledAt: null,
  updatedAt: now,
  activeFrom: now,
});
/** The source of an event about an order, by the order's origin. */
export const sourceOf = (origin: Origin): 'api' | 'platform' | 'engine' => (origin === 'api' ? 'api' : origin === 'system' ? 'engine' : 'platform');

/**
 * An open order canceled (changed in place), and the event that announces it. The start-up restart transition,
 * which cancels stored orders without loading them, does the same in SQL (store/canceled-orders.ts).
 */
export function cancelOrder(o: Order, reason: CancelReason, now: number): EngineEvent {
  o.status = transition(o.status, 'cancel');
  o.cancelReason = reason;
  o.canceledAt = now;
  o.updatedAt = now;
  return { type: 'order.canceled', accountId: o.accountId, at: now, source: sourceOf(o.origin), order: o };
}
const opposite = (p: Position): Side => (p.side === 'long' ? 'sell' : 'buy');

/**
 * The trading engine of one environment: pure domain state in memory, commands in, effects out.
 * Time comes in with every command and tick; prices come from ticks. No I/O.
 */
export class Engine {
  readonly books = new Map<string, Book>();
  private readonly open = new Map<string, Order>();
  private readonly triggers = new Map<string, TriggerBook>();
  private readonly last = new Map<string, Dec>();
  private readonly holders = new Map<string, Set<string>>();
  private readonly clientIds = new Map<string, string>();
  /** Books by customer: exposure and working-order caps look at one customer's accounts, not all. */
  private readonly byCustomer = new Map<string, Set<Book>>();
  /**
   * Working trailing stops by market, indexed by the price at which the stop would next move: a sell stop
   * (protecting a long) once last rises above both its anchor and its stop + distance, a buy stop once last falls
   * below both its anchor and its stop − distance. A tick visits only the stops it moves; a new best last that
   * would not tighten the stop changes nothing (the anchor is the last the stop was last moved from).
   */
  private readonly trailing = new Map<string, TriggerBook>();
  /** Counters for benchmarks: accounts looked at by the per-tick risk check (band left, or every holder in a full scan). */
  readonly stats = { riskLooks: 0 };
  /** Per market: accounts' risk bands (see risk.ts) and pending break-evens, indexed by price like orders. */
  private readonly riskBooks = new Map<string, TriggerBook>();
  private readonly breakEvens = new Map<string, TriggerBook>();
  /** Per account: its band in each market it holds, as indexed in riskBooks, and its ids there. */
  private readonly riskBands = new Map<string, Map<string, Band>>();
  private readonly riskIds = new Map<string, [string, string]>();
  private fx: Effects = newEffects();
  private seq = 0;
  private deferred: Order[] | null = null;
  private tickTime = 0;
  /** Accounts to judge against their rule once the current command or tick is done. */
  private readonly dirty = new Set<string>();
  private judging = false;
  private currentDay = 0;

  constructor(private readonly o: EngineOptions) {
    for (const id of o.markets.keys()) {
      this.triggers.set(id, new TriggerBook());
      this.riskBooks.set(id, new TriggerBook());
      this.breakEvens.set(id, new TriggerBook());
    }
  }

  /** Hands over what changed since the last call. */
  take(): Effects {
    const out = this.fx;
    this.fx = newEffects();
    return out;
  }

  // ---- loading -----------------------------------------------------------------------------------

  addBook(book: Book): void {
    // Its orders are kept in an OrderMap, which keeps the sums the margin of opening orders needs (order-map.ts).
    if (!(book.orders instanceof OrderMap)) book.orders = OrderMap.of(book.orders.values());
    this.books.set(book.id, book);
    let mine = this.byCustomer.get(book.customerId);
    if (!mine) this.byCustomer.set(book.customerId, (mine = new Set()));
    mine.add(book);
    for (const p of book.positions.values()) {
      this.hold(p);
      if (p.breakEven && !p.breakEven.done) this.indexBreakEven(p);
    }
    if (book.positions.size > 0) this.refreshRisk(book);
  }

  /** Restores a working order read from the store (its book must be added first). */
  restoreOrder(o: Order): void {
    this.seq = Math.max(this.seq, o.seq);
    const book = this.books.get(o.accountId);
    if (!book) return;
    book.orders.set(o.id, o);
    this.open.set(o.id, o);
    if (o.status === 'working') this.index(o);
  }

  rememberClientId(customerId: string, clientOrderId: string, orderId: string): void {
    this.clientIds.set(`${customerId}\u0000${clientOrderId}`, orderId);
  }

  clientOrderHolder(customerId: string, clientOrderId: string): string | undefined {
    return this.clientIds.get(`${customerId}\u0000${clientOrderId}`);
  }

  nextSeq(): number {
    return ++this.seq;
  }

  /** Orders created from now on sort after `seq` (the highest the store holds). */
  seedSeq(seq: number): void {
    this.seq = Math.max(this.seq, seq);
  }

  // ---- reading -----------------------------------------------------------------------------------

  figures(book: Book): Figures {
    return figures(book, this.o.markets, this.o.quote);
  }

  /** How many accounts hold a position in the market. */
  holdersOf(market: string): number {
    return this.holders.get(market)?.size ?? 0;
  }

  order(id: string): Order | undefined {
    return this.open.get(id);
  }

  // ---- placing -----------------------------------------------------------------------------------

  /** Every check a placement makes, without changing anything (preview uses it as is). */
  evaluate(req: PlaceRequest): Outcome<Evaluation> {
    const book = this.books.get(req.accountId);
    if (!book) return fail('account_not_found');
    // The API checks the stored account first; the engine checks again, since a tick or rollover may have ended
    // or paused the account between that read and this command.
    if (book.status !== 'active') return fail('account_not_tradable', { account_id: book.id, status: book.status, reason: book.statusReason ?? book.status });
    if (book.pausedUntil !== undefined && book.pausedUntil !== null && book.pausedUntil > req.now) return fail('account_paused', { until: book.pausedUntil });
    const m = this.o.markets.get(req.body.market);
    if (!m) return fail('market_not_found', { market: req.body.market });
    const state = this.o.marketState(m.id);
    if (state.status === 'closed') return fail('market_closed', { market: m.id });
    if (state.status === 'halted') return fail('market_halted', { market: m.id });
    const pos = book.positions.get(m.id);
    if (pos?.liquidating) return fail('position_liquidating', { market: m.id });
    const checked = checkOrder(req.body, m, this.o.quote(m.id), req.now);
    if (!checked.ok) return checked;
    const priced = checked.order;
    const fences = req.actor.fences;
    if (fences?.markets && !fences.markets.includes(m.id)) return fail('key_market_not_allowed', { markets: fences.markets });
    if (fences?.reduceOnly && !priced.reduceOnly) return fail('key_reduce_only');
    const stop = req.actor.keyId ? book.keyLoss?.get(req.actor.keyId) : undefined;
    if (stop?.until && stop.until > req.now) return fail('key_loss_stop_active', { unlocks_at: stop.until });
    if (priced.reduceOnly) {
      if (!pos || (priced.side === 'buy') === (pos.side === 'long')) {
        return fail('reduce_only_violation', { position: pos ? pos.side : null }, 'A reduce-only order needs a position on the other side to reduce.');
      }
      if (priced.size > pos.size) return fail('reduce_only_violation', { position_size: fmt(pos.size) }, 'A reduce-only order may not be larger than the position.');
    }
    const opening = openingSize({ side: priced.side, size: priced.size, reduceOnly: priced.reduceOnly }, pos);
    if (opening > 0n && !state.offered) return fail('market_not_offered', { market: m.id });
    if (opening > 0n && !book.weekendAllowed && this.o.isWeekend(req.now)) {
      return fail('order_rejected', { reason: 'weekend' }, "The account's rule does not allow opening or adding to positions on a weekend.");
    }
    if (fences?.maxOrderUsd && priced.notional > fences.maxOrderUsd) return fail('key_max_order_notional', { max_order_usd: fmt(fences.maxOrderUsd) });
    const after = net(pos ? { side: pos.side, size: pos.size, entryPrice: pos.entryPrice } : null, priced.side, priced.size, priced.immediate ?? priced.valuePrice).after;
    if (fences?.maxPositionUsd && after && mul(after.size, priced.valuePrice) > fences.maxPositionUsd && opening > 0n) {
      return fail('key_max_position_notional', { max_position_usd: fmt(fences.maxPositionUsd) });
    }
    const exitsOk = this.checkExits(req.exits, priced, opening, pos, m);
    if (exitsOk) return exitsOk;
    if (priced.immediate === null && !priced.expiresUnfilled) {
      if (book.orders.size >= this.o.caps.perAccount) return fail('working_order_cap', { scope: 'account', limit: this.o.caps.perAccount });
      let customerCount = 0;
      for (const b of this.byCustomer.get(book.customerId) ?? []) customerCount += b.orders.size;
      if (customerCount >= this.o.caps.perCustomer) return fail('working_order_cap', { scope: 'customer', limit: this.o.caps.perCustomer });
    }
    const setting = settingOf(book, m);
    const before = this.figures(book);
    const required = divInt(mul(opening, priced.valuePrice), setting.leverage);
    const fee = roundMoney(mul(mul(priced.immediate ?? priced.valuePrice, priced.size), priced.immediate !== null ? m.takerFee : m.makerFee));
    if (book.balance <= 0n) {
      return fail('insufficient_balance', { balance: fmt(book.balance) }, 'The balance does not cover the fee of a new order.');
    }
    if (opening > 0n && required > before.available) {
      return fail('insufficient_margin', { required: fmt(roundMoney(required)), available: fmt(roundMoney(before.available)) });
    }
    const exposure = this.exposure(book, m);
    if (opening > 0n && add(exposure, mul(opening, priced.valuePrice)) > m.exposureCap) {
      return fail('exposure_cap_exceeded', { cap_usd: fmt(m.exposureCap), open_usd: fmt(roundMoney(exposure)) });
    }
    return {
      ok: true,
      value: { priced, market: m, opening, leverage: setting.leverage, mode: setting.mode, required, fee, before, positionAfter: after, exposure: { cap: m.exposureCap, open: exposure } },
    };
  }

  private checkExits(exits: ExitSpec | null, o: PricedOrder, opening: Dec, pos: Position | undefined, m: MarketSpec): { ok: false; rejection: Rejection } | null {
    if (!hasExits(exits)) return null;
    if (o.reduceOnly || opening === ZERO) return fail('invalid_request', { field: 'exits' }, 'Exits attach only to an order that opens, adds to or flips a position.');
    const long = o.side === 'buy';
    const entry = pos && (pos.side === 'long') === long ? pos.entryPrice : (o.immediate ?? o.limitPrice ?? o.stopPrice ?? o.valuePrice);
    // An order that fills now: its exits are placed now, so last matters as it does for a position's.
    const last = o.immediate !== null ? (this.o.quote(m.id)?.last ?? null) : null;
    const refused = exitRefusal(exits, { long, entry, last }, m);
    return refused ? { ok: false, rejection: refused } : null;
  }

  /** The exposure the cap is judged on, for an account and market (a preview shows it whatever its outcome). */
  exposureOf(accountId: string, market: string): { cap: Dec; open: Dec } | null {
    const book = this.books.get(accountId);
    const m = this.o.markets.get(market);
    return book && m ? { cap: m.exposureCap, open: this.exposure(book, m) } : null;
  }

  /** Open notional on the market across the customer's accounts of the same product (CONTRACT §7). */
  private exposure(book: Book, m: MarketSpec): Dec {
    const q = this.o.quote(m.id);
    let total = ZERO;
    for (const b of this.byCustomer.get(book.customerId) ?? []) {
      if (b.product !== book.product) continue;
      const p = b.positions.get(m.id);
      if (p) total = add(total, mul(p.size, q?.last ?? p.entryPrice));
      if (b.orders instanceof OrderMap) {
        total = add(total, fromProducts(b.orders.openingNotionalRaw(m.id, p, q)));
        continue;
      }
      for (const o of b.orders.values()) {
        if (o.market !== m.id) continue;
        const size = openingSize(o, p);
        if (size > 0n) total = add(total, mul(size, orderValuePrice(o, q)));
      }
    }
    return total;
  }

  /**
   * The order as the API knows it when the engine's answer was lost (SPEC: 202, status unconfirmed). It is
   * stored but not on the engine; it settles once the engine's answer comes (placeUnconfirmed) or never does
   * (settleLost).
   */
  unconfirmed(req: PlaceRequest): Order {
    const book = this.books.get(req.accountId)!;
    const b = req.body;
    const d = (t: string | undefined) => (t === undefined ? null : (parseDec(t) ?? null));
    const o: Order = {
      id: req.orderId ?? this.o.newId('ord'),
      seq: this.nextSeq(),
      clientOrderId: b.client_order_id ?? null,
      accountId: book.id,
      customerId: book.customerId,
      keyId: req.actor.keyId,
      market: b.market,
      side: b.side,
      type: b.type,
      status: transition('pending', 'lose_answer'),
      size: d(b.size) ?? ZERO,
      filledSize: ZERO,
      limitPrice: d(b.limit_price),
      stopPrice: d(b.stop_price),
      worstPrice: d(b.worst_price),
      reduceOnly: b.reduce_only ?? false,
      postOnly: b.post_only ?? false,
      tif: b.time_in_force ?? (b.type === 'market' ? 'ioc' : 'gtc'),
      expiresAt: b.expires_at ?? null,
      origin: req.actor.origin,
      exits: req.exits,
      ...untouched(req.now),
    };
    if (o.clientOrderId) this.rememberClientId(o.customerId, o.clientOrderId, o.id);
    this.touch(o);
    return o;
  }

  /** The engine never received an unconfirmed order: it ends rejected (CONTRACT §7). */
  settleLost(o: Order, now: number): void {
    o.status = transition(o.status, 'reject');
    o.reject = { code: 'order_rejected', message: 'The order never reached the engine; nothing was placed.' };
    o.updatedAt = now;
    this.touch(o);
    this.emit({ type: 'order.rejected', accountId: o.accountId, at: now, source: sourceOf(o.origin), order: o });
  }

  /** The engine's late answer for an unconfirmed order: placed now, or rejected with the code a placement gets. */
  settleLate(shell: Order, req: PlaceRequest): Order {
    const r = this.place({ ...req, orderId: shell.id });
    if (r.ok) return r.value;
    shell.status = transition(shell.status, 'reject');
    shell.reject = r.rejection;
    shell.updatedAt = req.now;
    this.touch(shell);
    this.emit({ type: 'order.rejected', accountId: shell.accountId, at: req.now, source: sourceOf(shell.origin), order: shell });
    return shell;
  }

  place(req: PlaceRequest): Outcome<Order> {
    const ev = this.evaluate(req);
    if (!ev.ok) return ev;
    const { priced } = ev.value;
    const book = this.books.get(req.accountId)!;
    const o: Order = {
      id: req.orderId ?? this.o.newId('ord'),
      seq: this.nextSeq(),
      clientOrderId: req.body.client_order_id ?? null,
      accountId: book.id,
      customerId: book.customerId,
      keyId: req.actor.keyId,
      market: priced.market,
      side: priced.side,
      type: priced.type,
      status: 'pending',
      size: priced.size,
      filledSize: ZERO,
      limitPrice: priced.limitPrice,
      stopPrice: priced.stopPrice,
      worstPrice: priced.worstPrice,
      reduceOnly: priced.reduceOnly,
      postOnly: priced.postOnly,
      tif: priced.tif,
      expiresAt: priced.expiresAt,
      origin: req.actor.origin,
      exits: req.exits,
      ...untouched(req.now),
      keyLossStop: req.actor.fences?.lossStopUsd ?? null,
    };
    if (o.clientOrderId) this.rememberClientId(o.customerId, o.clientOrderId, o.id);
    o.status = transition(o.status, 'accept');
    book.orders.set(o.id, o);
    this.open.set(o.id, o);
    this.touch(o);
    this.emit({ type: 'order.created', accountId: o.accountId, at: req.now, source: sourceOf(o.origin), order: o });
    if (priced.immediate !== null) this.fill(o, priced.immediate, req.now, 'taker');
    else if (priced.expiresUnfilled) this.end(o, 'expire', req.now);
    else this.index(o);
    this.judgeDirty(req.now);
    return { ok: true, value: o };
  }

  // ---- fills and positions -----------------------------------------------------------------------

  private fill(o: Order, price: Dec, now: number, liquidity: 'maker' | 'taker', liquidation = false): void {
    const book = this.books.get(o.accountId)!;
    const m = this.o.markets.get(o.market)!;
    let pos = book.positions.get(o.market);
    const side = o.side!;
    if (o.reduceOnly && !liquidation) {
      if (!pos) return this.cancel(o, 'position_closed', now);
      if ((side === 'buy') === (pos.side === 'long')) return this.cancel(o, 'position_reversed', now);
      if (o.size > pos.size) {
        o.size = pos.size;
      }
    }
    if (!o.reduceOnly && o.createdAt !== now) {
      // A resting opening order that triggers must still find its margin (CONTRACT §7).
      const opening = openingSize(o, pos);
      if (opening > 0n && !book.weekendAllowed && this.o.isWeekend(now)) {
        o.reject = { code: 'order_rejected', message: 'Opening orders that trigger on a weekend are rejected by the account rule.', details: { reason: 'weekend' } };
        return this.end(o, 'reject', now);
      }
      if (opening > 0n) {
        const f = this.figures(book);
        const leverage = leverageOf(book, m);
        const own = divInt(mul(opening, orderValuePrice(o, this.o.quote(o.market))), leverage);
        const needed = divInt(mul(opening, price), leverage);
        if (needed > add(f.available, own)) {
          o.reject = { code: 'insufficient_margin', message: 'The margin the order needs was no longer available when it triggered.' };
          return this.end(o, 'reject', now);
        }
      }
    }
    const fee = roundMoney(mul(mul(price, o.size), liquidity === 'maker' ? m.makerFee : m.takerFee));
    const held = pos ? { side: pos.side, size: pos.size, entryPrice: pos.entryPrice } : null;
    const n = net(held, side, o.size, price);
    // Exits are placed once the position shows this fill; their ids are known now, so the order.filled event and the
    // stored order list them (CONTRACT §3: order_id once placed).
    const placesExits = hasExits(o.exits) && (n.kind === 'opened' || n.kind === 'added' || n.kind === 'flipped');
    if (placesExits) o.exitOrderIds = { takeProfit: o.exits!.takeProfit ? this.o.newId('ord') : null, stopLoss: o.exits!.stopLoss ? this.o.newId('ord') : null };
    book.balance = sub(add(book.balance, n.realized), fee);
    this.fx.balances.set(book.id, book.balance);
    this.afterFill(book, o, n.realized, fee, now);
    o.status = transition(o.status, 'fill');
    o.filledSize = o.size;
    o.averageFillPrice = price;
    o.fee = fee;
    o.filledAt = now;
    o.updatedAt = now;
    this.unindex(o);
    book.orders.delete(o.id);
    this.open.delete(o.id);
    this.touch(o);
    const fill: Fill = {
      id: this.o.newId('fil'),
      orderId: o.id,
      accountId: o.accountId,
      market: o.market,
      side,
      size: o.size,
      price,
      fee,
      liquidation,
      realizedPnl: n.realized,
      filledAt: now,
    };
    this.fx.fills.push(fill);
    const source = sourceOf(o.origin);
    this.emit({ type: 'order.filled', accountId: o.accountId, at: now, source, order: o });
    this.emit({ type: 'fill.created', accountId: o.accountId, at: now, source, fill });

    const setting = settingOf(book, m);
    const previous = pos ? pos.size : ZERO;
    if (n.kind === 'opened' || n.kind === 'flipped') {
      if (pos && n.kind === 'flipped') this.closePositionRecord(book, pos, now, 'reversed', n.realized, 'position_reversed');
      const after = n.after!;
      pos = {
        accountId: book.id,
        market: o.market,
        side: after.side,
        size: after.size,
        entryPrice: after.entryPrice,
        realizedPnl: n.kind === 'flipped' ? ZERO : ZERO,
        leverage: setting.leverage,
        marginMode: setting.mode,
        // Initial margin is money computed at the fill: 8 places, half-even (CONTRACT conventions).
        margin: roundMoney(divInt(mul(after.size, after.entryPrice), setting.leverage)),
        takeProfitId: null,
        stopLossId: null,
        breakEven: null,
        liquidating: false,
        openedAt: now,
        updatedAt: now,
      };
      book.positions.set(o.market, pos);
      this.hold(pos);
      this.touchPosition(pos);
      this.emit({ type: 'position.opened', accountId: book.id, at: now, source: 'engine', position: pos });
    } else if (n.kind === 'closed') {
      this.closePositionRecord(book, pos!, now, o.exitKind ? 'exit' : liquidation ? 'liquidation' : (o.closeReason ?? 'user'), n.realized, 'position_closed', o);
      pos = undefined;
    } else {
      const p = pos!;
      const after = n.after!;
      if (p.marginMode === 'isolated') {
        p.margin = roundMoney(n.kind === 'added' ? add(p.margin, divInt(mul(o.size, price), p.leverage)) : div(mul(p.margin, after.size), p.size));
      } else {
        p.margin = roundMoney(divInt(mul(after.size, after.entryPrice), p.leverage));
      }
      p.size = after.size;
      p.entryPrice = after.entryPrice;
      p.realizedPnl = add(p.realizedPnl, n.realized);
      p.updatedAt = now;
      this.resizeExits(p, now);
      this.touchPosition(p);
      this.emit({ type: 'position.changed', accountId: book.id, at: now, source: 'engine', position: p, previousSize: previous });
    }
    if (pos && placesExits) {
      this.placeExits(pos, o.exits!, o.origin, now, { keyId: o.keyId, lossStop: o.keyLossStop ?? null }, o.exitOrderIds!);
    }
    // The closed trade's point of the equity curve, taken once the position shows the fill: the P&L it realized
    // is in the balance and no longer in the open position's unrealized P&L.
    if (book.rule && book.rules && n.realized !== ZERO) {
      this.fx.equity.push({ accountId: book.id, resolution: 'trade', time: now, equity: this.figures(book).equity, balance: book.balance });
    }
  }

  private closePositionRecord(book: Book, p: Position, now: number, reason: CloseReason, realized: Dec, exitReason: CancelReason, by?: Order): void {
    p.realizedPnl = add(p.realizedPnl, realized);
    const closed: Position = { ...p, size: ZERO, updatedAt: now };
    book.positions.delete(p.market);
    this.holders.get(p.market)?.delete(book.id);
    this.breakEvens.get(p.market)?.remove(book.id);
    this.dirty.add(book.id);
    for (const id of [p.takeProfitId, p.stopLossId]) {
      if (!id || id === by?.id) continue;
      const exit = this.open.get(id);
      if (exit) this.cancel(exit, by?.exitKind ? 'oco' : exitReason, now);
    }
    this.fx.positions.set(`${book.id}\u0000${p.market}`, { accountId: book.id, market: p.market, position: null });
    this.emit({ type: 'position.closed', accountId: book.id, at: now, source: 'engine', closedPosition: closed, previousSize: p.size, closeReason: reason });
  }

  // ---- exits -------------------------------------------------------------------------------------

  private exitOrder(p: Position, kind: 'take_profit' | 'stop_loss', origin: Origin, now: number, id: string | null = null): Order {
    const book = this.books.get(p.accountId)!;
    return {
      id: id ?? this.o.newId('ord'),
      seq: this.nextSeq(),
      clientOrderId: null,
      accountId: p.accountId,
      customerId: book.customerId,
      keyId: null,
      market: p.market,
      side: opposite(p),
      type: kind === 'take_profit' ? 'take_market' : 'stop_market',
      status: 'pending',
      size: p.size,
      filledSize: ZERO,
      limitPrice: null,
      stopPrice: null,
      worstPrice: null,
      reduceOnly: true,
      postOnly: false,
      tif: 'gtc',
      expiresAt: null,
      origin,
      exits: null,
      ...untouched(now),
      exitKind: kind,
    };
  }

  /**
   * Replaces a position's exits (old ones canceled `replaced`); null parts remove that exit. `by`: the key that
   * set them (with the order they came with, or PUT exits) — their fills count toward its loss stop.
   */
  placeExits(
    p: Position,
    spec: ExitSpec,
    origin: Origin,
    now: number,
    by: { keyId: string | null; lossStop: Dec | null } | null = null,
    ids: { takeProfit: string | null; stopLoss: string | null } | null = null,
  ): void {
    const book = this.books.get(p.accountId)!;
    for (const id of [p.takeProfitId, p.stopLossId]) {
      const old = id ? this.open.get(id) : undefined;
      if (old) this.cancel(old, 'replaced', now);
    }
    p.takeProfitId = null;
    p.stopLossId = null;
    p.breakEven = null;
    const last = this.o.quote(p.market)?.last ?? p.entryPrice;
    const add = (o: Order) => {
      if (by) {
        o.keyId = by.keyId;
        o.keyLossStop = by.lossStop;
      }
      o.status = transition(o.status, 'accept');
      book.orders.set(o.id, o);
      this.open.set(o.id, o);
      this.touch(o);
      this.emit({ type: 'order.created', accountId: o.accountId, at: now, source: sourceOf(origin), order: o });
      if (this.deferred) this.deferred.push(o);
      else this.index(o);
    };
    if (spec.takeProfit) {
      const o = this.exitOrder(p, 'take_profit', origin, now, ids?.takeProfit ?? null);
      o.stopPrice = spec.takeProfit.price;
      if (spec.takeProfit.limitPrice !== null) {
        o.type = 'take_limit';
        o.limitPrice = spec.takeProfit.limitPrice;
      }
      p.takeProfitId = o.id;
      add(o);
    }
    if (spec.stopLoss) {
      const o = this.exitOrder(p, 'stop_loss', origin, now, ids?.stopLoss ?? null);
      o.stopPrice = spec.stopLoss.price;
      o.trailingDistance = spec.stopLoss.trailingDistance;
      o.trailingAnchor = spec.stopLoss.trailingDistance !== null ? last : null;
      p.stopLossId = o.id;
      add(o);
    }
    this.breakEvens.get(p.market)?.remove(p.accountId);
    if (spec.breakEven) {
      p.breakEven = { ...spec.breakEven, done: false };
      this.indexBreakEven(p);
    }
    p.updatedAt = now;
    this.touchPosition(p);
  }

  private resizeExits(p: Position, now: number): void {
    for (const id of [p.takeProfitId, p.stopLossId]) {
      const o = id ? this.open.get(id) : undefined;
      if (o && o.size !== p.size) {
        const from = fmt(o.size);
        o.size = p.size;
        o.updatedAt = now;
        this.touch(o);
        // Like a break-even move: the exit changed without a call, so event followers learn its new size.
        this.emit({ type: 'order.edited', accountId: o.accountId, at: now, source: 'engine', order: o, changes: { size: { from, to: fmt(o.size) } } });
      }
    }
  }

  /**
   * Moves a trailing stop with the best last since placement; it only tightens and emits no event. Called when last
   * passes the stop's level in the trailing index, so the stop tightens here (unless it was placed looser than
   * anchor ∓ distance and last has only just passed the anchor).
   */
  private trail(o: Order, last: Dec, now: number): boolean {
    if (o.trailingDistance === null || o.trailingAnchor === null) return false;
    const long = o.side === 'sell';
    const anchor = long ? (last > o.trailingAnchor ? last : o.trailingAnchor) : last < o.trailingAnchor ? last : o.trailingAnchor;
    if (anchor === o.trailingAnchor) return false;
    o.trailingAnchor = anchor;
    this.touch(o);
    const candidate = long ? sub(anchor, o.trailingDistance) : add(anchor, o.trailingDistance);
    if (!(long ? candidate > o.stopPrice! : candidate < o.stopPrice!)) return false;
    o.stopPrice = candidate;
    o.updatedAt = now;
    this.index(o);
    return true;
  }

  /** Break-even: once last reaches the trigger, the stop goes to entry ± offset ticks if that is tighter. */
  private breakEven(p: Position, q: Quote, now: number): void {
    const be = p.breakEven;
    if (!be || be.done) return;
    const long = p.side === 'long';
    if (!(long ? q.last >= be.triggerPrice : q.last <= be.triggerPrice)) return;
    const m = this.o.markets.get(p.market)!;
    const offset = mul(m.tick, fromInt(be.offsetTicks));
    const target = long ? floorToStep(add(p.entryPrice, offset), m.tick) : ceilToStep(sub(p.entryPrice, offset), m.tick);
    be.done = true;
    p.updatedAt = now;
    this.touchPosition(p);
    const sl = p.stopLossId ? this.open.get(p.stopLossId) : undefined;
    if (sl) {
      if (long ? target > sl.stopPrice! : target < sl.stopPrice!) {
        const from = fmt(sl.stopPrice!);
        sl.stopPrice = target;
        sl.updatedAt = now;
        this.touch(sl);
        if (this.deferred === null) this.index(sl);
        else this.deferred.push(sl);
        this.emit({ type: 'order.edited', accountId: p.accountId, at: now, source: 'engine', order: sl, changes: { stop_price: { from, to: fmt(target) } } });
      }
      return;
    }
    const tp = p.takeProfitId ? this.open.get(p.takeProfitId) : undefined;
    const by = tp ? { keyId: tp.keyId, lossStop: tp.keyLossStop ?? null } : null;
    this.placeExits(p, { takeProfit: tp ? { price: tp.stopPrice!, limitPrice: tp.limitPrice } : null, stopLoss: { price: target, trailingDistance: null }, breakEven: null }, tp?.origin ?? 'api', now, by);
    be.done = true;
  }

  // ---- ticks -------------------------------------------------------------------------------------

  /** A new quote: trailing stops and break-evens move, then resting orders it reached fill in path order. */
  onQuote(market: string, q: Quote): void {
    const m = this.o.markets.get(market);
    const book = this.triggers.get(market);
    if (!m || !book) return;
    const prev = this.last.get(market);
    this.last.set(market, q.last);
    const rising = prev === undefined || q.last >= prev;
    const now = q.time;
    this.tickTime = now;
    this.deferred = [];
    try {
      const trailing = this.trailing.get(market);
      if (trailing && trailing.size > 0) {
        // Taken out first, then moved and put back at their new anchor (= last, not due again on this tick).
        const due: Trigger[] = [];
        for (let t = trailing.next(q.last, rising); t; t = trailing.next(q.last, rising)) due.push(t);
        for (const t of due) {
          const o = this.open.get(t.id);
          if (!o) continue;
          // Put back at its new level (not due again on this tick), unless moving it re-indexed it already.
          if (!(o.status === 'working' && this.trail(o, q.last, now))) this.indexTrail(o);
        }
      }
      const bes = this.breakEvens.get(market)!;
      for (let t = bes.next(q.last, rising); t; t = bes.next(q.last, rising)) {
        const p = this.books.get(t.id)?.positions.get(market);
        if (p) this.breakEven(p, q, now);
      }
      const state = this.o.marketState(market);
      if (state.status === 'open') {
        for (let t = book.next(q.last, rising); t; t = book.next(q.last, rising)) this.onTrigger(t, q, m, now);
      }
    } finally {
      const deferred = this.deferred;
      this.deferred = null;
      for (const o of deferred) if (this.open.get(o.id) === o && o.status === 'working') this.index(o);
    }
    // Risk: only the accounts whose band this tick left (no allocation on the ticks that leave none).
    let touched: Set<string> | null = null;
    const risk = this.riskBooks.get(market)!;
    for (let t = risk.next(q.last, rising); t; t = risk.next(q.last, rising)) (touched ??= new Set()).add(t.id.slice(0, t.id.lastIndexOf('\u0000')));
    if (this.o.fullScan) for (const id of this.holders.get(market) ?? []) (touched ??= new Set()).add(id);
    for (const id of touched ?? []) {
      const book = this.books.get(id);
      if (!book) continue;
      this.stats.riskLooks++;
      this.checkLiquidation(book, now);
      this.dirty.add(id);
    }
    this.onTime(now);
    this.judgeDirty(now);
  }

  /** Liquidates what is due on the account: isolated positions on their own margin, cross ones on equity. */
  private checkLiquidation(book: Book, now: number): void {
    let equity = book.balance;
    let maintenance = ZERO;
    for (const p of book.positions.values()) {
      const last = this.o.quote(p.market)?.last ?? p.entryPrice;
      equity = add(equity, unrealized(p, last));
      if (p.marginMode === 'cross') maintenance = add(maintenance, mul(mul(p.size, last), this.o.markets.get(p.market)!.maintenanceRate));
    }
    for (const p of [...book.positions.values()]) {
      const q = this.o.quote(p.market);
      if (!q) continue;
      const m = this.o.markets.get(p.market)!;
      const due =
        p.marginMode === 'isolated'
          ? add(p.margin, unrealized(p, q.last)) <= mul(mul(p.size, q.last), m.maintenanceRate)
          : maintenance > 0n && equity <= maintenance;
      if (due) this.liquidate(book, p, q, now);
    }
  }

  private indexBreakEven(p: Position): void {
    if (!p.breakEven) return;
    this.breakEvens.get(p.market)?.add({ id: p.accountId, seq: 0, price: p.breakEven.triggerPrice, strict: false, direction: p.side === 'long' ? 'up' : 'down' });
  }

  /**
   * Re-derives the account's risk bands in every market it holds (after anything about it changed). A bound that
   * did not move and is still indexed stays where it is; the others are taken out and put back at their new price.
   */
  private refreshRisk(book: Book): void {
    const before = this.riskBands.get(book.id);
    const next = bands(book, this.o.markets, this.o.quote);
    let ids = this.riskIds.get(book.id);
    if (!ids) this.riskIds.set(book.id, (ids = [`${book.id}\u0000lo`, `${book.id}\u0000hi`]));
    const [lo, hi] = ids;
    if (before) {
      for (const [market, old] of before) {
        const band = next.get(market);
        const rb = this.riskBooks.get(market)!;
        if (band?.lo !== old.lo) rb.remove(lo);
        if (band?.hi !== old.hi) rb.remove(hi);
      }
    }
    for (const [market, band] of next) {
      const rb = this.riskBooks.get(market)!;
      // Popped when crossed: a bound at the same price is put back unless it is still there.
      if (band.lo !== null && !rb.has(lo)) rb.add({ id: lo, seq: 0, price: band.lo, strict: false, direction: 'down' });
      if (band.hi !== null && !rb.has(hi)) rb.add({ id: hi, seq: 0, price: band.hi, strict: false, direction: 'up' });
    }
    if (next.size > 0) this.riskBands.set(book.id, next);
    else {
      this.riskBands.delete(book.id);
      this.riskIds.delete(book.id);
    }
  }

  private onTrigger(t: Trigger, q: Quote, m: MarketSpec, now: number): void {
    const o = this.open.get(t.id);
    if (!o || o.status !== 'working') return;
    const out = judge(o as Triggerable, q, m.tick);
    if (out.latch) {
      o.triggered = true;
      o.updatedAt = now;
      this.touch(o);
    }
    if (out.price !== null) this.fill(o, out.price, now, o.type === 'limit' ? 'maker' : 'taker');
    else this.index(o);
  }

  private liquidate(book: Book, p: Position, q: Quote, now: number): void {
    const state = this.o.marketState(p.market);
    const m = this.o.markets.get(p.market)!;
    if (state.status !== 'open' || now - q.time > m.staleAfterMs) {
      if (!p.liquidating) {
        p.liquidating = true;
        this.touchPosition(p);
      }
      return;
    }
    const o = this.systemOrder(p, now, 'system');
    this.fill(o, p.side === 'long' ? q.bid : q.ask, now, 'taker', true);
  }

  /** A market order that closes the whole position (close requests, rules, restart, liquidation). */
  private systemOrder(p: Position, now: number, origin: Origin): Order {
    const book = this.books.get(p.accountId)!;
    const o = this.exitOrder(p, 'stop_loss', origin, now);
    o.type = 'market';
    o.exitKind = null;
    o.tif = 'ioc';
    o.status = transition(o.status, 'accept');
    book.orders.set(o.id, o);
    this.open.set(o.id, o);
    this.touch(o);
    this.emit({ type: 'order.created', accountId: o.accountId, at: now, source: sourceOf(origin), order: o });
    return o;
  }

  // ---- cancels, closes, edits --------------------------------------------------------------------

  cancel(o: Order, reason: CancelReason, now: number): void {
    const e = cancelOrder(o, reason, now);
    this.finish(o);
    this.emit(e);
  }

  private end(o: Order, how: 'expire' | 'reject', now: number): void {
    o.status = transition(o.status, how);
    o.updatedAt = now;
    if (how === 'expire') o.canceledAt = now;
    this.finish(o);
    this.emit({ type: how === 'expire' ? 'order.expired' : 'order.rejected', accountId: o.accountId, at: now, source: sourceOf(o.origin), order: o });
  }

  private finish(o: Order): void {
    this.unindex(o);
    this.books.get(o.accountId)?.orders.delete(o.id);
    this.open.delete(o.id);
    const p = this.books.get(o.accountId)?.positions.get(o.market);
    if (p && (p.takeProfitId === o.id || p.stopLossId === o.id)) {
      if (p.takeProfitId === o.id) p.takeProfitId = null;
      if (p.stopLossId === o.id) p.stopLossId = null;
      this.touchPosition(p);
    }
    this.touch(o);
  }

  /** Cancels the account's working orders (all, or one market's; a key limited to markets reaches only those). */
  cancelAll(accountId: string, market: string | null, allowed: string[] | null, reason: CancelReason, now: number): number {
    const book = this.books.get(accountId);
    if (!book) return 0;
    let n = 0;
    for (const o of [...book.orders.values()]) {
      if (o.status !== 'working') continue;
      if (market && o.market !== market) continue;
      if (allowed && !allowed.includes(o.market)) continue;
      this.cancel(o, reason, now);
      n++;
    }
    return n;
  }

  /**
   * Closes a whole position at the market (bid for a long, ask for a short). `by`: the key whose request closes
   * it — the closing order is placed with that key, so its fill counts toward the key's loss stop.
   */
  closePosition(
    accountId: string,
    market: string,
    reason: CloseReason,
    now: number,
    origin: Origin = 'api',
    by: { keyId: string | null; lossStop: Dec | null } | null = null,
  ): Outcome<Order> {
    const book = this.books.get(accountId);
    const p = book?.positions.get(market);
    if (!book || !p) return fail('position_not_found', { market });
    const m = this.o.markets.get(market)!;
    const state = this.o.marketState(market);
    if (state.status === 'closed') return fail('market_closed', { market });
    if (state.status === 'halted') return fail('market_halted', { market });
    const q = this.o.quote(market);
    if (!q) return fail('no_price', { market });
    if (now - q.time > m.staleAfterMs) return fail('stale_quote', { market });
    for (const o of [...book.orders.values()]) {
      if (o.market === market && o.reduceOnly && o.exitKind === null && o.status === 'working') this.cancel(o, reason === 'close_all' ? 'close_all' : 'close_assist', now);
    }
    const o = this.systemOrder(p, now, origin);
    o.closeReason = reason;
    if (by) {
      o.keyId = by.keyId;
      o.keyLossStop = by.lossStop;
    }
    this.fill(o, p.side === 'long' ? q.bid : q.ask, now, 'taker');
    this.judgeDirty(now);
    return { ok: true, value: o };
  }

  /**
   * Edits a working order (size, limit_price, stop_price, expires_at, exits): the edited order passes every
   * check a new placement would (with its own reservation set aside) and may not fill at once.
   */
  edit(
    accountId: string,
    orderId: string,
    patch: { size?: string; limit_price?: string; stop_price?: string; expires_at?: number | null; exits?: ExitPatch | null },
    fences: Fences | null,
    now: number,
  ): Outcome<Order> {
    const book = this.books.get(accountId);
    const o = this.open.get(orderId);
    if (!book || !o || o.accountId !== accountId) return fail('order_not_found', { order_id: orderId });
    if (o.status !== 'working') return fail('order_not_working', { order_id: orderId, status: o.status });
    if (o.exitKind !== null || o.side === null || (o.type !== 'limit' && o.type !== 'stop_market' && o.type !== 'stop_limit')) {
      return fail('invalid_request', { order_id: orderId }, 'Only limit and stop orders placed through the API can be edited; exits are changed through the position.');
    }
    const body: OrderBody = {
      market: o.market,
      side: o.side,
      type: o.type,
      size: patch.size ?? fmt(o.size),
      ...(o.limitPrice !== null || patch.limit_price !== undefined ? { limit_price: patch.limit_price ?? fmt(o.limitPrice!) } : {}),
      ...(o.stopPrice !== null || patch.stop_price !== undefined ? { stop_price: patch.stop_price ?? fmt(o.stopPrice!) } : {}),
      reduce_only: o.reduceOnly ?? false,
      post_only: o.postOnly,
      time_in_force: o.tif,
      ...((patch.expires_at !== undefined ? patch.expires_at : o.expiresAt) !== null ? { expires_at: (patch.expires_at !== undefined ? patch.expires_at : o.expiresAt)! } : {}),
    };
    if (o.triggered && o.type === 'stop_limit' && patch.stop_price !== undefined) {
      return fail('invalid_request', { field: 'stop_price' }, 'The stop of this order has already triggered.');
    }
    // Exits given replace those parts of the pending exits (null removes one, or all when exits is null).
    const exits = patch.exits !== undefined ? mergeExits(o.exits, patch.exits) : o.exits;
    book.orders.delete(o.id);
    let ev: Outcome<Evaluation>;
    try {
      ev = this.evaluate({ accountId, body, exits, actor: { keyId: o.keyId, fences, origin: o.origin }, now });
    } finally {
      book.orders.set(o.id, o);
    }
    if (!ev.ok) return ev;
    if (ev.value.priced.immediate !== null) return fail('invalid_request', { reason: 'would_fill' }, 'The edited order would fill at once; cancel it and place a new one instead.');
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const p = ev.value.priced;
    const set = (field: string, from: unknown, to: unknown) => {
      if (from !== to) changes[field] = { from, to };
    };
    set('size', fmt(o.size), fmt(p.size));
    set('limit_price', o.limitPrice === null ? null : fmt(o.limitPrice), p.limitPrice === null ? null : fmt(p.limitPrice));
    set('stop_price', o.stopPrice === null ? null : fmt(o.stopPrice), p.stopPrice === null ? null : fmt(p.stopPrice));
    set('expires_at', o.expiresAt, p.expiresAt);
    const exitsFrom = exitsList(o);
    const exitsTo = exitsList({ ...o, exits });
    if (JSON.stringify(exitsFrom) !== JSON.stringify(exitsTo)) changes.exits = { from: exitsFrom, to: exitsTo };
    if (Object.keys(changes).length === 0) return { ok: true, value: o };
    o.size = p.size;
    o.limitPrice = p.limitPrice;
    o.stopPrice = p.stopPrice;
    o.expiresAt = p.expiresAt;
    o.exits = exits;
    o.updatedAt = now;
    book.orders.set(o.id, o); // again: the OrderMap takes the new size and prices into the account's reservation
    this.index(o);
    this.touch(o);
    this.emit({ type: 'order.edited', accountId, at: now, source: sourceOf(o.origin), order: o, changes });
    return { ok: true, value: o };
  }

  /**
   * Replaces a position's exits (PUT …/exits; null parts remove that exit), judged by the same rule as exits placed
   * with an order. `by`: the key that set them (their fills count toward its loss stop).
   */
  setExits(accountId: string, market: string, spec: ExitSpec, now: number, by: { keyId: string | null; lossStop: Dec | null } | null): Outcome<Position> {
    const p = this.books.get(accountId)?.positions.get(market);
    const m = this.o.markets.get(market);
    if (!p || !m) return fail('position_not_found', { market });
    if (hasExits(spec)) {
      const refused = exitRefusal(spec, { long: p.side === 'long', entry: p.entryPrice, last: this.o.quote(market)?.last ?? null }, m);
      if (refused) return { ok: false, rejection: refused };
    }
    this.placeExits(p, spec, 'api', now, by);
    return { ok: true, value: p };
  }

  // ---- margin ------------------------------------------------------------------------------------

  /** Saves the leverage and mode new positions on the market get (an open position keeps its own). */
  setMargin(accountId: string, market: string, leverage: number | undefined, mode: 'isolated' | 'cross' | undefined): Outcome<{ leverage: number; mode: 'isolated' | 'cross' }> {
    const book = this.books.get(accountId);
    const m = this.o.markets.get(market);
    if (!book || !m) return fail('market_not_found', { market });
    if (leverage !== undefined && (!Number.isInteger(leverage) || leverage < 1 || leverage > m.maxLeverage)) {
      return fail('invalid_leverage', { min: 1, max: m.maxLeverage, leverage });
    }
    const current = settingOf(book, m);
    const saved = book.margin.get(market) ?? { leverage: m.defaultLeverage, mode: 'cross' as const };
    if (mode !== undefined && mode !== current.mode && marginLocked(book, market)) return fail('margin_mode_locked', { market, margin_mode: current.mode });
    const next = { leverage: leverage ?? saved.leverage, mode: mode ?? saved.mode };
    book.margin.set(market, next);
    this.fx.margins.set(`${accountId}\u0000${market}`, { accountId, market, ...next });
    return { ok: true, value: next };
  }

  /** Adds (+) or removes (−) margin of an isolated position. */
  adjustMargin(accountId: string, market: string, amount: Dec, now: number): Outcome<Position> {
    const book = this.books.get(accountId);
    const p = book?.positions.get(market);
    if (!book || !p) return fail('position_not_found', { market });
    if (p.marginMode !== 'isolated') return fail('position_not_isolated', { market, margin_mode: p.marginMode });
    const m = this.o.markets.get(market)!;
    if (amount > 0n) {
      const f = this.figures(book);
      if (amount > f.available) return fail('insufficient_balance', { available: fmt(roundMoney(f.available)), amount: fmt(amount) });
    } else {
      const margin = add(p.margin, amount);
      const last = this.o.quote(market)?.last ?? p.entryPrice;
      const notionalEntry = mul(p.entryPrice, p.size);
      const liq = p.side === 'long'
        ? div(sub(notionalEntry, margin), mul(p.size, sub(fromInt(1), m.maintenanceRate)))
        : div(add(notionalEntry, margin), mul(p.size, add(fromInt(1), m.maintenanceRate)));
      if (margin <= 0n || (p.side === 'long' ? liq >= last : liq <= last)) {
        // Shown on the tick, toward the position's side, as the position's liquidation_price is.
        const shown = p.side === 'long' ? ceilToStep(liq, m.tick) : floorToStep(liq, m.tick);
        return fail('liquidation_risk', { market, liquidation_price: fmt(shown), last: fmt(last) });
      }
    }
    p.margin = add(p.margin, amount);
    p.updatedAt = now;
    this.touchPosition(p);
    this.dirty.add(accountId);
    this.judgeDirty(now);
    this.emit({ type: 'position.changed', accountId, at: now, source: 'engine', position: p, previousSize: p.size });
    return { ok: true, value: p };
  }

  /** Expires gtd orders whose time has come. */
  onClock(now: number): void {
    for (const o of [...this.open.values()]) {
      if (o.status === 'working' && o.tif === 'gtd' && o.expiresAt !== null && o.expiresAt <= now) this.end(o, 'expire', now);
    }
    this.onTime(now);
    this.judgeDirty(now);
  }

  /**
   * The engine-restart transition (SPEC): every working order canceled `system_restart`, every position closed
   * at the last stored quote, nothing re-placed; one engine.restarted per affected account. `canceledBefore`:
   * the orders start-up canceled in the store before loading the engine, per account (the position's exits among
   * them: closing it finds none to cancel).
   */
  restart(environment: string, now: number, canceledBefore: ReadonlyMap<string, number> = new Map()): void {
    for (const book of this.books.values()) {
      let canceled = canceledBefore.get(book.id) ?? 0;
      let closed = 0;
      for (const o of [...book.orders.values()]) {
        if (isOpen(o.status)) {
          this.cancel(o, 'system_restart', now);
          canceled++;
        }
      }
      for (const p of [...book.positions.values()]) {
        const q = this.o.quote(p.market);
        const price = q ? (p.side === 'long' ? q.bid : q.ask) : p.entryPrice;
        const o = this.systemOrder(p, now, 'system');
        o.closeReason = 'system_restart';
        this.fill(o, price, now, 'taker');
        closed++;
      }
      if (canceled + closed > 0) {
        this.emit({ type: 'engine.restarted', accountId: book.id, at: now, source: 'engine', restart: { environment, canceled_orders: canceled, closed_positions: closed } });
      }
    }
  }

  // ---- account rules and key loss stops -------------------------------------------------------------

  /** What a fill means for the rule (trading day, references) and for the loss stop of the key that placed it. */
  private afterFill(book: Book, o: Order, realized: Dec, fee: Dec, now: number): void {
    this.dirty.add(book.id);
    if (book.rules && book.rule) {
      if (o.origin !== 'system') onTrade(book.rules, now);
      if (realized !== ZERO) onClosedTrade(book.rule, book.rules, book.balance);
      this.fx.accounts.set(book.id, book);
      this.dirty.add(book.id);
    }
    if (o.keyId && o.keyLossStop && this.o.calendar) {
      book.keyLoss ??= new Map();
      const day = this.o.calendar.dayStart(now);
      const prev = book.keyLoss.get(o.keyId);
      const tally = prev && prev.dayStart === day ? prev : { dayStart: day, loss: ZERO, until: null };
      tally.loss = add(tally.loss, sub(fee, realized));
      book.keyLoss.set(o.keyId, tally);
      if (tally.until === null && tally.loss >= o.keyLossStop) {
        tally.until = this.o.calendar.nextRollover(now);
        // The key's working orders stop; its exits keep protecting the positions they belong to.
        for (const w of [...book.orders.values()]) {
          if (w.keyId === o.keyId && w.status === 'working' && w.id !== o.id && w.exitKind === null) this.cancel(w, 'key_loss_stop', now);
        }
      }
      this.fx.accounts.set(book.id, book);
    }
  }

  /**
   * Time moved: a new trading day rolls every account over (overnight and weekend closes first). The equity curve
   * gets one `day` point per rollover passed (several when the clock jumped over days with nothing running), and
   * an account that ended (failed, passed, closed) gets the point of the day it ended, then no more.
   */
  private onTime(now: number): void {
    const cal = this.o.calendar;
    if (!cal) return;
    const day = cal.dayStart(now);
    if (day <= this.currentDay) return;
    this.currentDay = day;
    for (const book of this.books.values()) {
      if (!book.rule || !book.rules || book.rules.dayStart >= day) continue;
      if (book.status !== 'active') {
        this.closeCurve(book, day);
        continue;
      }
      const rule = book.rule;
      const close = !rule.overnight_allowed || (!rule.weekend_allowed && this.o.isWeekend(now));
      // Overnight and weekend closes close positions only (CONTRACT §3); their exits go with them (position_closed).
      if (close) this.flattenBook(book, null, 'risk_rule', now);
      const before = this.figures(book);
      for (let r = cal.nextRollover(book.rules.dayStart); r <= day; r = cal.nextRollover(r)) this.dayPoint(book, r, before.equity);
      rollover(rule, book.rules, book.balance, before.equity, day, cal.rolloversBetween(book.rules.dayStart, now));
      // A flatten_and_pause pause ends at the rollover: paused_until is no longer shown once it has passed.
      if (book.pausedUntil !== undefined && book.pausedUntil !== null && book.pausedUntil <= now) book.pausedUntil = null;
      this.fx.accounts.set(book.id, book);
      this.dirty.add(book.id);
    }
  }

  /** The equity curve's point of the trading day that ends at rollover `r` (once per day). */
  private dayPoint(book: Book, r: number, equity: Dec): void {
    const rules = book.rules!;
    if (rules.lastDayPoint !== undefined && rules.lastDayPoint >= r) return;
    rules.lastDayPoint = r;
    this.fx.equity.push({ accountId: book.id, resolution: 'day', time: r, equity, balance: book.balance });
    this.fx.accounts.set(book.id, book);
  }

  /** An account that ended: the day it ended still gets its point when that day rolls over (nothing moves after). */
  private closeCurve(book: Book, day: number): void {
    const r = this.o.calendar!.nextRollover(book.rules!.dayStart);
    if (r <= day) this.dayPoint(book, r, this.figures(book).equity);
  }

  /** Judges every account touched by the command or tick just done, once, in a stable order. */
  private judgeDirty(now: number): void {
    if (this.judging || this.dirty.size === 0) return;
    this.judging = true;
    const judged = new Set<Book>();
    try {
      for (const id of [...this.dirty].sort()) {
        this.dirty.delete(id);
        const book = this.books.get(id);
        if (book) judged.add(book);
        if (!this.o.calendar || !book?.rule || !book.rules || book.status !== 'active') continue;
        const f = this.figures(book);
        observe(book.rule, book.rules, book.balance, f.equity);
        this.fx.accounts.set(book.id, book);
        const verdict = judgeRule(book.rule, book.rules, {
          balance: book.balance,
          equity: f.equity,
          flat: book.positions.size === 0,
          starting: book.startingBalance ?? book.balance,
          calendarDays: this.o.calendar.rolloversBetween(book.createdAt ?? now, now) + 1,
          nextRollover: this.o.calendar.nextRollover(now),
        });
        if (verdict) this.applyVerdict(book, verdict, now);
      }
    } finally {
      this.judging = false;
      for (const id of this.dirty) {
        const book = this.books.get(id);
        if (book) judged.add(book);
      }
      this.dirty.clear();
      for (const book of judged) this.refreshRisk(book);
    }
  }

  /** Fail and pass cancel and close first (CONTRACT §7), so nothing is left that the trader cannot close. */
  private applyVerdict(book: Book, v: Verdict, now: number): void {
    if (v.kind === 'flatten') {
      this.flattenBook(book, 'flatten', 'flatten', now);
      book.rules!.dailyLossActed = true;
      if (v.pauseUntil !== null) book.pausedUntil = v.pauseUntil;
    } else {
      this.flattenBook(book, 'risk_rule', 'risk_rule', now);
      book.status = v.kind === 'fail' ? 'failed' : 'passed';
      book.statusReason = v.kind === 'fail' ? v.reason : 'profit_target';
    }
    this.fx.accounts.set(book.id, book);
  }

  /**
   * Cancels every working order (unless cancelReason is null) and closes every position at the market (or the
   * last price when it has none).
   */
  private flattenBook(book: Book, cancelReason: CancelReason | null, closeReason: CloseReason, now: number): void {
    if (cancelReason !== null) for (const o of [...book.orders.values()]) if (o.status === 'working') this.cancel(o, cancelReason, now);
    for (const p of [...book.positions.values()]) {
      const q = this.o.quote(p.market);
      const o = this.systemOrder(p, now, 'system');
      o.closeReason = closeReason;
      this.fill(o, q ? (p.side === 'long' ? q.bid : q.ask) : p.entryPrice, now, 'taker');
    }
  }

  // ---- indexing and bookkeeping ------------------------------------------------------------------

  private index(o: Order): void {
    const book = this.triggers.get(o.market);
    if (!book) return;
    this.indexTrail(o);
    const t = triggerOf(o);
    if (t) book.add(t);
  }

  /**
   * A trailing stop in its market's trailing index (see `trailing`), at the last beyond which it moves: the anchor
   * or the stop ± the distance, whichever is farther — a best last before that would give no tighter stop.
   */
  private indexTrail(o: Order): void {
    if (o.trailingDistance === null || o.trailingAnchor === null || o.stopPrice === null) return;
    let book = this.trailing.get(o.market);
    if (!book) this.trailing.set(o.market, (book = new TriggerBook()));
    const sell = o.side === 'sell';
    const moves = sell ? max(o.trailingAnchor, add(o.stopPrice, o.trailingDistance)) : min(o.trailingAnchor, sub(o.stopPrice, o.trailingDistance));
    book.add({ id: o.id, seq: o.seq, price: moves, strict: true, direction: sell ? 'up' : 'down' });
  }

  private unindex(o: Order): void {
    this.triggers.get(o.market)?.remove(o.id);
    this.trailing.get(o.market)?.remove(o.id);
  }

  private hold(p: Position): void {
    let set = this.holders.get(p.market);
    if (!set) this.holders.set(p.market, (set = new Set()));
    set.add(p.accountId);
  }

  private touch(o: Order): void {
    this.fx.orders.set(o.id, o);
  }

  private touchPosition(p: Position): void {
    this.fx.positions.set(`${p.accountId}\u0000${p.market}`, { accountId: p.accountId, market: p.market, position: p });
  }

  private emit(e: EngineEvent): void {
    // Events carry snapshots: later changes in the same command must not rewrite what this event says.
    this.fx.events.push({
      ...e,
      ...(e.order ? { order: { ...e.order } } : {}),
      ...(e.position ? { position: { ...e.position, breakEven: e.position.breakEven ? { ...e.position.breakEven } : null } } : {}),
    });
  }

  get lastTickTime(): number {
    return this.tickTime;
  }
}

/** Where an order waits in the trigger book (see fill-rules for the conditions). */
export function triggerOf(o: Order): Trigger | null {
  const buy = o.side === 'buy';
  // Built field by field in one shape (no spread): one is made for every order the engine indexes.
  const at = (direction: 'up' | 'down', price: Dec, strict: boolean): Trigger => ({ direction, price, strict, seq: o.seq, id: o.id });
  switch (o.type) {
    case 'limit':
      return at(buy ? 'down' : 'up', o.limitPrice!, true);
    case 'stop_market':
      return at(buy ? 'up' : 'down', o.stopPrice!, false);
    case 'take_market':
      return at(buy ? 'down' : 'up', o.stopPrice!, false);
    case 'stop_limit':
      return o.triggered ? at(buy ? 'down' : 'up', o.limitPrice!, true) : at(buy ? 'up' : 'down', o.stopPrice!, false);
    case 'take_limit':
      return o.triggered ? at(buy ? 'down' : 'up', o.limitPrice!, true) : at(buy ? 'down' : 'up', o.stopPrice!, false);
    case 'market':
      return null;
  }
}

