import { add, max, min, sub, type Dec } from '../decimal.js';
import { judge } from '../fill-rules.js';
import { transition } from '../order-status.js';
import type { EngineEvent, Order } from '../state.js';
import { TriggerBook, type Trigger } from '../trigger-book.js';
import type { CancelReason, MarketSpec, Quote, Triggerable } from '../types.js';
import { sourceOf, type Core } from './core.js';

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

/** Puts a working order in its market's trigger book (again, at its current trigger, when it is there already). */
export function index(e: Core, o: Order): void {
  const book = e.triggers.get(o.market);
  if (!book) return;
  indexTrail(e, o);
  const t = triggerOf(o);
  if (t) book.add(t);
}

/**
 * A trailing stop in its market's trailing index (see Core.trailing), at the last beyond which it moves: the anchor
 * or the stop ± the distance, whichever is farther — a best last before that would give no tighter stop.
 */
export function indexTrail(e: Core, o: Order): void {
  if (o.trailingDistance === null || o.trailingAnchor === null || o.stopPrice === null) return;
  let book = e.trailing.get(o.market);
  if (!book) e.trailing.set(o.market, (book = new TriggerBook()));
  const sell = o.side === 'sell';
  const moves = sell ? max(o.trailingAnchor, add(o.stopPrice, o.trailingDistance)) : min(o.trailingAnchor, sub(o.stopPrice, o.trailingDistance));
  book.add({ id: o.id, seq: o.seq, price: moves, strict: true, direction: sell ? 'up' : 'down' });
}

export function unindex(e: Core, o: Order): void {
  e.triggers.get(o.market)?.remove(o.id);
  e.trailing.get(o.market)?.remove(o.id);
}

/** The resting orders a quote reached, in path order: each fills at the price the fill rules give, or waits again. */
export function matchQuote(e: Core, m: MarketSpec, book: TriggerBook, q: Quote, rising: boolean, now: number): void {
  for (let t = book.next(q.last, rising); t; t = book.next(q.last, rising)) onTrigger(e, t, q, m, now);
}

function onTrigger(e: Core, t: Trigger, q: Quote, m: MarketSpec, now: number): void {
  const o = e.open.get(t.id);
  if (!o || o.status !== 'working') return;
  const out = judge(o as Triggerable, q, m.tick);
  if (out.latch) {
    o.triggered = true;
    o.updatedAt = now;
    e.journal.order(o);
  }
  if (out.price !== null) e.fill(o, out.price, now, o.type === 'limit' ? 'maker' : 'taker');
  else index(e, o);
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
  unindex(e, o);
  const book = e.books.get(o.accountId);
  book?.orders.delete(o.id);
  e.open.delete(o.id);
  const p = book?.positions.get(o.market);
  if (p && (p.takeProfitId === o.id || p.stopLossId === o.id)) {
    if (p.takeProfitId === o.id) p.takeProfitId = null;
    if (p.stopLossId === o.id) p.stopLossId = null;
    e.journal.position(p);
  }
  e.journal.order(o);
}
