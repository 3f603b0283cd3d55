import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectError, T0, TestServer, type Answer } from '../helpers/server.js';

let s: TestServer;

beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(() => s.close());
afterEach(async () => {
  await s.fault({ kind: 'clear' });
  await s.admin('PATCH', '/admin/v1/environments/sandbox', { sandbox_opening: true });
});

/** CONTRACT §3: the fields of an account. */
const ACCOUNT_FIELDS = [
  'id',
  'status',
  'environment',
  'stage',
  'product',
  'size',
  'starting_balance',
  'balance',
  'equity',
  'unrealized_pnl',
  'margin_used',
  'margin_available',
  'rule',
  'metrics',
  'payout_eligible',
  'parked',
  'paused_until',
  'created_at',
  'updated_at',
];
const METRIC_FIELDS = [
  'day_start_balance',
  'day_start_equity',
  'peak_balance',
  'peak_equity',
  'drawdown_reference',
  'drawdown_floor',
  'daily_loss_limit_usd',
  'daily_loss_used',
  'profit',
  'trading_days',
  'calendar_days',
  'last_trade_at',
];
const MONEY_FIELDS = ['size', 'starting_balance', 'balance', 'equity', 'unrealized_pnl', 'margin_used', 'margin_available'];
/** Canonical decimal: no exponent, no '+', no leading or trailing zeros, no "-0". */
const CANONICAL = /^(?:0|-?(?:[1-9]\d*|0\.\d*[1-9])|-?[1-9]\d*\.\d*[1-9])$/;

/** CONTRACT §3 products table. */
const RULES = {
  'evaluation-50k': {
    starting_balance: '50000',
    daily_loss: { amount_usd: '2500', percent: '5', basis: 'day_start_balance', action: 'flatten_and_pause' },
    drawdown: { amount_usd: '5000', percent: '10', mode: 'static' },
    profit_target: { amount_usd: '5000', percent: '10', close_positions: true },
    min_trading_days: 4,
    min_calendar_days: 0,
    overnight_allowed: true,
    weekend_allowed: false,
    inactivity_days: 30,
  },
  'evaluation-100k': {
    starting_balance: '100000',
    daily_loss: { amount_usd: '5000', percent: '5', basis: 'day_start_balance', action: 'flatten_and_pause' },
    drawdown: { amount_usd: '10000', percent: '10', mode: 'static' },
    profit_target: { amount_usd: '10000', percent: '10', close_positions: true },
    min_trading_days: 4,
    min_calendar_days: 0,
    overnight_allowed: true,
    weekend_allowed: false,
    inactivity_days: 30,
  },
  'funded-100k': {
    starting_balance: '100000',
    daily_loss: { amount_usd: '5000', percent: '5', basis: 'day_start_balance', action: 'flatten_and_pause' },
    drawdown: { amount_usd: '10000', percent: '10', mode: 'intraday_equity' },
    profit_target: null,
    min_trading_days: 0,
    min_calendar_days: 0,
    overnight_allowed: true,
    weekend_allowed: true,
    inactivity_days: 30,
  },
};

let seq = 0;
/** POST /v1/accounts with a fresh Idempotency-Key. */
function open(key: string, body?: unknown): Promise<Answer> {
  return s.sandboxCall('POST', '/v1/accounts', { key, idempotencyKey: `acc-${++seq}`, ...(body !== undefined ? { body } : {}) });
}

async function list(key: string, query = '', host: 'sandbox' | 'live' = 'sandbox'): Promise<Answer> {
  const r = await s.call(s.url[host], 'GET', `/v1/accounts${query}`, { key });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(Object.keys(r.body).sort()).toEqual(['data', 'has_more', 'next_cursor']);
  return r;
}

