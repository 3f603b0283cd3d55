import { add, max, min, sub, type Dec } from '../decimal.js';
import { judge } from '../fill-rules.js';
import { transition } from '../order-status.js';
import type { EngineEvent, Order } from '../state.js';
import { TriggerBook, type Trigger } from '../trigger-book.js';
import type { CancelReason, MarketSpec, Quote, Triggerable } from '../types.js';
import { sourceOf, type Core, type RestingOrders } from './core.js';

/**
 * Stage 3, match: the trigger books and the fill rules. A resting order waits in its market's trigger book at the
 * price that would trigger it; a tick pops only the orders it reached, in path order, and the fill rules
 * (fill-rules.ts) say at what price each fills, if it does. Orders leave their books here too (fill, cancel, end).
 */

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

/**
 * The engine's open orders (working, and pending while a command runs) and where the working ones wait: their
 * market's trigger book, and for a trailing stop the trailing index. Owned by this stage: orders come in when
 * admitted or restored and leave when they end; other stages look orders up and put them on their books here.
 */
export class Resting implements RestingOrders {
  private readonly open = new Map<string, Order>();
  /** Resting orders by market, indexed by the price that triggers them. */
  private readonly triggers = new Map<string, TriggerBook>();
  /**
   * Working trailing stops by market, indexed by the price at which the stop would next move: a sell stop
   * (protecting a long) once last rises above both its anchor and its stop + distance, a buy stop once last falls
   * below both its anchor and its stop − distance. A tick visits only the stops it moves; a new best last that
   * would not tighten the stop changes nothing (the anchor is the last the stop was last moved from).
   */
  private readonly trailing = new Map<string, TriggerBook>();
  /** During a tick: orders whose trigger moved, indexed again once the tick's triggers are done (null otherwise). */
  private deferred: Order[] | null = null;

  constructor(markets: Iterable<string>) {
    for (const id of markets) this.triggers.set(id, new TriggerBook());
  }

  get(id: string): Order | undefined {
    return this.open.get(id);
  }

  values(): IterableIterator<Order> {
    return this.open.values();
  }

  /** The order is open from now on (admitted, or restored from the store). */
  add(o: Order): void {
    this.open.set(o.id, o);
  }

  /** The order ended: off its books, no longer open. */
  remove(o: Order): void {
    this.unindex(o);
    this.open.delete(o.id);
  }

  /** The market's trigger book (undefined: not a market of this engine). */
  book(market: string): TriggerBook | undefined {
    return this.triggers.get(market);
  }

  /** Puts a working order in its market's trigger book (again, at its current trigger, when it is there already). */
  index(o: Order): void {
    const book = this.triggers.get(o.market);
    if (!book) return;
    this.indexTrail(o);
    const t = triggerOf(o);
    if (t) book.add(t);
  }

  /** As `index`, but while a tick's triggers run, once they are done (an order placed or moved by the tick). */
  indexAfterTriggers(o: Order): void {
    if (this.deferred) this.deferred.push(o);
    else this.index(o);
  }

  /**
   * A trailing stop in its market's trailing index, at the last beyond which it moves: the anchor or the stop ± the
   * distance, whichever is farther — a best last before that would give no tighter stop.
   */
  indexTrail(o: Order): void {
    if (o.trailingDistance === null || o.trailingAnchor === null || o.stopPrice === null) return;
    let book = this.trailing.get(o.market);
    if (!book) this.trailing.set(o.market, (book = new TriggerBook()));
    const sell = o.side === 'sell';
    const moves = sell ? max(o.trailingAnchor, add(o.stopPrice, o.trailingDistance)) : min(o.trailingAnchor, sub(o.stopPrice, o.trailingDistance));
    book.add({ id: o.id, seq: o.seq, price: moves, strict: true, direction: sell ? 'up' : 'down' });
  }

  /** The trailing stops a last reached (taken out of the index: each is put back once moved). */
  trailingDue(market: string, last: Dec, rising: boolean): Trigger[] {
    const trailing = this.trailing.get(market);
    const due: Trigger[] = [];
    if (!trailing || trailing.size === 0) return due;
    for (let t = trailing.next(last, rising); t; t = trailing.next(last, rising)) due.push(t);
    return due;
  }

  private unindex(o: Order): void {
    this.triggers.get(o.market)?.remove(o.id);
    this.trailing.get(o.market)?.remove(o.id);
  }

  /**
   * Runs a tick's triggers: orders placed or moved meanwhile go on their books once they are done (so one tick never
   * fills an order it placed), if they are still open and working then.
   */
  duringTriggers(run: () => void): void {
    this.deferred = [];
    try {
      run();
    } finally {
      const deferred = this.deferred;
      this.deferred = null;
      for (const o of deferred) if (this.open.get(o.id) === o && o.status === 'working') this.index(o);
    }
  }
}

/** The resting orders a quote reached, in path order: each fills at the price the fill rules give, or waits again. */
export function matchQuote(e: Core, m: MarketSpec, book: TriggerBook, q: Quote, rising: boolean, now: number): void {
  for (let t = book.next(q.last, rising); t; t = book.next(q.last, rising)) onTrigger(e, t, q, m, now);
}

function onTrigger(e: Core, t: Trigger, q: Quote, m: MarketSpec, now: number): void {
  const o = e.resting.get(t.id);
  if (!o || o.status !== 'working') return;
  const out = judge(o as Triggerable, q, m.tick);
  if (out.latch) {
    o.triggered = true;
    o.updatedAt = now;
    e.journal.order(o);
  }
  if (out.price !== null) e.fill(o, out.price, now, o.type === 'limit' ? 'maker' : 'taker');
  else e.resting.index(o);
}

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

export function cancel(e: Core, o: Order, reason: CancelReason, now: number): void {
  const event = cancelOrder(o, reason, now);
  finish(e, o);
  e.journal.emit(event);
}

/** The order ends expired or rejected. */
export function end(e: Core, o: Order, how: 'expire' | 'reject', now: number): void {
  o.status = transition(o.status, how);
  o.updatedAt = now;
  if (how === 'expire') o.canceledAt = now;
  finish(e, o);
  e.journal.emit({ type: how === 'expire' ? 'order.expired' : 'order.rejected', accountId: o.accountId, at: now, source: sourceOf(o.origin), order: o });
}

/** An order that ended leaves its books; a position's exit that ended is no longer the position's. */
function finish(e: Core, o: Order): void {
  e.resting.remove(o);
  const book = e.books.get(o.accountId);
  book?.orders.delete(o.id);
  const p = book?.positions.get(o.market);
  if (p && (p.takeProfitId === o.id || p.stopLossId === o.id)) {
    if (p.takeProfitId === o.id) p.takeProfitId = null;
    if (p.stopLossId === o.id) p.stopLossId = null;
    e.journal.position(p);
  }
  e.journal.order(o);
}
