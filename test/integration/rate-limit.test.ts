import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { expectError, TestServer, type Answer } from '../helpers/server.js';

/** RateLimit-Limit / -Remaining / -Reset of an answer, as numbers (null when absent). */
function budget(r: Answer): { limit: number; remaining: number; reset: number } | null {
  const limit = r.headers.get('ratelimit-limit');
  const remaining = r.headers.get('ratelimit-remaining');
  const reset = r.headers.get('ratelimit-reset');
  if (limit === null && remaining === null && reset === null) return null;
  return { limit: Number(limit), remaining: Number(remaining), reset: Number(reset) };
}

const advance = async (s: TestServer, ms: number) => {
  const r = await s.admin('POST', '/admin/v1/clock', { advance_ms: ms });
  expect(r.status).toBe(200);
};

const servers: TestServer[] = [];
/** One node: the in-process buckets are one process's (with several nodes and no Redis, each node has its own; DEVIATIONS). */
async function start(opts: Parameters<typeof TestServer.start>[0]): Promise<TestServer> {
  const s = await TestServer.start({ nodes: 1, ...opts });
  servers.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('per-key budget (scope key)', () => {
  it('passes capacity requests with falling RateLimit-Remaining, then 429 rate_limited; the clock refills it', async () => {
    const s = await start({ limits: { rate_limits: { key: { capacity: 3, refill_per_second: 1 } } } });
    const { key } = await s.trader();

    const seen = [];
    for (let i = 0; i < 3; i++) {
      const r = await s.sandboxCall('GET', '/v1/markets', { key });
      expect(r.status).toBe(200);
      seen.push(budget(r));
    }
    expect(seen).toEqual([
      { limit: 3, remaining: 2, reset: 1 },
      { limit: 3, remaining: 1, reset: 2 },
      { limit: 3, remaining: 0, reset: 3 },
    ]);

    const refused = await s.sandboxCall('GET', '/v1/markets', { key });
    expectError(refused, 429, 'rate_limited', { scope: 'key', limit: 3 });
    expect(refused.body.error.type).toBe('rate_limit');
    expect(refused.body.error.retryable).toBe(true);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(budget(refused)).toEqual({ limit: 3, remaining: 0, reset: 3 });

    // Still refused without time passing, whatever the route.
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key }), 429, 'rate_limited', { scope: 'key' });

    await advance(s, 1000); // one token back
    const again = await s.sandboxCall('GET', '/v1/markets', { key });
    expect(again.status).toBe(200);
    expect(budget(again)).toMatchObject({ limit: 3, remaining: 0 });
    expectError(await s.sandboxCall('GET', '/v1/markets', { key }), 429, 'rate_limited', { scope: 'key' });

    await advance(s, 10_000); // full, never above capacity
    const full = await s.sandboxCall('GET', '/v1/markets', { key });
    expect(budget(full)).toEqual({ limit: 3, remaining: 2, reset: 1 });
  });

  it('gives every key its own budget', async () => {
    const s = await start({ limits: { rate_limits: { key: { capacity: 3, refill_per_second: 1 } } } });
    const a = await s.trader();
    const b = await s.trader();
    for (let i = 0; i < 3; i++) expect((await s.sandboxCall('GET', '/v1/markets', { key: a.key })).status).toBe(200);
    expectError(await s.sandboxCall('GET', '/v1/markets', { key: a.key }), 429, 'rate_limited', { scope: 'key' });
    const other = await s.sandboxCall('GET', '/v1/markets', { key: b.key });
    expect(other.status).toBe(200);
    expect(budget(other)).toEqual({ limit: 3, remaining: 2, reset: 1 });
    // A second key of the same customer too.
    const second = await s.key(a.customer.id, { access: 'read' });
    expect((await s.sandboxCall('GET', '/v1/markets', { key: second.key })).status).toBe(200);
  });

  it('spends nothing of the key budget on a request refused before authentication', async () => {
    const s = await start({ limits: { rate_limits: { key: { capacity: 3, refill_per_second: 1 } } } });
    const { key } = await s.trader();
    for (let i = 0; i < 5; i++) expectError(await s.sandboxCall('GET', '/v1/markets', { key: `${key}x` }), 401, 'invalid_api_key');
    const r = await s.sandboxCall('GET', '/v1/markets', { key });
    expect(budget(r)).toEqual({ limit: 3, remaining: 2, reset: 1 });
  });
});

