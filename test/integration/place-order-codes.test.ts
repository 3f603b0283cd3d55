import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { product } from '../helpers/rules.js';
import { expectError, TestServer } from '../helpers/server.js';

let s: TestServer;
let n = 0;
const ik = () => `c-${++n}`;
const base = loadConfig({});
// ETH gets a small exposure cap, so the cap is reached before margin runs out.
const markets = base.markets.map((m) => (m.id === 'ETH-USD' ? { ...m, exposure_cap_usd: '20000' } : m));
// Sandbox accounts here carry a rule that never acts, so each refusal is reached alone (rules have their own tests).
const free = product('rule-free', {});

async function price(market: string, bid: string, ask: string, last: string) {
  expect((await s.admin('PUT', `/admin/v1/markets/${market}/price`, { bid, ask, last })).status).toBe(200);
  await s.settleTrading();
}

const btc = (extra: Record<string, unknown>) => ({ market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000', ...extra });

beforeAll(async () => {
  s = await TestServer.start({
    config: { markets, products: [...base.products, free] },
    limits: { working_orders: { per_account: 3, per_customer: 100 }, sandbox_default_product: 'rule-free' },
  });
  await price('BTC-USD', '60000', '60001', '60000.5');
  await price('ETH-USD', '3000', '3000.05', '3000');
});
afterAll(() => s.close());

async function place(t: { key: string; accountId: string }, body: Record<string, unknown>) {
  return s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body });
}