/** The account has every CONTRACT field, in its types, and money as canonical decimal strings. */
function expectAccountShape(a: any): void {
  for (const f of ACCOUNT_FIELDS) expect(a, `field ${f}`).toHaveProperty(f);
  expect(typeof a.id).toBe('string');
  expect(['pending', 'active', 'passed', 'failed', 'closed', 'suspended']).toContain(a.status);
  expect(['live', 'sandbox']).toContain(a.environment);
  expect(['evaluation', 'funded', 'sandbox']).toContain(a.stage);
  for (const f of MONEY_FIELDS) expect(a[f], f).toMatch(CANONICAL);
  expect(typeof a.payout_eligible).toBe('boolean');
  expect(typeof a.parked).toBe('boolean');
  expect(a.paused_until === null || Number.isSafeInteger(a.paused_until)).toBe(true);
  expect(Number.isSafeInteger(a.created_at)).toBe(true);
  expect(Number.isSafeInteger(a.updated_at)).toBe(true);
  expect(a.updated_at).toBeGreaterThanOrEqual(a.created_at);

  expect(Object.keys(a.rule).sort()).toEqual(
    ['starting_balance', 'daily_loss', 'drawdown', 'profit_target', 'min_trading_days', 'min_calendar_days', 'overnight_allowed', 'weekend_allowed', 'inactivity_days'].sort(),
  );
  if (a.rule.daily_loss !== null) expect(Object.keys(a.rule.daily_loss).sort()).toEqual(['action', 'amount_usd', 'basis', 'percent']);
  if (a.rule.drawdown !== null) expect(Object.keys(a.rule.drawdown).sort()).toEqual(['amount_usd', 'mode', 'percent']);
  if (a.rule.profit_target !== null) expect(Object.keys(a.rule.profit_target).sort()).toEqual(['amount_usd', 'close_positions', 'percent']);

  expect(Object.keys(a.metrics).sort()).toEqual([...METRIC_FIELDS].sort());
  for (const f of ['day_start_balance', 'day_start_equity', 'peak_balance', 'peak_equity', 'drawdown_reference', 'daily_loss_used', 'profit']) {
    expect(a.metrics[f], `metrics.${f}`).toMatch(CANONICAL);
  }
  for (const f of ['drawdown_floor', 'daily_loss_limit_usd']) if (a.metrics[f] !== null) expect(a.metrics[f], `metrics.${f}`).toMatch(CANONICAL);
  expect(Number.isInteger(a.metrics.trading_days)).toBe(true);
  expect(Number.isInteger(a.metrics.calendar_days)).toBe(true);
  expect(a.metrics.last_trade_at === null || Number.isSafeInteger(a.metrics.last_trade_at)).toBe(true);
}

