import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollEvents } from '../helpers/events.js';
import { expectError, TestServer } from '../helpers/server.js';
import { SseClient } from '../helpers/sse.js';

let s: TestServer;
let n = 0;
const ik = () => `st-${++n}`;
const resting = (price: string) => ({ market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: price });
const streamPath = (accountId: string, query = '') => `/v1/accounts/${accountId}/stream${query}`;

async function withPrice(server: TestServer): Promise<void> {
  await server.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
  await server.settleTrading();
}

beforeAll(async () => {
  s = await TestServer.start();
  await withPrice(s);
});
afterAll(() => s.close());

async function place(server: TestServer, key: string, accountId: string, body: unknown) {
  const r = await server.sandboxCall('POST', `/v1/accounts/${accountId}/orders`, { key, idempotencyKey: ik(), body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

/** Waits (bounded) until the server holds `count` streams of the account. */
async function streamsOf(server: TestServer, accountId: string, count: number): Promise<void> {
  const deadline = Date.now() + 5000;
  while (server.streamCount(accountId) !== count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} streams of ${accountId}, have ${server.streamCount(accountId)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Waits (bounded) until the account's stream is blocked on its client: the socket is full and the stream waits
 * for it to drain (the state whose heartbeats lead to slow_consumer). Reads the hub's streams: no API shows this.
 */
async function waitingForClient(server: TestServer, accountId: string): Promise<void> {
  type Seen = { waitingSinceBeat: number | undefined };
  const hub = server.services.streams as unknown as { byAccount: Map<string, Set<Seen>> };
  const deadline = Date.now() + 15_000;
  while (![...(hub.byAccount.get(accountId) ?? [])].some((x) => x.waitingSinceBeat !== undefined)) {
    if (Date.now() > deadline) throw new Error('the stream never waited on its client: the backlog did not fill the socket');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('GET /v1/accounts/{account_id}/stream', () => {
  it("sends the account's events live as Server-Sent Events: id, event type, data as the list gives it", async () => {
    const t = await s.trader();
    const other = await s.sandboxCall('POST', '/v1/accounts', { key: t.key, idempotencyKey: ik() });
    await s.settle();
    const c = await SseClient.open(s.url.sandbox, streamPath(t.accountId), { key: t.key });
    expect(c.status).toBe(200);
    expect(c.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(c.headers['cache-control']).toContain('no-cache');
    expect(c.headers['x-request-id']).toMatch(/^req_/);
    expect(c.headers['ratelimit-limit']).toBeDefined();

    await place(s, t.key, other.body.id, resting('58000'));
    await place(s, t.key, t.accountId, { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1' });
    await c.waitFor((x) => x.events.length >= 4, 'four events');
    const listed = (await pollEvents(s, t.key, { accountId: t.accountId })).events;
    expect(c.events.map((e) => e.type)).toEqual(['order.created', 'order.filled', 'fill.created', 'position.opened']);
    expect(c.events.map((e) => e.id)).toEqual(listed.map((e) => e.id));
    expect(c.events.map((e) => e.data)).toEqual(listed);
    c.drop();
  });

  it('resumes after an event (resume= or Last-Event-ID) without a gap or a repeat while events keep coming', async () => {
    const t = await s.trader();
    for (const p of ['59000', '58900', '58800']) await place(s, t.key, t.accountId, resting(p));
    const before = (await pollEvents(s, t.key)).events;

    // Streams open from different places while a burst of orders is being written.
    const burst = Promise.all(['58700', '58600', '58500', '58400', '58300', '58200', '58100', '58000'].map((p) => place(s, t.key, t.accountId, resting(p))));
    const fromFirst = await SseClient.open(s.url.sandbox, streamPath(t.accountId, `?resume=${before[0].id}`), { key: t.key });
    const fromHeader = await SseClient.open(s.url.sandbox, streamPath(t.accountId), { key: t.key, headers: { 'last-event-id': before[1].id } });
    // Last-Event-ID (what a reconnecting EventSource sends) wins over the resume= of its first URL.
    const both = await SseClient.open(s.url.sandbox, streamPath(t.accountId, `?resume=${before[0].id}`), { key: t.key, headers: { 'last-event-id': before[2].id } });
    await burst;
    await place(s, t.key, t.accountId, resting('57000'));

    const all = (await pollEvents(s, t.key)).events.map((e) => e.id);
    expect(all).toHaveLength(12);
    for (const [client, from] of [[fromFirst, 1], [fromHeader, 2], [both, 3]] as const) {
      await client.waitFor((x) => x.events.length >= all.length - from, `events after #${from}`);
      expect(client.events.map((e) => e.id)).toEqual(all.slice(from));
      client.drop();
    }
  });

  it('hands over from a disconnected stream to a resumed one without losing an event', async () => {
    const t = await s.trader();
    const first = await SseClient.open(s.url.sandbox, streamPath(t.accountId), { key: t.key });
    await place(s, t.key, t.accountId, resting('59000'));
    await first.waitFor((x) => x.events.length === 1, 'the first event');
    first.drop();
    await streamsOf(s, t.accountId, 0);
    await place(s, t.key, t.accountId, resting('58000'));
    const second = await SseClient.open(s.url.sandbox, streamPath(t.accountId), { key: t.key, headers: { 'last-event-id': first.events[0]!.id } });
    await place(s, t.key, t.accountId, resting('57000'));
    await second.waitFor((x) => x.events.length === 2, 'the missed and the live event');
    expect([...first.events, ...second.events].map((e) => e.data.data.limit_price)).toEqual(['59000', '58000', '57000']);
    second.drop();
  });

  it('announces an engine restart on the stream, after the cancels it caused', async () => {
    const t = await s.trader();
    const order = await place(s, t.key, t.accountId, resting('59000'));
    const c = await SseClient.open(s.url.sandbox, streamPath(t.accountId), { key: t.key });
    const r = await s.admin('POST', '/admin/v1/engine/restart', { environment: 'sandbox' });
    expect(r.status).toBe(200);
    await c.waitFor((x) => x.events.some((e) => e.type === 'engine.restarted'), 'engine.restarted');
    expect(c.events.map((e) => e.type)).toEqual(['order.canceled', 'engine.restarted']);
    expect(c.events[0]!.data.data).toMatchObject({ id: order.id, status: 'canceled', cancel_reason: 'system_restart' });
    expect(c.events[1]!.data).toMatchObject({ type: 'engine.restarted', account_id: t.accountId, source: 'engine', data: { environment: 'sandbox', canceled_orders: 1, closed_positions: 0 } });
    c.drop();
  });

  it('sends a heartbeat comment every 15 s of the clock', async () => {
    const t = await s.trader();
    const c = await SseClient.open(s.url.sandbox, streamPath(t.accountId), { key: t.key });
    await streamsOf(s, t.accountId, 1);
    await s.admin('POST', '/admin/v1/clock', { advance_ms: 14_999 });
    expect(c.comments).toEqual([]);
    await s.admin('POST', '/admin/v1/clock', { advance_ms: 1 });
    await c.waitFor((x) => x.comments.length === 1, 'a heartbeat');
    await s.admin('POST', '/admin/v1/clock', { advance_ms: 15_000 });
    await c.waitFor((x) => x.comments.length === 2, 'a second heartbeat');
    expect(c.comments).toEqual(['heartbeat', 'heartbeat']);
    c.drop();
    await withPrice(s);
  });

  it('is described in the OpenAPI document as text/event-stream', async () => {
    const doc = (await s.sandboxCall('GET', '/v1/openapi.json')).body;
    const op = doc.paths['/v1/accounts/{account_id}/stream'].get;
    expect(Object.keys(op.responses['200'].content)).toEqual(['text/event-stream']);
    const param = (p: any) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p);
    expect(op.parameters.map((p: any) => `${param(p).in}:${param(p).name}`).sort()).toEqual(['header:Last-Event-ID', 'path:account_id', 'query:resume']);
  });

  it('answers account_not_found and invalid_cursor before any stream starts', async () => {
    const t = await s.trader();
    const other = await s.trader();
    await place(s, other.key, other.accountId, resting('59000'));
    const theirs = (await pollEvents(s, other.key)).events[0].id;
    const call = (path: string, headers?: Record<string, string>) => s.sandboxCall('GET', path, { key: t.key, ...(headers ? { headers } : {}) });
    expectError(await call(streamPath(other.accountId)), 404, 'account_not_found');
    expectError(await call(streamPath('SANDBOX-999999-9')), 404, 'account_not_found');
    expectError(await call(streamPath(t.accountId, '?resume=garbage')), 400, 'invalid_cursor');
    expectError(await call(streamPath(t.accountId, `?resume=${theirs}`)), 400, 'invalid_cursor');
    expectError(await call(streamPath(t.accountId, `?resume=${theirs.replace('evt_test_', 'evt_live_')}`)), 400, 'invalid_cursor');
    expectError(await call(streamPath(t.accountId), { 'last-event-id': theirs }), 400, 'invalid_cursor');
    expectError(await call(streamPath(t.accountId, '?from=1')), 400, 'unknown_field');
    expectError(await s.sandboxCall('GET', streamPath(t.accountId)), 401, 'missing_api_key');
    expect(s.streamCount()).toBe(0);
  });
});

/** The most a TCP send buffer may grow to here (Linux); 8 MiB where it cannot be read. */
function socketBufferMax(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/tcp_wmem', 'utf8').trim().split(/\s+/)[2]) || 8 * 1024 * 1024;
  } catch {
    return 8 * 1024 * 1024;
  }
}

describe('slow stream clients and shutdown', () => {
  /** Writes events straight into the log of a server that trades no more: a backlog of `count` events of ~2 KB. */
  async function seedBacklog(server: TestServer, accountId: string, count: number): Promise<void> {
    const customerId = (await server.services.store.getAccount(accountId))!.customer_id;
    const counter = (await server.services.store.eventCounters('sandbox', [customerId])).get(customerId)!;
    const now = server.services.clock.now();
    await server.services.store.transaction(async (tx) => {
      const rows = Array.from({ length: count }, (_, k) => {
        const seq = counter.last + k + 1;
        const id = `evt_test_${counter.number}_${String(seq).padStart(12, '0')}`;
        const data = JSON.stringify({ id, type: 'order.created', account_id: accountId, created_at: now, source: 'api', data: { n: k + 1, padding: 'x'.repeat(2000) } });
        return { seq, id, environment: 'sandbox' as const, account_id: accountId, customer_id: customerId, type: 'order.created', created_at: now, data };
      });
      await tx.insertEvents(rows);
    });
  }

  it('cuts off a client that takes nothing for two heartbeats with a final slow_consumer error; it resumes from what it got', async () => {
    // One node: the test watches that node's socket fill up (the stream's own back-pressure, per process).
    const server = await TestServer.start({ nodes: 1 });
    try {
      await withPrice(server);
      const t = await server.trader();
      await place(server, t.key, t.accountId, resting('59000'));
      const first = (await pollEvents(server, t.key)).events[0].id;
      // More than the sockets of both ends hold (a few MB on loopback): the server has to wait for the client.
      const total = Math.ceil((2 * socketBufferMax() + 4 * 1024 * 1024) / 2100);
      await seedBacklog(server, t.accountId, total);

      const c = await SseClient.open(server.url.sandbox, streamPath(t.accountId, `?resume=${first}`), { key: t.key, paused: true });
      await streamsOf(server, t.accountId, 1);
      // Heartbeats count only once the server waits on the full socket: on a slower store (PostgreSQL pages) the
      // backlog takes a while to fill it, so the clock moves only after that.
      await waitingForClient(server, t.accountId);
      await server.admin('POST', '/admin/v1/clock', { advance_ms: 15_000 });
      expect(server.streamCount(t.accountId)).toBe(1);
      await server.admin('POST', '/admin/v1/clock', { advance_ms: 15_000 });
      await streamsOf(server, t.accountId, 0);

      c.resume();
      expect(await c.ended).toBe('end');
      expect(c.frames.at(-1)).toEqual({ id: undefined, event: 'error', data: '{"code":"slow_consumer"}' });
      const got = c.events;
      expect(got.length).toBeGreaterThan(0);
      expect(got.length).toBeLessThan(total);

      const again = await SseClient.open(server.url.sandbox, streamPath(t.accountId), { key: t.key, headers: { 'last-event-id': got.at(-1)!.id } });
      await again.waitFor((x) => got.length + x.events.length === total, 'the rest of the backlog');
      expect([...got, ...again.events].map((e) => e.data.data.n)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
      again.drop();
    } finally {
      await server.close();
    }
  });

  it('does not count open streams as requests in flight, and ends them cleanly when the server shuts down', async () => {
    const server = await TestServer.start({ limits: { capacity: { max_in_flight: 1 } } });
    const t = await server.trader();
    const a = await SseClient.open(server.url.sandbox, streamPath(t.accountId), { key: t.key });
    const b = await SseClient.open(server.url.sandbox, streamPath(t.accountId), { key: t.key });
    await streamsOf(server, t.accountId, 2);
    expect((await server.sandboxCall('GET', '/v1/accounts', { key: t.key })).status).toBe(200);
    await server.close();
    expect(await a.ended).toBe('end');
    expect(await b.ended).toBe('end');
  });
});