describe('every refusal of POST /v1/accounts/{id}/orders, over HTTP, changing nothing', () => {
  it.each([
    ['invalid_size_step', 400, btc({ size: '0.0015' }), { nearest: ['0.001', '0.002'] }],
    ['invalid_price_tick', 400, btc({ limit_price: '59000.3' }), { nearest: ['59000', '59000.5'] }],
    ['invalid_request', 400, btc({ limit_price: undefined }), { field: 'limit_price' }],
    ['invalid_request', 400, btc({ size: 0.01 }), { field: 'size' }],
    ['unknown_field', 400, btc({ colour: 'red' }), { fields: ['colour'] }],
    ['market_not_found', 404, btc({ market: 'DOGE-USD' }), undefined],
    ['price_out_of_band', 422, btc({ limit_price: '50000' }), { band_pct: '10' }],
    ['stop_already_triggered', 422, btc({ type: 'stop_market', limit_price: undefined, stop_price: '59000' }), undefined],
    ['post_only_would_fill', 422, btc({ limit_price: '60001', post_only: true }), undefined],
    ['slippage_exceeded', 422, { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01', worst_price: '60000' }, { worst_price: '60000' }],
    ['insufficient_margin', 422, { market: 'BTC-USD', side: 'buy', type: 'market', size: '20' }, undefined],
    ['reduce_only_violation', 422, btc({ reduce_only: true }), undefined],
  ] as const)('%s (%i)', async (code, status, body, details) => {
    const t = await s.trader();
    const r = await place(t, body as Record<string, unknown>);
    expectError(r, status, code, details as Record<string, unknown> | undefined);
    const list = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders`, { key: t.key });
    expect(list.body.data).toEqual([]);
  });

  it('order_too_small: below the minimum value', async () => {
    const t = await s.trader();
    await price('SOL-USD', '50', '50.01', '50');
    expectError(await place(t, { market: 'SOL-USD', side: 'buy', type: 'limit', size: '0.1', limit_price: '49' }), 422, 'order_too_small', { min_notional_usd: '10' });
    expectError(await place(t, { market: 'SOL-USD', side: 'buy', type: 'market', notional_usd: '3' }), 422, 'order_too_small');
  });

  it('limit_inside_spread: a limit through last with the ask beyond it', async () => {
    const t = await s.trader();
    await price('BTC-USD', '59990', '60010', '60000');
    expectError(await place(t, btc({ limit_price: '60005' })), 422, 'limit_inside_spread');
    await price('BTC-USD', '60000', '60001', '60000.5');
  });

  it('no_price before the first quote and stale_quote when it is old', async () => {
    const fresh = await TestServer.start();
    try {
      const t = await fresh.trader();
      const r = await fresh.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'np', body: btc({}) });
      expectError(r, 503, 'no_price', { market: 'BTC-USD' });
      await fresh.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
      await fresh.admin('POST', '/admin/v1/clock', { advance_ms: 10_001 });
      expectError(await fresh.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'st', body: btc({}) }), 503, 'stale_quote');
    } finally {
      await fresh.close();
    }
  });

  it('market_closed, market_halted and market_not_offered from the operator switches', async () => {
    const t = await s.trader();
    await s.admin('PATCH', '/admin/v1/markets/BTC-USD', { status: 'closed' });
    expectError(await place(t, btc({})), 422, 'market_closed');
    await s.admin('PATCH', '/admin/v1/markets/BTC-USD', { status: 'halted' });
    expectError(await place(t, btc({})), 422, 'market_halted');
    await s.admin('PATCH', '/admin/v1/markets/BTC-USD', { status: 'open', offered: false });
    expectError(await place(t, btc({})), 422, 'market_not_offered');
    await s.admin('PATCH', '/admin/v1/markets/BTC-USD', { offered: true });
    expect((await place(t, btc({}))).status).toBe(201);
  });

  it('key fences: markets, reduce-only, largest order, largest position', async () => {
    const t = await s.trader();
    const fenced = (fields: Record<string, unknown>) => s.key(t.customer.id, fields).then((k) => ({ key: k.key, accountId: t.accountId }));
    expectError(await place(await fenced({ markets: ['ETH-USD'] }), btc({})), 422, 'key_market_not_allowed', { markets: ['ETH-USD'] });
    expectError(await place(await fenced({ reduce_only: true }), btc({})), 422, 'key_reduce_only');
    expectError(await place(await fenced({ max_order_usd: '500' }), btc({})), 422, 'key_max_order_notional', { max_order_usd: '500' });
    const k = await fenced({ max_position_usd: '1000' });
    expectError(await place(k, btc({ size: '0.02' })), 422, 'key_max_position_notional', { max_position_usd: '1000' });
  });

  it('working_order_cap per account', async () => {
    const t = await s.trader();
    for (let i = 0; i < 3; i++) expect((await place(t, btc({}))).status).toBe(201);
    expectError(await place(t, btc({})), 422, 'working_order_cap', { scope: 'account', limit: 3 });
  });

  it("exposure_cap_exceeded across the customer's accounts of one product", async () => {
    const t = await s.trader();
    const second = await s.sandboxCall('POST', '/v1/accounts', { key: t.key, idempotencyKey: ik() });
    await s.settle();
    expect((await place(t, { market: 'ETH-USD', side: 'buy', type: 'market', size: '4' })).status).toBe(201);
    const other = { key: t.key, accountId: second.body.id };
    expectError(await place(other, { market: 'ETH-USD', side: 'buy', type: 'market', size: '3' }), 422, 'exposure_cap_exceeded', { cap_usd: '20000' });
    expect((await place(other, { market: 'ETH-USD', side: 'buy', type: 'market', size: '2' })).status).toBe(201);
  });

  it('account_paused, account_not_tradable and account_not_ready', async () => {
    const t = await s.trader();
    await s.admin('PATCH', `/admin/v1/accounts/${t.accountId}`, { paused_until: s.services.clock.now() + 60_000 });
    expectError(await place(t, btc({})), 422, 'account_paused');
    await s.admin('PATCH', `/admin/v1/accounts/${t.accountId}`, { paused_until: null, status: 'closed' });
    expectError(await place(t, btc({})), 422, 'account_not_tradable', { reason: 'closed' });
    await s.fault({ kind: 'engine_down', environment: 'sandbox', enabled: true });
    const pending = await s.sandboxCall('POST', '/v1/accounts', { key: t.key, idempotencyKey: ik() });
    expectError(await place({ key: t.key, accountId: pending.body.id }, btc({})), 409, 'account_not_ready');
    await s.fault({ kind: 'clear' });
    await s.settle();
  });

  it('position_liquidating while a due liquidation waits for a usable quote', async () => {
    const t = await s.trader();
    await s.sandboxCall('PUT', `/v1/accounts/${t.accountId}/margin/BTC-USD`, { key: t.key, body: { leverage: 50, margin_mode: 'isolated' } });
    expect((await place(t, { market: 'BTC-USD', side: 'buy', type: 'market', size: '1' })).status).toBe(201);
    await s.admin('PATCH', '/admin/v1/markets/BTC-USD', { status: 'halted' });
    await price('BTC-USD', '58000', '58001', '58000');
    await s.admin('PATCH', '/admin/v1/markets/BTC-USD', { status: 'open' });
    expectError(await place(t, btc({})), 422, 'position_liquidating');
    const pos = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key });
    expect(pos.body.liquidating).toBe(true);
    await price('BTC-USD', '58000', '58001', '58000.5');
    const fills = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/fills`, { key: t.key });
    expect(fills.body.data[0]).toMatchObject({ liquidation: true, price: '58000', side: 'sell' });
    const orders = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders?status=filled`, { key: t.key });
    expect(orders.body.data[0].origin).toBe('system');
    await price('BTC-USD', '60000', '60001', '60000.5');
  });

  it('insufficient_balance once a liquidation beyond the margin took the balance below zero', async () => {
    const t = await s.trader();
    await s.sandboxCall('PUT', `/v1/accounts/${t.accountId}/margin/BTC-USD`, { key: t.key, body: { leverage: 50, margin_mode: 'isolated' } });
    expect((await place(t, { market: 'BTC-USD', side: 'buy', type: 'market', size: '2' })).status).toBe(201);
    await price('BTC-USD', '5000', '5000.5', '5000');
    const account = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}`, { key: t.key });
    expect(account.body.balance.startsWith('-')).toBe(true);
    expectError(await place(t, { market: 'ETH-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '2900' }), 422, 'insufficient_balance');
    await price('BTC-USD', '60000', '60001', '60000.5');
  });
});

describe("working_order_cap per customer, over HTTP: the working orders of all the customer's accounts", () => {
  let c: TestServer;
  beforeAll(async () => {
    c = await TestServer.start({
      config: { markets, products: [...base.products, free] },
      limits: { working_orders: { per_account: 3, per_customer: 4 }, sandbox_default_product: 'rule-free' },
    });
    expect((await c.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' })).status).toBe(200);
    await c.settleTrading();
  });
  afterAll(() => c.close());

  const resting = (t: { key: string; accountId: string }) =>
    c.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: btc({}) });

  it('refuses the order past the cap on another account, changes nothing, and counts a canceled order out', async () => {
    const t = await c.trader();
    const second = await c.sandboxCall('POST', '/v1/accounts', { key: t.key, idempotencyKey: ik() });
    expect(second.status).toBe(202);
    await c.settle();
    const other = { key: t.key, accountId: second.body.id as string };
    const first: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await resting(t);
      expect(r.status).toBe(201);
      first.push(r.body.id);
    }
    expect((await resting(other)).status).toBe(201);
    // Four working orders across the two accounts: the second account's next is refused for the customer, not the account.
    expectError(await resting(other), 422, 'working_order_cap', { scope: 'customer', limit: 4 });
    const listed = await c.sandboxCall('GET', `/v1/accounts/${other.accountId}/orders?status=open`, { key: t.key });
    expect(listed.body.data).toHaveLength(1);
    // One canceled on the first account: the customer has room again, on any of its accounts.
    expect((await c.sandboxCall('DELETE', `/v1/accounts/${t.accountId}/orders/${first[0]}`, { key: t.key, idempotencyKey: ik() })).status).toBe(200);
    expect((await resting(other)).status).toBe(201);
    expectError(await resting(t), 422, 'working_order_cap', { scope: 'customer', limit: 4 });
  });
});
