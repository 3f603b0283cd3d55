import { afterEach, describe, expect, it } from 'vitest';
import { expectError, TestServer, type Answer } from '../helpers/server.js';
import { RedisProxy, redisForTests, REDIS_HOST, REDIS_PORT, uniquePrefix } from '../helpers/redis.js';

/**
 * Budgets shared through Redis (RAMPART_REDIS_URL): two servers on one Redis spend one budget, and a Redis that
 * does not answer refuses requests with 503 limiter_unavailable until it is back. Windows are Redis time (real
 * time), so the tests use windows far longer than they run.
 */
const up = await redisForTests('shared rate limits (Redis)', ['limiter_unavailable']);

const servers: TestServer[] = [];
const proxies: RedisProxy[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(proxies.splice(0).map((p) => p.close()));
});

type Limits = Parameters<typeof TestServer.start>[0];
async function start(redisUrl: string, prefix: string, opts: Limits = {}): Promise<TestServer> {
  const s = await TestServer.start({ nodes: 1, ...opts, env: { RAMPART_REDIS_URL: redisUrl, RAMPART_REDIS_PREFIX: prefix, ...opts.env } });
  servers.push(s);
  return s;
}
const direct = `redis://${REDIS_HOST}:${REDIS_PORT}`;

function budget(r: Answer) {
  return { limit: r.headers.get('ratelimit-limit'), remaining: r.headers.get('ratelimit-remaining'), reset: r.headers.get('ratelimit-reset') };
}

