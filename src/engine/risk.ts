import type { Book } from './book.js';
import { add, div, mul, sub, ZERO, ONE, type Dec } from './decimal.js';
import { unrealized } from './netting.js';
import { dailyLossBasis, dailyLossLimit, drawdownFloor, profitTarget } from './rules.js';
import type { Position } from './state.js';
import type { MarketSpec, Quote } from './types.js';

/**
 * Risk thresholds per account and market: the prices of that market's last at which something could happen to
 * the account (a liquidation, a daily-loss or drawdown limit, a profit target), with everything else as it is now.
 * Between `lo` and `hi` nothing can, so a tick inside that band need not look at the account. Bounds are rounded
 * outward-in (lo up, hi down): an account is looked at on the tick that crosses, or a little before — never after.
 */
export interface Band {
  lo: Dec | null;
  hi: Dec | null;
}


const mark = (p: Position, quote: (m: string) => Quote | undefined): Dec => quote(p.market)?.last ?? p.entryPrice;

export function bands(book: Book, markets: ReadonlyMap<string, MarketSpec>, quote: (m: string) => Quote | undefined): Map<string, Band> {
  const out = new Map<string, Band>();
  if (book.positions.size === 0) return out;
  let upnl = ZERO;
  let maintenanceCross = ZERO;
  for (const p of book.positions.values()) {
    const last = mark(p, quote);
    upnl = add(upnl, unrealized(p, last));
    if (p.marginMode === 'cross') maintenanceCross = add(maintenanceCross, mul(mul(p.size, last), markets.get(p.market)!.maintenanceRate));
  }
  const equity = add(book.balance, upnl);
  // Equity levels the account must stay above (falls) or below (rises) for nothing to happen.
  const falls: Dec[] = [];
  const rises: Dec[] = [];
  const rule = book.rule;
  const s = book.rules;
  if (rule && s && book.status === 'active') {
    const starting = book.startingBalance ?? book.balance;
    const limit = dailyLossLimit(rule, s, starting);
    if (limit !== null && !s.dailyLossActed) falls.push(sub(dailyLossBasis(rule, s, starting), limit));
    const floor = drawdownFloor(rule, s, starting);
    if (floor !== null) falls.push(floor);
    const target = profitTarget(rule, starting);
    if (target !== null && !rule.profit_target!.close_positions) rises.push(add(starting, target));
    // A new high of equity moves the day's peak (and what peak-equity bases and intraday-equity drawdowns are
    // measured from): the account is looked at on the tick that makes one, exactly as a full scan would.
    rises.push(s.peakEquity);
  }
  for (const p of book.positions.values()) {
    const m = markets.get(p.market)!;
    const last = mark(p, quote);
    const long = p.side === 'long';
    // equity(P) = k + (long ? +size : −size) × P
    const k = long ? sub(sub(equity, unrealized(p, last)), mul(p.size, p.entryPrice)) : add(sub(equity, unrealized(p, last)), mul(p.size, p.entryPrice));
    const lo: Dec[] = [];
    const hi: Dec[] = [];
    const solve = (level: Dec, fallsBelow: boolean) => {
      // long: equity ≤ level ⇔ P ≤ (level − k)/size; short: equity ≤ level ⇔ P ≥ (k − level)/size
      if (long) (fallsBelow ? lo : hi).push(div(sub(level, k), p.size, fallsBelow ? 'ceil' : 'floor'));
      else (fallsBelow ? hi : lo).push(div(sub(k, level), p.size, fallsBelow ? 'floor' : 'ceil'));
    };
    for (const level of falls) solve(level, true);
    for (const level of rises) solve(level, false);
    if (p.marginMode === 'isolated') {
      const s1 = mul(p.size, long ? sub(ONE, m.maintenanceRate) : add(ONE, m.maintenanceRate));
      if (long) lo.push(div(sub(mul(p.size, p.entryPrice), p.margin), s1, 'ceil'));
      else hi.push(div(add(mul(p.size, p.entryPrice), p.margin), s1, 'floor'));
    } else {
      const otherMaintenance = sub(maintenanceCross, mul(mul(p.size, last), m.maintenanceRate));
      if (long) lo.push(div(sub(otherMaintenance, k), mul(p.size, sub(ONE, m.maintenanceRate)), 'ceil'));
      else hi.push(div(sub(k, otherMaintenance), mul(p.size, add(ONE, m.maintenanceRate)), 'floor'));
    }
    out.set(p.market, {
      lo: lo.length > 0 ? lo.reduce((a, b) => (a > b ? a : b)) : null,
      hi: hi.length > 0 ? hi.reduce((a, b) => (a < b ? a : b)) : null,
    });
  }
  return out;
}
