import { orderFromWire } from '../engine-host/wire.js';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Rule } from '../schemas/common.js';
import { add, dec, fmt, fromInt, mul, sub, type Dec } from './decimal.js';
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
  { starting_balance: '100000', daily_loss: { amount_usd: '1000', percent: null, basis: 'max_day_start', action: 'fail_account' }, drawdown: { amount_usd: '2000', percent: null, mode: 'end_of_day', basis: 'equity', lock_at_usd: '500' }, profit_target: null, min_trading_days: 0, min_calendar_days: 0, overnight_allowed: true, weekend_allowed: true, inactivity_days: null },
  // Soft limits (a breach opens, is cured or acts at its window's end), and the day-count rules with calendar inactivity.
  {
    starting_balance: '100000',
    daily_loss: { amount_usd: '800', percent: null, basis: 'day_start_balance', action: 'flatten', soft: { correction_ms: 1_800_000, max_soft_breaches: 2 } },
    drawdown: { amount_usd: '1800', percent: null, mode: 'static', soft: { correction_ms: 3_600_000, max_soft_breaches: 1 } },
    profit_target: { amount_usd: '1500', percent: null, close_positions: false },
    min_trading_days: 1,
    min_calendar_days: 0,
    overnight_allowed: true,
    weekend_allowed: true,
    inactivity_days: null,
    inactivity_calendar_days: 2,
    min_profitable_days: { count: 1, min_profit_usd: '100' },
    consistency: { max_best_day_pct: '80' },
  },
];

// Rules judged on the day's peak equity, with limits small enough for the paths below to reach: daily loss from the
// peak (each action), intraday-equity drawdowns alone and with it, beside one rule that is not (accounts in the same
// classes but not watched).
const peakRules: Rule[] = [
  rules[0]!,
  { ...rules[0]!, daily_loss: { amount_usd: '150', percent: null, basis: 'peak_equity', action: 'fail_account' }, drawdown: null, profit_target: null },
  { ...rules[0]!, daily_loss: { amount_usd: '200', percent: null, basis: 'peak_equity', action: 'flatten' }, drawdown: { amount_usd: '350', percent: null, mode: 'intraday_equity' }, profit_target: null },
  { ...rules[0]!, daily_loss: null, drawdown: { amount_usd: '250', percent: null, mode: 'intraday_equity' }, profit_target: null },
  // A trailing floor that locks (docs/RULES.md): the peak watch keeps watching where the unlocked floor would be.
  { ...rules[0]!, daily_loss: null, drawdown: { amount_usd: '250', percent: null, mode: 'intraday_equity', lock_at_usd: '100' }, profit_target: null },
  { ...rules[0]!, daily_loss: { amount_usd: '300', percent: null, basis: 'max_day_start', action: 'flatten' }, drawdown: { amount_usd: '400', percent: null, mode: 'end_of_day', basis: 'equity', lock_at_usd: '0' }, profit_target: null },
  { ...rules[0]!, daily_loss: { amount_usd: '5000', percent: null, basis: 'day_start_balance', action: 'flatten_and_pause' }, drawdown: { amount_usd: '10000', percent: null, mode: 'intraday_equity' }, profit_target: null },
  rules[1]!,
];

