import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollEvents } from '../helpers/events.js';
import { expectError, T0, TestServer } from '../helpers/server.js';

/**
 * Exact figures over HTTP: computed money (fees, P&L, margin, balances, rule figures) and average entry prices are
 * shown at 8 places, half-even (CONTRACT conventions; DEVIATIONS: rounding); a rejected preview shows the account
 * as it is. Quotes have bid = ask = last; BTC tick 0.5, step 0.001, taker fee 0.0005.
 */
let s: TestServer;
let n = 0;
const ik = () => `fig-${++n}`;
const TUE = Date.parse('2026-03-03T00:00:00Z');

async function price(last: string, market = 'BTC-USD') {
  expect((await s.admin('PUT', `/admin/v1/markets/${market}/price`, { bid: last, ask: last, last })).status).toBe(200);
  await s.settleTrading();
}

/** Every decimal string anywhere in a JSON answer (with where it is). */
function decimals(value: unknown, path = '$'): [string, string][] {
  if (typeof value === 'string') return /^-?[0-9]+\.[0-9]+$/.test(value) ? [[path, value]] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => decimals(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => decimals(v, `${path}.${k}`));
  return [];
}

/** No decimal string of the answer has more than 8 places. */
function expectScale8(body: unknown): void {
  const long = decimals(body).filter(([, v]) => v.split('.')[1]!.length > 8);
  expect(long, JSON.stringify(long)).toEqual([]);
}

let t: { key: string; accountId: string };
const get = async (path: string) => {
  const r = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}${path}`, { key: t.key });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};
const buy = async (size: string, market = 'BTC-USD') => {
  const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market, side: 'buy', type: 'market', size } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect(r.body.status).toBe('filled');
  expectScale8(r.body);
};

beforeAll(async () => {
  s = await TestServer.start();
  t = await s.trader();
  await price('3000', 'ETH-USD');
  // Leverage 7: margin = notional / 7 repeats forever. BTC cross, ETH isolated.
  for (const [market, body] of [['BTC-USD', { leverage: 7 }], ['ETH-USD', { leverage: 7, margin_mode: 'isolated' }]] as const) {
    const r = await s.sandboxCall('PUT', `/v1/accounts/${t.accountId}/margin/${market}`, { key: t.key, body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  // Three BTC buys: 0.001 at 60000, 0.002 at 60000.5, 0.003 at 60001 → 0.006 at 360.004 / 0.006 = 60000.6666…
  await price('60000');
  await buy('0.001'); // fee 0.03
  await price('60000.5');
  await buy('0.002'); // fee 0.0600005
  await price('60001');
  await buy('0.003'); // fee 0.0900015
  await buy('0.01', 'ETH-USD'); // 30 at 3000, fee 0.015; isolated margin 30 / 7
  // A resting BTC buy reserves 59 / 7.
  const rest = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.001', limit_price: '59000' } });
  expect(rest.body.status).toBe('working');
});
afterAll(() => s.close());

describe('computed money is shown at 8 places, half-even', () => {
  it('positions: average entry, unrealized P&L and margin (cross at mark / 7, isolated booked at the fill)', async () => {
    const { data } = await get('/positions');
    expectScale8(data);
    const [btc, eth] = data;
    expect(btc).toMatchObject({
      market: 'BTC-USD',
      size: '0.006',
      // 60000.666666666666666667 kept exact; shown half-even at 8 places.
      entry_price: '60000.66666667',
      mark_price: '60001',
      // 0.006 × (60001 − 60000.666666666666666667) = 0.001999999999999999998
      unrealized_pnl: '0.002',
      leverage: 7,
      margin_mode: 'cross',
      // 0.006 × 60001 / 7 = 51.4294285714…
      margin: '51.42942857',
    });
    expect(eth).toMatchObject({ market: 'ETH-USD', size: '0.01', entry_price: '3000', leverage: 7, margin_mode: 'isolated', margin: '4.28571429' });
  });

  it('account: balance, equity, unrealized P&L, margin used and available add up as shown', async () => {
    const a = await get('');
    expectScale8(a);
    // 100000 − 0.03 − 0.0600005 − 0.0900015 − 0.015
    expect(a.balance).toBe('99999.804998');
    expect(a.unrealized_pnl).toBe('0.002');
    expect(a.equity).toBe('99999.806998');
    // 51.4294285714… (BTC cross) + 4.28571429 (ETH isolated) + 8.4285714285… (59 / 7 reserved) = 64.1437142899…
    expect(a.margin_used).toBe('64.14371429');
    expect(a.margin_available).toBe('99935.66328371');
  });

  it('preview, margin settings, orders, fills, the equity curve and the events', async () => {
    const pv = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders/test`, { key: t.key, body: { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.001', limit_price: '59500' } });
    expect(pv.status, JSON.stringify(pv.body)).toBe(200);
    expectScale8(pv.body);
    // 59.5 / 7 = 8.5
    expect(pv.body.margin).toMatchObject({ mode: 'cross', leverage: 7, required: '8.5', available: '99935.66328371', remaining: '99927.16328371' });
    // The position after: 0.007 at (360.004 + 59.5) / 0.007 = 59929.1428571…
    expect(pv.body.position_after).toEqual({ size: '0.007', side: 'long', entry_price: '59929.14285714' });
    expectScale8(await get('/margin'));
    expectScale8(await get('/orders'));
    expectScale8(await get('/fills'));
    await s.admin('POST', '/admin/v1/clock', { now: TUE });
    await s.settleTrading();
    const a = await get('');
    expectScale8(a);
    // The day-start equity taken at the rollover was 99999.806997999999999999998 exactly.
    expect(a.metrics).toMatchObject({ day_start_balance: '99999.804998', day_start_equity: '99999.806998', peak_equity: '99999.806998' });
    const day = await get('/history/equity?resolution=day');
    expectScale8(day);
    expect(day.points).toEqual([
      { time: T0, equity: '100000', balance: '100000' },
      { time: TUE, equity: '99999.806998', balance: '99999.804998' },
    ]);
    const { events } = await pollEvents(s, t.key, { accountId: t.accountId });
    expect(events.some((e) => e.type === 'position.changed')).toBe(true);
    expectScale8(events);
  });
});

