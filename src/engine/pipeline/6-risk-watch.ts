import type { Book } from '../book.js';
import { add, fmt, mul, roundMoney, ZERO, type Dec } from '../decimal.js';
import { unrealized } from '../netting.js';
import { PeakWatch, peakTerms } from '../peak-watch.js';
import { bands, type Band } from '../risk.js';
import { stopGraceMs, inactivityDeadline, judgeRule, observe, rollover, ruleMetrics, softLimits, type RuleState, type SoftLimit, type Verdict } from '../rules.js';
import type { CloseReason, Position } from '../state.js';
import type { CancelReason, Quote } from '../types.js';
import { calendarOfBook, type Core, type RiskWatchPort } from './core.js';
import { calendarOf, productCalendars, type DayCalendar } from '../trading-day.js';
import { TriggerBook } from '../trigger-book.js';
import { systemOrder } from './5-exits.js';

/**
 * Stage 6, risk watch: liquidations and account rules. Each account holding a position has a risk band per market
 * (risk.ts) in that market's risk book, indexed by price like orders; a tick looks only at the accounts whose band
 * it left (every holder with `fullScan`), and at those the peak watch (peak-watch.ts) hands over. What a command or
 * tick touched is judged once it is done (`judgeDirty`): a rule's verdict flattens, pauses, fails or passes the
 * account, and every account judged gets its bands re-derived. A new trading day rolls the accounts over (`onTime`).
 */

/**
 * The risk watch's state, owned here: each account's risk bands per market (risk.ts) in that market's risk book,
 * the peak watch, the accounts to judge once the current command or tick is done, the trading day the accounts were
 * last rolled over to. Other stages say an account needs judging (`touch`) and ask for the judging (`judgeDirty`).
 */
export class RiskWatch implements RiskWatchPort {
  /** Per market: accounts' risk bands, indexed by price like orders. */
  private readonly riskBooks = new Map<string, TriggerBook>();
  /** Per account: its band in each market it holds, as indexed in riskBooks, and its ids there. */
  private readonly riskBands = new Map<string, Map<string, Band>>();
  private readonly riskIds = new Map<string, [string, string]>();
  /** Accounts on peak-equity rules whose peak follows a running high shared with others (peak-watch.ts). */
  private readonly peakWatch = new PeakWatch();
  /** Accounts to judge against their rule once the current command or tick is done. */
  private readonly dirty = new Set<string>();
  /** While the dirty accounts are judged (a verdict's closes, which judge again, leave that to the pass running). */
  private judging = false;
  /** The start of the trading day the accounts were last rolled over to. */
  /**
   * Positions left without a stop-loss exit under a rule with `risk_per_trade.grace_ms`: since when, by account and
   * market (memory only: after a restart the grace starts again from the account's first look).
   */
  private readonly unprotected = new Map<string, Map<string, number>>();
  /** The earliest end of a grace in `unprotected` (a lower bound: looked at then, and the next one found). */
  private nextGrace = Number.POSITIVE_INFINITY;
  /** When to look for calendar-day inactivity next (0: at the first look, which finds every account's deadline). */
  private nextInactivity = 0;
  /** Accounts with a soft breach open: when its correction window ends. */
  private readonly softDeadlines = new Map<string, number>();
  /** The trading day each calendar was last rolled to (the service's and every product's own). */
  private readonly currentDay = new Map<DayCalendar, number>();
  /** Counters for benchmarks: accounts looked at by the per-tick risk check (band left, or every holder in a full scan). */
  readonly stats = { riskLooks: 0 };

  constructor(markets: Iterable<string>) {
    for (const id of markets) this.riskBooks.set(id, new TriggerBook());
  }

  /** The account is to be judged once the current command or tick is done. */
  touch(accountId: string): void {
    this.dirty.add(accountId);
  }

  /** How many accounts the peak watch follows, in how many classes (benchmarks). */
  peakWatchSize(): { watched: number; classes: number } {
    return { watched: this.peakWatch.size, classes: this.peakWatch.classCount };
  }

