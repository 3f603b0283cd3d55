import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../../test/helpers/server.js';
import { ConflictError, RampartConnectionError, RampartTimeoutError, RateLimitError, RuleRejectionError } from '../src/index.js';
import { DEFAULT_RETRY, retryDelay } from '../src/retry.js';
import { client, LIMIT_BUY, pricedServer, recordingFetch, refusal, UUID } from './support.js';

/**
 * Retries against a started server: the Idempotency-Key of a creating call is the same on every attempt (so a
 * lost answer does not place twice), retryable answers are retried after Retry-After at least, and what may not be
 * repeated is not. Waits go through an injected sleep (recorded; it moves the manual clock when time matters).
 */
let s: TestServer;
let t: Awaited<ReturnType<TestServer['trader']>>;

beforeAll(async () => {
  s = await pricedServer();
});
afterAll(async () => {
  await s.close();
});

describe('Idempotency-Key', () => {
  it('a lost answer is retried with the same key: the order is placed once and the retry gets it', async () => {
    t = await s.trader();
    const seen: { method: string; path: string; headers: Headers }[] = [];
    let lost = 0;
    // The first attempt reaches the server (the order is placed), then its answer is lost on the way back.
    const losing = (async (url: string | URL | Request, init?: RequestInit) => {
      const res = await fetch(url, init);
      if (init?.method === 'POST' && lost++ === 0) {
        await res.text();
        throw new TypeError('fetch failed: socket hang up');
      }
      return res;
    }) as typeof fetch;
    const { rampart, waits } = client(s, t.key, { fetch: recordingFetch(seen, losing) });
    const order = await rampart.orders.place(t.accountId, LIMIT_BUY);
    expect(order).toMatchObject({ status: 'working', limit_price: '59000', size: '0.01' });
    const posts = seen.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    const key = posts[0]!.headers.get('idempotency-key');
    expect(key).toMatch(UUID);
    expect(posts[1]!.headers.get('idempotency-key')).toBe(key);
    expect(waits).toHaveLength(1);
    const list = await rampart.orders.list(t.accountId);
    expect(list.data.map((o) => o.id)).toEqual([order.id]);
  });

  it("the caller's own key is sent; the same key with another request is refused", async () => {
    const seen: { method: string; path: string; headers: Headers }[] = [];
    const { rampart } = client(s, t.key, { fetch: recordingFetch(seen) });
    const a = await rampart.orders.place(t.accountId, LIMIT_BUY, { idempotencyKey: 'my-order-1' });
    const again = await rampart.orders.place(t.accountId, LIMIT_BUY, { idempotencyKey: 'my-order-1' });
    expect(again.id).toBe(a.id);
    expect(seen.map((r) => r.headers.get('idempotency-key'))).toEqual(['my-order-1', 'my-order-1']);
    const e = await refusal(rampart.orders.place(t.accountId, { ...LIMIT_BUY, size: '0.02' }, { idempotencyKey: 'my-order-1' }));
    expect(e).toBeInstanceOf(RuleRejectionError);
    expect(e.code).toBe('idempotency_key_reused');
    // Each call without a key of its own gets a new one.
    seen.length = 0;
    const b = await rampart.orders.place(t.accountId, LIMIT_BUY);
    const c = await rampart.orders.place(t.accountId, LIMIT_BUY);
    expect(b.id).not.toBe(c.id);
    expect(seen[0]!.headers.get('idempotency-key')).not.toBe(seen[1]!.headers.get('idempotency-key'));
  });
});

