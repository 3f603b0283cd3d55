import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, TestServer } from '../helpers/server.js';

let s: TestServer;
let n = 0;
const ik = () => `e-${++n}`;

async function price(bid: string, ask: string, last: string, market = 'BTC-USD') {
  expect((await s.admin('PUT', `/admin/v1/markets/${market}/price`, { bid, ask, last })).status).toBe(200);
  await s.settleTrading();
}

beforeAll(async () => {
  s = await TestServer.start();
  await price('60000', '60001', '60000');
});
afterAll(() => s.close());

describe('exits keep protecting the position with no client call', () => {
  it('TP + trailing SL + break-even: the stop trails, break-even tightens it, the stop fills and TP is canceled oco', async () => {
    const t = await s.trader();
    const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, {
      key: t.key,
      idempotencyKey: ik(),
      body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '1', take_profit: { price: '63000' }, stop_loss: { price: '59000', trailing: { distance: '1000' } }, break_even: { trigger_price: '60500', offset_ticks: 2 } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.exits.map((e: { kind: string; status: string }) => `${e.kind}:${e.status}`)).toEqual(['take_profit:placed', 'stop_loss:placed', 'break_even:placed']);
    const position = async () => (await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key })).body;
    const p0 = await position();
    expect(p0.exits).toMatchObject({ take_profit: { price: '63000' }, stop_loss: { price: '59000', trailing_distance: '1000' }, break_even: { trigger_price: '60500', offset_ticks: 2, done: false } });
    await price('60300', '60301', '60300');
    expect((await position()).exits.stop_loss.price).toBe('59300');
    await price('60600', '60601', '60600');
    const p2 = await position();
    expect(p2.exits.stop_loss.price).toBe('60002');
    expect(p2.exits.break_even.done).toBe(true);
    await price('60000', '60001', '60001');
    expectError(await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key }), 404, 'position_not_found');
    const orders = (await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders`, { key: t.key })).body.data;
    const tp = orders.find((o: { exit_of_position: string }) => o.exit_of_position === 'take_profit');
    const sl = orders.find((o: { exit_of_position: string }) => o.exit_of_position === 'stop_loss');
    expect(sl).toMatchObject({ status: 'filled', type: 'stop_market', side: 'sell', reduce_only: true, average_fill_price: '59999.5', stop_price: '60002' });
    expect(tp).toMatchObject({ status: 'canceled', cancel_reason: 'oco', type: 'take_market' });
  });

  it('replaces exits with PUT (old ones canceled replaced), removes them with null, and refuses a TP on the wrong side', async () => {
    const t = await s.trader();
    await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'sell', type: 'market', size: '0.5', stop_loss: { price: '61000' } } });
    const put = await s.sandboxCall('PUT', `/v1/accounts/${t.accountId}/positions/BTC-USD/exits`, { key: t.key, body: { take_profit: { price: '58000' }, stop_loss: { price: '60800' }, break_even: null } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.exits).toMatchObject({ take_profit: { price: '58000' }, stop_loss: { price: '60800' }, break_even: null });
    const replaced = (await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders?status=canceled`, { key: t.key })).body.data;
    expect(replaced.map((o: { cancel_reason: string; stop_price: string }) => [o.cancel_reason, o.stop_price])).toEqual([['replaced', '61000']]);
    expectError(await s.sandboxCall('PUT', `/v1/accounts/${t.accountId}/positions/BTC-USD/exits`, { key: t.key, body: { take_profit: { price: '62000' }, stop_loss: null, break_even: null } }), 400, 'invalid_request', { field: 'take_profit.price' });
    const cleared = await s.sandboxCall('PUT', `/v1/accounts/${t.accountId}/positions/BTC-USD/exits`, { key: t.key, body: { take_profit: null, stop_loss: null, break_even: null } });
    expect(cleared.body.exits).toEqual({ take_profit: null, stop_loss: null, break_even: null });
    expectError(await s.sandboxCall('PUT', `/v1/accounts/${t.accountId}/positions/ETH-USD/exits`, { key: t.key, body: { take_profit: null, stop_loss: null, break_even: null } }), 404, 'position_not_found');
  });

  it('refuses exits on an order that only reduces', async () => {
    const t = await s.trader();
    await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '1' } });
    const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'sell', type: 'market', size: '0.5', take_profit: { price: '50000' } } });
    expectError(r, 400, 'invalid_request', { field: 'exits' });
  });

  it('closes one position (user) and all positions (close_all), canceling their exits position_closed', async () => {
    const t = await s.trader();
    await price('3000', '3000.05', '3000', 'ETH-USD');
    await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1', take_profit: { price: '65000' } } });
    await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'ETH-USD', side: 'sell', type: 'market', size: '1' } });
    const closed = await s.sandboxCall('DELETE', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key, idempotencyKey: ik() });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body).toMatchObject({ status: 'filled', side: 'sell', average_fill_price: '60000', reduce_only: true, size: '0.1' });
    const canceled = (await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders?status=canceled`, { key: t.key })).body.data;
    expect(canceled.map((o: { cancel_reason: string }) => o.cancel_reason)).toEqual(['position_closed']);
    const all = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/positions/close-all`, { key: t.key, idempotencyKey: ik() });
    expect(all.body).toEqual({ account_id: t.accountId, closed: ['ETH-USD'], failed: [] });
    expect((await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions`, { key: t.key })).body.data).toEqual([]);
    expectError(await s.sandboxCall('DELETE', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key, idempotencyKey: ik() }), 404, 'position_not_found');
  });

  it('expires gtd orders at expires_at and ioc orders that cannot fill at once', async () => {
    const t = await s.trader();
    const now = s.services.clock.now();
    const gtd = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000', time_in_force: 'gtd', expires_at: now + 5000 } });
    expect(gtd.body.status).toBe('working');
    const ioc = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000', time_in_force: 'ioc' } });
    expect(ioc.status).toBe(201);
    expect(ioc.body.status).toBe('expired');
    await s.admin('POST', '/admin/v1/clock', { advance_ms: 5000 });
    await s.settleTrading();
    const after = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders/${gtd.body.id}`, { key: t.key });
    expect(after.body.status).toBe('expired');
    await price('60000', '60001', '60000');
  });

  it('triggers a stop_limit once last reaches the stop and fills at last below the limit', async () => {
    const t = await s.trader();
    const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'stop_limit', size: '0.01', stop_price: '60500', limit_price: '60600' } });
    expect(r.body.status).toBe('working');
    await price('60700', '60701', '60700');
    expect((await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders/${r.body.id}`, { key: t.key })).body.status).toBe('working');
    await price('60549', '60550', '60550');
    expect((await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders/${r.body.id}`, { key: t.key })).body).toMatchObject({ status: 'filled', average_fill_price: '60550' });
    await price('60000', '60001', '60000');
  });

  it('lists fills newest first with cursor paging', async () => {
    const t = await s.trader();
    for (let i = 0; i < 3; i++) await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'market', size: `0.0${i + 1}` } });
    const first = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/fills?limit=2`, { key: t.key });
    expect(first.body.data.map((f: { size: string }) => f.size)).toEqual(['0.03', '0.02']);
    expect(first.body.has_more).toBe(true);
    const next = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/fills?limit=2&after=${first.body.next_cursor}`, { key: t.key });
    expect(next.body.data.map((f: { size: string }) => f.size)).toEqual(['0.01']);
    expect(next.body.has_more).toBe(false);
    expectError(await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/fills?after=fil_nope`, { key: t.key }), 400, 'invalid_cursor');
  });

  it('previews exactly what placement then does, for several kinds of order', async () => {
    const t = await s.trader();
    const bodies = [
      { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.2' },
      { market: 'BTC-USD', side: 'sell', type: 'limit', size: '0.1', limit_price: '61000' },
      { market: 'BTC-USD', side: 'buy', type: 'stop_market', size: '0.1', stop_price: '61000' },
      { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.1', limit_price: '50000' },
      { market: 'BTC-USD', side: 'sell', type: 'market', size: '0.2', reduce_only: true },
      { market: 'BTC-USD', side: 'buy', type: 'market', size: '50' },
    ];
    for (const body of bodies) {
      const pv = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders/test`, { key: t.key, body });
      expect(pv.status, JSON.stringify(pv.body)).toBe(200);
      const placed = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body });
      if (pv.body.outcome === 'would_reject') {
        expect(placed.status).toBe(422);
        expect(placed.body.error.code).toBe(pv.body.reject.code);
      } else {
        expect(placed.status).toBe(201);
        expect(placed.body.status).toBe(pv.body.outcome === 'would_fill' ? 'filled' : 'working');
        expect(placed.body.size).toBe(pv.body.size);
        if (pv.body.outcome === 'would_fill') expect(placed.body.average_fill_price).toBe(pv.body.price.price);
        if (pv.body.outcome === 'would_fill') expect(placed.body.fee).toBe(pv.body.fee);
      }
    }
  });

  it('previews with a read key and changes nothing', async () => {
    const t = await s.trader();
    const read = await s.key(t.customer.id, { access: 'read' });
    const pv = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders/test`, { key: read.key, body: { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.1', limit_price: '59000' } });
    expect(pv.body).toMatchObject({ outcome: 'would_rest', margin: { mode: 'cross', leverage: 10, required: '590', available: '100000', remaining: '99410' }, position_after: { size: '0.1', side: 'long', entry_price: '59000' } });
    expectError(await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders/test`, { key: read.key, body: { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.15', limit_price: '59000.25' } }), 400, 'invalid_price_tick');
    expect((await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders`, { key: t.key })).body.data).toEqual([]);
    expectError(await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: read.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1' } }), 403, 'insufficient_permission');
  });
});

describe('cancel reasons around positions', () => {
  it('cancels exits position_reversed when an order flips the position, and close-all cancels reduce-only orders close_all', async () => {
    const t = await s.trader();
    await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1', stop_loss: { price: '58000' } } });
    await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'sell', type: 'market', size: '0.3' } });
    const pos = (await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key })).body;
    expect(pos).toMatchObject({ side: 'short', size: '0.2' });
    const canceled = (await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders?status=canceled`, { key: t.key })).body.data;
    expect(canceled.map((o: { cancel_reason: string }) => o.cancel_reason)).toEqual(['position_reversed']);
    const ro = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.1', limit_price: '59000', reduce_only: true } });
    expect(ro.body.status).toBe('working');
    await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/positions/close-all`, { key: t.key, idempotencyKey: ik() });
    const after = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders/${ro.body.id}`, { key: t.key });
    expect(after.body).toMatchObject({ status: 'canceled', cancel_reason: 'close_all' });
  });

  it('a key limited to some markets cancels only those with cancel-all', async () => {
    const t = await s.trader();
    await price('3000', '3000.05', '3000', 'ETH-USD');
    await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000' } });
    await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'ETH-USD', side: 'buy', type: 'limit', size: '1', limit_price: '2900' } });
    const ethOnly = await s.key(t.customer.id, { markets: ['ETH-USD'] });
    const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders/cancel-all`, { key: ethOnly.key, idempotencyKey: ik() });
    expect(r.body.canceled_count).toBe(1);
    expectError(await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders/cancel-all`, { key: ethOnly.key, idempotencyKey: ik(), body: { market: 'BTC-USD' } }), 422, 'key_market_not_allowed', { markets: ['ETH-USD'] });
    const open = (await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders?status=open`, { key: t.key })).body.data;
    expect(open.map((o: { market: string }) => o.market)).toEqual(['BTC-USD']);
  });
});
