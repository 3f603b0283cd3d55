import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, TestServer } from '../helpers/server.js';

let s: TestServer;
let n = 0;
const ik = () => `k-${++n}`;

async function price(market: string, bid: string, ask: string, last: string) {
  const r = await s.admin('PUT', `/admin/v1/markets/${market}/price`, { bid, ask, last });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await s.settleTrading();
}

beforeAll(async () => {
  s = await TestServer.start();
  await price('BTC-USD', '60000', '60001', '60000.5');
});
afterAll(() => s.close());

describe('orders over HTTP', () => {
  it('fills a market order in the answer and shows it in orders, fills and positions', async () => {
    const t = await s.trader();
    const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.5', client_order_id: 'first.1' } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ status: 'filled', filled_size: '0.5', average_fill_price: '60001', fee: '15.00025', client_order_id: 'first.1', origin: 'api', reduce_only: false, time_in_force: 'ioc' });
    const orders = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders?client_order_id=first.1`, { key: t.key });
    expect(orders.body.data.map((o: { id: string }) => o.id)).toEqual([r.body.id]);
    const fills = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/fills`, { key: t.key });
    expect(fills.body.data).toHaveLength(1);
    expect(fills.body.data[0]).toMatchObject({ order_id: r.body.id, price: '60001', size: '0.5', fee: '15.00025', liquidation: false, realized_pnl: '0' });
    const pos = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key });
    expect(pos.body).toMatchObject({ side: 'long', size: '0.5', entry_price: '60001', mark_price: '60000.5', unrealized_pnl: '-0.25', leverage: 10, margin_mode: 'cross' });
    const acct = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}`, { key: t.key });
    expect(acct.body).toMatchObject({ balance: '99984.99975', equity: '99984.74975', unrealized_pnl: '-0.25' });
  });

  it('rests a limit, fills it on a tick, and refuses a second client_order_id use', async () => {
    const t = await s.trader();
    const body = { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000', client_order_id: 'rest-1' };
    const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.status).toBe('working');
    expectError(await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body }), 409, 'client_order_id_conflict', { order_id: r.body.id });
    await price('BTC-USD', '58998', '58999', '58999.5');
    const after = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders/${r.body.id}`, { key: t.key });
    expect(after.body).toMatchObject({ status: 'filled', average_fill_price: '59000', fee: '0.118' });
    await price('BTC-USD', '60000', '60001', '60000.5');
  });

  it('replays a placement with the same Idempotency-Key instead of placing again', async () => {
    const t = await s.trader();
    const body = { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000' };
    const first = await Promise.all([1, 2].map(() => s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'same', body })));
    const again = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'same', body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const ids = new Set([...first, again].filter((x) => x.status === 201).map((x) => x.body.id));
    expect(ids.size).toBe(1);
    const list = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders`, { key: t.key });
    expect(list.body.data).toHaveLength(1);
  });

  // On PostgreSQL the key's claim travels with the order's writes: the engine places the retry again in memory and
  // the claim, answered with the writes, rolls it back. What a trader sees must be what claiming first gave.
  describe('a retried placement is answered from its Idempotency-Key record, whatever the engine would do now', () => {
    const snapshot = async (t: { key: string; accountId: string }) => {
      const get = async (path: string) => (await s.sandboxCall('GET', path, { key: t.key })).body;
      return {
        balance: (await get(`/v1/accounts/${t.accountId}`)).balance,
        orders: (await get(`/v1/accounts/${t.accountId}/orders`)).data.map((o: { id: string; status: string }) => `${o.id}:${o.status}`),
        fills: (await get(`/v1/accounts/${t.accountId}/fills`)).data.length,
        positions: (await get(`/v1/accounts/${t.accountId}/positions`)).data.map((p: { market: string; size: string }) => `${p.market}:${p.size}`),
        events: (await get(`/v1/events?account_id=${t.accountId}&limit=100`)).data.map((e: { id: string }) => e.id),
      };
    };
    const place = (t: { key: string; accountId: string }, idempotencyKey: string, body: Record<string, unknown>) =>
      s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey, body });

    it('a market order retried fills nothing again: same answer, no order, fill, event or balance change', async () => {
      const t = await s.trader();
      const body = { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.2' };
      const first = await place(t, 'retry-fill', body);
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      await s.settleTrading();
      const before = await snapshot(t);
      expect(before.fills).toBe(1);
      for (let i = 0; i < 3; i++) {
        const again = await place(t, 'retry-fill', body);
        expect(again.status, JSON.stringify(again.body)).toBe(201);
        expect(again.headers.get('idempotent-replayed')).toBe('true');
        expect(again.body).toMatchObject({ id: first.body.id, status: 'filled', filled_size: '0.2' });
      }
      // The same key with another body: refused as reused, and the order it would have been is not placed either.
      expectError(await place(t, 'retry-fill', { ...body, size: '0.3' }), 422, 'idempotency_key_reused');
      await s.settleTrading();
      expect(await snapshot(t)).toEqual(before);
      // The account's next order is placed as usual (nothing the rolled-back retries did is left in the engine).
      const next = await place(t, 'after-retries', { ...body, side: 'sell' });
      expect(next.status, JSON.stringify(next.body)).toBe(201);
      expect((await snapshot(t)).positions).toEqual([]);
    });

    it('a retry the engine would refuse now (the market halted) replays the first answer; a new key gets the refusal, kept for its retries', async () => {
      const t = await s.trader();
      const body = { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1' };
      const first = await place(t, 'retry-halted', body);
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      await s.admin('PATCH', '/admin/v1/markets/BTC-USD', { status: 'halted' });
      try {
        await s.settleTrading();
        const again = await place(t, 'retry-halted', body);
        expect(again.status, JSON.stringify(again.body)).toBe(201);
        expect(again.headers.get('idempotent-replayed')).toBe('true');
        expect(again.body.id).toBe(first.body.id);
        // Another body under that key: the record answers (reused), not the halted market.
        expectError(await place(t, 'retry-halted', { ...body, size: '0.5' }), 422, 'idempotency_key_reused');
        expectError(await place(t, 'new-halted', body), 422, 'market_halted', { market: 'BTC-USD' });
      } finally {
        await s.admin('PATCH', '/admin/v1/markets/BTC-USD', { status: 'open' });
        await s.settleTrading();
      }
      // The refusal was kept with its key: its retry answers it again though the market is open now.
      const kept = await place(t, 'new-halted', body);
      expectError(kept, 422, 'market_halted', { market: 'BTC-USD' });
      expect(kept.headers.get('idempotent-replayed')).toBe('true');
      expect((await snapshot(t)).fills).toBe(1);
    });
  });

  it('cancels one order and then answers order_not_working', async () => {
    const t = await s.trader();
    const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'sell', type: 'limit', size: '0.01', limit_price: '61000' } });
    const del = await s.sandboxCall('DELETE', `/v1/accounts/${t.accountId}/orders/${r.body.id}`, { key: t.key, idempotencyKey: ik() });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(del.body).toMatchObject({ status: 'canceled', cancel_reason: 'user' });
    expectError(await s.sandboxCall('DELETE', `/v1/accounts/${t.accountId}/orders/${r.body.id}`, { key: t.key, idempotencyKey: ik() }), 409, 'order_not_working', { status: 'canceled' });
    expectError(await s.sandboxCall('DELETE', `/v1/accounts/${t.accountId}/orders/ord_nope`, { key: t.key, idempotencyKey: ik() }), 404, 'order_not_found');
  });

  it('cancels all working orders, or one market', async () => {
    const t = await s.trader();
    await price('ETH-USD', '3000', '3000.05', '3000');
    for (const body of [
      { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000' },
      { market: 'BTC-USD', side: 'sell', type: 'stop_market', size: '0.01', stop_price: '59500' },
      { market: 'ETH-USD', side: 'buy', type: 'limit', size: '1', limit_price: '2900' },
    ]) {
      const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const eth = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders/cancel-all`, { key: t.key, idempotencyKey: ik(), body: { market: 'ETH-USD' } });
    expect(eth.body).toEqual({ account_id: t.accountId, market: 'ETH-USD', canceled_count: 1 });
    const all = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders/cancel-all`, { key: t.key, idempotencyKey: ik() });
    expect(all.body).toEqual({ account_id: t.accountId, market: null, canceled_count: 2 });
    const open = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders?status=open`, { key: t.key });
    expect(open.body.data).toEqual([]);
    const canceled = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders?status=canceled`, { key: t.key });
    expect(canceled.body.data.map((o: { cancel_reason: string }) => o.cancel_reason)).toEqual(['cancel_all', 'cancel_all', 'cancel_all']);
  });

  it('previews what a placement then does', async () => {
    const t = await s.trader();
    const body = { market: 'BTC-USD', side: 'buy', type: 'market', notional_usd: '1000' };
    const pv = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders/test`, { key: t.key, body });
    expect(pv.status, JSON.stringify(pv.body)).toBe(200);
    expect(pv.body).toMatchObject({ outcome: 'would_fill', size: '0.016', price: { fills_immediately: true, price: '60001' }, fee: '0.480008' });
    const placed = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body });
    expect(placed.body).toMatchObject({ status: 'filled', size: pv.body.size, average_fill_price: pv.body.price.price, fee: pv.body.fee });
  });

  it('edits a working order, emitting order.edited, and refuses edits of ended orders', async () => {
    const t = await s.trader();
    const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000' } });
    const edited = await s.sandboxCall('PATCH', `/v1/accounts/${t.accountId}/orders/${r.body.id}`, { key: t.key, idempotencyKey: ik(), body: { size: '0.02', limit_price: '59500' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ id: r.body.id, status: 'working', size: '0.02', limit_price: '59500' });
    expectError(await s.sandboxCall('PATCH', `/v1/accounts/${t.accountId}/orders/${r.body.id}`, { key: t.key, idempotencyKey: ik(), body: { limit_price: '59500.3' } }), 400, 'invalid_price_tick');
    expectError(await s.sandboxCall('PATCH', `/v1/accounts/${t.accountId}/orders/${r.body.id}`, { key: t.key, idempotencyKey: ik(), body: { limit_price: '70000' } }), 422, 'price_out_of_band');
    expectError(await s.sandboxCall('PATCH', `/v1/accounts/${t.accountId}/orders/${r.body.id}`, { key: t.key, idempotencyKey: ik(), body: {} }), 400, 'invalid_request');
    await s.sandboxCall('DELETE', `/v1/accounts/${t.accountId}/orders/${r.body.id}`, { key: t.key, idempotencyKey: ik() });
    expectError(await s.sandboxCall('PATCH', `/v1/accounts/${t.accountId}/orders/${r.body.id}`, { key: t.key, idempotencyKey: ik(), body: { size: '0.03' } }), 409, 'order_not_working', { status: 'canceled' });
    const events = await s.services.store.listOrders({ accountId: t.accountId, limit: 10 });
    expect(events).toHaveLength(1);
  });

  it('edits a stop limit whose stop has triggered as the limit it is: its size changes, its stop never moves', async () => {
    const t = await s.trader();
    const body = { market: 'BTC-USD', side: 'buy', type: 'stop_limit', size: '0.01', stop_price: '60500', limit_price: '60500' };
    const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    // Last passes the stop while the ask stays above the limit: triggered, resting at its limit.
    await price('BTC-USD', '60550', '60551', '60550.5');
    const path = `/v1/accounts/${t.accountId}/orders/${r.body.id}`;
    const edited = await s.sandboxCall('PATCH', path, { key: t.key, idempotencyKey: ik(), body: { size: '0.02' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ id: r.body.id, status: 'working', size: '0.02', stop_price: '60500', limit_price: '60500' });
    expectError(await s.sandboxCall('PATCH', path, { key: t.key, idempotencyKey: ik(), body: { stop_price: '60700' } }), 400, 'invalid_request', { field: 'stop_price' });
    await price('BTC-USD', '60000', '60001', '60000.5');
  });

  it('lists pages of orders exactly as each order reads on its own, newest first, across edits', async () => {
    const t = await s.trader();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, {
        key: t.key,
        idempotencyKey: ik(),
        body: { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: String(58000 + i), client_order_id: `page-${i}` },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      ids.push(r.body.id);
    }
    const read = async (query: string) => {
      const r = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders${query}`, { key: t.key });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
      return r.body;
    };
    const first = await read('?limit=2');
    expect(first.data.map((o: { id: string }) => o.id)).toEqual([ids[4], ids[3]]);
    expect(first).toMatchObject({ has_more: true, next_cursor: ids[3] });
    const rest = await read(`?limit=10&after=${ids[3]}`);
    expect(rest.data.map((o: { id: string }) => o.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(rest).toMatchObject({ has_more: false, next_cursor: null });
    // Each listed order is byte for byte what GET of that order answers (the same serializer; cached per version).
    for (const o of [...first.data, ...rest.data]) {
      expect(o).toEqual((await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders/${o.id}`, { key: t.key })).body);
    }
    // An edit is listed at once: the cached JSON belongs to the stored version it was made from.
    const edited = await s.sandboxCall('PATCH', `/v1/accounts/${t.accountId}/orders/${ids[4]}`, { key: t.key, idempotencyKey: ik(), body: { limit_price: '57000' } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const again = await read('?limit=1');
    expect(again.data[0]).toMatchObject({ id: ids[4], limit_price: '57000' });
    expect(again.data[0]).toEqual(edited.body);
  });
});