describe('retries', () => {
  it('a retryable refusal (engine busy) is retried with the same key after its Retry-After', async () => {
    const seen: { method: string; path: string; headers: Headers }[] = [];
    const answers: Response[] = [];
    const keeping = (async (url: string | URL | Request, init?: RequestInit) => {
      const res = await fetch(url, init);
      answers.push(res.clone());
      return res;
    }) as typeof fetch;
    await s.fault({ kind: 'engine_busy', enabled: true });
    const { rampart, waits } = client(s, t.key, { fetch: recordingFetch(seen, keeping), sleep: async () => void (await s.fault({ kind: 'clear' })) });
    const order = await rampart.orders.place(t.accountId, LIMIT_BUY);
    expect(order.status).toBe('working');
    expect(answers.map((r) => r.status)).toEqual([503, 201]);
    const retryAfter = Number(answers[0]!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(retryAfter * 1000);
    expect(seen[1]!.headers.get('idempotency-key')).toBe(seen[0]!.headers.get('idempotency-key'));
  });

  it('429: waits Retry-After (the manual clock moved by the wait refills the budget), then succeeds; gives up after maxRetries', async () => {
    const limited = await TestServer.start({ nodes: 1, limits: { rate_limits: { key: { capacity: 1, refill_per_second: 1 } } } });
    try {
      const lt = await limited.trader();
      const statuses: { status: number; retryAfter: string | null }[] = [];
      const keeping = (async (url: string | URL | Request, init?: RequestInit) => {
        const res = await fetch(url, init);
        statuses.push({ status: res.status, retryAfter: res.headers.get('retry-after') });
        return res;
      }) as typeof fetch;
      const advance = async (ms: number) => {
        expect((await limited.admin('POST', '/admin/v1/clock', { advance_ms: ms })).status).toBe(200);
      };
      const { rampart, waits } = client(limited, lt.key, { fetch: keeping, sleep: advance });
      await rampart.markets.list();
      const markets = await rampart.markets.list();
      expect(markets.data.length).toBeGreaterThan(0);
      expect(statuses.map((x) => x.status)).toEqual([200, 429, 200]);
      expect(waits).toHaveLength(1);
      expect(waits[0]).toBeGreaterThanOrEqual(Number(statuses[1]!.retryAfter) * 1000);

      // Without the clock moving, every retry is refused too: after maxRetries the RateLimitError is thrown.
      statuses.length = 0;
      const stuck = client(limited, lt.key, { fetch: keeping, maxRetries: 1 });
      const e = await refusal(stuck.rampart.markets.list());
      expect(e).toBeInstanceOf(RateLimitError);
      expect(statuses.map((x) => x.status)).toEqual([429, 429]);
      expect(stuck.waits).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });

  it('a network failure is retried on a GET, not on a POST without Idempotency-Key', async () => {
    let calls = 0;
    const down = (async () => {
      calls++;
      throw new TypeError('fetch failed: ECONNREFUSED');
    }) as typeof fetch;
    const { rampart, waits } = client(s, t.key, { fetch: down });
    await expect(rampart.accounts.list()).rejects.toBeInstanceOf(RampartConnectionError);
    expect(calls).toBe(3);
    expect(waits).toHaveLength(2);
    // Backoff doubles (each wait is the backoff less up to a quarter of jitter).
    expect(waits[0]).toBeGreaterThanOrEqual(375);
    expect(waits[0]).toBeLessThanOrEqual(500);
    expect(waits[1]).toBeGreaterThanOrEqual(750);
    expect(waits[1]).toBeLessThanOrEqual(1000);
    calls = 0;
    await expect(rampart.orders.preview(t.accountId, LIMIT_BUY)).rejects.toBeInstanceOf(RampartConnectionError);
    expect(calls).toBe(1);
  });

  it('an attempt without an answer within timeoutMs throws RampartTimeoutError', async () => {
    let calls = 0;
    const hanging = ((_url: string, init?: RequestInit) => {
      calls++;
      return new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    }) as unknown as typeof fetch;
    const { rampart } = client(s, t.key, { fetch: hanging, timeoutMs: 20, maxRetries: 1 });
    await expect(rampart.service.status()).rejects.toBeInstanceOf(RampartTimeoutError);
    expect(calls).toBe(2);
  });

  it('an order not working is not retried (not retryable)', async () => {
    const { rampart, waits } = client(s, t.key);
    const order = await rampart.orders.place(t.accountId, LIMIT_BUY);
    await rampart.orders.cancel(t.accountId, order.id);
    expect(await refusal(rampart.orders.cancel(t.accountId, order.id))).toBeInstanceOf(ConflictError);
    expect(waits).toEqual([]);
  });
});

describe('retryDelay', () => {
  it('doubles up to the cap, takes up to a quarter off at random, never goes under Retry-After, refuses a Retry-After over the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => retryDelay(DEFAULT_RETRY, n, undefined, () => 0))).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    expect(retryDelay(DEFAULT_RETRY, 1, undefined, () => 1)).toBe(375);
    expect(retryDelay(DEFAULT_RETRY, 1, 3, () => 0)).toBe(3000);
    expect(retryDelay(DEFAULT_RETRY, 5, 1, () => 0)).toBe(8000);
    expect(retryDelay(DEFAULT_RETRY, 1, 61, () => 0)).toBeUndefined();
  });
});
