import { describe, expect, it } from 'vitest';
import { add, dec, fmt, sub, type Dec } from './decimal.js';
import { marketSpec } from './market-spec.js';
import type { OrderWire as OrderBody } from '../engine-host/port.js';
import { orderFromWire } from '../engine-host/wire.js';
import type { ExitSpec, Fill } from './state.js';
import { testEngine } from './test-engine.js';

// One market with round numbers: tick 1, taker fee 0.05%, maker fee 0.02%, leverage 10 by default.
const BTC = marketSpec({
  id: 'BTC-USD',
  size_step: '0.001',
  tick_size: '1',
  min_notional_usd: '10',
  max_leverage: 50,
  default_leverage: 10,
  max_slippage_pct: { default: '1', min: '0.05', max: '10' },
  price_band_pct: '50',
  exposure_cap_usd: '100000000',
  maker_fee_rate: '0.0002',
  taker_fee_rate: '0.0005',
  maintenance_margin_rate: '0.005',
  stale_after_ms: 1_000_000_000,
});

/** One step of a scenario: a quote (bid, ask, last) comes in, or an order is placed (with its exits). */
type Step = { quote: [string, string, string] } | { order: Partial<OrderBody>; exits?: { tp?: string; sl?: string; trail?: string; breakEven?: [string, number] } };

interface Scenario {
  name: string;
  steps: Step[];
  /** Every fill in order: side, size, price, fee. */
  fills: [string, string, string, string][];
  /** The position at the end: side, size, entry price (null: flat). */
  position: [string, string, string] | null;
  balance: string;
}

const q = (bid: string, ask: string, last: string): Step => ({ quote: [bid, ask, last] });
const buy = (size: string, more: Partial<OrderBody> = {}, exits?: Extract<Step, { order: unknown }>['exits']): Step => ({ order: { side: 'buy', type: 'market', size, ...more }, ...(exits ? { exits } : {}) });
const sell = (size: string, more: Partial<OrderBody> = {}): Step => ({ order: { side: 'sell', type: 'market', size, ...more } });
const AT_100K = q('99999', '100001', '100000');

/**
 * Quote in, order in → fills, position and balance out. Starting balance 100,000; every figure below is worked by
 * hand from the fill rules (a market order at the ask or bid; a limit at its price once last trades strictly through;
 * a stop or take at ask + tick / bid − tick once last reaches it), the fees and the netting of one position.
 */
const SCENARIOS: Scenario[] = [
  // -- market, limit, stop --------------------------------------------------------------------------------
  { name: 'a market buy fills at the ask, taker fee', steps: [AT_100K, buy('0.1')], fills: [['buy', '0.1', '100001', '5.00005']], position: ['long', '0.1', '100001'], balance: '99994.99995' },
  { name: 'a market sell fills at the bid, taker fee', steps: [AT_100K, sell('0.1')], fills: [['sell', '0.1', '99999', '4.99995']], position: ['short', '0.1', '99999'], balance: '99995.00005' },
  {
    name: 'a limit buy rests, then fills at its limit as maker once last trades strictly through it',
    steps: [AT_100K, buy('0.2', { type: 'limit', limit_price: '99000' }), q('98999', '99001', '99000'), q('98998', '99000', '98999')],
    fills: [['buy', '0.2', '99000', '3.96']],
    position: ['long', '0.2', '99000'],
    balance: '99996.04',
  },
  {
    name: 'a buy stop triggers once last reaches it and fills at the ask + one tick',
    steps: [AT_100K, buy('0.1', { type: 'stop_market', stop_price: '101000' }), q('100999', '101001', '101000')],
    fills: [['buy', '0.1', '101002', '5.0501']],
    position: ['long', '0.1', '101002'],
    balance: '99994.9499',
  },
  {
    name: 'a sell stop triggers once last reaches it and fills at the bid − one tick',
    steps: [AT_100K, sell('0.1', { type: 'stop_market', stop_price: '99000' }), q('98999', '99001', '99000')],
    fills: [['sell', '0.1', '98998', '4.9499']],
    position: ['short', '0.1', '98998'],
    balance: '99995.0501',
  },
  // -- netting --------------------------------------------------------------------------------------------
  {
    name: 'adding to a long averages the entry',
    steps: [AT_100K, buy('0.1'), q('101999', '102001', '102000'), buy('0.1')],
    fills: [['buy', '0.1', '100001', '5.00005'], ['buy', '0.1', '102001', '5.10005']],
    position: ['long', '0.2', '101001'],
    balance: '99989.8999',
  },
  {
    name: 'reducing a long realizes the P&L of the part closed and keeps the entry',
    steps: [AT_100K, buy('0.2'), q('100999', '101001', '101000'), sell('0.1')],
    fills: [['buy', '0.2', '100001', '10.0001'], ['sell', '0.1', '100999', '5.04995']],
    position: ['long', '0.1', '100001'],
    balance: '100084.74995', // − 10.0001 + (100999 − 100001) × 0.1 − 5.04995
  },
  {
    name: 'closing a long at a loss leaves the account flat',
    steps: [AT_100K, buy('0.1'), q('98999', '99001', '99000'), sell('0.1')],
    fills: [['buy', '0.1', '100001', '5.00005'], ['sell', '0.1', '98999', '4.94995']],
    position: null,
    balance: '99889.85', // − 5.00005 − 100.2 − 4.94995
  },
  {
    name: 'a sell larger than the long flips it to a short at the fill price',
    steps: [AT_100K, buy('0.1'), q('100999', '101001', '101000'), sell('0.3')],
    fills: [['buy', '0.1', '100001', '5.00005'], ['sell', '0.3', '100999', '15.14985']],
    position: ['short', '0.2', '100999'],
    balance: '100079.6501', // − 5.00005 + 99.8 − 15.14985
  },
  // -- exits ----------------------------------------------------------------------------------------------
  {
    name: 'a take profit closes the long at the bid − one tick once last reaches it',
    steps: [AT_100K, buy('0.1', {}, { tp: '102000' }), q('101999', '102001', '102000')],
    fills: [['buy', '0.1', '100001', '5.00005'], ['sell', '0.1', '101998', '5.0999']],
    position: null,
    balance: '100189.60005', // − 5.00005 + 199.7 − 5.0999
  },
  {
    name: 'a stop loss closes the long at the bid − one tick once last falls to it',
    steps: [AT_100K, buy('0.1', {}, { sl: '99000' }), q('98999', '99001', '99000')],
    fills: [['buy', '0.1', '100001', '5.00005'], ['sell', '0.1', '98998', '4.9499']],
    position: null,
    balance: '99889.75005', // − 5.00005 − 100.3 − 4.9499
  },
  {
    name: 'a trailing stop follows the best last (101500 − 1000) and closes on the way back',
    steps: [AT_100K, buy('0.1', {}, { sl: '99000', trail: '1000' }), q('101499', '101501', '101500'), q('100499', '100501', '100500')],
    fills: [['buy', '0.1', '100001', '5.00005'], ['sell', '0.1', '100498', '5.0249']],
    position: null,
    balance: '100039.67505', // − 5.00005 + 49.7 − 5.0249
  },
  {
    name: 'break-even moves the stop to the entry + 2 ticks once reached; the stop then closes there',
    steps: [AT_100K, buy('0.1', {}, { sl: '99000', breakEven: ['101000', 2] }), q('100999', '101001', '101000'), q('100001', '100003', '100002')],
    fills: [['buy', '0.1', '100001', '5.00005'], ['sell', '0.1', '100000', '5']],
    position: null,
    balance: '99989.89995', // stop 100003 reached at 100002: bid − tick = 100000; − 5.00005 − 0.1 − 5
  },
  {
    name: 'an exit is resized with the position, then closes what is left',
    steps: [AT_100K, buy('0.2', {}, { tp: '102000' }), sell('0.1'), q('101999', '102001', '102000')],
    fills: [['buy', '0.2', '100001', '10.0001'], ['sell', '0.1', '99999', '4.99995'], ['sell', '0.1', '101998', '5.0999']],
    position: null,
    balance: '100179.40005', // − 10.0001 − 0.2 − 4.99995 + 199.7 − 5.0999
  },
];

