import { orderFromWire } from '../src/engine-host/wire.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { dec, fmt, fromInt, mul, add, sub, type Dec } from '../src/engine/decimal.js';
import type { EngineOptions } from '../src/engine/engine.js';
import { testEngine } from '../src/engine/test-engine.js';
import { marketSpec, type MarketConfigLike } from '../src/engine/market-spec.js';
import { prng } from '../src/feed/simulated.js';
import { ROOT } from './lib.js';

const configs = JSON.parse(readFileSync(join(ROOT, 'config/markets.json'), 'utf8')) as (MarketConfigLike & { simulation: { start: string } })[];

export interface TickResult {
  n: number;
  ticks: number;
  ticksPerSecond: number;
  fills: number;
  usPerFill: number;
  nsPerTickPerOrder: number;
}

/**
 * An engine on the configured markets (open, no weekends, working-order caps out of the way) with a quote at each
 * market's simulation start, taken at `time`.
 */
export function benchEngine(time: number, extra: Partial<EngineOptions> = {}) {
  const { engine, quotes } = testEngine(
    configs.map((c) => marketSpec(c)),
    { caps: { perAccount: 1_000_000, perCustomer: 10_000_000 }, ...extra },
  );
  const markets = new Map(configs.map((c) => [c.id, marketSpec(c)]));
  const start = new Map<string, Dec>();
  for (const m of markets.values()) {
    const last = dec(configs.find((c) => c.id === m.id)!.simulation.start);
    start.set(m.id, last);
    const q = { bid: sub(last, m.tick), ask: add(last, m.tick), last, time };
    quotes.set(m.id, q);
    engine.onQuote(m.id, q);
  }
  return { engine, quotes, markets, start };
}

/**
 * An engine with `n` resting triggers spread around the price on 3 markets: stop orders (n/100 accounts hold them)
 * and, with `exits`, half of them the exits of n/4 positions (one account each) — a take profit and a trailing
 * stop loss per position, and a break-even trigger on every other one.
 */
export function engineWithTriggers(n: number, spreadTicks: number, minTicks = 1, seed = 7, exits = false) {
  const { engine, quotes, markets, start } = benchEngine(1);
  const accounts = Math.max(1, Math.floor(n / 100));
  for (let a = 0; a < accounts; a++) {
    engine.addBook({ id: `A${a}`, customerId: `c${a}`, product: 'p', status: 'active', balance: dec('100000000'), orders: new Map(), positions: new Map(), margin: new Map(), weekendAllowed: true });
  }
  const rand = prng(seed);
  const list = [...markets.values()];
  const positions = exits ? Math.floor(n / 4) : 0;
  for (let i = 0; i < n - 2 * positions; i++) {
    const m = list[i % list.length]!;
    const last = start.get(m.id)!;
    const off = mul(m.tick, fromInt(minTicks + Math.floor(rand() * spreadTicks)));
    const buy = rand() < 0.5;
    const size = m.id === 'BTC-USD' ? '0.001' : m.id === 'ETH-USD' ? '0.01' : '0.1';
    const r = engine.place({
      accountId: `A${i % accounts}`,
      order: orderFromWire({ market: m.id, side: buy ? 'buy' : 'sell', type: 'stop_market', size, stop_price: fmt(buy ? add(last, off) : sub(last, off)), reduce_only: false }),
      exits: null,
      actor: { keyId: null, fences: null, origin: 'api' },
      now: 2,
    });
    if (!r.ok) throw new Error(`${r.rejection.code} ${JSON.stringify(r.rejection.details)}`);
    // What a command changed is taken after each one, as the server does (persisted, then dropped).
    engine.take();
  }
  // Positions with exits: a take profit and a trailing stop each, a break-even on every other one.
  for (let k = 0; k < positions; k++) {
    const m = list[k % list.length]!;
    const long = rand() < 0.5;
    // Offsets from the fill price (a buy fills at the ask, a sell at the bid), at least `minTicks` away; the trailing
    // distance is twice the stop's offset, so the stop starts moving only once the price has gone that far the right way.
    const last = long ? add(start.get(m.id)!, m.tick) : sub(start.get(m.id)!, m.tick);
    const ticks = () => mul(m.tick, fromInt(minTicks + 1 + Math.floor(rand() * spreadTicks)));
    const size = m.id === 'BTC-USD' ? '0.001' : m.id === 'ETH-USD' ? '0.01' : '0.1';
    const id = `P${k}`;
    engine.addBook({ id, customerId: `p${k}`, product: 'p', status: 'active', balance: dec('100000000'), orders: new Map(), positions: new Map(), margin: new Map(), weekendAllowed: true });
    const tp = ticks();
    const sl = ticks();
    const r = engine.place({
      accountId: id,
      order: orderFromWire({ market: m.id, side: long ? 'buy' : 'sell', type: 'market', size }),
      exits: {
        takeProfit: { price: long ? add(last, tp) : sub(last, tp), limitPrice: null },
        stopLoss: { price: long ? sub(last, sl) : add(last, sl), trailingDistance: add(sl, sl) },
        breakEven: k % 2 === 0 ? { triggerPrice: long ? add(last, ticks()) : sub(last, ticks()), offsetTicks: 1 } : null,
      },
      actor: { keyId: null, fences: null, origin: 'api' },
      now: 2,
    });
    if (!r.ok) throw new Error(`${r.rejection.code} ${JSON.stringify(r.rejection.details)}`);
    engine.take();
  }
  return { engine, quotes, markets, start, rand };
}

/** M ticks of a seeded walk over 3 markets; `reach` is how far (in ticks) the walk may wander from the start. */
export function runTicks(n: number, ticks: number, reach: number, spreadTicks: number, minTicks = 1, exits = false): TickResult {
  const { engine, quotes, markets, start, rand } = engineWithTriggers(n, spreadTicks, minTicks, 7, exits);
  const list = [...markets.values()];
  const pos = new Map(list.map((m) => [m.id, 0]));
  let fills = 0;
  globalThis.gc?.(); // what setting up left behind is not collected on the clock (npm run bench passes --expose-gc)
  const t0 = performance.now();
  for (let i = 0; i < ticks; i++) {
    const m = list[i % list.length]!;
    let k = pos.get(m.id)! + (rand() < 0.5 ? -1 : 1);
    if (Math.abs(k) > reach) k = Math.sign(k) * reach;
    pos.set(m.id, k);
    const last = add(start.get(m.id)!, mul(m.tick, fromInt(k)));
    const q = { bid: sub(last, m.tick), ask: add(last, m.tick), last, time: 3 + i };
    quotes.set(m.id, q);
    engine.onQuote(m.id, q);
    fills += engine.take().fills.length;
  }
  const seconds = (performance.now() - t0) / 1000;
  return {
    n,
    ticks,
    ticksPerSecond: Math.round(ticks / seconds),
    fills,
    usPerFill: fills > 0 ? Math.round((seconds * 1e6) / fills) : 0,
    nsPerTickPerOrder: Math.round(((seconds * 1e9) / ticks / n) * 1000) / 1000,
  };
}
