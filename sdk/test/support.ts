import { expect } from 'vitest';
import { markReached, TestServer } from '../../test/helpers/server.js';
import { Rampart, RampartError, type Event, type Order, type RampartOptions } from '../src/index.js';

/** An Idempotency-Key the SDK makes: a version 4 UUID. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** A limit buy that rests at the test price (60000). */
export const LIMIT_BUY = { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000' } as const;

/** A client of the test server's sandbox; waits are recorded and return at once unless `sleep` is given. */
export function client(s: TestServer, apiKey: string, options: Partial<RampartOptions> = {}): { rampart: Rampart; waits: number[] } {
  const waits: number[] = [];
  const rampart = new Rampart({
    apiKey,
    baseUrl: s.url.sandbox,
    ...options,
    sleep: async (ms, signal) => {
      waits.push(ms);
      await options.sleep?.(ms, signal);
    },
  });
  return { rampart, waits };
}

/** The error a call throws, checked to be a RampartError carrying the envelope; its code counts as reached. */
export async function refusal(p: Promise<unknown>): Promise<RampartError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, 'the call should have been refused').toBeInstanceOf(RampartError);
  const e = err as RampartError;
  expect(e.requestId).toMatch(/^req_/);
  expect(e.docUrl).toBe(`https://docs.rampart.dev/reference/errors#${e.code}`);
  expect(e.message.length).toBeGreaterThan(0);
  markReached(e.code);
  return e;
}

/** A started test server whose BTC-USD quote is set (bid 60000, ask 60001, last 60000.5): where most tests begin. */
export async function pricedServer(): Promise<TestServer> {
  const s = await TestServer.start();
  await setPrice(s, 'BTC-USD', '60000', '60001', '60000.5');
  return s;
}

export async function setPrice(s: TestServer, market: string, bid: string, ask: string, last: string): Promise<void> {
  expect((await s.admin('PUT', `/admin/v1/markets/${market}/price`, { bid, ask, last })).status).toBe(200);
  await s.settleTrading();
}

/** A fetch that records each request's method, path and headers before passing it on. */
export function recordingFetch(seen: { method: string; path: string; headers: Headers }[], inner: typeof fetch = fetch): typeof fetch {
  return (async (url: string | URL | Request, init?: RequestInit) => {
    seen.push({ method: init?.method ?? 'GET', path: new URL(String(url)).pathname, headers: new Headers(init?.headers) });
    return inner(url, init);
  }) as typeof fetch;
}

/** The order an order event is about (undefined for other events). */
export function orderOf(e: Event): string | undefined {
  return e.type.startsWith('order.') ? (e.data as Order).id : undefined;
}
