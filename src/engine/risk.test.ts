import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../schemas/common.js';
import { add, dec, fmt, fromInt, mul, sub } from './decimal.js';
import { Engine } from './engine.js';
import { marketSpec, type MarketConfigLike } from './market-spec.js';
import { dependsOnPeakEquity, initialRuleState } from './rules.js';
import { TradingCalendar } from './trading-day.js';
import type { Quote } from './types.js';

const configs = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../config/markets.json'), 'utf8')) as MarketConfigLike[];
const markets = new Map(configs.map((c) => [c.id, marketSpec(c)]));
const calendar = new TradingCalendar(0, 'UTC');
const T0 = Date.parse('2026-03-02T12:00:00Z');

const rules: Rule[] = [
  { starting_balance: '100000', daily_loss: { amount_usd: '700', percent: null, basis: 'peak_equity', action: 'flatten_and_pause' }, drawdown: { amount_usd: '1500', percent: null, mode: 'intraday_equity' }, profit_target: { amount_usd: '2000', percent: null, close_positions: false }, min_trading_days: 0, min_calendar_days: 0, overnight_allowed: true, weekend_allowed: true, inactivity_days: null },
  { starting_balance: '100000', daily_loss: { amount_usd: '900', percent: null, basis: 'day_start_balance', action: 'fail_account' }, drawdown: { amount_usd: '3000', percent: null, mode: 'static' }, profit_target: null, min_trading_days: 0, min_calendar_days: 0, overnight_allowed: true, weekend_allowed: true, inactivity_days: null },
  { starting_balance: '100000', daily_loss: { amount_usd: '1200', percent: null, basis: 'peak_balance', action: 'flatten' }, drawdown: { amount_usd: '2500', percent: null, mode: 'end_of_trade' }, profit_target: { amount_usd: '1500', percent: null, close_positions: true }, min_trading_days: 0, min_calendar_days: 0, overnight_allowed: true, weekend_allowed: true, inactivity_days: null },
];

function world(fullScan: boolean) {
  const quotes = new Map<string, Quote>();
  let ids = 0;
  const engine = new Engine({
    markets,
    quote: (m) => quotes.get(m),
    marketState: () => ({ status: 'open', offered: true }),
    newId: (p) => `${p}_${++ids}`,
    isWeekend: () => false,
    calendar,
    caps: { perAccount: 1000, perCustomer: 10000 },
    fullScan,
  });
  for (let a = 0; a < 6; a++) {
    const rule = rules[a % rules.length]!;
    engine.addBook({
      id: `A${a}`,
      customerId: `c${a}`,
      product: 'p',
      status: 'active',
      balance: dec('100000'),
      orders: new Map(),
      positions: new Map(),
      margin: new Map([['BTC-USD', { leverage: a % 2 === 0 ? 20 : 5, mode: a % 3 === 0 ? 'isolated' : 'cross' }]]),
      weekendAllowed: true,
      rule,
      rules: initialRuleState(dec('100000'), dec('100000'), calendar.dayStart(T0)),
      startingBalance: dec('100000'),
      createdAt: T0,
      pausedUntil: null,
      statusReason: null,
    });
  }
  return { engine, quotes };
}

const op = fc.oneof(
  fc.record({ kind: fc.constant('tick' as const), market: fc.constantFrom('BTC-USD', 'ETH-USD', 'SOL-USD'), move: fc.integer({ min: -1500, max: 1500 }) }),
  fc.record({ kind: fc.constant('order' as const), account: fc.integer({ min: 0, max: 5 }), market: fc.constantFrom('BTC-USD', 'ETH-USD', 'SOL-USD'), buy: fc.boolean(), lots: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('clock' as const), hours: fc.integer({ min: 1, max: 30 }) }),
);

describe('risk index', () => {
  it('acts at exactly the tick a full scan of every account would (liquidations and every rule; accounts in several markets)', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 10, maxLength: 70 }), (ops) => {
        const a = world(false);
        const b = world(true);
        const last = new Map([['BTC-USD', dec('60000')], ['ETH-USD', dec('3000')], ['SOL-USD', dec('150')]]);
        let now = T0;
        const tick = (market: string) => {
          const m = markets.get(market)!;
          const l = last.get(market)!;
          const q = { bid: sub(l, m.tick), ask: add(l, m.tick), last: l, time: now };
          for (const w of [a, b]) {
            w.quotes.set(market, q);
            w.engine.onQuote(market, q);
          }
        };
        tick('BTC-USD');
        tick('ETH-USD');
        tick('SOL-USD');
        for (const x of ops) {
          if (x.kind === 'tick') {
            const m = markets.get(x.market)!;
            const next = add(last.get(x.market)!, mul(m.tick, fromInt(x.move)));
            if (next <= mul(m.tick, fromInt(100))) continue;
            last.set(x.market, next);
            tick(x.market);
          } else if (x.kind === 'clock') {
            now += x.hours * 3_600_000;
            tick('BTC-USD');
            tick('ETH-USD');
            tick('SOL-USD');
          } else {
            const size = x.market === 'BTC-USD' ? `${x.lots / 10}` : `${x.lots}`;
            for (const w of [a, b]) {
              w.engine.place({ accountId: `A${x.account}`, body: { market: x.market, side: x.buy ? 'buy' : 'sell', type: 'market', size }, exits: null, actor: { keyId: null, fences: null, origin: 'api' }, now });
            }
          }
          const fa = a.engine.take();
          const fb = b.engine.take();
          const view = (fx: ReturnType<Engine['take']>) => ({
            events: fx.events.map((e) => `${e.type}:${e.accountId}:${e.order?.id ?? ''}:${e.closeReason ?? ''}`),
            fills: fx.fills.map((f) => `${f.orderId}@${fmt(f.price)}${f.liquidation ? '!' : ''}`),
          });
          expect(view(fa)).toEqual(view(fb));
          const states = (e: Engine) => [...e.books.values()].map((book) => `${book.id}:${book.status}:${book.statusReason ?? ''}:${book.pausedUntil ?? ''}`);
          expect(states(a.engine)).toEqual(states(b.engine));
        }
        for (const [id, book] of a.engine.books) {
          const other = b.engine.books.get(id)!;
          // The peak equity is what the rule is judged on only for peak-equity rules; elsewhere it is a metric taken
          // when the account is looked at (which a full scan does on every tick).
          const peak = (x: typeof book) => (dependsOnPeakEquity(x.rule!) ? fmt(x.rules!.peakEquity) : '-');
          expect([book.status, fmt(book.balance), peak(book), fmt(book.rules!.drawdownReference)]).toEqual([
            other.status,
            fmt(other.balance),
            peak(other),
            fmt(other.rules!.drawdownReference),
          ]);
        }
      }),
      { numRuns: Number(process.env.RISK_RUNS ?? 60) },
    );
  });
});
