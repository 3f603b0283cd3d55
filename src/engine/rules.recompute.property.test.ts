import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../schemas/common.js';
import { add, dec, fmt, fromInt, max, mul, pct, sub, ZERO, type Dec } from './decimal.js';
import { marketSpec, type MarketConfigLike } from './market-spec.js';
import { orderFromWire } from '../engine-host/wire.js';
import { ruleBook, testEngine } from './test-engine.js';
import { TradingCalendar } from './trading-day.js';

/**
 * The engine's judgement against a re-computation from the account's fills and prices alone (issue 30): a random
 * walk of ticks, the trader's market orders and clock moves through an engine, and beside it a reference that knows
 * only the fills (price, fee, realized P&L), the last price and the clock, and applies docs/RULES.md from scratch —
 * the day's start figures, the drawdown reference of each mode (a lock included), the daily loss of each basis, the
 * profit target with its day counts, consistency and profitable days. After every step: the account is active
 * exactly when the reference finds no rule reached, and when it ended, it ended for the reason the reference gives
 * (on the figures before the rule's own closing fills).
 */
const configs = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../config/markets.json'), 'utf8')) as MarketConfigLike[];
const BTC = marketSpec(configs[0]!);
const HOUR = 3_600_000;
const T0 = Date.parse('2026-03-02T12:00:00Z');
const START = dec('100000');

const rule = fc.record({
  daily_loss: fc.option(
    fc.record({
      amount_usd: fc.constantFrom('900', '2500'),
      percent: fc.constant(null),
      basis: fc.constantFrom('day_start_balance', 'day_start_equity', 'max_day_start', 'start_balance'),
      action: fc.constant('fail_account'),
    }),
    { nil: null },
  ),
  drawdown: fc.option(
    fc.record(
      {
        amount_usd: fc.constantFrom('600', '1600', '4000'),
        percent: fc.constant(null),
        mode: fc.constantFrom('static', 'end_of_day', 'end_of_trade', 'intraday_equity'),
        basis: fc.constantFrom('balance', 'equity'),
        lock_at_usd: fc.constantFrom(null, '0', '200'),
      },
      { requiredKeys: ['amount_usd', 'percent', 'mode'] },
    ),
    { nil: null },
  ),
  profit_target: fc.option(fc.record({ amount_usd: fc.constantFrom('300', '800', '3000'), percent: fc.constant(null), close_positions: fc.boolean() }), { nil: null }),
  min_trading_days: fc.integer({ min: 0, max: 2 }),
  min_calendar_days: fc.integer({ min: 0, max: 1 }),
  overnight_allowed: fc.constant(true),
  weekend_allowed: fc.constant(true),
  inactivity_days: fc.constant(null),
  consistency: fc.option(fc.record({ max_best_day_pct: fc.constantFrom('60', '90') }), { nil: null }),
  min_profitable_days: fc.option(fc.record({ count: fc.integer({ min: 1, max: 2 }), min_profit_usd: fc.constantFrom('20', '150') }), { nil: null }),
}) as fc.Arbitrary<Omit<Rule, 'starting_balance'>>;