function world(fullScan: boolean, ruleSet: Rule[], accounts: number) {
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
  for (let a = 0; a < accounts; a++) {
    const rule = ruleSet[a % ruleSet.length]!;
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

type Op =
  | { kind: 'tick'; market: string; move: number; offGrid?: number }
  | { kind: 'order'; account: number; market: string; buy: boolean; lots: number }
  | { kind: 'clock'; hours: number };

const MARKETS = ['BTC-USD', 'ETH-USD', 'SOL-USD'];
const op = fc.oneof(
  fc.record({ kind: fc.constant('tick' as const), market: fc.constantFrom(...MARKETS), move: fc.integer({ min: -1500, max: 1500 }) }),
  fc.record({ kind: fc.constant('order' as const), account: fc.integer({ min: 0, max: 5 }), market: fc.constantFrom(...MARKETS), buy: fc.boolean(), lots: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('clock' as const), hours: fc.integer({ min: 1, max: 30 }) }),
);

/**
 * Runs the same ops through an engine with the risk index and one looking at every holder on every tick, and checks
 * after each step: the same events and fills, statuses, and for every account on a peak-equity rule the same peak
 * and drawdown reference (as read), and what the indexed engine stores of an account is what the full scan has.
 */
function differential(ops: Op[], ruleSet: Rule[], accounts: number, lotSize: (market: string, lots: number) => string) {
  const a = world(false, ruleSet, accounts);
  const b = world(true, ruleSet, accounts);
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
  const peaks = (e: Engine) =>
    [...e.books.values()].filter((x) => dependsOnPeakEquity(x.rule!)).map((x) => `${x.id}:${fmt(e.ruleState(x)!.peakEquity)}:${fmt(e.ruleState(x)!.drawdownReference)}`);
  for (const m of MARKETS) tick(m);
  for (const x of ops) {
    if (x.kind === 'tick') {
      const m = markets.get(x.market)!;
      // A last off the tick grid (a few units of the 18th place) makes last × size round: the watch lets go.
      const next = add(add(last.get(x.market)!, mul(m.tick, fromInt(x.move))), (BigInt(x.offGrid ?? 0) as Dec));
      if (next <= mul(m.tick, fromInt(100))) continue;
      last.set(x.market, next);
      tick(x.market);
    } else if (x.kind === 'clock') {
      now += x.hours * 3_600_000;
      for (const m of MARKETS) tick(m);
    } else {
      const size = lotSize(x.market, x.lots);
      for (const w of [a, b]) {
        w.engine.place({ accountId: `A${x.account}`, order: orderFromWire({ market: x.market, side: x.buy ? 'buy' : 'sell', type: 'market', size }), exits: null, actor: { keyId: null, fences: null, origin: 'api' }, now });
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
    expect(peaks(a.engine)).toEqual(peaks(b.engine));
    for (const book of fa.accounts.values()) {
      const full = b.engine.ruleState(b.engine.books.get(book.id)!)!;
      if (dependsOnPeakEquity(book.rule!)) expect([book.id, fmt(book.rules!.peakEquity), fmt(book.rules!.drawdownReference)]).toEqual([book.id, fmt(full.peakEquity), fmt(full.drawdownReference)]);
    }
  }
  for (const [id, book] of a.engine.books) {
    const other = b.engine.books.get(id)!;
    // The peak equity is what the rule is judged on only for peak-equity rules; elsewhere it is a metric taken
    // when the account is looked at (which a full scan does on every tick).
    const peak = (e: Engine, x: typeof book) => (dependsOnPeakEquity(x.rule!) ? fmt(e.ruleState(x)!.peakEquity) : '-');
    expect([book.status, fmt(book.balance), peak(a.engine, book), fmt(a.engine.ruleState(book)!.drawdownReference)]).toEqual([
      other.status,
      fmt(other.balance),
      peak(b.engine, other),
      fmt(b.engine.ruleState(other)!.drawdownReference),
    ]);
  }
}

const lots = (market: string, n: number) => (market === 'BTC-USD' ? `${n / 10}` : `${n}`);

/**
 * Paths that trend (up, down or neither) by steps of up to `swing` ticks, after each account opened a position (in
 * BTC mostly, so that accounts share classes); orders later add to, reduce or flip them, or open other markets.
 */
const order = (markets: string[]) =>
  fc.record({ kind: fc.constant('order' as const), account: fc.integer({ min: 0, max: 11 }), market: fc.constantFrom(...markets), buy: fc.boolean(), lots: fc.constantFrom(2, 4, 8, 20, 40) });
const trending = fc
  .record({ drift: fc.constantFrom(-1, 0, 0, 1), swing: fc.integer({ min: 10, max: 200 }) })
  .chain(({ drift, swing }) =>
    fc.tuple(
      fc.array(order(['BTC-USD', 'BTC-USD', 'BTC-USD', ...MARKETS]), { minLength: 8, maxLength: 16 }),
      fc.array(
        fc.oneof(
          { weight: 12, arbitrary: fc.record({ kind: fc.constant('tick' as const), market: fc.constantFrom('BTC-USD', 'BTC-USD', ...MARKETS), move: fc.integer({ min: -swing, max: swing }).map((k) => k + Math.round((drift * swing) / 3)) }) },
          { weight: 1, arbitrary: fc.record({ kind: fc.constant('tick' as const), market: fc.constantFrom(...MARKETS), move: fc.integer({ min: -3, max: 3 }), offGrid: fc.integer({ min: 1, max: 9 }) }) },
          { weight: 2, arbitrary: order(['BTC-USD', ...MARKETS]) },
          { weight: 1, arbitrary: fc.record({ kind: fc.constant('clock' as const), hours: fc.integer({ min: 1, max: 30 }) }) },
        ),
        { minLength: 30, maxLength: 150 },
      ),
    ).map(([opens, ops]): Op[] => [...opens, ...ops]),
  );

describe('risk index', () => {
  it('acts at exactly the tick a full scan of every account would (liquidations and every rule; accounts in several markets)', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 10, maxLength: 70 }), (ops) => differential(ops, rules, 6, lots)),
      { numRuns: Number(process.env.RISK_RUNS ?? 60) },
    );
  });

  it('sees a soft breach cured and reached again inside its window on the ticks a full scan would', () => {
    // A static floor of 98,200, soft with one breach: reached, back above, reached again within the hour — the
    // second time there is no breach left, so it fails at once (a look missed between would leave it held).
    const soft: Rule = { ...rules[1]!, daily_loss: null, drawdown: { amount_usd: '1800', percent: null, mode: 'static', soft: { correction_ms: 3_600_000, max_soft_breaches: 1 } } };
    for (const down of [3600, 3700]) {
      differential(
        [
          { kind: 'order', account: 0, market: 'BTC-USD', buy: true, lots: 10 },
          { kind: 'tick', market: 'BTC-USD', move: -down },
          { kind: 'tick', market: 'BTC-USD', move: 300 },
          { kind: 'tick', market: 'BTC-USD', move: -300 },
        ],
        [soft],
        2,
        lots,
      );
    }
  });

  it('follows peaks without a look per new high, exactly as a full scan (rising and falling markets, long and short, one to three markets, day rollovers, fills, lasts off the grid)', () => {
    fc.assert(
      fc.property(trending, (ops) => differential(ops, peakRules, 12, lots)),
      { numRuns: Number(process.env.RISK_RUNS ?? 80) },
    );
  });

  it('shares one running high among the accounts of a class: a new high looks at no account, the trailing limit at exactly its tick', () => {
    // 40 accounts long 0.1 BTC and 40 short, on an intraday-equity drawdown of 250: 2,500 of price from the high.
    for (const side of ['buy', 'sell'] as const) {
      const up = side === 'buy' ? 1 : -1;
      const [a, b] = [world(false, [peakRules[3]!], 40), world(true, [peakRules[3]!], 40)];
      let last = dec('60000');
      const tick = () => {
        const q = { bid: sub(last, dec('0.5')), ask: add(last, dec('0.5')), last, time: T0 };
        for (const w of [a, b]) {
          w.quotes.set('BTC-USD', q);
          w.engine.onQuote('BTC-USD', q);
        }
      };
      tick();
      for (let n = 0; n < 40; n++) {
        for (const w of [a, b]) w.engine.place({ accountId: `A${n}`, order: orderFromWire({ market: 'BTC-USD', side, type: 'market', size: '0.1' }), exits: null, actor: { keyId: null, fences: null, origin: 'api' }, now: T0 });
      }
      // Past the fees each account is judged once (then followed by the watch); from there a new high looks at none.
      const move = (usd: number) => {
        last = add(last, dec(String(usd * up)));
        tick();
      };
      for (let k = 0; k < 4; k++) move(50);
      const looks = a.engine.stats.riskLooks;
      for (let k = 0; k < 100; k++) move(5);
      expect(a.engine.stats.riskLooks).toBe(looks);
      const high = last;
      const book = a.engine.books.get('A7')!;
      const p = book.positions.get('BTC-USD')!;
      expect(a.engine.ruleState(book)!.drawdownReference).toBe(add(book.balance, mul(dec('0.1'), up > 0 ? sub(high, p.entryPrice) : sub(p.entryPrice, high))));
      // 2,499.5 back from the high: nothing; 2,500 (equity exactly on the floor): every account fails on that tick.
      move(-2000);
      move(-499.5);
      expect([...a.engine.books.values()].filter((x) => x.status !== 'active')).toEqual([]);
      expect(a.engine.stats.riskLooks).toBe(looks);
      move(-0.5);
      expect([...a.engine.books.values()].map((x) => `${x.status}:${x.statusReason}`)).toEqual([...b.engine.books.values()].map((x) => `${x.status}:${x.statusReason}`));
      expect(new Set([...a.engine.books.values()].map((x) => x.statusReason))).toEqual(new Set(['drawdown']));
    }
  });

  it('stores the peaks it follows when the host flushes them: a rebuilt engine starts from the latest high, not the last fill', () => {
    const w = world(false, [peakRules[3]!], 10);
    let last = dec('60000');
    const tick = () => {
      const q = { bid: sub(last, dec('0.5')), ask: add(last, dec('0.5')), last, time: T0 };
      w.quotes.set('BTC-USD', q);
      w.engine.onQuote('BTC-USD', q);
    };
    tick();
    for (let n = 0; n < 10; n++) w.engine.place({ accountId: `A${n}`, order: orderFromWire({ market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1' }), exits: null, actor: { keyId: null, fences: null, origin: 'api' }, now: T0 });
    for (let k = 0; k < 4; k++) {
      last = add(last, dec('50'));
      tick();
    }
    w.engine.take();
    for (let k = 0; k < 20; k++) {
      last = add(last, dec('5'));
      tick();
    }
    // New highs wrote nothing by themselves…
    expect(w.engine.take().accounts.size).toBe(0);
    const book = w.engine.books.get('A3')!;
    const live = w.engine.ruleState(book)!;
    expect(book.rules!.drawdownReference).not.toBe(live.drawdownReference);
    // …a flush puts every followed account whose peak moved into the effects, with the peak a full scan has.
    expect(w.engine.flushPeaks()).toBe(10);
    const fx = w.engine.take();
    expect(fx.accounts.size).toBe(10);
    expect(fx.accounts.get('A3')!.rules!.drawdownReference).toBe(live.drawdownReference);
    expect(fx.accounts.get('A3')!.rules!.peakEquity).toBe(live.peakEquity);
    // Nothing moved since: nothing to write; the watch still follows the accounts (a new high looks at none).
    expect(w.engine.flushPeaks()).toBe(0);
    const looks = w.engine.stats.riskLooks;
    last = add(last, dec('5'));
    tick();
    expect(w.engine.stats.riskLooks).toBe(looks);
    expect(w.engine.flushPeaks()).toBe(10);
  });
});
