import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/helpers/server.js';
import { AuthenticationError, newIdempotencyKey, Rampart, type TokenSource } from '../src/index.js';
import { client, LIMIT_BUY, orderOf, pricedServer, recordingFetch, refusal, UUID } from './support.js';

/**
 * Short-lived tokens from a token source (the dashboard's way): a token the API refuses as revoked or expired is
 * replaced once and the same request sent again with the same Idempotency-Key, so it acts once; a source that keeps
 * giving stale tokens ends in the refusal. Against a started server, with tokens the operator issues and revokes.
 */
let s: TestServer;
let t: Awaited<ReturnType<TestServer['trader']>>;

beforeAll(async () => {
  s = await pricedServer();
  t = await s.trader();
});
afterAll(async () => {
  await s.close();
});

async function issue(): Promise<{ id: string; token: string }> {
  const r = await s.admin('POST', `/admin/v1/customers/${t.customer.id}/tokens`, { environment: 'sandbox', kind: 'app', access: 'trade' });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

/** A source handing out the operator's tokens, one at a time; `renew` drops the one in hand. */
function source(): TokenSource & { given: string[]; ids: string[]; renewals: number } {
  let current: string | undefined;
  const src = {
    given: [] as string[],
    ids: [] as string[],
    renewals: 0,
    async bearer() {
      if (current === undefined) {
        const issued = await issue();
        current = issued.token;
        src.given.push(issued.token);
        src.ids.push(issued.id);
      }
      return current;
    },
    renew() {
      src.renewals++;
      current = undefined;
    },
  };
  return src;
}

describe('a token source', () => {
  it('replaces a revoked token once and sends the same request again with the same Idempotency-Key', async () => {
    const src = source();
    const seen: { method: string; path: string; headers: Headers }[] = [];
    const rampart = new Rampart({ tokenSource: src, baseUrl: s.url.sandbox, fetch: recordingFetch(seen), userAgent: null });
    expect((await rampart.accounts.list()).data.map((a) => a.id)).toContain(t.accountId);
    // The operator revokes the token in hand: the next call is refused with it, then made with a new one.
    const revoked = await s.admin('DELETE', `/admin/v1/tokens/${src.ids[0]}`);
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    seen.length = 0;
    const order = await rampart.orders.place(t.accountId, LIMIT_BUY);
    expect(order).toMatchObject({ status: 'working', size: '0.01' });
    expect(src.renewals).toBe(1);
    expect(src.given).toHaveLength(2);
    const posts = seen.filter((r) => r.method === 'POST');
    expect(posts.map((p) => p.headers.get('authorization'))).toEqual([`Bearer ${src.given[0]}`, `Bearer ${src.given[1]}`]);
    expect(posts[0]!.headers.get('idempotency-key')).toMatch(UUID);
    expect(posts[1]!.headers.get('idempotency-key')).toBe(posts[0]!.headers.get('idempotency-key'));
    // No User-Agent of the SDK's own (a page's browser sends its own).
    expect(posts[0]!.headers.get('user-agent')).toBeNull();
    const list = await rampart.orders.list(t.accountId, { status: 'working' });
    expect(list.data.filter((o) => o.id === order.id)).toHaveLength(1);
  });

  it('gives up after one renewal: a source whose tokens keep being refused ends in the refusal', async () => {
    const refused: TokenSource & { renewals: number } = {
      renewals: 0,
      bearer: () => 'rat_test_not_a_token_0000000000000000000000',
      renew() {
        this.renewals++;
      },
    };
    const rampart = new Rampart({ tokenSource: refused, baseUrl: s.url.sandbox });
    const e = await refusal(rampart.accounts.list());
    expect(e).toBeInstanceOf(AuthenticationError);
    expect(e.status).toBe(401);
    expect(refused.renewals).toBe(1);
  });

  it('reconnects the account stream with a new token when the one in hand is revoked, resuming after the last event', async () => {
    const src = source();
    const rampart = new Rampart({ tokenSource: src, baseUrl: s.url.sandbox, sleep: async () => undefined });
    const trader = client(s, t.key).rampart;
    const states: string[] = [];
    const stream = rampart.events.stream(t.accountId, { onState: (state) => void states.push(state) });
    const got: string[] = [];
    const placed: string[] = [];
    const reading = (async () => {
      for await (const e of stream) {
        const id = orderOf(e);
        if (e.type === 'order.created' && id) got.push(id);
        if (got.length === 2) break;
      }
    })();
    await until('the stream is live', () => states.includes('live'));
    placed.push((await trader.orders.place(t.accountId, LIMIT_BUY)).id);
    await until('the first order on the stream', () => got.length === 1);
    expect((await s.admin('DELETE', `/admin/v1/tokens/${src.ids[0]}`)).status).toBe(200);
    await until('a second token', () => src.given.length === 2 && states.filter((x) => x === 'live').length === 2);
    placed.push((await trader.orders.place(t.accountId, LIMIT_BUY)).id);
    await reading;
    expect(got).toEqual(placed);
    expect(src.renewals).toBe(1);
    expect(states.slice(0, 2)).toEqual(['connecting', 'live']);
    expect(states.filter((x) => x === 'live')).toHaveLength(2);
  });

  it('makes Idempotency-Keys with Web Crypto: version 4 UUIDs, all different', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(200);
    for (const k of keys) expect(k).toMatch(UUID);
  });
});

async function until(what: string, done: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !done(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!done()) throw new Error(`timed out waiting for ${what}`);
}