  /** The account's rule state as a full scan would hold it now (the peak watch derives the peaks it follows). */
  ruleState(book: Book): RuleState | undefined {
    const p = book.rules && this.peakWatch.peaks(book.id);
    if (!p) return book.rules;
    return { ...book.rules!, peakEquity: p.peakEquity, ...(p.drawdownReference !== null ? { drawdownReference: p.drawdownReference } : {}) };
  }

  /** What is stored of an account is its peak as a full scan would have it now: settled before the effects go out. */
  settlePeaks(books: Iterable<Book>): void {
    for (const b of books) if (b.rules) this.peakWatch.settle(b.id, b.rules);
  }

  /**
   * Puts into the effects every account the peak watch follows whose derived peak (or drawdown reference) is past the
   * one in its rule state, so a new high is stored at least as often as the host calls this (once a second, with the
   * stored quotes): an engine rebuilt from the store — fail-over, rollback — starts from a peak at most that old,
   * not from the one of the account's last fill. Answers how many accounts it put in.
   */
  flushPeaks(e: Core): number {
    let n = 0;
    for (const id of this.peakWatch.ids()) {
      const book = e.books.get(id);
      const p = this.peakWatch.peaks(id);
      if (!book?.rules || !p) continue;
      const moved = p.peakEquity !== book.rules.peakEquity || (p.drawdownReference !== null && p.drawdownReference !== book.rules.drawdownReference);
      if (!moved) continue;
      this.peakWatch.settle(id, book.rules);
      e.journal.account(book);
      n++;
    }
    return n;
  }

  /** A tick's risk work, once its triggers are done: liquidations due, the day's rollover, then the rules. */
  onQuote(e: Core, market: string, q: Quote, rising: boolean, now: number): void {
    // Only the accounts whose band this tick left (no allocation on the ticks that leave none).
    let touched: Set<string> | null = null;
    const risk = this.riskBooks.get(market)!;
    for (let t = risk.next(q.last, rising); t; t = risk.next(q.last, rising)) (touched ??= new Set()).add(t.id.slice(0, t.id.lastIndexOf('\u0000')));
    if (e.o.fullScan) for (const id of e.accounts.holdersOf(market)) (touched ??= new Set()).add(id);
    // An open soft breach is looked at on every tick of the markets its account holds: a cure (and a new breach after
    // it) is seen on the tick it happens, as a full scan would see it.
    if (this.softDeadlines.size > 0) for (const id of this.softDeadlines.keys()) if (e.books.get(id)?.positions.has(market)) (touched ??= new Set()).add(id);
    for (const id of touched ?? []) {
      const book = e.books.get(id);
      if (!book) continue;
      this.stats.riskLooks++;
      this.checkLiquidation(e, book, now);
      this.dirty.add(id);
    }
    this.onTime(e, now);
    // Peaks the watch follows: the accounts to be judged now leave it with their peaks as of the last tick (a full
    // scan judges them on this one), then the classes holding the market move and hand over those to look at.
    if (this.peakWatch.size > 0) {
      for (const id of this.dirty) this.peakWatch.leave(id, e.books.get(id)?.rules);
      for (const id of this.peakWatch.tick(market, e.o.quote, (id) => e.books.get(id)?.rules)) {
        this.stats.riskLooks++;
        this.dirty.add(id);
      }
    }
    this.judgeDirty(e, now);
  }

