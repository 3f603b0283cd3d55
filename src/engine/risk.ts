import type { Book } from './book.js';
import { add, div, fromInt, mul, sub, ZERO, ONE, type Dec } from './decimal.js';
import { unrealized } from './netting.js';
import { dependsOnPeakEquity, ruleMetrics } from './rules.js';
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

/**
 * With positions in several markets, the account's equity moves with all their prices at once. Each headroom (equity
 * above the highest level it must stay above, below the lowest level it must stay under, and above the maintenance
 * of its cross positions) is shared out: each of the n markets held may use 1/n of it. While every market stays in
 * its band the sum of the moves stays inside every headroom, so nothing can happen; the first market to leave its
 * band has the account looked at and every band re-derived. With one market this is the exact crossing price.
 * `peakWatched`: the peak watch follows the account's peak (no band at it; its trailing limits are watched there).
 */
export function bands(book: Book, markets: ReadonlyMap<string, MarketSpec>, quote: (m: string) => Quote | undefined, peakWatched = false): Map<string, Band> {
  const out = new Map<string, Band>();
  if (book.positions.size === 0) return out;
  let upnl = ZERO;
  let maintenanceCross = ZERO;
  let anyCross = false;
  for (const p of book.positions.values()) {
    const last = mark(p, quote);
    upnl = add(upnl, unrealized(p, last));
    if (p.marginMode === 'cross') {
      anyCross = true;
      maintenanceCross = add(maintenanceCross, mul(mul(p.size, last), markets.get(p.market)!.maintenanceRate));
    }
  }
  const equity = add(book.balance, upnl);
  // The highest equity level the account must stay above, and the lowest it must stay under.
  let fall: Dec | null = null;
  let rise: Dec | null = null;
  const rule = book.rule;
  const s = book.rules;
  if (rule && s && book.status === 'active') {
    const starting = book.startingBalance ?? book.balance;
    const falls: Dec[] = [];
    // The same figures the judge acts on (rules.ts ruleMetrics): the levels are where it would.
    const rm = ruleMetrics(rule, s, { balance: book.balance, equity, starting });
    if (rm.dailyLossLimit !== null && !s.dailyLossActed) falls.push(sub(rm.dailyLossBasis, rm.dailyLossLimit));
    if (rm.drawdownFloor !== null) falls.push(rm.drawdownFloor);
    // A new high of equity moves the day's peak, which peak-equity bases and intraday-equity drawdowns are measured
    // from: those accounts are looked at on the tick that makes one, exactly as a full scan would. Other rules are
    // not judged on it (CONTRACT §7 evaluates only peak-equity rules on every tick), so their accounts are not
    // looked at for it: on a rising market that would be most holders on most ticks. An account the peak watch
    // follows (peak-watch.ts) is not looked at for it either: its peak is derived from its class's running high.
    const rises: Dec[] = dependsOnPeakEquity(rule) && !peakWatched ? [s.peakEquity] : [];
    if (rm.profitTarget !== null && !rule.profit_target!.close_positions) rises.push(add(starting, rm.profitTarget));
    for (const f of falls) if (fall === null || f > fall) fall = f;
    for (const r of rises) if (rise === null || r < rise) rise = r;
  }
  const n = fromInt(book.positions.size);
  const share = (room: Dec) => div(room, n, 'floor');
  const fallShare = fall === null ? null : share(sub(equity, fall));
  const riseShare = rise === null ? null : share(sub(rise, equity));
  const liquidationShare = anyCross ? share(sub(equity, maintenanceCross)) : null;
  for (const p of book.positions.values()) {
    const m = markets.get(p.market)!;
    const last = mark(p, quote);
    const long = p.side === 'long';
    // Distances are rounded down, so bounds lie toward the current price: looked at early, never late.
    const distance = (room: Dec, perUnit: Dec) => div(room, perUnit, 'floor');
    const lo: Dec[] = [];
    const hi: Dec[] = [];
    // Equity moves by ±size per unit of this market's price.
    if (fallShare !== null) (long ? lo : hi).push(long ? sub(last, distance(fallShare, p.size)) : add(last, distance(fallShare, p.size)));
    if (riseShare !== null) (long ? hi : lo).push(long ? add(last, distance(riseShare, p.size)) : sub(last, distance(riseShare, p.size)));
    // Equity less cross maintenance moves by size × (1 ∓ maintenance rate) when this position is cross, size if not.
    if (liquidationShare !== null) {
      const rate = p.marginMode === 'cross' ? m.maintenanceRate : ZERO;
      if (long) lo.push(sub(last, distance(liquidationShare, mul(p.size, sub(ONE, rate)))));
      else hi.push(add(last, distance(liquidationShare, mul(p.size, add(ONE, rate)))));
    }
    if (p.marginMode === 'isolated') {
      // The position's own margin: depends on this market alone, so the exact price.
      const s1 = mul(p.size, long ? sub(ONE, m.maintenanceRate) : add(ONE, m.maintenanceRate));
      if (long) lo.push(div(sub(mul(p.size, p.entryPrice), p.margin), s1, 'ceil'));
      else hi.push(div(add(mul(p.size, p.entryPrice), p.margin), s1, 'floor'));
    }
    out.set(p.market, {
      lo: lo.length > 0 ? lo.reduce((a, b) => (a > b ? a : b)) : null,
      hi: hi.length > 0 ? hi.reduce((a, b) => (a < b ? a : b)) : null,
    });
  }
  return out;
}
