import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollEvents } from '../helpers/events.js';
import { WebhookReceiver } from '../helpers/receiver.js';
import { TestServer } from '../helpers/server.js';
import { SseClient } from '../helpers/sse.js';

/**
 * Issue 5, done means: a client follows one busy account three ways at once — polling GET /v1/events, the
 * account stream (dropped and resumed twice), and a webhook receiver that fails its first deliveries — and all
 * three yield the same ordered events, from which it rebuilds the orders, positions and fills REST reports.
 */

let s: TestServer;
let rcv: WebhookReceiver;
let n = 0;
const ik = () => `three-${++n}`;

beforeAll(async () => {
  s = await TestServer.start();
  rcv = await WebhookReceiver.start((k) => (k <= 3 ? 500 : 204));
});
afterAll(async () => {
  await s.close();
  await rcv.close();
});

async function price(market: string, bid: string, ask: string, last: string): Promise<void> {
  expect((await s.admin('PUT', `/admin/v1/markets/${market}/price`, { bid, ask, last })).status).toBe(200);
  await s.settleTrading();
}

describe('one busy account followed three ways', () => {
  it('polling, the resumed stream and the webhooks yield the same events, which rebuild what REST reports', async () => {
    await price('BTC-USD', '60000', '60001', '60000.5');
    await price('ETH-USD', '3000', '3000.05', '3000');
    const t = await s.trader();
    const a = t.accountId;
    const call = (method: string, path: string, body?: unknown, idempotent = true) =>
      s.sandboxCall(method, `/v1/accounts/${a}${path}`, { key: t.key, ...(idempotent ? { idempotencyKey: ik() } : {}), ...(body !== undefined ? { body } : {}) });
    const ok = async (p: Promise<{ status: number; body: any }>) => {
      const r = await p;
      expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
      return r.body;
    };

    // The three followers.
    const hook = await ok(s.sandboxCall('POST', '/v1/webhooks', { key: t.key, idempotencyKey: ik(), body: { url: rcv.url, account_id: a } }));
    const polled: any[] = [];
    let cursor: string | null = null;
    const poll = async () => {
      const page = await pollEvents(s, t.key, { accountId: a, after: cursor, limit: 3 });
      polled.push(...page.events);
      cursor = page.cursor;
    };
    const streamed: { id: string; data: any }[] = [];
    let stream = await SseClient.open(s.url.sandbox, `/v1/accounts/${a}/stream`, { key: t.key });

    // Busy: an entry with take profit, stop loss and break-even; a resting limit, edited; a platform order.
    const entry = await ok(
      call('POST', '/orders', { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.5', take_profit: { price: '63000' }, stop_loss: { price: '58000' }, break_even: { trigger_price: '60500', offset_ticks: 2 } }),
    );
    expect(entry.status).toBe('filled');
    const limit = await ok(call('POST', '/orders', { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.1', limit_price: '59500', client_order_id: 'dip-1' }));
    await poll();
    await ok(call('PATCH', `/orders/${limit.id}`, { limit_price: '59400' }));
    await ok(s.admin('POST', `/admin/v1/accounts/${a}/orders`, { market: 'ETH-USD', side: 'sell', type: 'limit', size: '1', limit_price: '3100', origin: 'platform' }));
    await price('BTC-USD', '60600', '60601', '60600.5'); // break-even moves the stop (order.edited, engine)
    await poll();

    // The stream drops in the middle; trading goes on while it is away.
    await stream.waitFor((c) => c.events.length === polled.length, 'the events so far');
    streamed.push(...stream.events);
    stream.drop();
    await price('BTC-USD', '59300', '59301', '59300.5'); // the stop fills, TP canceled oco; the dip limit fills
    await ok(call('POST', '/orders', { market: 'ETH-USD', side: 'sell', type: 'market', size: '2' }));
    await poll();
    stream = await SseClient.open(s.url.sandbox, `/v1/accounts/${a}/stream`, { key: t.key, headers: { 'last-event-id': streamed.at(-1)!.id } });

    // An engine restart cancels and closes everything and is announced; trading resumes.
    expect((await s.admin('POST', '/admin/v1/engine/restart', { environment: 'sandbox' })).status).toBe(200);
    await ok(call('POST', '/orders', { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.2', stop_loss: { price: '57000' } }));
    await ok(call('POST', '/orders', { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1' }));
    const late = await ok(call('POST', '/orders', { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.1', limit_price: '59000' }));
    await poll();

    // A second drop, resumed with resume= this time.
    await stream.waitFor((c) => streamed.length + c.events.length === polled.length, 'the events so far');
    streamed.push(...stream.events);
    stream.drop();
    await ok(call('POST', '/orders', { market: 'BTC-USD', side: 'sell', type: 'limit', size: '0.1', limit_price: '61000', reduce_only: true }));
    stream = await SseClient.open(s.url.sandbox, `/v1/accounts/${a}/stream?resume=${streamed.at(-1)!.id}`, { key: t.key });
    expect((await ok(call('DELETE', `/orders/${late.id}`))).status).toBe('canceled');
    await poll();
    await stream.waitFor((c) => streamed.length + c.events.length === polled.length, 'every event');
    streamed.push(...stream.events);
    stream.drop();

    // The webhook receiver failed its first three deliveries: they come back with the backoff.
    for (let i = 0; i < 5 && new Set(rcv.accepted.map((q) => q.headers['webhook-id'])).size < polled.length; i++) {
      await s.admin('POST', '/admin/v1/clock', { advance_ms: 10_000 * 2 ** i });
      await s.drainWebhooks();
    }
    const wh = new Webhook(hook.secret);
    const hooked = new Map<string, any>();
    for (const q of rcv.accepted) hooked.set(String(q.headers['webhook-id']), wh.verify(q.body, q.headers as Record<string, string>));
    expect(rcv.requests.filter((q) => q.status === 500)).toHaveLength(3);

    // The same events, in the same order, three ways (and the unfiltered list agrees: one account).
    const types = polled.map((e) => e.type);
    for (const kind of ['order.created', 'order.edited', 'order.filled', 'order.canceled', 'fill.created', 'position.opened', 'position.changed', 'position.closed', 'engine.restarted']) {
      expect(types, kind).toContain(kind);
    }
    expect(polled.map((e) => e.source)).toContain('platform');
    const ids = polled.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(streamed.map((e) => e.id)).toEqual(ids);
    expect(streamed.map((e) => e.data)).toEqual(polled);
    expect([...hooked.keys()].sort()).toEqual(ids);
    expect(ids.map((id) => hooked.get(id))).toEqual(polled);
    expect((await pollEvents(s, t.key)).events).toEqual(polled);

    // Rebuilt from the events: the orders, positions and fills as REST reports them now.
    const orders = new Map<string, any>();
    const positions = new Map<string, any>();
    const fills: any[] = [];
    for (const e of polled) {
      if (e.type.startsWith('order.')) orders.set(e.data.id, e.data);
      else if (e.type === 'fill.created') fills.push(e.data);
      else if (e.type === 'position.closed') positions.delete(e.data.market);
      else if (e.type.startsWith('position.')) positions.set(e.data.market, e.data);
    }
    const restOrders = (await ok(s.sandboxCall('GET', `/v1/accounts/${a}/orders?limit=1000`, { key: t.key }))).data;
    expect(restOrders.length).toBe(orders.size);
    for (const o of restOrders) expect(orders.get(o.id), o.id).toEqual(o);
    const restFills = (await ok(s.sandboxCall('GET', `/v1/accounts/${a}/fills?limit=1000`, { key: t.key }))).data;
    expect([...restFills].reverse()).toEqual(fills);
    const restPositions = (await ok(s.sandboxCall('GET', `/v1/accounts/${a}/positions`, { key: t.key }))).data;
    // Marks move with every tick without an event: compare what only trading changes.
    const held = (p: any) => {
      const { mark_price: _m, unrealized_pnl: _u, liquidation_price: _l, ...rest } = p;
      return rest;
    };
    expect(restPositions.map(held)).toEqual([...positions.values()].map(held));
    expect(restPositions.length).toBeGreaterThan(0);
  });
});
