import { add, div, mul, roundMoney, sub, ZERO, type Dec } from './decimal.js';
import type { Side } from './types.js';

export interface Held {
  side: 'long' | 'short';
  size: Dec;
  entryPrice: Dec;
}

export type NetKind = 'opened' | 'added' | 'reduced' | 'closed' | 'flipped';

export interface Netted {
  kind: NetKind;
  /** The position after the fill (null when flat). */
  after: Held | null;
  /** P&L realized by the part that closed, rounded to 8 places half-even. */
  realized: Dec;
}

const sideOf = (s: Side): 'long' | 'short' => (s === 'buy' ? 'long' : 'short');

/** Entry prices keep 18 places; the average of two fills can have more, and is rounded half-even there. */
export function averageEntry(a: Held, size: Dec, price: Dec): Dec {
  return div(add(mul(a.entryPrice, a.size), mul(price, size)), add(a.size, size));
}

/** One market, netted: a fill opens, adds to, reduces, closes or flips the position. */
export function net(before: Held | null, side: Side, size: Dec, price: Dec): Netted {
  if (!before || before.size === ZERO) return { kind: 'opened', after: { side: sideOf(side), size, entryPrice: price }, realized: ZERO };
  if (sideOf(side) === before.side) {
    return { kind: 'added', after: { side: before.side, size: add(before.size, size), entryPrice: averageEntry(before, size, price) }, realized: ZERO };
  }
  const closing = size < before.size ? size : before.size;
  const perUnit = before.side === 'long' ? sub(price, before.entryPrice) : sub(before.entryPrice, price);
  const realized = roundMoney(mul(perUnit, closing));
  if (size < before.size) return { kind: 'reduced', after: { ...before, size: sub(before.size, size) }, realized };
  if (size === before.size) return { kind: 'closed', after: null, realized };
  return { kind: 'flipped', after: { side: sideOf(side), size: sub(size, before.size), entryPrice: price }, realized };
}

/** Unrealized P&L at a mark price (not rounded: it is never booked). */
export function unrealized(p: Held, mark: Dec): Dec {
  return mul(p.side === 'long' ? sub(mark, p.entryPrice) : sub(p.entryPrice, mark), p.size);
}
