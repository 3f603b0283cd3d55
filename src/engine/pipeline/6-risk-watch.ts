import type { Book } from '../book.js';
import { add, mul, ZERO, type Dec } from '../decimal.js';
import { unrealized } from '../netting.js';
import { peakTerms } from '../peak-watch.js';
import { bands } from '../risk.js';
import { judgeRule, observe, rollover, type Verdict } from '../rules.js';
import type { CloseReason, Position } from '../state.js';
import type { CancelReason, Quote } from '../types.js';
import type { Core } from './core.js';
import { systemOrder } from './5-exits.js';

/**
 * Stage 6, risk watch: liquidations and account rules. Each account holding a position has a risk band per market
 * (risk.ts) in that market's risk book, indexed by price like orders; a tick looks only at the accounts whose band
 * it left (every holder with `fullScan`), and at those the peak watch (peak-watch.ts) hands over. What a command or
 * tick touched is judged once it is done (`judgeDirty`): a rule's verdict flattens, pauses, fails or passes the
 * account, and every account judged gets its bands re-derived. A new trading day rolls the accounts over (`onTime`).
 */

/** A tick's risk work, once its triggers are done: liquidations due, the day's rollover, then the rules. */
export function riskOnQuote(e: Core, market: string, q: Quote, rising: boolean, now: number): void {
  // Only the accounts whose band this tick left (no allocation on the ticks that leave none).
  let touched: Set<string> | null = null;
  const risk = e.riskBooks.get(market)!;
  for (let t = risk.next(q.last, rising); t; t = risk.next(q.last, rising)) (touched ??= new Set()).add(t.id.slice(0, t.id.lastIndexOf('\u0000')));
  if (e.o.fullScan) for (const id of e.holders.get(market) ?? []) (touched ??= new Set()).add(id);
  for (const id of touched ?? []) {
    const book = e.books.get(id);
    if (!book) continue;
    e.stats.riskLooks++;
    checkLiquidation(e, book, now);
    e.dirty.add(id);
  }
  onTime(e, now);
  // Peaks the watch follows: the accounts to be judged now leave it with their peaks as of the last tick (a full
  // scan judges them on this one), then the classes holding the market move and hand over those to look at.
  if (e.peakWatch.size > 0) {
    for (const id of e.dirty) e.peakWatch.leave(id, e.books.get(id)?.rules);
    for (const id of e.peakWatch.tick(market, e.o.quote, (id) => e.books.get(id)?.rules)) {
      e.stats.riskLooks++;
      e.dirty.add(id);
    }
  }
  judgeDirty(e, now);
}

/** Liquidates what is due on the account: isolated positions on their own margin, cross ones on equity. */
function checkLiquidation(e: Core, book: Book, now: number): void {
  let equity = book.balance;
  let maintenance = ZERO;
  for (const p of book.positions.values()) {
    const last = e.o.quote(p.market)?.last ?? p.entryPrice;
    equity = add(equity, unrealized(p, last));
    if (p.marginMode === 'cross') maintenance = add(maintenance, mul(mul(p.size, last), e.o.markets.get(p.market)!.maintenanceRate));
  }
  for (const p of [...book.positions.values()]) {
    const q = e.o.quote(p.market);
    if (!q) continue;
    const m = e.o.markets.get(p.market)!;
    const due =
      p.marginMode === 'isolated'
        ? add(p.margin, unrealized(p, q.last)) <= mul(mul(p.size, q.last), m.maintenanceRate)
        : maintenance > 0n && equity <= maintenance;
    if (due) liquidate(e, p, q, now);
  }
}

/** A position due for liquidation closes at the bid or ask; on a closed market or a stale quote it waits, marked. */
function liquidate(e: Core, p: Position, q: Quote, now: number): void {
  const state = e.o.marketState(p.market);
  const m = e.o.markets.get(p.market)!;
  if (state.status !== 'open' || now - q.time > m.staleAfterMs) {
    if (!p.liquidating) {
      p.liquidating = true;
      e.journal.position(p);
    }
    return;
  }
  const o = systemOrder(e, p, now, 'system');
  e.fill(o, p.side === 'long' ? q.bid : q.ask, now, 'taker', true);
}

/**
 * Re-derives the account's risk bands in every market it holds (after anything about it changed). A bound that
 * did not move and is still indexed stays where it is; the others are taken out and put back at their new price.
 */
export function refreshRisk(e: Core, book: Book): void {
  const before = e.riskBands.get(book.id);
  e.peakWatch.leave(book.id, book.rules);
  const terms = e.o.fullScan || !e.o.calendar ? null : peakTerms(book, e.o.quote);
  const next = bands(book, e.o.markets, e.o.quote, terms !== null && e.peakWatch.join(book.id, terms));
  let ids = e.riskIds.get(book.id);
  if (!ids) e.riskIds.set(book.id, (ids = [`${book.id}\u0000lo`, `${book.id}\u0000hi`]));
  const [lo, hi] = ids;
  if (before) {
    for (const [market, old] of before) {
      const band = next.get(market);
      const rb = e.riskBooks.get(market)!;
      if (band?.lo !== old.lo) rb.remove(lo);
      if (band?.hi !== old.hi) rb.remove(hi);
    }
  }
  for (const [market, band] of next) {
    const rb = e.riskBooks.get(market)!;
    // Popped when crossed: a bound at the same price is put back unless it is still there.
    if (band.lo !== null && !rb.has(lo)) rb.add({ id: lo, seq: 0, price: band.lo, strict: false, direction: 'down' });
    if (band.hi !== null && !rb.has(hi)) rb.add({ id: hi, seq: 0, price: band.hi, strict: false, direction: 'up' });
  }
  if (next.size > 0) e.riskBands.set(book.id, next);
  else {
    e.riskBands.delete(book.id);
    e.riskIds.delete(book.id);
  }
}

