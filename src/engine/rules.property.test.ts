import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../schemas/common.js';
import { add, dec, fmt, fromInt, mul, sub, ZERO, type Dec } from './decimal.js';
import { ruleBook, testEngine } from './test-engine.js';
import { marketSpec, type MarketConfigLike } from './market-spec.js';
import type { OrderWire as OrderBody } from '../engine-host/port.js';
import { orderFromWire } from '../engine-host/wire.js';
import { TradingCalendar } from './trading-day.js';

const configs = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../config/markets.json'), 'utf8')) as MarketConfigLike[];
const BTC = marketSpec(configs[0]!);
const TICK = BTC.tick;
const HOUR = 3_600_000;
/** Order sizes are multiples of 0.05 BTC (up to 2 BTC), so the rule's limits are reached within a few ticks. */
const STEP = dec('0.05');
const T0 = Date.parse('2026-03-02T12:00:00Z');

/** Rules small enough to act within a few dozen random steps. */
const rule = fc.record({
  daily_loss: fc.option(
    fc.record({
      amount_usd: fc.constantFrom('300', '800', null),
      percent: fc.constant('1'),
      basis: fc.constantFrom('peak_balance', 'start_balance', 'peak_equity', 'day_start_balance', 'day_start_equity', 'max_day_start'),
      action: fc.constantFrom('fail_account', 'flatten', 'flatten_and_pause'),
      soft: fc.constantFrom(undefined, null, { correction_ms: 1_800_000, max_soft_breaches: 2 }),
    }),
    { nil: null },
  ),
  drawdown: fc.option(
    fc.record(
      {
        amount_usd: fc.constantFrom('1500', null),
        percent: fc.constant('2'),
        mode: fc.constantFrom('end_of_day', 'end_of_trade', 'static', 'intraday_equity'),
        basis: fc.constantFrom('balance', 'equity'),
        lock_at_usd: fc.constantFrom(null, '0', '300'),
        soft: fc.constantFrom(null, { correction_ms: 3_600_000, max_soft_breaches: 1 }),
      },
      { requiredKeys: ['amount_usd', 'percent', 'mode'] },
    ),
    { nil: null },
  ),
  profit_target: fc.option(fc.record({ amount_usd: fc.constantFrom('400', '1200'), percent: fc.constant(null), close_positions: fc.boolean() }), { nil: null }),
  min_trading_days: fc.integer({ min: 0, max: 2 }),
  min_calendar_days: fc.integer({ min: 0, max: 2 }),
  overnight_allowed: fc.boolean(),
  weekend_allowed: fc.boolean(),
  inactivity_days: fc.option(fc.integer({ min: 2, max: 4 }), { nil: null }),
  inactivity_calendar_days: fc.constantFrom(undefined, null, 2, 3),
  consistency: fc.option(fc.record({ max_best_day_pct: fc.constantFrom('40', '60'), window_days: fc.constantFrom(undefined, 1, 3) }, { requiredKeys: ['max_best_day_pct'] }), { nil: null }),
  min_profitable_days: fc.option(fc.record({ count: fc.integer({ min: 1, max: 2 }), min_profit_usd: fc.constantFrom('50', '150') }), { nil: null }),
  size_tiers: fc.constantFrom(undefined, [{ min_balance: '0', max_position_usd: '60000' }, { min_balance: '100200', max_position_usd: '120000' }]),
}) as fc.Arbitrary<Omit<Rule, 'starting_balance'>>;

const op = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('tick' as const), move: fc.integer({ min: -1000, max: 1000 }) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      side: fc.constantFrom('buy' as const, 'sell' as const),
      type: fc.constantFrom('market' as const, 'limit' as const),
      offset: fc.integer({ min: 1, max: 200 }),
      size: fc.integer({ min: 1, max: 40 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('clock' as const), hours: fc.integer({ min: 1, max: 30 }) }) },
);

describe('account rules over random quote paths, orders and clock moves', () => {
  it('an ended account never trades again; a paused one not until it unpauses; balance and the equity curve agree with the fills', () => {
    fc.assert(
      fc.property(rule, fc.array(op, { minLength: 10, maxLength: 80 }), (partial, ops) => {
        const calendar = new TradingCalendar(0, 'UTC');
        const { engine, quotes } = testEngine([BTC], { isWeekend: (t) => calendar.isWeekend(t), calendar });
        const start = dec('100000');
        const r: Rule = { starting_balance: '100000', ...partial };
        engine.addBook(ruleBook(r, start, calendar, T0));
        const book = engine.books.get('A')!;
        let now = T0;
        let last = dec('60000');
        const setQuote = () => {
          const q = { bid: sub(last, TICK), ask: add(last, TICK), last, time: now };
          quotes.set(BTC.id, q);
          return q;
        };
        engine.onQuote(BTC.id, setQuote());
        engine.take();
        let balance = start;
        let tradePoints = 0;
        for (const x of ops) {
          const ended = book.status !== 'active';
          const paused = book.pausedUntil !== null && book.pausedUntil !== undefined && book.pausedUntil > now + 1000;
          if (x.kind === 'clock') {
            now += x.hours * HOUR;
            engine.onClock(now);
            engine.onQuote(BTC.id, setQuote());
          } else if (x.kind === 'tick') {
            now += 1000;
            const next = add(last, mul(TICK, fromInt(x.move)));
            if (next > mul(TICK, fromInt(1000))) last = next;
            engine.onQuote(BTC.id, setQuote());
          } else if (x.kind === 'close') {
            now += 1000;
            setQuote();
            engine.closePosition('A', BTC.id, 'user', now);
          } else {
            now += 1000;
            setQuote();
            const off = mul(TICK, fromInt(x.offset));
            const body: OrderBody = { market: BTC.id, side: x.side, type: x.type, size: fmt(mul(fromInt(x.size), STEP)) };
            if (x.type === 'limit') body.limit_price = fmt(x.side === 'buy' ? sub(last, off) : add(last, off));
            const placed = engine.place({ accountId: 'A', order: orderFromWire(body), exits: null, actor: { keyId: null, fences: null, origin: 'api' }, now });
            if (ended) expect(placed.ok ? placed.value.status : placed.rejection.code).toBe('account_not_tradable');
            else if (paused) expect(placed.ok ? placed.value.status : placed.rejection.code).toBe('account_paused');
          }
          const fx = engine.take();
          // An ended account does not trade; a paused one only sees rule closes.
          if (ended) expect(fx.fills).toEqual([]);
          // The equity curve's trade points carry the running balance of the fills that realized P&L.
          const running: Dec[] = [];
          for (const f of fx.fills) {
            balance = sub(add(balance, f.realizedPnl), f.fee);
            if (f.realizedPnl !== ZERO) running.push(balance);
          }
          const points = fx.equity.filter((p) => p.resolution === 'trade');
          expect(points.map((p) => fmt(p.balance))).toEqual(running.map(fmt));
          tradePoints += points.length;
          // The last point, when nothing filled after it, shows the equity the account has now.
          const lastFill = fx.fills.at(-1);
          if (points.length > 0 && lastFill && lastFill.realizedPnl !== ZERO) expect(points.at(-1)!.equity).toBe(engine.figures(book).equity);
          expect(book.balance).toBe(balance);
          if (book.status !== 'active') {
            expect(['failed', 'passed']).toContain(book.status);
            expect(book.positions.size).toBe(0);
            expect([...book.orders.values()].filter((o) => o.status === 'working')).toEqual([]);
          }
        }
        expect(tradePoints).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 40 },
    );
  });
});