/** Polls until the server answers GET /v1/markets other than 503 (bounded): serving resumes by itself. */
async function untilServing(s: TestServer, key: string, withinMs = 5000): Promise<Answer> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const r = await s.sandboxCall('GET', '/v1/markets', { key });
    if (r.status !== 503 || Date.now() > deadline) return r;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!up)('budgets shared through Redis', () => {
  it('one IP budget for two servers: spent on either, refused on both with 429 scope ip', async () => {
    const prefix = uniquePrefix();
    // 4 per 40 s window: nothing comes back while the test runs.
    const limits: Limits = { limits: { rate_limits: { ip: { capacity: 4, refill_per_second: 0.1 } } } };
    const a = await start(direct, prefix, limits);
    const b = await start(direct, prefix, limits);
    // Refused before the budget (CONTRACT §5 order): the answer shows it, read from Redis, unspent.
    const notFound = await b.sandboxCall('GET', '/v1/nothing-here');
    expectError(notFound, 404, 'route_not_found');
    expect(budget(notFound)).toEqual({ limit: '4', remaining: '4', reset: '0' });
    const seen: string[] = [];
    for (const s of [a, a, b, b]) {
      const r = await s.sandboxCall('GET', '/v1/openapi.json');
      expect(r.status).toBe(200);
      seen.push(r.headers.get('ratelimit-remaining')!);
    }
    expect(seen).toEqual(['3', '2', '1', '0']);
    for (const s of [a, b]) {
      const r = await s.sandboxCall('GET', '/v1/openapi.json');
      expectError(r, 429, 'rate_limited', { scope: 'ip', limit: 4 });
      expect(r.body.error.type).toBe('rate_limit');
      const reset = Number(r.headers.get('ratelimit-reset'));
      expect(budget(r)).toMatchObject({ limit: '4', remaining: '0' });
      // The window comes back whole at its end: the wait for one request and for the full budget are the same.
      expect(reset).toBeGreaterThan(30);
      expect(reset).toBeLessThanOrEqual(40);
      expect(Number(r.headers.get('retry-after'))).toBe(reset);
    }
    // The refusals are counted by scope in the metrics of the node that answered them.
    const text = await (await fetch(`${a.url.admin}/metrics`)).text();
    expect(text).toContain('rampart_rate_limit_rejections_total{scope="ip"} 1');
  });

  it('one key budget for two servers on one store, and GET /v1/limits says what is enforced', async () => {
    const prefix = uniquePrefix();
    const limits: Limits = { limits: { rate_limits: { key: { capacity: 3, refill_per_second: 0.1 } } } };
    const a = await start(direct, prefix, limits);
    const { key } = await a.trader();
    // A second node on the same database (as nodes share PostgreSQL, and the secrets key): same key, same budget.
    const b = await start(direct, prefix, { ...limits, env: { RAMPART_DATABASE_URL: a.services.config.databaseUrl, RAMPART_DATA_DIR: a.services.config.dataDir } });

    const first = await a.sandboxCall('GET', '/v1/limits', { key });
    expect(first.status).toBe(200);
    const { ip, account_orders } = a.services.config.limits.rate_limits;
    const window = (c: number, r: number) => Math.ceil(c / r);
    expect(first.body.rate_limits).toEqual({
      enabled: true,
      ip: { capacity: ip.capacity, refill_per_second: ip.capacity / window(ip.capacity, ip.refill_per_second), window_seconds: window(ip.capacity, ip.refill_per_second) },
      key: { capacity: 3, refill_per_second: 0.1, window_seconds: 30 },
      account_orders: {
        capacity: account_orders.capacity,
        refill_per_second: account_orders.capacity / window(account_orders.capacity, account_orders.refill_per_second),
        window_seconds: window(account_orders.capacity, account_orders.refill_per_second),
      },
    });
    expect(budget(first)).toMatchObject({ limit: '3', remaining: '2' });
    expect((await b.sandboxCall('GET', '/v1/markets', { key })).headers.get('ratelimit-remaining')).toBe('1');
    expect((await a.sandboxCall('GET', '/v1/markets', { key })).headers.get('ratelimit-remaining')).toBe('0');
    expectError(await b.sandboxCall('GET', '/v1/markets', { key }), 429, 'rate_limited', { scope: 'key', limit: 3 });
    expectError(await a.sandboxCall('GET', '/v1/accounts', { key }), 429, 'rate_limited', { scope: 'key', limit: 3 });
    // The second node closes first: closed together, one waits out the other's hold on the file (busy timeout).
    servers.splice(servers.indexOf(b), 1);
    await b.close();
  });

  it('one oauth budget for two dashboards: /oauth/ requests spent on either, refused on both in the OAuth form', async () => {
    const prefix = uniquePrefix();
    // 2 per 40 s window.
    const limits: Limits = { limits: { rate_limits: { oauth: { capacity: 2, refill_per_second: 0.05 } } } };
    const a = await start(direct, prefix, limits);
    const b = await start(direct, prefix, limits);
    const register = (s: TestServer) =>
      fetch(`${s.dashboardUrl}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_name: 'Bot', redirect_uris: ['http://127.0.0.1:8999/callback'], token_endpoint_auth_method: 'none' }),
      });
    expect((await register(a)).status).toBe(201);
    expect((await register(b)).status).toBe(201);
    for (const s of [a, b]) {
      const r = await register(s);
      expect(r.status).toBe(429);
      expect(await r.json()).toMatchObject({ error: 'rate_limited' });
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(30);
      expect(r.headers.get('ratelimit-remaining')).toBe('0');
    }
  });

  it('Redis refusing connections: 503 limiter_unavailable, nothing served unmeasured; back: serving resumes', async () => {
    const proxy = new RedisProxy();
    proxies.push(proxy);
    await proxy.start();
    const s = await start(proxy.url, uniquePrefix());
    const t = await s.trader();
    expect((await s.sandboxCall('GET', '/v1/markets', { key: t.key })).status).toBe(200);
    expect((await fetch(`${s.url.admin}/readyz`)).status).toBe(200);

    await proxy.refuse();
    const refused = await s.sandboxCall('GET', '/v1/markets', { key: t.key });
    expectError(refused, 503, 'limiter_unavailable');
    expect(refused.body.error).toMatchObject({ type: 'server', retryable: true });
    expect(refused.headers.get('retry-after')).toBe('1');
    // The budget is unknown: no RateLimit headers rather than made-up ones.
    expect(budget(refused)).toEqual({ limit: null, remaining: null, reset: null });
    // A write is refused before it is executed: no account is opened.
    const open = await s.sandboxCall('POST', '/v1/accounts', { key: t.key, idempotencyKey: 'open-1', body: {} });
    expectError(open, 503, 'limiter_unavailable');
    // Checks that come before the budget (CONTRACT §5 order) still answer as they do.
    expectError(await s.sandboxCall('GET', '/v1/nothing-here'), 404, 'route_not_found');
    const ready = await fetch(`${s.url.admin}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not_ready', failed: ['limiter'], checks: { engine: 'ok', store: 'ok', limiter: 'unreachable', leases: 'ok' } });

    await proxy.restore();
    const back = await untilServing(s, t.key);
    expect(back.status).toBe(200);
    expect(budget(back).limit).toBe(String(s.services.config.limits.rate_limits.key.capacity));
    expect((await fetch(`${s.url.admin}/readyz`)).status).toBe(200);
    const accounts = await s.sandboxCall('GET', '/v1/accounts', { key: t.key });
    expect(accounts.body.data).toHaveLength(1);
    const text = await (await fetch(`${s.url.admin}/metrics`)).text();
    // The two refusals above, and those of the polls until Redis was back.
    expect(Number(/^rampart_rate_limiter_unavailable_total (\d+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(2);
  });

  it('Redis not answering: 503 limiter_unavailable within the bound, not a hanging request; then it resumes', async () => {
    const proxy = new RedisProxy();
    proxies.push(proxy);
    await proxy.start();
    const s = await start(proxy.url, uniquePrefix());
    const t = await s.trader();
    expect((await s.sandboxCall('GET', '/v1/markets', { key: t.key })).status).toBe(200);

    proxy.hold();
    const began = performance.now();
    const silent = await s.sandboxCall('GET', '/v1/markets', { key: t.key });
    const took = performance.now() - began;
    expectError(silent, 503, 'limiter_unavailable');
    expect(silent.headers.get('retry-after')).toBe('1');
    // 250 ms per command; generous for a busy machine, far below any client timeout.
    expect(took).toBeLessThan(2000);

    await proxy.restore();
    const back = await untilServing(s, t.key);
    expect(back.status).toBe(200);
    // The connection is in step again (the replies held back were matched to the commands that timed out, not to
    // new ones): each request spends exactly one from the budget.
    const next = await s.sandboxCall('GET', '/v1/markets', { key: t.key });
    expect(Number(next.headers.get('ratelimit-remaining'))).toBe(Number(back.headers.get('ratelimit-remaining')) - 1);
  });

  it('starts with Redis unreachable, answers limiter_unavailable, and serves once Redis appears', async () => {
    const proxy = new RedisProxy();
    proxies.push(proxy);
    await proxy.start();
    await proxy.refuse();
    const s = await start(proxy.url, uniquePrefix());
    expectError(await s.sandboxCall('GET', '/v1/openapi.json'), 503, 'limiter_unavailable');
    await proxy.restore();
    const deadline = Date.now() + 5000;
    let r = await s.sandboxCall('GET', '/v1/openapi.json');
    while (r.status === 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      r = await s.sandboxCall('GET', '/v1/openapi.json');
    }
    expect(r.status).toBe(200);
  });
});