const op = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('tick' as const), move: fc.integer({ min: -800, max: 800 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('order' as const), buy: fc.boolean(), size: fc.integer({ min: 1, max: 30 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('clock' as const), hours: fc.integer({ min: 1, max: 30 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('flat' as const) }) },
);

/** docs/RULES.md, written again for this test: the figures and the verdict from fills and prices only. */
class Reference {
  balance = START;
  /** The trading day the figures belong to. */
  dayStart: number;
  dayStartBalance = START;
  dayStartEquity = START;
  drawdownRef = START;
  tradingDays = 0;
  tradedToday = false;
  bestDay: Dec | null = null;
  profitableDays = 0;

  constructor(
    readonly rule: Rule,
    readonly cal: TradingCalendar,
  ) {
    this.dayStart = cal.dayStart(T0);
  }

  /** A fill: the balance moves by its realized P&L less its fee; a trader's fill makes the day a trading day. */
  fill(realized: Dec, fee: Dec, byTrader: boolean): void {
    this.balance = sub(add(this.balance, realized), fee);
    if (byTrader && !this.tradedToday) {
      this.tradedToday = true;
      this.tradingDays += 1;
    }
    if (realized !== ZERO && this.rule.drawdown?.mode === 'end_of_trade') this.drawdownRef = max(this.drawdownRef, this.balance);
  }

  /** Equity seen: the intraday-equity reference follows its high. */
  see(equity: Dec): void {
    if (this.rule.drawdown?.mode === 'intraday_equity') this.drawdownRef = max(this.drawdownRef, equity);
  }

  /** Time moved to now with this equity: a rollover takes the day's start figures. */
  time(now: number, equity: Dec): void {
    const day = this.cal.dayStart(now);
    if (day <= this.dayStart) return;
    if (this.rule.drawdown?.mode === 'end_of_day') this.drawdownRef = max(this.drawdownRef, this.rule.drawdown.basis === 'equity' ? equity : this.balance);
    const gain = sub(this.balance, this.dayStartBalance);
    if (this.rule.consistency && gain > (this.bestDay ?? ZERO)) this.bestDay = gain;
    if (this.rule.min_profitable_days && gain >= dec(this.rule.min_profitable_days.min_profit_usd)) this.profitableDays += 1;
    this.dayStart = day;
    this.dayStartBalance = this.balance;
    this.dayStartEquity = equity;
    this.tradedToday = false;
  }

  /** The verdict on these figures, in the engine's order: drawdown, daily loss, then the profit target. */
  verdict(equity: Dec, flat: boolean, now: number): string | null {
    const r = this.rule;
    if (r.drawdown) {
      let floor = sub(this.drawdownRef, dec(r.drawdown.amount_usd!));
      if (r.drawdown.lock_at_usd !== null && r.drawdown.lock_at_usd !== undefined) {
        const lock = add(START, dec(r.drawdown.lock_at_usd));
        if (floor > lock) floor = lock;
      }
      if (equity <= floor) return 'failed:drawdown';
    }
    if (r.daily_loss) {
      const basis =
        r.daily_loss.basis === 'start_balance'
          ? START
          : r.daily_loss.basis === 'day_start_equity'
            ? this.dayStartEquity
            : r.daily_loss.basis === 'max_day_start'
              ? max(this.dayStartBalance, this.dayStartEquity)
              : this.dayStartBalance;
      if (sub(basis, equity) >= dec(r.daily_loss.amount_usd!)) return 'failed:daily_loss';
    }
    if (r.profit_target) {
      const profit = r.profit_target.close_positions ? (flat ? sub(this.balance, START) : null) : sub(equity, START);
      const calendarDays = this.cal.rolloversBetween(T0, now) + 1;
      const gainToday = sub(this.balance, this.dayStartBalance);
      const best = max(this.bestDay ?? ZERO, gainToday);
      const consistent = !r.consistency || best <= pct(max(ZERO, sub(this.balance, START)), dec(r.consistency.max_best_day_pct));
      const profitable = !r.min_profitable_days || this.profitableDays + (gainToday >= dec(r.min_profitable_days.min_profit_usd) ? 1 : 0) >= r.min_profitable_days.count;
      if (profit !== null && profit >= dec(r.profit_target.amount_usd!) && this.tradingDays >= r.min_trading_days && calendarDays >= r.min_calendar_days && consistent && profitable) {
        return 'passed:profit_target';
      }
    }
    return null;
  }
}

type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

/** One walk: the engine and the reference side by side, compared after every step. */
function walk(partial: Omit<Rule, 'starting_balance'>, trend: number, ops: Op[]): void {
    const calendar = new TradingCalendar(0, 'UTC');
    const { engine, quotes } = testEngine([BTC], { calendar, isWeekend: () => false });
    const r: Rule = { starting_balance: '100000', ...partial };
    engine.addBook(ruleBook(r, START, calendar, T0));
    const book = engine.books.get('A')!;
    const ref = new Reference(r, calendar);
    let now = T0;
    let last = dec('60000');
    const quote = () => {
      const q = { bid: last, ask: last, last, time: now };
      quotes.set(BTC.id, q);
      return q;
    };
    /** Equity as the reference sees it: its balance and the position the fills left, marked at last. */
    const equity = () => {
      const p = book.positions.get(BTC.id);
      if (!p) return ref.balance;
      return add(ref.balance, mul(p.side === 'long' ? sub(last, p.entryPrice) : sub(p.entryPrice, last), p.size));
    };
    engine.onQuote(BTC.id, quote());
    engine.take();
    for (const x of ops) {
      if (book.status !== 'active') break;
      let mine: string | null = null;
      if (x.kind === 'clock') {
        now += x.hours * HOUR;
        // The rollover takes the figures as they stand before anything new happens.
        ref.time(now, equity());
        engine.onClock(now);
        engine.onQuote(BTC.id, quote());
      } else if (x.kind === 'tick') {
        now += 1000;
        // A run drifts up, down or not at all: the target is reached as well as the limits.
        const next = add(last, mul(BTC.tick, fromInt(x.move + trend * 500)));
        if (next > dec('1000')) last = next;
        engine.onQuote(BTC.id, quote());
      } else if (x.kind === 'flat') {
        // The trader closes the position with a market order of its size.
        now += 1000;
        quote();
        const p = book.positions.get(BTC.id);
        if (p) {
          const placed = engine.place({
            accountId: 'A',
            order: orderFromWire({ market: BTC.id, side: p.side === 'long' ? 'sell' : 'buy', type: 'market', size: fmt(p.size) }),
            exits: null,
            actor: { keyId: null, fences: null, origin: 'api' },
            now,
          });
          if (placed.ok) mine = placed.value.id;
        }
      } else {
        now += 1000;
        quote();
        const placed = engine.place({
          accountId: 'A',
          // With the drift, three orders in four go its way.
          order: orderFromWire({ market: BTC.id, side: (trend === 0 ? x.buy : (trend > 0) === (x.size % 4 !== 0)) ? 'buy' : 'sell', type: 'market', size: fmt(mul(fromInt(x.size), dec('0.05'))) }),
          exits: null,
          actor: { keyId: null, fences: null, origin: 'api' },
          now,
        });
        if (placed.ok) mine = placed.value.id;
      }
      const fx = engine.take();
      // The trader's fills first (the judge looks after them), then the rule's own closes, if it acted.
      const own = fx.fills.filter((f) => f.orderId === mine);
      const closes = fx.fills.filter((f) => f.orderId !== mine);
      for (const f of own) ref.fill(f.realizedPnl, f.fee, true);
      // The equity before the rule's closes: the position as the trader's fills left it (the closes remove it).
      let before = ref.balance;
      const closed = new Map(closes.map((f) => [f.market, f]));
      const p = book.positions.get(BTC.id) ?? null;
      const closing = closed.get(BTC.id);
      if (closing) {
        // Closed at last here (bid = ask = last): its realized P&L is the position's unrealized before it.
        before = add(ref.balance, closing.realizedPnl);
      } else if (p) before = equity();
      ref.see(before);
      const flatBefore = closing ? false : !p;
      const expected = ref.verdict(before, flatBefore, now);
      const got = book.status === 'active' ? null : `${book.status}:${book.statusReason}`;
      expect({ step: x, got }).toEqual({ step: x, got: expected });
      for (const f of closes) ref.fill(f.realizedPnl, f.fee, false);
      expect(fmt(book.balance)).toBe(fmt(ref.balance));
    }
    }

/** Drawdowns alone, small enough to be reached often, each mode with and without a lock. */
const drawdownOnly = fc.record({
  daily_loss: fc.constant(null),
  drawdown: fc.record({
    amount_usd: fc.constantFrom('300', '700'),
    percent: fc.constant(null),
    mode: fc.constantFrom('end_of_day', 'end_of_trade', 'intraday_equity'),
    basis: fc.constantFrom('balance', 'equity'),
    lock_at_usd: fc.constantFrom(null, '0', '150'),
  }),
  profit_target: fc.constant(null),
  min_trading_days: fc.constant(0),
  min_calendar_days: fc.constant(0),
  overnight_allowed: fc.constant(true),
  weekend_allowed: fc.constant(true),
  inactivity_days: fc.constant(null),
}) as fc.Arbitrary<Omit<Rule, 'starting_balance'>>;

describe('account rules against a re-computation from fills and prices', () => {
  it('the account ends exactly when, and for the reason, the rules re-applied to its fills and prices say', () => {
    fc.assert(fc.property(rule, fc.integer({ min: -1, max: 1 }), fc.array(op, { minLength: 10, maxLength: 120 }), walk), { numRuns: Number(process.env.RULE_RUNS ?? 600) });
  });

  it('trailing drawdowns (end of day on balance or equity, end of trade, intraday equity; locked or not) fail on exactly the step the re-computation says', () => {
    fc.assert(fc.property(drawdownOnly, fc.integer({ min: -1, max: 1 }), fc.array(op, { minLength: 10, maxLength: 120 }), walk), { numRuns: Number(process.env.RULE_RUNS ?? 600) });
  });
});
