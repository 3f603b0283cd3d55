import { orderFromWire } from '../src/engine-host/wire.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Rule } from '../src/schemas/common.js';
import { add, dec, fmt, fromInt, mul, sub } from '../src/engine/decimal.js';
import { dependsOnPeakEquity, initialRuleState } from '../src/engine/rules.js';
import { TradingCalendar } from '../src/engine/trading-day.js';
import { prng } from '../src/feed/simulated.js';
import { ROOT } from './lib.js';
import { benchEngine } from './ticks.js';

const T0 = Date.parse('2026-03-03T12:00:00Z'); // a Tuesday: one trading day for the whole run

// The products' rules (config/products.json), round-robin: daily loss on day-start balance or equity, static,
// end-of-day and intraday-equity drawdowns, profit targets judged on equity or on balance.
const PRODUCTS = JSON.parse(readFileSync(join(ROOT, 'config/products.json'), 'utf8')) as { id: string; size: string; rule: Rule }[];

/**
 * The firms' rule variants (docs/RULES.md, issue 30), round-robin: the shipped products that use them (a trailing
 * floor that locks, a daily loss from the higher of balance and equity, a product's own trading day, consistency
 * and a scaling plan) and three more made here — soft daily loss and drawdown, profitable days with calendar-day
 * inactivity, a grace for positions without a stop. Every account carries a rule with at least one of them.
 */
export const RULEBOOK_PRODUCTS: typeof PRODUCTS = (() => {
  const byId = new Map(PRODUCTS.map((p) => [p.id, p]));
  const shipped = ['trailing-lock-50k', 'one-step-100k', 'two-step-100k-step1', 'eod-trailing-50k'].map((id) => byId.get(id)!);
  const base = byId.get('evaluation-100k')!;
  const soft = { correction_ms: 300_000, max_soft_breaches: 3 };
  return [
    ...shipped,
    {
      ...base,
      id: 'soft-limits',
      rule: { ...base.rule, daily_loss: { ...base.rule.daily_loss!, soft }, drawdown: { ...base.rule.drawdown!, mode: 'intraday_equity', soft } },
    },
    { ...base, id: 'profitable-days', rule: { ...base.rule, min_profitable_days: { count: 3, min_profit_usd: '250' }, consistency: { max_best_day_pct: '40' }, inactivity_basis: 'calendar_days' } },
    { ...base, id: 'stop-grace', rule: { ...base.rule, risk_per_trade: { amount_usd: null, percent: '2', require_stop_loss: true, grace_ms: 3_600_000 } } },
  ];
})();

export interface RiskResult {
  accounts: number;
  positions: number;
  ticks: number;
  ticksPerSecond: number;
  /** Accounts looked at per tick, as a share of the accounts holding the tick's market. */
  touchedShare: number;
  fullScanTicksPerSecond: number;
  /** Fills (rule flattens, liquidations) the path caused; the same in both runs. */
  fills: number;
  /** Accounts whose peak the peak watch follows at the end (of those on a peak-equity rule), and its classes. */
  watched: number;
  peakAccounts: number;
  classes: number;
}

/**
 * `accounts` accounts with positions in 1–3 markets (cross and isolated, several rules), then a seeded walk. With
 * `varied`, each position's size is a random multiple (1–97) of the market's size, so accounts in several markets
 * hardly ever share a class of the peak watch (peak-watch.ts); otherwise every position in a market has one size.
 */