describe('per-IP budget (scope ip), before authentication', () => {
  it('counts requests without a key: the third answers 429 scope ip rather than 401', async () => {
    const s = await start({ limits: { rate_limits: { ip: { capacity: 2, refill_per_second: 1 } } } });
    const first = await s.sandboxCall('GET', '/v1/markets');
    expectError(first, 401, 'missing_api_key');
    expect(budget(first)).toEqual({ limit: 2, remaining: 1, reset: 1 });
    const second = await s.sandboxCall('GET', '/v1/accounts');
    expectError(second, 401, 'missing_api_key');
    expect(budget(second)).toEqual({ limit: 2, remaining: 0, reset: 2 });

    const third = await s.sandboxCall('GET', '/v1/markets');
    expectError(third, 429, 'rate_limited', { scope: 'ip', limit: 2 });
    expect(third.body.error.type).toBe('rate_limit');
    expect(budget(third)).toMatchObject({ limit: 2, remaining: 0 });
  });

  it('refuses a valid key too, and the key-less OpenAPI document, once the address is out of budget', async () => {
    const s = await start({ limits: { rate_limits: { ip: { capacity: 2, refill_per_second: 1 } } } });
    const { key } = await s.trader();
    expect((await s.sandboxCall('GET', '/v1/openapi.json')).status).toBe(200);
    expect((await s.sandboxCall('GET', '/v1/markets', { key })).status).toBe(200);
    expectError(await s.sandboxCall('GET', '/v1/markets', { key }), 429, 'rate_limited', { scope: 'ip' });
    expectError(await s.sandboxCall('GET', '/v1/openapi.json'), 429, 'rate_limited', { scope: 'ip' });
    // One address, one budget, whichever host it calls.
    expectError(await s.liveCall('GET', '/v1/openapi.json'), 429, 'rate_limited', { scope: 'ip' });

    await advance(s, 1000);
    expect((await s.sandboxCall('GET', '/v1/markets', { key })).status).toBe(200);
    expectError(await s.sandboxCall('GET', '/v1/markets', { key }), 429, 'rate_limited', { scope: 'ip' });
  });

  it('shows the budget, unspent, on answers refused before it (404, 405, 415)', async () => {
    const s = await start({ limits: { rate_limits: { ip: { capacity: 2, refill_per_second: 1 } } } });
    for (let i = 0; i < 4; i++) {
      const r = await s.sandboxCall('GET', '/v1/nothing-here');
      expectError(r, 404, 'route_not_found');
      expect(budget(r)).toEqual({ limit: 2, remaining: 2, reset: 0 });
    }
    const wrongMethod = await s.sandboxCall('DELETE', '/v1/markets');
    expectError(wrongMethod, 405, 'method_not_allowed');
    expect(budget(wrongMethod)).toEqual({ limit: 2, remaining: 2, reset: 0 });
    const notJson = await s.sandboxCall('POST', '/v1/accounts', { raw: 'a=1', headers: { 'content-type': 'text/plain' } });
    expectError(notJson, 415, 'unsupported_media_type');
    expect(budget(notJson)).toEqual({ limit: 2, remaining: 2, reset: 0 });
    // The budget was indeed left whole.
    expectError(await s.sandboxCall('GET', '/v1/markets'), 401, 'missing_api_key');
    expectError(await s.sandboxCall('GET', '/v1/markets'), 401, 'missing_api_key');
    expectError(await s.sandboxCall('GET', '/v1/markets'), 429, 'rate_limited', { scope: 'ip' });
  });
});

