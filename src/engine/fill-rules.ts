import { add, sub, type Dec } from './decimal.js';
import type { Quote, Side, Triggerable } from './types.js';

/**
 * The fill rules of SPEC and CONTRACT §6 for orders already resting, judged on one quote. Fills are whole:
 * the answer is a price for the whole size, or null. `latch` tells the caller a stop/take limit just triggered.
 */
export interface TickOutcome {
  price: Dec | null;
  latch: boolean;
}

const NONE: TickOutcome = { price: null, latch: false };

/** Whether last has reached a stop for this side: a buy stop at or above, a sell stop at or below. */
export const stopReached = (side: Side, last: Dec, stop: Dec): boolean => (side === 'buy' ? last >= stop : last <= stop);

/** Whether last has reached a take (profit side): a sell take at or above, a buy take at or below. */
export const takeReached = (side: Side, last: Dec, price: Dec): boolean => (side === 'sell' ? last >= price : last <= price);

/** Strictly better than the limit for the order: below it for a buy, above it for a sell. */
export const strictlyThrough = (side: Side, last: Dec, limit: Dec): boolean => (side === 'buy' ? last < limit : last > limit);

/** The triggered market price: ask + tick for a buy, bid − tick for a sell. */
export const triggeredPrice = (side: Side, q: Quote, tick: Dec): Dec => (side === 'buy' ? add(q.ask, tick) : sub(q.bid, tick));

export function judge(o: Triggerable, q: Quote, tick: Dec): TickOutcome {
  switch (o.type) {
    case 'limit':
      return strictlyThrough(o.side, q.last, o.limitPrice!) ? { price: o.limitPrice, latch: false } : NONE;
    case 'stop_market':
      return stopReached(o.side, q.last, o.stopPrice!) ? { price: triggeredPrice(o.side, q, tick), latch: false } : NONE;
    case 'take_market':
      return takeReached(o.side, q.last, o.stopPrice!) ? { price: triggeredPrice(o.side, q, tick), latch: false } : NONE;
    case 'stop_limit':
    case 'take_limit': {
      const reached = o.type === 'stop_limit' ? stopReached(o.side, q.last, o.stopPrice!) : takeReached(o.side, q.last, o.stopPrice!);
      const triggered = o.triggered || reached;
      if (!triggered) return NONE;
      const fills = strictlyThrough(o.side, q.last, o.limitPrice!);
      return { price: fills ? q.last : null, latch: !o.triggered };
    }
    case 'market':
      return NONE;
  }
}