function world(accounts: number, fullScan: boolean, seed: number, products: typeof PRODUCTS, varied: boolean) {
  const calendar = new TradingCalendar(0, 'UTC');
  const { engine, quotes, markets, start } = benchEngine(T0, { calendar, fullScan });
  const rand = prng(seed);
  const list = [...markets.values()];
  let positions = 0;
  for (let a = 0; a < accounts; a++) {
    const id = `A${a}`;
    const product = products[a % products.length]!;
    const balance = dec(product.size);
    engine.addBook({
      id,
      customerId: `c${a}`,
      product: product.id,
      status: 'active',
      balance,
      orders: new Map(),
      positions: new Map(),
      margin: new Map(list.map((m, i) => [m.id, { leverage: 5 + ((a + i) % 4) * 5, mode: (a + i) % 5 === 0 ? ('isolated' as const) : ('cross' as const) }])),
      weekendAllowed: true,
      rule: product.rule,
      rules: initialRuleState(balance, balance, calendar.dayStart(T0)),
      startingBalance: balance,
      createdAt: T0,
      pausedUntil: null,
      statusReason: null,
    });
    const held = 1 + (a % 3);
    for (let k = 0; k < held; k++) {
      const m = list[(a + k) % list.length]!;
      const base = m.id === 'BTC-USD' ? '0.01' : m.id === 'ETH-USD' ? '0.2' : '4';
      const size = varied ? fmt(mul(dec(base), fromInt(1 + Math.floor(rand() * 97)))) : fmt(mul(dec(base), fromInt(20)));
      const r = engine.place({ accountId: id, order: orderFromWire({ market: m.id, side: rand() < 0.5 ? 'buy' : 'sell', type: 'market', size }), exits: null, actor: { keyId: null, fences: null, origin: 'api' }, now: T0 });
      if (!r.ok) throw new Error(`${r.rejection.code} ${JSON.stringify(r.rejection.details)}`);
      positions++;
      engine.take();
    }
  }
  return { engine, quotes, markets: list, start, positions };
}

function walk(accounts: number, ticks: number, fullScan: boolean, seed: number, products: typeof PRODUCTS, varied: boolean) {
  const w = world(accounts, fullScan, seed, products, varied);
  const rand = prng(seed + 1);
  const pos = new Map(w.markets.map((m) => [m.id, 0]));
  let fills = 0;
  let holders = 0;
  globalThis.gc?.();
  const looks0 = w.engine.stats.riskLooks;
  const t0 = performance.now();
  for (let i = 0; i < ticks; i++) {
    const m = w.markets[i % w.markets.length]!;
    const k = pos.get(m.id)! + Math.floor(rand() * 7) - 3;
    pos.set(m.id, k);
    const last = add(w.start.get(m.id)!, mul(m.tick, fromInt(k)));
    const q = { bid: sub(last, m.tick), ask: add(last, m.tick), last, time: T0 + 1 + i };
    w.quotes.set(m.id, q);
    w.engine.onQuote(m.id, q);
    fills += w.engine.take().fills.length;
    holders += w.engine.holdersOf(m.id);
  }
  const seconds = (performance.now() - t0) / 1000;
  const peakAccounts = [...w.engine.books.values()].filter((b) => b.status === 'active' && dependsOnPeakEquity(b.rule!)).length;
  return { positions: w.positions, ticksPerSecond: Math.round(ticks / seconds), looks: w.engine.stats.riskLooks - looks0, holders, fills, peakAccounts, ...w.engine.peakWatchSize() };
}

/**
 * Risk per tick (issue: 10k accounts holding positions on 3 markets): ticks/s with the per-account bands and the
 * share of the market's holders looked at per tick — beside a few ticks of the same path with every holder looked
 * at (full scan). `peakRules` false leaves out the products judged on the day's peak equity, which CONTRACT §7 has
 * evaluated on every tick (here: on every new high of their equity).
 */
export function riskBenchmark(accounts: number, ticks: number, peakRules = true, seed = 5, varied = false, only?: typeof PRODUCTS): RiskResult & { products: string; sizes: string } {
  const all = only ?? PRODUCTS;
  const products = peakRules ? all : all.filter((p) => !dependsOnPeakEquity(p.rule));
  walk(Math.min(accounts, 500), Math.min(ticks, 2000), false, seed + 100, products, varied); // warm-up, discarded
  const banded = walk(accounts, ticks, false, seed, products, varied);
  const full = walk(accounts, Math.min(30, Math.max(1, Math.floor(ticks / 10))), true, seed, products, varied);
  return {
    products: products.map((p) => p.id).join(' '),
    sizes: varied ? 'varied' : 'one per market',
    accounts,
    positions: banded.positions,
    ticks,
    ticksPerSecond: banded.ticksPerSecond,
    touchedShare: banded.holders === 0 ? 0 : Math.round((banded.looks / banded.holders) * 1e6) / 1e6,
    fullScanTicksPerSecond: full.ticksPerSecond,
    fills: banded.fills,
    watched: banded.watched,
    peakAccounts: banded.peakAccounts,
    classes: banded.classes,
  };
}
