import { marginLocked, settingOf } from './book.js';
import { add, ceilToStep, div, floorToStep, fmt, fromInt, mul, roundMoney, sub, type Dec } from './decimal.js';
import { fail, type Core, type Outcome } from './pipeline/core.js';
import type { Position } from './state.js';

/** Saves the leverage and mode new positions on the market get (an open position keeps its own). */
export function setMargin(e: Core, accountId: string, market: string, leverage: number | undefined, mode: 'isolated' | 'cross' | undefined): Outcome<{ leverage: number; mode: 'isolated' | 'cross' }> {
  const book = e.books.get(accountId);
  const m = e.o.markets.get(market);
  if (!book || !m) return fail('market_not_found', { market });
  if (leverage !== undefined && (!Number.isInteger(leverage) || leverage < 1 || leverage > m.maxLeverage)) {
    return fail('invalid_leverage', { min: 1, max: m.maxLeverage, leverage });
  }
  const current = settingOf(book, m);
  const saved = book.margin.get(market) ?? { leverage: m.defaultLeverage, mode: 'cross' as const };
  if (mode !== undefined && mode !== current.mode && marginLocked(book, market)) return fail('margin_mode_locked', { market, margin_mode: current.mode });
  const next = { leverage: leverage ?? saved.leverage, mode: mode ?? saved.mode };
  book.margin.set(market, next);
  e.journal.margin(accountId, market, next);
  return { ok: true, value: next };
}

/** Adds (+) or removes (−) margin of an isolated position. */
export function adjustMargin(e: Core, accountId: string, market: string, amount: Dec, now: number): Outcome<Position> {
  const book = e.books.get(accountId);
  const p = book?.positions.get(market);
  if (!book || !p) return fail('position_not_found', { market });
  if (p.marginMode !== 'isolated') return fail('position_not_isolated', { market, margin_mode: p.marginMode });
  const m = e.o.markets.get(market)!;
  if (amount > 0n) {
    const f = e.figures(book);
    if (amount > f.available) return fail('insufficient_balance', { available: fmt(roundMoney(f.available)), amount: fmt(amount) });
  } else {
    const margin = add(p.margin, amount);
    const last = e.o.quote(market)?.last ?? p.entryPrice;
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
  e.journal.position(p);
  e.risk.touch(accountId);
  e.risk.judgeDirty(e, now);
  e.journal.emit({ type: 'position.changed', accountId, at: now, source: 'engine', position: p, previousSize: p.size });
  return { ok: true, value: p };
}