  /** Liquidates what is due on the account: isolated positions on their own margin, cross ones on equity. */
  private checkLiquidation(e: Core, book: Book, now: number): void {
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
      if (due) this.liquidate(e, p, q, now);
    }
  }

  /** A position due for liquidation closes at the bid or ask; on a closed market or a stale quote it waits, marked. */
  private liquidate(e: Core, p: Position, q: Quote, now: number): void {
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
  refresh(e: Core, book: Book): void {
    const before = this.riskBands.get(book.id);
    this.peakWatch.leave(book.id, book.rules);
    const terms = e.o.fullScan || !e.o.calendar ? null : peakTerms(book, e.o.quote);
    const next = bands(book, e.o.markets, e.o.quote, terms !== null && this.peakWatch.join(book.id, terms));
    let ids = this.riskIds.get(book.id);
    if (!ids) this.riskIds.set(book.id, (ids = [`${book.id}\u0000lo`, `${book.id}\u0000hi`]));
    const [lo, hi] = ids;
    if (before) {
      for (const [market, old] of before) {
        const band = next.get(market);
        const rb = this.riskBooks.get(market)!;
        if (band?.lo !== old.lo) rb.remove(lo);
        if (band?.hi !== old.hi) rb.remove(hi);
      }
    }
    for (const [market, band] of next) {
      const rb = this.riskBooks.get(market)!;
      // Popped when crossed: a bound at the same price is put back unless it is still there.
      if (band.lo !== null && !rb.has(lo)) rb.add({ id: lo, seq: 0, price: band.lo, strict: false, direction: 'down' });
      if (band.hi !== null && !rb.has(hi)) rb.add({ id: hi, seq: 0, price: band.hi, strict: false, direction: 'up' });
    }
    if (next.size > 0) this.riskBands.set(book.id, next);
    else {
      this.riskBands.delete(book.id);
      this.riskIds.delete(book.id);
    }
  }

  /**
   * Time moved: a new trading day rolls every account over (overnight and weekend closes first). The equity curve
   * gets one `day` point per rollover passed (several when the clock jumped over days with nothing running), and
   * an account that ended (failed, passed, closed) gets the point of the day it ended, then no more.
   */
  onTime(e: Core, now: number): void {
    if (this.unprotected.size > 0 && now >= this.nextGrace) this.closeUnprotected(e, now);
    if (now >= this.nextInactivity) this.lookForInactivity(e, now);
    // A soft breach whose correction window ended is judged now (it acts unless cured).
    if (this.softDeadlines.size > 0) for (const [id, t] of this.softDeadlines) if (now >= t) this.dirty.add(id);
    const base = e.o.calendar;
    if (!base) return;
    // Most calls fall inside every calendar's current day: nothing to do.
    let rolled: Set<DayCalendar> | null = null;
    for (const cal of [base, ...productCalendars()]) {
      const day = cal.dayStart(now);
      if (day <= (this.currentDay.get(cal) ?? 0)) continue;
      this.currentDay.set(cal, day);
      (rolled ??= new Set()).add(cal);
    }
    if (rolled === null) return;
    for (const book of e.books.values()) {
      if (!book.rule || !book.rules) continue;
      const cal = calendarOf(book.rule, base);
      if (!rolled.has(cal)) continue;
      const day = cal.dayStart(now);
      if (book.rules.dayStart >= day) continue;
      if (book.status !== 'active') {
        this.closeCurve(e, book, day);
        continue;
      }
      const rule = book.rule;
      this.peakWatch.leave(book.id, book.rules);
      const close = !rule.overnight_allowed || (!rule.weekend_allowed && cal.isWeekend(now));
      // Overnight and weekend closes close positions only (CONTRACT §3); their exits go with them (position_closed).
      if (close) this.flattenBook(e, book, null, 'risk_rule', now);
      const before = e.figures(book);
      for (let r = cal.nextRollover(book.rules.dayStart); r <= day; r = cal.nextRollover(r)) this.dayPoint(e, book, r, before.equity);
      rollover(rule, book.rules, book.balance, before.equity, day, cal.rolloversBetween(book.rules.dayStart, now));
      // A flatten_and_pause pause ends at the rollover: paused_until is no longer shown once it has passed.
      if (book.pausedUntil !== undefined && book.pausedUntil !== null && book.pausedUntil <= now) book.pausedUntil = null;
      e.journal.account(book);
      this.dirty.add(book.id);
    }
  }

  /** The equity curve's point of the trading day that ends at rollover `r` (once per day). */
  private dayPoint(e: Core, book: Book, r: number, equity: Dec): void {
    const rules = book.rules!;
    if (rules.lastDayPoint !== undefined && rules.lastDayPoint >= r) return;
    rules.lastDayPoint = r;
    e.journal.equityPoint(book, 'day', r, equity);
    e.journal.account(book);
  }

  /** An account that ended: the day it ended still gets its point when that day rolls over (nothing moves after). */
  private closeCurve(e: Core, book: Book, day: number): void {
    const r = calendarOfBook(e, book)!.nextRollover(book.rules!.dayStart);
    if (r <= day) this.dayPoint(e, book, r, e.figures(book).equity);
  }

  /** Judges every account touched by the command or tick just done, once, in a stable order. */
  judgeDirty(e: Core, now: number): void {
    if (this.judging || this.dirty.size === 0) return;
    this.judging = true;
    const judged = new Set<Book>();
    try {
      for (const id of [...this.dirty].sort()) {
        this.dirty.delete(id);
        const book = e.books.get(id);
        if (book) {
          judged.add(book);
          this.peakWatch.leave(id, book.rules);
        }
        if (!e.o.calendar || !book?.rule || !book.rules || book.status !== 'active') continue;
        const f = e.figures(book);
        const cal = calendarOf(book.rule, e.o.calendar);
        observe(book.rule, book.rules, book.balance, f.equity);
        const soft = book.rule.daily_loss?.soft || book.rule.drawdown?.soft ? this.softStep(e, book, f.equity, now) : undefined;
        e.journal.account(book);
        const verdict = judgeRule(book.rule, book.rules, {
          balance: book.balance,
          equity: f.equity,
          flat: book.positions.size === 0,
          starting: book.startingBalance ?? book.balance,
          calendarDays: cal.rolloversBetween(book.createdAt ?? now, now) + 1,
          nextRollover: cal.nextRollover(now),
          now,
          createdAt: book.createdAt ?? now,
        }, soft);
        if (verdict) this.applyVerdict(e, book, verdict, now);
      }
    } finally {
      this.judging = false;
      for (const id of this.dirty) {
        const book = e.books.get(id);
        if (book) judged.add(book);
      }
      this.dirty.clear();
      for (const book of judged) {
        this.refresh(e, book);
        this.watchStops(book, now);
        this.noteDeadline(book, now);
      }
    }
  }

  /**
   * Calendar-day inactivity fails an account the moment its days pass, not at a rollover: the accounts whose deadline
   * passed are judged now, and the next look is at the earliest deadline left. Deadlines only move later (a fill), so
   * the earliest known is never too late; an account judged since brings its own (`noteDeadline`).
   */
  private lookForInactivity(e: Core, now: number): void {
    let next = Number.POSITIVE_INFINITY;
    for (const book of e.books.values()) {
      if (book.status !== 'active' || !book.rule || !book.rules) continue;
      // A soft breach left open (a restart): its window's end is a deadline too.
      for (const st of Object.values(book.rules.soft ?? {})) if (st?.since !== null && st?.since !== undefined) this.dirty.add(book.id);
      const deadline = inactivityDeadline(book.rule, book.rules, book.createdAt ?? now);
      if (deadline === null) continue;
      if (deadline <= now) this.dirty.add(book.id);
      else next = Math.min(next, deadline);
    }
    this.nextInactivity = next;
  }

  private noteDeadline(book: Book, now: number): void {
    if (book.status !== 'active' || !book.rule || !book.rules) return;
    const deadline = inactivityDeadline(book.rule, book.rules, book.createdAt ?? now);
    if (deadline !== null) this.nextInactivity = Math.min(this.nextInactivity, deadline);
  }

  /** Soft limits: opens, holds, cures or ends the account's breaches (an event each), and keeps their deadlines. */
  private softStep(e: Core, book: Book, equity: Dec, now: number): ReadonlySet<SoftLimit> {
    const m = ruleMetrics(book.rule!, book.rules!, { balance: book.balance, equity, starting: book.startingBalance ?? book.balance });
    const { suppressed, steps } = softLimits(book.rule!, book.rules!, m, equity, now);
    let deadline = Number.POSITIVE_INFINITY;
    for (const st of steps) {
      if (st.status === 'held' || st.status === 'opened') deadline = Math.min(deadline, st.correctBy);
      if (st.status === 'held') continue;
      e.journal.emit({
        type: 'account.rule_breach',
        accountId: book.id,
        at: now,
        source: 'engine',
        account: {
          rule: st.limit,
          status: st.status,
          limit: fmt(roundMoney(st.bound)),
          value: fmt(roundMoney(st.value)),
          since: st.since,
          correct_by: st.correctBy,
          breaches_used: st.count,
          max_breaches: st.max,
        },
      });
    }
    if (deadline === Number.POSITIVE_INFINITY) this.softDeadlines.delete(book.id);
    else this.softDeadlines.set(book.id, deadline);
    return suppressed;
  }

  /** Notes when each position of an account under a grace rule lost (or never had) its stop-loss exit. */
  watchStops(book: Book, now: number): void {
    const grace = stopGraceMs(book.rule);
    let markets = this.unprotected.get(book.id);
    if (!grace || book.status !== 'active') {
      if (markets) this.unprotected.delete(book.id);
      return;
    }
    for (const p of book.positions.values()) {
      if (p.stopLossId !== null) markets?.delete(p.market);
      else {
        if (!markets) this.unprotected.set(book.id, (markets = new Map()));
        if (!markets.has(p.market)) {
          markets.set(p.market, now);
          this.nextGrace = Math.min(this.nextGrace, now + grace);
        }
      }
    }
    if (!markets) return;
    for (const market of [...markets.keys()]) if (!book.positions.has(market)) markets.delete(market);
    if (markets.size === 0) this.unprotected.delete(book.id);
  }

  /** Closes at the market each position left without a stop loss for its rule's grace (close_reason risk_rule). */
  private closeUnprotected(e: Core, now: number): void {
    let next = Number.POSITIVE_INFINITY;
    for (const [id, markets] of [...this.unprotected]) {
      const book = e.books.get(id);
      const grace = book?.status === 'active' ? stopGraceMs(book.rule) : null;
      if (!book || !grace) {
        this.unprotected.delete(id);
        continue;
      }
      for (const [market, since] of [...markets]) {
        if (now - since < grace) {
          next = Math.min(next, since + grace);
          continue;
        }
        markets.delete(market);
        const p = book.positions.get(market);
        if (!p || p.stopLossId !== null) continue;
        const q = e.o.quote(market);
        const o = systemOrder(e, p, now, 'system');
        o.closeReason = 'risk_rule';
        e.fill(o, q ? (p.side === 'long' ? q.bid : q.ask) : p.entryPrice, now, 'taker');
        this.dirty.add(id);
      }
      if (markets.size === 0) this.unprotected.delete(id);
    }
    this.nextGrace = next;
  }

  /** Fail and pass cancel and close first (CONTRACT §7), so nothing is left that the trader cannot close. */
  private applyVerdict(e: Core, book: Book, v: Verdict, now: number): void {
    if (v.kind === 'flatten') {
      this.flattenBook(e, book, 'flatten', 'flatten', now);
      book.rules!.dailyLossActed = true;
      if (v.pauseUntil !== null) book.pausedUntil = v.pauseUntil;
    } else {
      this.flattenBook(e, book, 'risk_rule', 'risk_rule', now);
      book.status = v.kind === 'fail' ? 'failed' : 'passed';
      book.statusReason = v.kind === 'fail' ? v.reason : 'profit_target';
    }
    e.journal.account(book);
  }

  /**
   * Cancels every working order (unless cancelReason is null) and closes every position at the market (or the
   * last price when it has none).
   */
  private flattenBook(e: Core, book: Book, cancelReason: CancelReason | null, closeReason: CloseReason, now: number): void {
    if (cancelReason !== null) for (const o of [...book.orders.values()]) if (o.status === 'working') e.cancel(o, cancelReason, now);
    for (const p of [...book.positions.values()]) {
      const q = e.o.quote(p.market);
      const o = systemOrder(e, p, now, 'system');
      o.closeReason = closeReason;
      e.fill(o, q ? (p.side === 'long' ? q.bid : q.ask) : p.entryPrice, now, 'taker');
    }
  }
}
