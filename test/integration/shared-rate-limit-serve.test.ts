import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startChild, type ChildServer } from '../helpers/child-server.js';
import { RedisProxy, redisForTests, uniquePrefix } from '../helpers/redis.js';
import { TestServer } from '../helpers/server.js';

/** `rampart serve` as operators run it: RAMPART_REDIS_URL checked at start, budgets shared with another node. */
const up = await redisForTests('shared rate limits with rampart serve (Redis)');

let root: string;
let configDir: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'rampart-redis-serve-'));
  // The shipped config with an IP budget small enough to spend in a test: 3 per 30 s window.
  configDir = join(root, 'config');
  cpSync(resolve(import.meta.dirname, '../../config'), configDir, { recursive: true });
  const limits = JSON.parse(readFileSync(join(configDir, 'limits.json'), 'utf8'));
  limits.rate_limits.ip = { capacity: 3, refill_per_second: 0.1 };
  writeFileSync(join(configDir, 'limits.json'), JSON.stringify(limits));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('RAMPART_REDIS_URL at start', { timeout: 120_000 }, () => {
  it('refuses a URL that is not redis:// (exit 2, a clear message that does not repeat the password)', async () => {
    const started = startChild({ dbFile: join(root, 'bad', 'rampart.db'), env: { RAMPART_REDIS_URL: 'http://ops:s3cret@127.0.0.1:6379' } });
    const refused = await started.then(
      () => '',
      (err: Error) => err.message,
    );
    expect(refused).toMatch(/exited \(2\)[\s\S]*RAMPART_REDIS_URL must be redis:\/\/host:port \(or rediss:\/\/\), got "http:\/\/ops:\*\*\*@127\.0\.0\.1:6379"/);
    expect(refused).not.toContain('s3cret');
  });
});

describe.skipIf(!up)('rampart serve with RAMPART_REDIS_URL', { timeout: 120_000 }, () => {
  let child: ChildServer | undefined;
  let other: TestServer | undefined;
  const proxy = new RedisProxy();
  afterAll(async () => {
    await child?.stop();
    await other?.close();
    await proxy.close();
  });

  it('shares the IP budget with another node, refuses 503 while Redis is gone and serves again after', async () => {
    await proxy.start();
    const prefix = uniquePrefix();
    const env = { RAMPART_RATE_LIMITS: 'on', RAMPART_CONFIG_DIR: configDir, RAMPART_REDIS_URL: proxy.url, RAMPART_REDIS_PREFIX: prefix };
    child = await startChild({ dbFile: join(root, 'serve', 'rampart.db'), env });
    expect(child.output()).toContain(`rate limits   shared through ${proxy.url}`);
    other = await TestServer.start({
      limits: { rate_limits: { ip: { capacity: 3, refill_per_second: 0.1 } } },
      env: { RAMPART_REDIS_URL: proxy.url, RAMPART_REDIS_PREFIX: prefix },
    });
    // Measured from the first request: start-up waits (bounded) for the connection to Redis.
    const first = await call(child.url.sandbox, 'GET', '/v1/openapi.json');
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-remaining')).toBe('2');
    expect((await other.sandboxCall('GET', '/v1/openapi.json')).headers.get('ratelimit-remaining')).toBe('1');
    expect((await call(child.url.sandbox, 'GET', '/v1/openapi.json')).headers.get('ratelimit-remaining')).toBe('0');
    const refused = await call(child.url.sandbox, 'GET', '/v1/status');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'rate_limited', details: { scope: 'ip', limit: 3 } });

    // The operator listener's probes and scrape need no token.
    expect((await call(child.url.admin, 'GET', '/healthz')).body).toEqual({ status: 'ok' });
    expect((await call(child.url.admin, 'GET', '/readyz')).status).toBe(200);
    const metrics = await fetch(`${child.url.admin}/metrics`);
    expect(await metrics.text()).toContain('rampart_rate_limit_rejections_total{scope="ip"} 1');

    // A command that timed out earlier (a busy first second) is its own logged outage: count from this one on.
    const before = child.output().length;
    await proxy.refuse();
    const gone = await call(child.url.sandbox, 'GET', '/v1/status');
    expect(gone.status).toBe(503);
    expect(gone.body.error).toMatchObject({ code: 'limiter_unavailable', type: 'server', retryable: true });
    expect(gone.headers.get('retry-after')).toBe('1');
    const ready = await call(child.url.admin, 'GET', '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'not_ready', failed: ['limiter'] });
    // Logged once for the outage, not once per request nor per reconnection attempt (every 100 ms to 1 s).
    const logged = Date.now() + 5000;
    while (!/Redis unreachable/.test(child.output().slice(before)) && Date.now() < logged) await new Promise((r) => setTimeout(r, 50));
    await call(child.url.sandbox, 'GET', '/v1/status');
    await new Promise((r) => setTimeout(r, 300)); // let reconnection attempts fail meanwhile
    expect(child.output().slice(before).match(/Redis unreachable/g)?.length).toBe(1);

    await proxy.restore();
    const deadline = Date.now() + 5000;
    let back = await call(child.url.admin, 'GET', '/readyz');
    while (back.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      back = await call(child.url.admin, 'GET', '/readyz');
    }
    expect(back.status).toBe(200);
    expect(child.output()).toMatch(/Redis reachable again/);
    // Still the same (spent) window: Redis kept it while the node could not reach it.
    expect((await call(child.url.sandbox, 'GET', '/v1/status')).body.error).toMatchObject({ code: 'rate_limited' });
  });
});