function exitsOf(e: Extract<Step, { order: unknown }>['exits']): ExitSpec | null {
  if (!e) return null;
  return {
    takeProfit: e.tp ? { price: dec(e.tp), limitPrice: null } : null,
    stopLoss: e.sl ? { price: dec(e.sl), trailingDistance: e.trail ? dec(e.trail) : null } : null,
    breakEven: e.breakEven ? { triggerPrice: dec(e.breakEven[0]), offsetTicks: e.breakEven[1] } : null,
  };
}

/** Runs the steps on a fresh engine (one account, 100,000), every fill as the effects report them. */
function run(steps: Step[]) {
  const { engine, quotes } = testEngine([BTC]);
  engine.addBook({ id: 'A', customerId: 'c', product: 'p', status: 'active', balance: dec('100000'), orders: new Map(), positions: new Map(), margin: new Map(), weekendAllowed: true });
  const fills: Fill[] = [];
  let now = 1000;
  for (const step of steps) {
    now += 1000;
    if ('quote' in step) {
      const [bid, ask, last] = step.quote.map(dec) as [Dec, Dec, Dec];
      const quote = { bid, ask, last, time: now };
      quotes.set(BTC.id, quote);
      engine.onQuote(BTC.id, quote);
    } else {
      const r = engine.place({ accountId: 'A', order: orderFromWire({ market: BTC.id, side: 'buy', type: 'market', ...step.order } as OrderBody), exits: exitsOf(step.exits), actor: { keyId: null, fences: null, origin: 'api' }, now });
      if (!r.ok) throw new Error(`refused: ${r.rejection.code}`);
    }
    fills.push(...engine.take().fills);
  }
  return { fills, book: engine.books.get('A')! };
}

describe('engine scenarios: quote in, order in → fills, position, balance out', () => {
  it.each(SCENARIOS)('$name', ({ steps, fills, position, balance }) => {
    const { fills: got, book } = run(steps);
    expect(got.map((f) => [f.side, fmt(f.size), fmt(f.price), fmt(f.fee)])).toEqual(fills);
    const p = book.positions.get(BTC.id);
    expect(p ? [p.side, fmt(p.size), fmt(p.entryPrice)] : null).toEqual(position);
    expect(fmt(book.balance)).toBe(balance);
    // The balance is the start plus what the fills realized less their fees, whatever the scenario.
    expect(book.balance).toBe(got.reduce((b, f) => sub(add(b, f.realizedPnl), f.fee), dec('100000')));
    // Flat at the end: no exit is left working (the one that did not fill was canceled with the position).
    if (position === null) expect([...book.orders.values()].map((o) => o.id)).toEqual([]);
  });
});
