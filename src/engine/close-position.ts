import type { Dec } from './decimal.js';
import { fail, type Core, type Outcome } from './pipeline/core.js';
import { systemOrder } from './pipeline/5-exits.js';
import type { CloseReason, Order } from './state.js';
import type { Origin } from './types.js';

/**
 * Closes a whole position at the market (bid for a long, ask for a short). `by`: the key whose request closes
 * it — the closing order is placed with that key, so its fill counts toward the key's loss stop.
 */
export function closePosition(
  e: Core,
  accountId: string,
  market: string,
  reason: CloseReason,
  now: number,
  origin: Origin,
  by: { keyId: string | null; lossStop: Dec | null } | null,
): Outcome<Order> {
  const book = e.books.get(accountId);
  const p = book?.positions.get(market);
  if (!book || !p) return fail('position_not_found', { market });
  const m = e.o.markets.get(market)!;
  const state = e.o.marketState(market);
  if (state.status === 'closed') return fail('market_closed', { market });
  if (state.status === 'halted') return fail('market_halted', { market });
  const q = e.o.quote(market);
  if (!q) return fail('no_price', { market });
  if (now - q.time > m.staleAfterMs) return fail('stale_quote', { market });
  for (const o of [...book.orders.values()]) {
    if (o.market === market && o.reduceOnly && o.exitKind === null && o.status === 'working') e.cancel(o, reason === 'close_all' ? 'close_all' : 'close_assist', now);
  }
  const o = systemOrder(e, p, now, origin);
  o.closeReason = reason;
  if (by) {
    o.keyId = by.keyId;
    o.keyLossStop = by.lossStop;
  }
  e.fill(o, p.side === 'long' ? q.bid : q.ask, now, 'taker');
  e.risk.judgeDirty(e, now);
  return { ok: true, value: o };
}
