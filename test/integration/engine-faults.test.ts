import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, TestServer } from '../helpers/server.js';

let s: TestServer;
let n = 0;
const ik = () => `f-${++n}`;
const limit = { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000' };

beforeAll(async () => {
  s = await TestServer.start();
  await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
  await s.settleTrading();
});
afterAll(() => s.close());

async function advance(ms: number) {
  await s.admin('POST', '/admin/v1/clock', { advance_ms: ms });
  await s.settleTrading();
}

describe('engine faults and the restart transition', () => {
  it('answers 202 unconfirmed with a Location when the engine answer is late, and the order settles', async () => {
    const t = await s.trader();
    await s.fault({ kind: 'engine_delay', ms: 2500 });
    const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: limit });
    await s.fault({ kind: 'clear' });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body.status).toBe('unconfirmed');
    expect(r.headers.get('location')).toBe(`/v1/accounts/${t.accountId}/orders/${r.body.id}`);
    const before = await s.sandboxCall('GET', r.headers.get('location')!, { key: t.key });
    expect(before.body.status).toBe('unconfirmed');
    await advance(2500);
    const after = await s.sandboxCall('GET', r.headers.get('location')!, { key: t.key });
    expect(after.body).toMatchObject({ id: r.body.id, status: 'working', limit_price: '59000' });
  });

  it('settles an unconfirmed order the engine never received as rejected', async () => {
    const t = await s.trader();
    await s.fault({ kind: 'engine_lost', enabled: true });
    const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: limit });
    await s.fault({ kind: 'clear' });
    expect(r.status).toBe(202);
    await advance(1000);
    const after = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders/${r.body.id}`, { key: t.key });
    expect(after.body).toMatchObject({ status: 'rejected', reject: { code: 'order_rejected' } });
    const open = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders?status=open`, { key: t.key });
    expect(open.body.data).toEqual([]);
  });

  it('answers engine_busy and engine_unavailable, taking nothing', async () => {
    const t = await s.trader();
    await s.fault({ kind: 'engine_busy', enabled: true });
    const busy = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: limit });
    await s.fault({ kind: 'clear' });
    expectError(busy, 503, 'engine_busy');
    expect(busy.body.error.type).toBe('engine');
    await s.fault({ kind: 'engine_down', environment: 'sandbox', enabled: true });
    const down = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders/cancel-all`, { key: t.key, idempotencyKey: ik() });
    await s.fault({ kind: 'clear' });
    expectError(down, 503, 'engine_unavailable');
    const list = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders`, { key: t.key });
    expect(list.body.data).toEqual([]);
  });

  it('answers state_unavailable when the store fails mid-placement, leaving nothing behind', async () => {
    const t = await s.trader();
    await s.fault({ kind: 'store_failing', enabled: true });
    const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: limit });
    await s.fault({ kind: 'clear' });
    expectError(r, 503, 'state_unavailable');
    const list = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders`, { key: t.key });
    expect(list.body.data).toEqual([]);
  });

  it('cancels orders from another front-end and from cancel-all, and restarts the engine', async () => {
    const t = await s.trader();
    const platform = await s.admin('POST', `/admin/v1/accounts/${t.accountId}/orders`, { ...limit, origin: 'platform' });
    expect(platform.status, JSON.stringify(platform.body)).toBe(201);
    expect(platform.body).toMatchObject({ origin: 'platform', status: 'working' });
    const strategy = await s.admin('POST', `/admin/v1/accounts/${t.accountId}/orders`, { ...limit, origin: 'strategy' });
    const ext = await s.admin('DELETE', `/admin/v1/accounts/${t.accountId}/orders/${strategy.body.id}`, { reason: 'strategy' });
    expect(ext.body).toMatchObject({ status: 'canceled', cancel_reason: 'strategy' });
    const all = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders/cancel-all`, { key: t.key, idempotencyKey: ik() });
    expect(all.body.canceled_count).toBe(1);

    await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: limit });
    await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1' } });
    const restart = await s.admin('POST', '/admin/v1/engine/restart', { environment: 'sandbox' });
    expect(restart.status, s.logs.filter((l) => l.includes('"level":50')).join('\n')).toBe(200);
    const orders = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders?status=canceled`, { key: t.key });
    expect(orders.body.data[0]).toMatchObject({ cancel_reason: 'system_restart' });
    const positions = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions`, { key: t.key });
    expect(positions.body.data).toEqual([]);
  });
});