describe('isolated margin changes stay at 8 places', () => {
  it('an amount finer than 8 places is refused and changes nothing; liquidation_risk names a price on the tick', async () => {
    await price('3000', 'ETH-USD');
    const post = (amount: string) => s.sandboxCall('POST', `/v1/accounts/${t.accountId}/positions/ETH-USD/margin`, { key: t.key, idempotencyKey: ik(), body: { amount } });
    const fine = await post('0.000000001');
    expectError(fine, 400, 'invalid_request', { field: 'amount', max_decimals: 8 });
    expect(fine.body.error.message).toBe('amount has at most 8 decimal places');
    // 0.01 long at 3000 keeps 4.28571429; taking 4.2 leaves 0.08571429: liquidation at (30 − 0.08571429) / (0.01 × 0.99)
    // = 3021.645…, shown on the 0.05 tick.
    expectError(await post('-4.2'), 422, 'liquidation_risk', { market: 'ETH-USD', liquidation_price: '3021.65', last: '3000' });
    expect((await get('/positions/ETH-USD')).margin).toBe('4.28571429');
    const added = await post('0.00000001');
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.margin).toBe('4.2857143');
    expectScale8(added.body);
  });
});

describe('a preview that would be rejected shows the account as it is', () => {
  beforeAll(async () => {
    // Fresh quotes on the next day (the same prices).
    await price('60001');
    await price('3000', 'ETH-USD');
  });

  it('insufficient_margin: the real exposure, room, setting and position', async () => {
    const body = { market: 'BTC-USD', side: 'buy', type: 'market', size: '100' };
    const pv = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders/test`, { key: t.key, body });
    expect(pv.status, JSON.stringify(pv.body)).toBe(200);
    expect(pv.body.outcome).toBe('would_reject');
    expect(pv.body.reject.code).toBe('insufficient_margin');
    expect(pv.body).toMatchObject({
      size: '100',
      value_usd: null,
      // 0.00000001 more isolated on ETH than the account showed above.
      margin: { mode: 'cross', leverage: 7, required: null, available: '99935.6632837', remaining: null },
      // Nothing would change: the position stays as it is.
      position_after: { size: '0.006', side: 'long', entry_price: '60000.66666667' },
      // 0.006 × 60001 held + 0.001 × 59000 resting
      exposure: { cap_usd: '5000000', open_usd: '419.006', room_usd: '4999580.994' },
    });
    // The placement answers the same code, and nothing changed.
    const placed = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body });
    expectError(placed, 422, 'insufficient_margin');
    expect((await get('/positions')).data[0]).toMatchObject({ size: '0.006' });
  });

  it('reduce_only_violation (a reduce-only buy of a long): the isolated setting, the position and its exposure', async () => {
    const pv = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders/test`, {
      key: t.key,
      body: { market: 'ETH-USD', side: 'buy', type: 'market', size: '0.01', reduce_only: true },
    });
    expect(pv.body).toMatchObject({
      outcome: 'would_reject',
      reject: { code: 'reduce_only_violation' },
      margin: { mode: 'isolated', leverage: 7 },
      position_after: { size: '0.01', side: 'long', entry_price: '3000' },
      exposure: { cap_usd: '3000000', open_usd: '30', room_usd: '2999970' },
    });
  });
});