/**
 * Time moved: a new trading day rolls every account over (overnight and weekend closes first). The equity curve
 * gets one `day` point per rollover passed (several when the clock jumped over days with nothing running), and
 * an account that ended (failed, passed, closed) gets the point of the day it ended, then no more.
 */
export function onTime(e: Core, now: number): void {
  const cal = e.o.calendar;
  if (!cal) return;
  const day = cal.dayStart(now);
  if (day <= e.currentDay) return;
  e.currentDay = day;
  for (const book of e.books.values()) {
    if (!book.rule || !book.rules || book.rules.dayStart >= day) continue;
    if (book.status !== 'active') {
      closeCurve(e, book, day);
      continue;
    }
    const rule = book.rule;
    e.peakWatch.leave(book.id, book.rules);
    const close = !rule.overnight_allowed || (!rule.weekend_allowed && e.o.isWeekend(now));
    // Overnight and weekend closes close positions only (CONTRACT §3); their exits go with them (position_closed).
    if (close) flattenBook(e, book, null, 'risk_rule', now);
    const before = e.figures(book);
    for (let r = cal.nextRollover(book.rules.dayStart); r <= day; r = cal.nextRollover(r)) dayPoint(e, book, r, before.equity);
    rollover(rule, book.rules, book.balance, before.equity, day, cal.rolloversBetween(book.rules.dayStart, now));
    // A flatten_and_pause pause ends at the rollover: paused_until is no longer shown once it has passed.
    if (book.pausedUntil !== undefined && book.pausedUntil !== null && book.pausedUntil <= now) book.pausedUntil = null;
    e.journal.fx.accounts.set(book.id, book);
    e.dirty.add(book.id);
  }
}

/** The equity curve's point of the trading day that ends at rollover `r` (once per day). */
function dayPoint(e: Core, book: Book, r: number, equity: Dec): void {
  const rules = book.rules!;
  if (rules.lastDayPoint !== undefined && rules.lastDayPoint >= r) return;
  rules.lastDayPoint = r;
  e.journal.fx.equity.push({ accountId: book.id, resolution: 'day', time: r, equity, balance: book.balance });
  e.journal.fx.accounts.set(book.id, book);
}

/** An account that ended: the day it ended still gets its point when that day rolls over (nothing moves after). */
function closeCurve(e: Core, book: Book, day: number): void {
  const r = e.o.calendar!.nextRollover(book.rules!.dayStart);
  if (r <= day) dayPoint(e, book, r, e.figures(book).equity);
}

/** Judges every account touched by the command or tick just done, once, in a stable order. */
export function judgeDirty(e: Core, now: number): void {
  if (e.judging || e.dirty.size === 0) return;
  e.judging = true;
  const judged = new Set<Book>();
  try {
    for (const id of [...e.dirty].sort()) {
      e.dirty.delete(id);
      const book = e.books.get(id);
      if (book) {
        judged.add(book);
        e.peakWatch.leave(id, book.rules);
      }
      if (!e.o.calendar || !book?.rule || !book.rules || book.status !== 'active') continue;
      const f = e.figures(book);
      observe(book.rule, book.rules, book.balance, f.equity);
      e.journal.fx.accounts.set(book.id, book);
      const verdict = judgeRule(book.rule, book.rules, {
        balance: book.balance,
        equity: f.equity,
        flat: book.positions.size === 0,
        starting: book.startingBalance ?? book.balance,
        calendarDays: e.o.calendar.rolloversBetween(book.createdAt ?? now, now) + 1,
        nextRollover: e.o.calendar.nextRollover(now),
      });
      if (verdict) applyVerdict(e, book, verdict, now);
    }
  } finally {
    e.judging = false;
    for (const id of e.dirty) {
      const book = e.books.get(id);
      if (book) judged.add(book);
    }
    e.dirty.clear();
    for (const book of judged) refreshRisk(e, book);
  }
}

/** Fail and pass cancel and close first (CONTRACT §7), so nothing is left that the trader cannot close. */
function applyVerdict(e: Core, book: Book, v: Verdict, now: number): void {
  if (v.kind === 'flatten') {
    flattenBook(e, book, 'flatten', 'flatten', now);
    book.rules!.dailyLossActed = true;
    if (v.pauseUntil !== null) book.pausedUntil = v.pauseUntil;
  } else {
    flattenBook(e, book, 'risk_rule', 'risk_rule', now);
    book.status = v.kind === 'fail' ? 'failed' : 'passed';
    book.statusReason = v.kind === 'fail' ? v.reason : 'profit_target';
  }
  e.journal.fx.accounts.set(book.id, book);
}

/**
 * Cancels every working order (unless cancelReason is null) and closes every position at the market (or the
 * last price when it has none).
 */
function flattenBook(e: Core, book: Book, cancelReason: CancelReason | null, closeReason: CloseReason, now: number): void {
  if (cancelReason !== null) for (const o of [...book.orders.values()]) if (o.status === 'working') e.cancel(o, cancelReason, now);
  for (const p of [...book.positions.values()]) {
    const q = e.o.quote(p.market);
    const o = systemOrder(e, p, now, 'system');
    o.closeReason = closeReason;
    e.fill(o, q ? (p.side === 'long' ? q.bid : q.ask) : p.entryPrice, now, 'taker');
  }
}
