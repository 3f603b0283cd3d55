import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollEvents } from '../helpers/events.js';
import { WebhookReceiver } from '../helpers/receiver.js';
import { expectError, TestServer } from '../helpers/server.js';

let s: TestServer;
let n = 0;
const ik = () => `wh-${++n}`;
const resting = (price: string) => ({ market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: price });
const receivers: WebhookReceiver[] = [];

async function receiver(respond?: (n: number) => number): Promise<WebhookReceiver> {
  const r = await WebhookReceiver.start(respond);
  receivers.push(r);
  return r;
}

async function withPrice(server: TestServer): Promise<void> {
  await server.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
  await server.settleTrading();
}

beforeAll(async () => {
  s = await TestServer.start();
  await withPrice(s);
});
afterAll(async () => {
  await s.close();
  await Promise.all(receivers.map((r) => r.close()));
});

async function register(server: TestServer, key: string, body: Record<string, unknown>, call = server.sandboxCall.bind(server)) {
  const r = await call('POST', '/v1/webhooks', { key, idempotencyKey: ik(), body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; secret: string; url: string };
}

async function place(server: TestServer, key: string, accountId: string, body: unknown) {
  const r = await server.sandboxCall('POST', `/v1/accounts/${accountId}/orders`, { key, idempotencyKey: ik(), body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

async function advance(server: TestServer, ms: number): Promise<void> {
  await server.admin('POST', '/admin/v1/clock', { advance_ms: ms });
  await server.drainWebhooks();
}

async function deliveries(server: TestServer, key: string, webhookId: string): Promise<any[]> {
  const r = await server.sandboxCall('GET', `/v1/webhooks/${webhookId}/deliveries`, { key });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

/** Every accepted request verifies with the reference library; returns the events, once each, in id order. */
function verified(rcv: WebhookReceiver, secret: string): any[] {
  const wh = new Webhook(secret);
  const byId = new Map<string, any>();
  for (const q of rcv.accepted) {
    const event = wh.verify(q.body, q.headers as Record<string, string>) as any;
    expect(q.headers['webhook-id']).toBe(event.id);
    expect(q.headers['content-type']).toBe('application/json');
    byId.set(event.id, event);
  }
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
}

describe('webhook endpoints', () => {
  it('registers an endpoint with a whsec_ secret shown once; the list never shows it; a replay answers the same', async () => {
    const t = await s.trader();
    const body = { url: 'https://hooks.example.com/rampart', types: ['order.filled', 'position.closed', 'order.filled'], account_id: t.accountId };
    const first = await s.sandboxCall('POST', '/v1/webhooks', { key: t.key, idempotencyKey: 'same-hook', body });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toEqual({
      id: expect.stringMatching(/^whk_/),
      url: body.url,
      types: ['order.filled', 'position.closed'],
      account_id: t.accountId,
      environment: 'sandbox',
      created_at: s.services.clock.now(),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+={0,2}$/),
    });
    const replay = await s.sandboxCall('POST', '/v1/webhooks', { key: t.key, idempotencyKey: 'same-hook', body });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expectError(await s.sandboxCall('POST', '/v1/webhooks', { key: t.key, idempotencyKey: 'same-hook', body: { url: 'https://other.example.com/' } }), 422, 'idempotency_key_reused');

    const all = await register(s, t.key, { url: 'https://hooks.example.com/all' });
    const list = await s.sandboxCall('GET', '/v1/webhooks', { key: t.key });
    expect(list.body.data).toEqual([
      { id: first.body.id, url: body.url, types: ['order.filled', 'position.closed'], account_id: t.accountId, environment: 'sandbox', created_at: first.body.created_at },
      { id: all.id, url: all.url, types: null, account_id: null, environment: 'sandbox', created_at: first.body.created_at },
    ]);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
    const page = await s.sandboxCall('GET', '/v1/webhooks?limit=1', { key: t.key });
    expect(page.body).toMatchObject({ data: [{ id: first.body.id }], next_cursor: first.body.id, has_more: true });
    const rest = await s.sandboxCall('GET', `/v1/webhooks?limit=1&after=${first.body.id}`, { key: t.key });
    expect(rest.body).toMatchObject({ data: [{ id: all.id }], next_cursor: null, has_more: false });
    // Another customer sees none of them.
    const other = await s.trader();
    expect((await s.sandboxCall('GET', '/v1/webhooks', { key: other.key })).body.data).toEqual([]);
  });

  it('needs a read-and-trade key and an Idempotency-Key to register; deleting needs no Idempotency-Key', async () => {
    const t = await s.trader();
    const read = await s.key(t.customer.id, { access: 'read' });
    const body = { url: 'https://hooks.example.com/x' };
    expectError(await s.sandboxCall('POST', '/v1/webhooks', { key: read.key, idempotencyKey: ik(), body }), 403, 'insufficient_permission');
    expectError(await s.sandboxCall('POST', '/v1/webhooks', { key: t.key, body }), 400, 'idempotency_key_required');
    const hook = await register(s, t.key, body);
    expect((await s.sandboxCall('GET', '/v1/webhooks', { key: read.key })).body.data).toHaveLength(1);
    expect((await s.sandboxCall('GET', `/v1/webhooks/${hook.id}/deliveries`, { key: read.key })).status).toBe(200);
    expectError(await s.sandboxCall('DELETE', `/v1/webhooks/${hook.id}`, { key: read.key }), 403, 'insufficient_permission');
    const del = await s.sandboxCall('DELETE', `/v1/webhooks/${hook.id}`, { key: t.key });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: hook.id, deleted: true });
    expectError(await s.sandboxCall('DELETE', `/v1/webhooks/${hook.id}`, { key: t.key }), 404, 'webhook_not_found', { webhook_id: hook.id });
    expect((await s.sandboxCall('GET', '/v1/webhooks', { key: t.key })).body.data).toEqual([]);
  });

  it('refuses a URL that is not http(s) or carries credentials, unknown types and fields, and an account the key cannot reach', async () => {
    const t = await s.trader();
    const other = await s.trader();
    const post = (body: unknown) => s.sandboxCall('POST', '/v1/webhooks', { key: t.key, idempotencyKey: ik(), body });
    expectError(await post({ url: 'ftp://hooks.example.com/' }), 400, 'invalid_request', { field: 'url', reason: 'not_http' });
    expectError(await post({ url: 'hooks.example.com/x' }), 400, 'invalid_request', { field: 'url', reason: 'not_a_url' });
    expectError(await post({ url: 'https://me:pw@hooks.example.com/' }), 400, 'invalid_request', { field: 'url', reason: 'credentials_in_url' });
    expectError(await post({ url: '' }), 400, 'invalid_request');
    expectError(await post({ url: `https://hooks.example.com/${'x'.repeat(2100)}` }), 400, 'invalid_request');
    expectError(await post({ url: 'https://hooks.example.com/', types: ['order.exploded'] }), 400, 'invalid_request');
    expectError(await post({ url: 'https://hooks.example.com/', types: [] }), 400, 'invalid_request');
    expectError(await post({ url: 'https://hooks.example.com/', secret: 'mine' }), 400, 'unknown_field', { fields: ['secret'] });
    expectError(await post({}), 400, 'invalid_request');
    expectError(await post({ url: 'https://hooks.example.com/', account_id: other.accountId }), 404, 'account_not_found');
    expect((await s.sandboxCall('GET', '/v1/webhooks', { key: t.key })).body.data).toEqual([]);
  });

  it("answers webhook_not_found for another customer's endpoint and an unknown one; invalid_cursor for a foreign cursor", async () => {
    const t = await s.trader();
    const other = await s.trader();
    const theirs = await register(s, other.key, { url: 'https://hooks.example.com/theirs' });
    const mine = await register(s, t.key, { url: 'https://hooks.example.com/mine' });
    expectError(await s.sandboxCall('DELETE', `/v1/webhooks/${theirs.id}`, { key: t.key }), 404, 'webhook_not_found');
    expectError(await s.sandboxCall('GET', `/v1/webhooks/${theirs.id}/deliveries`, { key: t.key }), 404, 'webhook_not_found');
    expectError(await s.sandboxCall('DELETE', '/v1/webhooks/whk_nothing', { key: t.key }), 404, 'webhook_not_found');
    expectError(await s.sandboxCall('GET', `/v1/webhooks?after=${theirs.id}`, { key: t.key }), 400, 'invalid_cursor');
    expectError(await s.sandboxCall('GET', `/v1/webhooks/${mine.id}/deliveries?after=whd_nothing`, { key: t.key }), 400, 'invalid_cursor');
    expectError(await s.sandboxCall('GET', '/v1/webhooks?limit=0', { key: t.key }), 400, 'invalid_parameter');
    // Theirs is still there for them.
    expect((await s.sandboxCall('GET', '/v1/webhooks', { key: other.key })).body.data.map((w: any) => w.id)).toEqual([theirs.id]);
  });
});

describe('webhook delivery', () => {
  it('delivers each event after the endpoint was made, as the list shows it, signed so the standardwebhooks library verifies it', async () => {
    const t = await s.trader();
    await place(s, t.key, t.accountId, resting('59000'));
    const rcv = await receiver();
    const hook = await register(s, t.key, { url: rcv.url });
    await place(s, t.key, t.accountId, { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1' });
    await s.drainWebhooks();

    const listed = (await pollEvents(s, t.key)).events.slice(1);
    expect(listed.map((e) => e.type)).toEqual(['order.created', 'order.filled', 'fill.created', 'position.opened']);
    expect(rcv.requests).toHaveLength(4);
    expect(verified(rcv, hook.secret)).toEqual(listed);
    // Up to 32 deliveries of an endpoint are in flight at once, so they may arrive in any order (docs/DEVIATIONS.md
    // "Delivery"): each event's body is the event exactly as listed, whatever the order of arrival.
    const bodies = new Map(rcv.requests.map((q) => [q.headers['webhook-id'], q.body]));
    expect(listed.map((e) => bodies.get(e.id))).toEqual(listed.map((e) => JSON.stringify(e)));
    for (const q of rcv.requests) {
      expect(q.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+={0,2}$/);
      expect(Math.abs(Number(q.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    }
    const shown = await deliveries(s, t.key, hook.id);
    expect(shown.map((d) => [d.event_id, d.status, d.attempt_count, d.attempts.map((a: any) => a.status_code)])).toEqual(
      [...listed].reverse().map((e) => [e.id, 'succeeded', 1, [204]]),
    );
  });

  it('sends only the types and the account asked for, and nothing after the endpoint is deleted', async () => {
    const t = await s.trader();
    const second = await s.sandboxCall('POST', '/v1/accounts', { key: t.key, idempotencyKey: ik() });
    await s.settle();
    const filled = await receiver();
    const onSecond = await receiver();
    const filledHook = await register(s, t.key, { url: filled.url, types: ['order.filled'] });
    const secondHook = await register(s, t.key, { url: onSecond.url, account_id: second.body.id });
    await place(s, t.key, t.accountId, { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1' });
    await place(s, t.key, second.body.id, resting('58000'));
    await s.drainWebhooks();
    expect(verified(filled, filledHook.secret).map((e) => `${e.account_id} ${e.type}`)).toEqual([`${t.accountId} order.filled`]);
    expect(verified(onSecond, secondHook.secret).map((e) => `${e.account_id} ${e.type}`)).toEqual([`${second.body.id} order.created`]);

    await s.sandboxCall('DELETE', `/v1/webhooks/${secondHook.id}`, { key: t.key });
    await place(s, t.key, second.body.id, resting('57000'));
    await s.drainWebhooks();
    expect(onSecond.requests).toHaveLength(1);
  });

  it('retries a failed delivery with exponential backoff on the clock and shows every attempt', async () => {
    const t = await s.trader();
    const rcv = await receiver((k) => (k <= 3 ? 500 : 204));
    const hook = await register(s, t.key, { url: rcv.url });
    const t0 = s.services.clock.now();
    await place(s, t.key, t.accountId, resting('59000'));
    await s.drainWebhooks();
    expect((await deliveries(s, t.key, hook.id))[0]).toMatchObject({ status: 'pending', attempt_count: 1, next_attempt_at: t0 + 10_000 });

    await advance(s, 9_999);
    expect(rcv.requests).toHaveLength(1);
    await advance(s, 1);
    expect(rcv.requests).toHaveLength(2);
    expect((await deliveries(s, t.key, hook.id))[0]).toMatchObject({ status: 'pending', attempt_count: 2, next_attempt_at: t0 + 30_000 });
    await advance(s, 20_000);
    await advance(s, 40_000);
    const [d] = await deliveries(s, t.key, hook.id);
    expect(d).toMatchObject({ status: 'succeeded', attempt_count: 4, next_attempt_at: null, finished_at: t0 + 70_000 });
    expect(d.attempts.map((a: any) => [a.number, a.at - t0, a.status_code, a.error])).toEqual([
      [1, 0, 500, 'http_500'],
      [2, 10_000, 500, 'http_500'],
      [3, 30_000, 500, 'http_500'],
      [4, 70_000, 204, null],
    ]);
    // Every attempt carried the same event under the same webhook-id; the accepted one verifies.
    expect(new Set(rcv.requests.map((q) => q.headers['webhook-id'])).size).toBe(1);
    expect(verified(rcv, hook.secret)).toHaveLength(1);
    await withPrice(s);
  });

  it('records an endpoint that cannot be reached as connection_failed, naming no address, port or socket error, and retries it', async () => {
    const t = await s.trader();
    const gone = await receiver();
    const { url, port } = gone;
    await gone.close();
    const hook = await register(s, t.key, { url });
    await place(s, t.key, t.accountId, resting('59000'));
    await s.drainWebhooks();
    const r = await s.sandboxCall('GET', `/v1/webhooks/${hook.id}/deliveries`, { key: t.key });
    const [d] = r.body.data;
    expect(d).toMatchObject({ status: 'pending', attempt_count: 1 });
    expect(d.attempts).toEqual([{ number: 1, at: expect.any(Number), status_code: null, error: 'connection_failed', duration_ms: expect.any(Number) }]);
    // The delivery log is no port scanner: nothing of the socket's error reaches the customer.
    const text = JSON.stringify(d.attempts.map((a: any) => a.error));
    for (const leak of ['ECONNREFUSED', '127.0.0.1', `:${port}`]) expect(text).not.toContain(leak);
  });
});

describe('webhook delivery across restarts and time', () => {
  let d: TestServer;
  beforeAll(async () => {
    // TestServer allows private targets (RAMPART_WEBHOOK_ALLOW_PRIVATE=1) unless a test says otherwise.
    d = await TestServer.start();
    await withPrice(d);
  });
  afterAll(() => d.close());

  it('takes live loopback endpoints when RAMPART_WEBHOOK_ALLOW_PRIVATE is set, and delivers to them', async () => {
    expect(d.services.config.webhookAllowPrivate).toBe(true);
    const c = await d.customer('live');
    const live = await d.key(c.id, { environment: 'live' });
    const account = await d.admin('POST', `/admin/v1/customers/${c.id}/accounts`, { product: 'funded-100k' });
    await d.settle();
    const rcv = await receiver();
    const hook = await register(d, live.key, { url: rcv.url }, d.liveCall.bind(d));
    const order = await d.admin('POST', `/admin/v1/accounts/${account.body.id}/orders`, { ...resting('59000'), origin: 'platform' });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    await d.drainWebhooks();
    expect(verified(rcv, hook.secret).map((e) => [e.id.slice(0, 9), e.type, e.source])).toEqual([['evt_live_', 'order.created', 'platform']]);
  });

  it('keeps a pending delivery across a restart, and announces the restart itself', async () => {
    const t = await d.trader();
    const rcv = await receiver((k) => (k === 1 ? 503 : 204));
    const hook = await register(d, t.key, { url: rcv.url, account_id: t.accountId });
    await place(d, t.key, t.accountId, resting('59000'));
    await d.drainWebhooks();
    expect(rcv.requests.map((q) => q.status)).toEqual([503]);

    await d.restart();
    await d.drainWebhooks();
    await advance(d, 10_000);
    const events = (await pollEvents(d, t.key)).events;
    expect(events.map((e) => e.type)).toEqual(['order.created', 'order.canceled', 'engine.restarted']);
    expect(events[2].data).toEqual({ environment: 'sandbox', canceled_orders: 1, closed_positions: 0 });
    expect(verified(rcv, hook.secret)).toEqual(events);
    await withPrice(d);
  });

  it('keeps trying for 24 hours after the event, then gives up', async () => {
    const t = await d.trader();
    const rcv = await receiver(() => 503);
    const hook = await register(d, t.key, { url: rcv.url });
    const t0 = d.services.clock.now();
    await place(d, t.key, t.accountId, resting('59000'));
    await d.drainWebhooks();
    let [delivery] = await deliveries(d, t.key, hook.id);
    while (delivery.status === 'pending') {
      await advance(d, delivery.next_attempt_at - d.services.clock.now());
      [delivery] = await deliveries(d, t.key, hook.id);
    }
    const offsets = delivery.attempts.map((a: any) => (a.at - t0) / 1000);
    // 10 s doubling to an hour, then hourly, while the next attempt is within 24 h of the event.
    expect(offsets.slice(0, 11)).toEqual([0, 10, 30, 70, 150, 310, 630, 1270, 2550, 5110, 8710]);
    expect(offsets.at(-1)).toBe(84_310);
    expect(delivery).toMatchObject({ status: 'failed', attempt_count: 32, next_attempt_at: null, finished_at: t0 + 84_310_000 });
    expect(rcv.requests).toHaveLength(32);
    await advance(d, 86_400_000);
    expect(rcv.requests).toHaveLength(32);
  });
});