describe('accounts', () => {
  it("opens SANDBOX-<number>-1 with 100,000 USD and the 100K evaluation rule with the customer's first sandbox key", async () => {
    const c = await s.customer();
    const k = await s.key(c.id);
    expect(k.opened_account_id).toBe(`SANDBOX-${c.number}-1`);
    const r = await s.sandboxCall('GET', `/v1/accounts/${k.opened_account_id}`, { key: k.key });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const a = r.body;
    expectAccountShape(a);
    expect(a).toMatchObject({
      id: `SANDBOX-${c.number}-1`,
      status: 'active',
      environment: 'sandbox',
      stage: 'sandbox',
      product: 'evaluation-100k',
      size: '100000',
      starting_balance: '100000',
      balance: '100000',
      equity: '100000',
      unrealized_pnl: '0',
      margin_used: '0',
      margin_available: '100000',
      payout_eligible: false,
      parked: false,
      paused_until: null,
      created_at: T0,
    });
    expect(a.rule).toEqual(RULES['evaluation-100k']);
    expect(a.metrics).toEqual({
      day_start_balance: '100000',
      day_start_equity: '100000',
      peak_balance: '100000',
      peak_equity: '100000',
      drawdown_reference: '100000',
      drawdown_floor: '90000',
      daily_loss_limit_usd: '5000',
      daily_loss_used: '0',
      profit: '0',
      trading_days: 0,
      calendar_days: 1,
      last_trade_at: null,
    });

    // A second sandbox key opens nothing more.
    const k2 = await s.key(c.id);
    expect(k2.opened_account_id).toBeNull();
    expect((await list(k2.key)).body.data.map((x: any) => x.id)).toEqual([a.id]);
  });

  it('answers 202 pending with a Location, and the account becomes active', async () => {
    const t = await s.trader();
    const r = await open(t.key);
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expectAccountShape(r.body);
    expect(r.body).toMatchObject({ id: `SANDBOX-${t.customer.number}-2`, status: 'pending', environment: 'sandbox', stage: 'sandbox', product: 'evaluation-100k', size: '100000' });
    expect(r.headers.get('location')).toBe(`/v1/accounts/${r.body.id}`);
    await s.settle();
    const now = await s.sandboxCall('GET', r.headers.get('location')!, { key: t.key });
    expect(now.status).toBe(200);
    expect(now.body.status).toBe('active');
    expect(now.body.balance).toBe('100000');
  });

  it("takes the product's size, balance and rule with {product}", async () => {
    const t = await s.trader();
    const r = await open(t.key, { product: 'evaluation-50k' });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expectAccountShape(r.body);
    expect(r.body).toMatchObject({
      stage: 'sandbox',
      environment: 'sandbox',
      product: 'evaluation-50k',
      size: '50000',
      starting_balance: '50000',
      balance: '50000',
      equity: '50000',
      margin_available: '50000',
    });
    expect(r.body.rule).toEqual(RULES['evaluation-50k']);
    expect(r.body.metrics).toMatchObject({ drawdown_floor: '45000', daily_loss_limit_usd: '2500', drawdown_reference: '50000' });
    // The rule is the one GET /v1/products shows for that id.
    const products = await s.sandboxCall('GET', '/v1/products', { key: t.key });
    expect(r.body.rule).toEqual(products.body.data.find((p: any) => p.id === 'evaluation-50k').rule);
  });

  it('refuses an unknown product (invalid_request) and opens nothing', async () => {
    const t = await s.trader();
    const r = await open(t.key, { product: 'evaluation-1m' });
    expectError(r, 400, 'invalid_request', { field: 'product' });
    expect(r.body.error.retryable).toBe(false);
    expect((await list(t.key)).body.data).toHaveLength(1);
  });

  it('answers sandbox_opening while an account is still being opened, then opens the next', async () => {
    const t = await s.trader();
    await s.fault({ kind: 'engine_down', environment: 'sandbox', enabled: true });
    const first = await open(t.key);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    await s.settle();
    const stillPending = await s.sandboxCall('GET', `/v1/accounts/${first.body.id}`, { key: t.key });
    expect(stillPending.body.status).toBe('pending');

    const second = await open(t.key);
    expectError(second, 409, 'sandbox_opening', { account_id: first.body.id });
    expect(second.body.error.type).toBe('conflict');
    expect(second.body.error.retryable).toBe(true);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    await s.fault({ kind: 'clear' });
    await s.settle();
    expect((await s.sandboxCall('GET', `/v1/accounts/${first.body.id}`, { key: t.key })).body.status).toBe('active');
    const third = await open(t.key);
    expect(third.status, JSON.stringify(third.body)).toBe(202);
    expect(third.body.id).toBe(`SANDBOX-${t.customer.number}-3`);
    await s.settle();
    expect((await list(t.key)).body.data.map((a: any) => a.status)).toEqual(['active', 'active', 'active']);
  });

  it('refuses the 11th sandbox account (sandbox_limit_reached) and GET /v1/limits counts them', async () => {
    const t = await s.trader();
    const start = await s.sandboxCall('GET', '/v1/limits', { key: t.key });
    expect(start.status).toBe(200);
    expect(start.body.sandbox_accounts).toEqual({ limit: 10, used: 1, remaining: 9 });
    for (let n = 2; n <= 10; n++) {
      const r = await open(t.key);
      expect(r.status, JSON.stringify(r.body)).toBe(202);
      expect(r.body.id).toBe(`SANDBOX-${t.customer.number}-${n}`);
      await s.settle();
    }
    const limits = await s.sandboxCall('GET', '/v1/limits', { key: t.key });
    expect(limits.body.sandbox_accounts).toEqual({ limit: 10, used: 10, remaining: 0 });

    const over = await open(t.key);
    expectError(over, 409, 'sandbox_limit_reached', { limit: 10, used: 10 });
    expect(over.body.error.type).toBe('conflict');
    expect(over.body.error.retryable).toBe(false);
    expect((await list(t.key)).body.data).toHaveLength(10);
    expect((await s.sandboxCall('GET', '/v1/limits', { key: t.key })).body.sandbox_accounts).toEqual({ limit: 10, used: 10, remaining: 0 });
  });

  it('answers sandbox_disabled while the operator has stopped sandbox opening', async () => {
    const t = await s.trader();
    const sw = await s.admin('PATCH', '/admin/v1/environments/sandbox', { sandbox_opening: false });
    expect(sw.status).toBe(200);
    const r = await open(t.key);
    expectError(r, 503, 'sandbox_disabled');
    expect(r.body.error.retryable).toBe(false);
    expect(r.headers.get('retry-after')).toBeNull();
    // The rest of the host keeps working.
    expect((await list(t.key)).body.data).toHaveLength(1);

    await s.admin('PATCH', '/admin/v1/environments/sandbox', { sandbox_opening: true });
    const again = await open(t.key);
    expect(again.status, JSON.stringify(again.body)).toBe(202);
  });

  it("lists only the key's customer's accounts in this environment, oldest first, in pages", async () => {
    const t = await s.trader();
    const other = await s.trader();
    for (let i = 0; i < 3; i++) {
      expect((await open(t.key)).status).toBe(202);
      await s.settle();
    }
    const live = await s.admin('POST', `/admin/v1/customers/${t.customer.id}/accounts`, { product: 'funded-100k' });
    expect(live.status, JSON.stringify(live.body)).toBe(201);
    const ids = [1, 2, 3, 4].map((n) => `SANDBOX-${t.customer.number}-${n}`);

    const all = await list(t.key);
    expect(all.body.data.map((a: any) => a.id)).toEqual(ids);
    expect(all.body).toMatchObject({ has_more: false, next_cursor: null });
    for (const a of all.body.data) expectAccountShape(a);

    const p1 = await list(t.key, '?limit=2');
    expect(p1.body.data.map((a: any) => a.id)).toEqual(ids.slice(0, 2));
    expect(p1.body).toMatchObject({ has_more: true, next_cursor: ids[1] });
    const p2 = await list(t.key, `?limit=2&after=${encodeURIComponent(p1.body.next_cursor)}`);
    expect(p2.body.data.map((a: any) => a.id)).toEqual(ids.slice(2, 4));
    expect(p2.body).toMatchObject({ has_more: false, next_cursor: null });
    const p3 = await list(t.key, `?limit=2&after=${ids[3]}`);
    expect(p3.body).toEqual({ data: [], has_more: false, next_cursor: null });

    expectError(await s.sandboxCall('GET', '/v1/accounts?after=SANDBOX-999999-1', { key: t.key }), 400, 'invalid_cursor');
    expectError(await s.sandboxCall('GET', '/v1/accounts?after=not-an-account', { key: t.key }), 400, 'invalid_cursor');
    // Another customer's account, or one of the other environment, is no cursor of this list either.
    expectError(await s.sandboxCall('GET', `/v1/accounts?after=${other.accountId}`, { key: t.key }), 400, 'invalid_cursor');
    expectError(await s.sandboxCall('GET', `/v1/accounts?after=${live.body.id}`, { key: t.key }), 400, 'invalid_cursor');

    expect((await list(other.key)).body.data.map((a: any) => a.id)).toEqual([other.accountId]);
  });

  it("answers account_not_found for another customer's account and for an account of the other environment", async () => {
    const t = await s.trader();
    const other = await s.trader();
    expectError(await s.sandboxCall('GET', `/v1/accounts/${other.accountId}`, { key: t.key }), 404, 'account_not_found', { account_id: other.accountId });
    expectError(await s.sandboxCall('GET', `/v1/accounts/SANDBOX-${t.customer.number}-99`, { key: t.key }), 404, 'account_not_found');

    const liveKey = await s.key(t.customer.id, { environment: 'live' });
    expect(liveKey.opened_account_id).toBeNull();
    const r = await s.liveCall('GET', `/v1/accounts/${t.accountId}`, { key: liveKey.key });
    expectError(r, 404, 'account_not_found', { account_id: t.accountId });
    expect(r.body.error.retryable).toBe(false);
    // ... while the sandbox host shows it to the sandbox key.
    expect((await s.sandboxCall('GET', `/v1/accounts/${t.accountId}`, { key: t.key })).status).toBe(200);
  });

  it('shows live accounts opened by the operator on the live host only', async () => {
    const t = await s.trader();
    const liveKey = await s.key(t.customer.id, { environment: 'live' });
    const created = await s.admin('POST', `/admin/v1/customers/${t.customer.id}/accounts`, { product: 'funded-100k' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id: string = created.body.id;
    expect(id).toMatch(/^\d+$/);
    await s.settle();

    const liveList = await list(liveKey.key, '', 'live');
    expect(liveList.body.data.map((a: any) => a.id)).toEqual([id]);
    const a = liveList.body.data[0];
    expectAccountShape(a);
    expect(a).toMatchObject({
      id,
      status: 'active',
      environment: 'live',
      stage: 'funded',
      product: 'funded-100k',
      size: '100000',
      starting_balance: '100000',
      balance: '100000',
      equity: '100000',
      payout_eligible: false,
      parked: false,
    });
    expect(a.rule).toEqual(RULES['funded-100k']);
    expect(a.metrics).toMatchObject({ drawdown_floor: '90000', daily_loss_limit_usd: '5000' });

    const one = await s.liveCall('GET', `/v1/accounts/${id}`, { key: liveKey.key });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(a);

    expect((await list(t.key)).body.data.map((x: any) => x.id)).toEqual([t.accountId]);
    expectError(await s.sandboxCall('GET', `/v1/accounts/${id}`, { key: t.key }), 404, 'account_not_found');
    // Live accounts do not count toward the sandbox limit.
    expect((await s.sandboxCall('GET', '/v1/limits', { key: t.key })).body.sandbox_accounts).toEqual({ limit: 10, used: 1, remaining: 9 });
  });
});
