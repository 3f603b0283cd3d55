import type { Dec } from '../decimal.js';
import type { Quote } from '../types.js';
import type { Core } from './core.js';
import { matchQuote } from './3-match.js';
import { exitsOnQuote } from './5-exits.js';

/**
 * The tick path, in the order it runs. A price tick:
 *   1. exits move (stage 5): trailing stops the last passed tighten, break-evens it reached move their stops;
 *   2. triggers fill (stage 3, on an open market): resting orders the last reached, in path order, each judged again
 *      as it fills (stage 2) and settled (stage 4); orders placed or moved meanwhile rest once these are done;
 *   3. the risk watch (stage 6): liquidations due on accounts whose band the tick left, the trading day's rollover,
 *      then every account touched is judged against its rule.
 * A clock move: good-til-date orders whose time came expire, dead-man switches whose deadline passed fire, the
 * trading day rolls over, and the accounts touched are judged.
 */

/** Where each market's last price was, so a tick knows whether it rises or falls (owned here). */
export class LastPrices {
  private readonly last = new Map<string, Dec>();
  /** The time of the latest tick (any market). */
  time = 0;

  /** Takes the tick's last; answers whether it rose (or held) from the one before. */
  move(market: string, last: Dec, time: number): boolean {
    const prev = this.last.get(market);
    this.last.set(market, last);
    this.time = time;
    return prev === undefined || last >= prev;
  }
}

export function onQuote(e: Core, lasts: LastPrices, market: string, q: Quote): void {
  const m = e.o.markets.get(market);
  const book = e.resting.book(market);
  if (!m || !book) return;
  const rising = lasts.move(market, q.last, q.time);
  const now = q.time;
  e.resting.duringTriggers(() => {
    exitsOnQuote(e, market, q, rising, now);
    if (e.o.marketState(market).status === 'open') matchQuote(e, m, book, q, rising, now);
  });
  e.risk.onQuote(e, market, q, rising, now);
}

export function onClock(e: Core, now: number): void {
  for (const o of [...e.resting.values()]) {
    if (o.status === 'working' && o.tif === 'gtd' && o.expiresAt !== null && o.expiresAt <= now) e.end(o, 'expire', now);
  }
  e.deadMen.fire(e, now);
  e.risk.onTime(e, now);
  e.risk.judgeDirty(e, now);
}
