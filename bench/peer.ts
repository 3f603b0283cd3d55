import { orderFromWire } from '../src/engine-host/wire.js';
import { performance } from 'node:perf_hooks';
import { OrderBook, Side } from 'nodejs-order-book';
import { add, dec, fromInt, sub } from '../src/engine/decimal.js';
import { testEngine } from '../src/engine/test-engine.js';
import { marketSpec } from '../src/engine/market-spec.js';
import { prng } from '../src/feed/simulated.js';

export interface PeerResult {
  n: number;
  ticks: number;
  oursTriggers: number;
  peerTriggers: number;
  oursMs: number;
  peerMs: number;
  speedup: number;
}

const SPEC = marketSpec({
  id: 'BTC-USD',
  size_step: '1',
  tick_size: '1',
  min_notional_usd: '1',
  max_leverage: 100,
  default_leverage: 100,
  max_slippage_pct: { default: '1', min: '0.1', max: '10' },
  price_band_pct: '50',
  exposure_cap_usd: '1000000000000',
  maker_fee_rate: '0',
  taker_fee_rate: '0',
  maintenance_margin_rate: '0.001',
  stale_after_ms: 1_000_000_000,
});

/**
 * The same seeded price path and the same resting stop-market orders through Rampart's engine and through
 * nodejs-order-book (a public order book with stop orders). The peer has no "price tick": each tick is a trade
 * at that price (a resting limit and a market order against it), which is how its stops trigger.
 */
export function peerBenchmark(n: number, ticks: number, seed = 11): PeerResult {
  // One run on another path first, discarded: both sides are timed with their code compiled (JIT warm).
  sideBySide(n, ticks, seed + 1);
  return sideBySide(n, ticks, seed);
}

function sideBySide(n: number, ticks: number, seed: number): PeerResult {
  const start = 100_000;
  const rand = prng(seed);
  const stops = Array.from({ length: n }, (_, i) => {
    const off = 1 + Math.floor(rand() * 400);
    const buy = i % 2 === 0;
    return { buy, stop: buy ? start + off : start - off };
  });
  const path: number[] = [];
  let p = start;
  for (let i = 0; i < ticks; i++) {
    p += Math.floor(rand() * 21) - 10;
    path.push(p);
  }

  // Rampart
  const { engine, quotes } = testEngine([SPEC], { caps: { perAccount: 10_000_000, perCustomer: 10_000_000 } });
  const accounts = Math.max(1, n / 100);
  for (let a = 0; a < accounts; a++) {
    engine.addBook({ id: `A${a}`, customerId: `c${a}`, product: 'p', status: 'active', balance: dec('1000000000000'), orders: new Map(), positions: new Map(), margin: new Map(), weekendAllowed: true });
  }
  const q0 = { bid: fromInt(start - 1), ask: fromInt(start + 1), last: fromInt(start), time: 1 };
  quotes.set(SPEC.id, q0);
  engine.onQuote(SPEC.id, q0);
  stops.forEach((s, i) => {
    const r = engine.place({
      accountId: `A${i % accounts}`,
      order: orderFromWire({ market: SPEC.id, side: s.buy ? 'buy' : 'sell', type: 'stop_market', size: '1', stop_price: String(s.stop) }),
      exits: null,
      actor: { keyId: null, fences: null, origin: 'api' },
      now: 2,
    });
    if (!r.ok) throw new Error(r.rejection.code);
  });
  engine.take();
  let oursTriggers = 0;
  globalThis.gc?.(); // what setting up left behind is not collected on either side's clock
  const t0 = performance.now();
  path.forEach((price, i) => {
    const last = fromInt(price);
    const q = { bid: sub(last, SPEC.tick), ask: add(last, SPEC.tick), last, time: 3 + i };
    quotes.set(SPEC.id, q);
    engine.onQuote(SPEC.id, q);
    oursTriggers += engine.take().fills.filter((f) => f.orderId.startsWith('ord_')).length;
  });
  const oursMs = performance.now() - t0;

  // Peer
  const ob = new OrderBook({ enableJournaling: false });
  const tradeAt = (price: number, rising: boolean) => {
    ob.limit({ id: `mk${price}-${Math.random()}`, side: rising ? Side.SELL : Side.BUY, size: 1, price });
    return ob.market({ side: rising ? Side.BUY : Side.SELL, size: 1 });
  };
  tradeAt(start, true);
  for (const s of stops) ob.stopMarket({ side: s.buy ? Side.BUY : Side.SELL, size: 1, stopPrice: s.stop });
  let peerTriggers = 0;
  let prev = start;
  globalThis.gc?.();
  const t1 = performance.now();
  for (const price of path) {
    const r = tradeAt(price, price >= prev);
    peerTriggers += r.activated.length;
    prev = price;
  }
  const peerMs = performance.now() - t1;
  return { n, ticks, oursTriggers, peerTriggers, oursMs: Math.round(oursMs), peerMs: Math.round(peerMs), speedup: Math.round((peerMs / oursMs) * 100) / 100 };
}
