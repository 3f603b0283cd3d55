import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { redisForTests, REDIS_HOST, REDIS_PORT, uniquePrefix } from '../helpers/redis.js';
import { advanceOn, expectError, TestServer } from '../helpers/server.js';

/**
 * docs/SECURITY.md item 12: sign-in, sign-up and a sign-up's confirmation each cost a 32 MiB scrypt, so they have a
 * budget of their own per client network (config/limits.json rate_limits.sign_in), far tighter than the API's IP
 * budget and shared by the nodes through Redis, and the scrypt work in flight in a process is bounded
 * (password_hashing: past it, 503 capacity).
 */
const PASSWORD = 'correct horse battery';

describe('the dashboard sign-in budget per client network', { timeout: 60_000 }, () => {
  let s: TestServer;
  beforeAll(async () => {
    // One node: without Redis each node keeps its own buckets. 3, then one every 20 s.
    s = await TestServer.start({ nodes: 1, limits: { rate_limits: { sign_in: { capacity: 3, refill_per_second: 0.05 } } } });
  });
  afterAll(() => s.close());

  it('spends it on sign-in, sign-up and confirmation: past it they are refused 429 rate_limited, scope sign_in; another network has its own', async () => {
    for (let i = 0; i < 3; i++) expectError(await s.dashboard().signIn('nobody@example.com', PASSWORD), 401, 'invalid_credentials');
    for (const [path, body] of [
      ['/session/sign-in', { email: 'nobody@example.com', password: PASSWORD }],
      ['/session/sign-up', { email: 'new@example.com', password: PASSWORD }],
      ['/session/sign-up/verify', { token: 'rsu_made_up', password: PASSWORD }],
    ] as const) {
      const r = await s.dashboard().call('POST', path, { body });
      expectError(r, 429, 'rate_limited', { scope: 'sign_in', limit: 3 });
      expect(r.headers.get('retry-after')).toBe('20');
    }
    // The API's own IP budget is untouched by all this.
    expect((await s.sandboxCall('GET', '/v1/openapi.json')).status).toBe(200);
    const elsewhere = s.dashboard('127.0.0.2');
    expectError(await elsewhere.signIn('nobody@example.com', PASSWORD), 401, 'invalid_credentials');
    await elsewhere.close();
    // One comes back every 20 seconds, spent by whichever of the three comes first.
    await advanceOn(s, 20_000);
    expect((await s.dashboard().call('POST', '/session/sign-up', { body: { email: 'new@example.com', password: PASSWORD } })).status).toBe(202);
    expectError(await s.dashboard().signIn('nobody@example.com', PASSWORD), 429, 'rate_limited');
    await advanceOn(s, 20_000);
    expectError(await s.dashboard().call('POST', '/session/sign-up/verify', { body: { token: 'rsu_made_up', password: PASSWORD } }), 422, 'invalid_email_code');
    expectError(await s.dashboard().signIn('nobody@example.com', PASSWORD), 429, 'rate_limited');
  });
});

describe('the dashboard bound on password hashing in flight', { timeout: 60_000 }, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await TestServer.start({ nodes: 1, limits: { password_hashing: { max_in_flight: 1, max_queued: 1 } } });
  });
  afterAll(() => s.close());

  it('turns away sign-ins past one hashing and one waiting with 503 capacity and Retry-After, and serves the next at once', async () => {
    // Sent together: while the first one's scrypt runs and the second waits, the others find no room.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => s.dashboard().signIn(`nobody${i}@example.com`, PASSWORD)));
    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 401).length).toBeGreaterThanOrEqual(2);
    expect(refused.length + answers.filter((a) => a.status === 401).length).toBe(12);
    for (const r of refused) {
      expectError(r, 503, 'capacity');
      expect(r.headers.get('retry-after')).toBe('1');
    }
    for (const a of answers.filter((x) => x.status === 401)) expectError(a, 401, 'invalid_credentials');
    // Nothing stays held: one at a time they all pass.
    for (let i = 0; i < 3; i++) expectError(await s.dashboard().signIn(`later${i}@example.com`, PASSWORD), 401, 'invalid_credentials');
  });
});

const redis = await redisForTests('the dashboard sign-in budget shared through Redis');

describe.skipIf(!redis)('the dashboard sign-in budget shared through Redis', { timeout: 60_000 }, () => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((x) => x.close()));
  });

  it('is one budget for two servers on one Redis: spent on either, refused on both', async () => {
    const env = { RAMPART_REDIS_URL: `redis://${REDIS_HOST}:${REDIS_PORT}`, RAMPART_REDIS_PREFIX: uniquePrefix() };
    // 4 per 40 s window of Redis time: nothing comes back while the test runs.
    const limits = { rate_limits: { sign_in: { capacity: 4, refill_per_second: 0.1 } } };
    for (let i = 0; i < 2; i++) servers.push(await TestServer.start({ nodes: 1, env, limits }));
    const [a, b] = servers as [TestServer, TestServer];
    for (const x of [a, a, b, b]) expectError(await x.dashboard().signIn('nobody@example.com', PASSWORD), 401, 'invalid_credentials');
    for (const x of [a, b]) expectError(await x.dashboard().signIn('nobody@example.com', PASSWORD), 429, 'rate_limited', { scope: 'sign_in', limit: 4 });
  });
});