describe('RateLimit headers', () => {
  it('are on errors too: a 401 shows the IP budget, a 404 of the route the key budget', async () => {
    const s = await start({ limits: { rate_limits: { key: { capacity: 3, refill_per_second: 1 } } } });
    const { key } = await s.trader();
    const unauthorized = await s.sandboxCall('GET', '/v1/accounts', { key: 'rk_test_nope' });
    expectError(unauthorized, 401, 'invalid_api_key');
    const ipCapacity = s.services.config.limits.rate_limits.ip.capacity;
    expect(budget(unauthorized)).toMatchObject({ limit: ipCapacity });
    expect(budget(unauthorized)!.remaining).toBeLessThan(ipCapacity);

    const missing = await s.sandboxCall('GET', '/v1/markets/NOPE-USD', { key });
    expectError(missing, 404, 'market_not_found');
    expect(budget(missing)).toEqual({ limit: 3, remaining: 2, reset: 1 });

    const badQuery = await s.sandboxCall('GET', '/v1/accounts?colour=red', { key });
    expectError(badQuery, 400, 'unknown_field');
    expect(budget(badQuery)).toEqual({ limit: 3, remaining: 1, reset: 2 });
  });

  it('GET /v1/limits reports the budgets in force', async () => {
    const s = await start({ limits: { rate_limits: { key: { capacity: 3, refill_per_second: 1 } } } });
    const { key } = await s.trader();
    const r = await s.sandboxCall('GET', '/v1/limits', { key });
    expect(r.status).toBe(200);
    const { ip, account_orders } = s.services.config.limits.rate_limits; // config/limits.json
    expect(r.body.rate_limits).toEqual({ enabled: true, ip, key: { capacity: 3, refill_per_second: 1 }, account_orders });
    expect(ip.capacity).toBeGreaterThan(0);
    expect(budget(r)).toEqual({ limit: 3, remaining: 2, reset: 1 });
  });
});

describe('RAMPART_RATE_LIMITS=off', () => {
  it('never answers 429 and sends no RateLimit headers', async () => {
    const s = await start({
      env: { RAMPART_RATE_LIMITS: 'off' },
      limits: { rate_limits: { ip: { capacity: 1, refill_per_second: 1 }, key: { capacity: 1, refill_per_second: 1 } } },
    });
    const { key } = await s.trader();
    for (let i = 0; i < 10; i++) {
      const r = await s.sandboxCall('GET', '/v1/markets', { key });
      expect(r.status).toBe(200);
      expect(budget(r)).toBeNull();
    }
    for (let i = 0; i < 3; i++) {
      const r = await s.sandboxCall('GET', '/v1/markets');
      expectError(r, 401, 'missing_api_key');
      expect(budget(r)).toBeNull();
    }
    const notFound = await s.sandboxCall('GET', '/v1/nothing-here');
    expect(budget(notFound)).toBeNull();
    const limits = await s.sandboxCall('GET', '/v1/limits', { key });
    expect(limits.body.rate_limits.enabled).toBe(false);
    expect(s.logs.join('')).toMatch(/RATE LIMITING IS OFF/);
  });
});

describe('per-account budget for order calls (scope account_orders)', () => {
  it('counts order placements per account, whatever the key, and leaves reads alone', async () => {
    const s = await start({ limits: { rate_limits: { account_orders: { capacity: 2, refill_per_second: 1 } } } });
    const t = await s.trader();
    const other = await s.key(t.customer.id, {});
    await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
    const body = { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000' };
    expect((await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'a1', body })).status).toBe(201);
    expect((await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: other.key, idempotencyKey: 'a2', body })).status).toBe(201);
    const third = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'a3', body });
    expectError(third, 429, 'rate_limited', { scope: 'account_orders' });
    expect(third.body.error.type).toBe('rate_limit');
    expect(budget(third)).toMatchObject({ limit: 2, remaining: 0 });
    expect((await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders`, { key: t.key })).status).toBe(200);
    await advance(s, 1000);
    expect((await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'a3', body })).status).toBe(201);
    const orders = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders`, { key: t.key });
    expect(orders.body.data).toHaveLength(3);
  });
});
