import { add, ceilToStep, floorToStep, fmt, fromInt, mul, sub, type Dec } from '../decimal.js';
import type { ExitSpec, Order, Position } from '../state.js';
import { TriggerBook } from '../trigger-book.js';
import type { Origin, Quote, Side } from '../types.js';
import type { BreakEvenIndex, Core } from './core.js';
import { newOrder, type OrderInit } from './order-factory.js';

/**
 * Stage 5, exits: a position's take profit and stop loss are reduce-only orders on the trigger books, placed when
 * the order that carried them fills (or set on the position), resized with the position, and canceled with it
 * (oco); a trailing stop follows the best last, and a break-even moves the stop to the entry once reached.
 */

const opposite = (p: Position): Side => (p.side === 'long' ? 'sell' : 'buy');

/** One of a position's exits (or, made a market order, a system close): reduce-only, the whole position's size. */
export function exitOrder(e: Core, p: Position, kind: 'take_profit' | 'stop_loss', origin: Origin, now: number, extra: Partial<OrderInit> = {}): Order {
  const book = e.books.get(p.accountId)!;
  return newOrder({
    id: extra.id ?? e.o.newId('ord'),
    seq: e.nextSeq(),
    accountId: p.accountId,
    customerId: book.customerId,
    market: p.market,
    side: opposite(p),
    type: kind === 'take_profit' ? 'take_market' : 'stop_market',
    size: p.size,
    reduceOnly: true,
    origin,
    now,
    exitKind: kind,
    ...extra,
  });
}

/**
 * A market order that closes the whole position (close requests, rules, restart, liquidation), admitted; the
 * caller fills it at the bid or ask.
 */
export function systemOrder(e: Core, p: Position, now: number, origin: Origin): Order {
  const o = exitOrder(e, p, 'stop_loss', origin, now, { type: 'market', exitKind: null, tif: 'ioc' });
  e.admit(o, now, 'hold');
  return o;
}

/**
 * Replaces a position's exits (old ones canceled `replaced`); null parts remove that exit. `by`: the key that
 * set them (with the order they came with, or PUT exits) — their fills count toward its loss stop.
 */
export function placeExits(
  e: Core,
  p: Position,
  spec: ExitSpec,
  origin: Origin,
  now: number,
  by: { keyId: string | null; lossStop: Dec | null } | null = null,
  ids: { takeProfit: string | null; stopLoss: string | null } | null = null,
): void {
  for (const id of [p.takeProfitId, p.stopLossId]) {
    const old = id ? e.resting.get(id) : undefined;
    if (old) e.cancel(old, 'replaced', now);
  }
  p.takeProfitId = null;
  p.stopLossId = null;
  p.breakEven = null;
  const last = e.o.quote(p.market)?.last ?? p.entryPrice;
  const key = by ? { keyId: by.keyId, keyLossStop: by.lossStop } : {};
  if (spec.takeProfit) {
    const tp = spec.takeProfit;
    const o = exitOrder(e, p, 'take_profit', origin, now, {
      ...(ids?.takeProfit ? { id: ids.takeProfit } : {}),
      ...key,
      stopPrice: tp.price,
      ...(tp.limitPrice !== null ? { type: 'take_limit' as const, limitPrice: tp.limitPrice } : {}),
    });
    p.takeProfitId = o.id;
    e.admit(o, now, 'rest');
  }
  if (spec.stopLoss) {
    const sl = spec.stopLoss;
    const o = exitOrder(e, p, 'stop_loss', origin, now, {
      ...(ids?.stopLoss ? { id: ids.stopLoss } : {}),
      ...key,
      stopPrice: sl.price,
      trailingDistance: sl.trailingDistance,
      trailingAnchor: sl.trailingDistance !== null ? last : null,
    });
    p.stopLossId = o.id;
    e.admit(o, now, 'rest');
  }
  e.breakEvens.remove(p.market, p.accountId);
  if (spec.breakEven) {
    p.breakEven = { ...spec.breakEven, done: false };
    e.breakEvens.add(p);
  }
  p.updatedAt = now;
  e.journal.position(p);
}

export function resizeExits(e: Core, p: Position, now: number): void {
  for (const id of [p.takeProfitId, p.stopLossId]) {
    const o = id ? e.resting.get(id) : undefined;
    if (o && o.size !== p.size) {
      const from = fmt(o.size);
      o.size = p.size;
      o.updatedAt = now;
      e.journal.order(o);
      // Like a break-even move: the exit changed without a call, so event followers learn its new size.
      e.journal.emit({ type: 'order.edited', accountId: o.accountId, at: now, source: 'engine', order: o, changes: { size: { from, to: fmt(o.size) } } });
    }
  }
}

/**
 * Moves a trailing stop with the best last since placement; it only tightens and emits no event. Called when last
 * passes the stop's level in the trailing index, so the stop tightens here (unless it was placed looser than
 * anchor ∓ distance and last has only just passed the anchor).
 */
function trail(e: Core, o: Order, last: Dec, now: number): boolean {
  if (o.trailingDistance === null || o.trailingAnchor === null) return false;
  const long = o.side === 'sell';
  const anchor = long ? (last > o.trailingAnchor ? last : o.trailingAnchor) : last < o.trailingAnchor ? last : o.trailingAnchor;
  if (anchor === o.trailingAnchor) return false;
  o.trailingAnchor = anchor;
  e.journal.order(o);
  const candidate = long ? sub(anchor, o.trailingDistance) : add(anchor, o.trailingDistance);
  if (!(long ? candidate > o.stopPrice! : candidate < o.stopPrice!)) return false;
  o.stopPrice = candidate;
  o.updatedAt = now;
  e.resting.index(o);
  return true;
}

/** Break-even: once last reaches the trigger, the stop goes to entry ± offset ticks if that is tighter. */
function breakEven(e: Core, p: Position, q: Quote, now: number): void {
  const be = p.breakEven;
  if (!be || be.done) return;
  const long = p.side === 'long';
  if (!(long ? q.last >= be.triggerPrice : q.last <= be.triggerPrice)) return;
  const m = e.o.markets.get(p.market)!;
  const offset = mul(m.tick, fromInt(be.offsetTicks));
  const target = long ? floorToStep(add(p.entryPrice, offset), m.tick) : ceilToStep(sub(p.entryPrice, offset), m.tick);
  be.done = true;
  p.updatedAt = now;
  e.journal.position(p);
  const sl = p.stopLossId ? e.resting.get(p.stopLossId) : undefined;
  if (sl) {
    if (long ? target > sl.stopPrice! : target < sl.stopPrice!) {
      const from = fmt(sl.stopPrice!);
      sl.stopPrice = target;
      sl.updatedAt = now;
      e.journal.order(sl);
      e.resting.indexAfterTriggers(sl);
      e.journal.emit({ type: 'order.edited', accountId: p.accountId, at: now, source: 'engine', order: sl, changes: { stop_price: { from, to: fmt(target) } } });
    }
    return;
  }
  const tp = p.takeProfitId ? e.resting.get(p.takeProfitId) : undefined;
  const by = tp ? { keyId: tp.keyId, lossStop: tp.keyLossStop ?? null } : null;
  placeExits(e, p, { takeProfit: tp ? { price: tp.stopPrice!, limitPrice: tp.limitPrice } : null, stopLoss: { price: target, trailingDistance: null }, breakEven: null }, tp?.origin ?? 'api', now, by);
  be.done = true;
}


/**
 * Positions' pending break-evens by market, indexed by their trigger price (one per position: keyed by the account).
 * Owned by this stage.
 */
export class BreakEvens implements BreakEvenIndex {
  private readonly byMarket = new Map<string, TriggerBook>();

  constructor(markets: Iterable<string>) {
    for (const id of markets) this.byMarket.set(id, new TriggerBook());
  }

  /** The position's pending break-even in its market's index, at its trigger price. */
  add(p: Position): void {
    if (!p.breakEven) return;
    this.byMarket.get(p.market)?.add({ id: p.accountId, seq: 0, price: p.breakEven.triggerPrice, strict: false, direction: p.side === 'long' ? 'up' : 'down' });
  }

  remove(market: string, accountId: string): void {
    this.byMarket.get(market)?.remove(accountId);
  }

  /** The accounts whose break-even in the market a last reached (taken out of the index). */
  *due(market: string, last: Dec, rising: boolean): Generator<string> {
    const bes = this.byMarket.get(market);
    if (!bes) return;
    for (let t = bes.next(last, rising); t; t = bes.next(last, rising)) yield t.id;
  }
}

/**
 * A tick's work on exits before any trigger fills: trailing stops the last moved tighten, then break-evens it
 * reached move their stops. Trailing stops are taken out first, then moved and put back at their new anchor
 * (= last, not due again on this tick).
 */
export function exitsOnQuote(e: Core, market: string, q: Quote, rising: boolean, now: number): void {
  for (const t of e.resting.trailingDue(market, q.last, rising)) {
    const o = e.resting.get(t.id);
    if (!o) continue;
    // Put back at its new level (not due again on this tick), unless moving it re-indexed it already.
    if (!(o.status === 'working' && trail(e, o, q.last, now))) e.resting.indexTrail(o);
  }
  for (const id of e.breakEvens.due(market, q.last, rising)) {
    const p = e.books.get(id)?.positions.get(market);
    if (p) breakEven(e, p, q, now);
  }
}
