import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollEvents } from '../helpers/events.js';
import { expectError, TestServer } from '../helpers/server.js';

/**
 * An order's exits (CONTRACT §3–§4): edited on a working order with PATCH `exits` (the parts given replace those
 * exits, null removes one, the others stay), and listed with the ids of the exit orders once the fill placed them —
 * in the answer, on GET and in the events. Quotes have bid = ask = last.
 */
let s: TestServer;
let n = 0;
const ik = () => `ox-${++n}`;

async function price(last: string) {
  expect((await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: last, ask: last, last })).status).toBe(200);
  await s.settleTrading();
}

beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(() => s.close());

const exit = (kind: string, fields: Record<string, unknown>) => ({
  kind,
  price: null,
  limit_price: null,
  trailing_distance: null,
  trigger_price: null,
  offset_ticks: null,
  order_id: null,
  status: 'pending',
  ...fields,
});

describe('PATCH …/orders/{id} with exits', () => {
  it('replaces the parts given, keeps the others, removes with null; order.edited carries changes.exits', async () => {
    await price('60000');
    const t = await s.trader();
    const call = (method: string, path: string, body?: unknown) =>
      s.sandboxCall(method, `/v1/accounts/${t.accountId}${path}`, { key: t.key, ...(body !== undefined ? { body } : {}), ...(method !== 'GET' ? { idempotencyKey: ik() } : {}) });
    const placed = await call('POST', '/orders', { market: 'BTC-USD', side: 'buy', type: 'limit', size: '1', limit_price: '59000', take_profit: { price: '61000' }, stop_loss: { price: '58000' } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const id = placed.body.id as string;
    const tp61 = exit('take_profit', { price: '61000' });
    const sl58 = exit('stop_loss', { price: '58000' });
    expect(placed.body.exits).toEqual([tp61, sl58]);

    // A new take profit; the stop loss stays.
    const edited = await call('PATCH', `/orders/${id}`, { exits: { take_profit: { price: '62000' } } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const tp62 = exit('take_profit', { price: '62000' });
    expect(edited.body.exits).toEqual([tp62, sl58]);

    // A trailing stop and a break-even added; the stop loss removed with null … then the take profit replaced by a
    // limit take profit while the break-even stays.
    const trailing = await call('PATCH', `/orders/${id}`, { exits: { stop_loss: { price: '57500', trailing: { distance: '1000' } }, break_even: { trigger_price: '60000', offset_ticks: 2 } } });
    const sl575 = exit('stop_loss', { price: '57500', trailing_distance: '1000' });
    const be = exit('break_even', { trigger_price: '60000', offset_ticks: 2 });
    expect(trailing.body.exits).toEqual([tp62, sl575, be]);
    const removed = await call('PATCH', `/orders/${id}`, { exits: { stop_loss: null } });
    expect(removed.body.exits).toEqual([tp62, be]);

    // Wrong side (a take profit below the entry of a buy): invalid_request, and nothing changes.
    const before = (await call('GET', `/orders/${id}`)).body;
    const wrong = await call('PATCH', `/orders/${id}`, { exits: { take_profit: { price: '58500' } } });
    expectError(wrong, 400, 'invalid_request', { field: 'take_profit.price', entry_price: '59000' });
    expect(wrong.body.error.type).toBe('invalid_request');
    expect(wrong.body.error.retryable).toBe(false);
    expect(wrong.body.error.message).toBe('take_profit must be above the entry price');
    expect((await call('GET', `/orders/${id}`)).body).toEqual(before);
    // Off the tick, and an empty exits object, are refused too.
    expectError(await call('PATCH', `/orders/${id}`, { exits: { stop_loss: { price: '57000.25' } } }), 400, 'invalid_price_tick', { field: 'stop_loss.price', tick_size: '0.5', nearest: ['57000', '57000.5'] });
    expectError(await call('PATCH', `/orders/${id}`, { exits: {} }), 400, 'invalid_request');
    // The exits of the place body at the top level are not an edit's shape.
    expectError(await call('PATCH', `/orders/${id}`, { take_profit: { price: '63000' } }), 400, 'unknown_field', { fields: ['take_profit'] });
    expect((await call('GET', `/orders/${id}`)).body).toEqual(before);

    // exits: null removes them all.
    const none = await call('PATCH', `/orders/${id}`, { exits: null });
    expect(none.body.exits).toEqual([]);

    const { events } = await pollEvents(s, t.key, { accountId: t.accountId });
    const edits = events.filter((e) => e.type === 'order.edited');
    expect(edits.map((e) => e.changes)).toEqual([
      { exits: { from: [tp61, sl58], to: [tp62, sl58] } },
      { exits: { from: [tp62, sl58], to: [tp62, sl575, be] } },
      { exits: { from: [tp62, sl575, be], to: [tp62, be] } },
      { exits: { from: [tp62, be], to: [] } },
    ]);
    expect(edits.map((e) => e.data.exits)).toEqual([[tp62, sl58], [tp62, sl575, be], [tp62, be], []]);
  });

  it('a size edit and an exits edit in one call; an exit order itself is not edited here', async () => {
    await price('60000');
    const t = await s.trader();
    const placed = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, {
      key: t.key,
      idempotencyKey: ik(),
      body: { market: 'BTC-USD', side: 'sell', type: 'limit', size: '0.5', limit_price: '61000', stop_loss: { price: '62000' } },
    });
    const r = await s.sandboxCall('PATCH', `/v1/accounts/${t.accountId}/orders/${placed.body.id}`, { key: t.key, idempotencyKey: ik(), body: { size: '0.4', exits: { take_profit: { price: '59000' } } } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.size).toBe('0.4');
    expect(r.body.exits).toEqual([exit('take_profit', { price: '59000' }), exit('stop_loss', { price: '62000' })]);
    // A stop loss below the entry of a sell is on the wrong side.
    expectError(
      await s.sandboxCall('PATCH', `/v1/accounts/${t.accountId}/orders/${placed.body.id}`, { key: t.key, idempotencyKey: ik(), body: { exits: { stop_loss: { price: '60500' } } } }),
      400,
      'invalid_request',
      { field: 'stop_loss.price', entry_price: '61000' },
    );
  });
});

describe('exits list the ids of the exit orders once placed', () => {
  it('a resting order: ids after the fill, on GET of the order, in order.filled, and the same as the position and the exit orders', async () => {
    await price('60000');
    const t = await s.trader();
    const placed = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, {
      key: t.key,
      idempotencyKey: ik(),
      body: { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.1', limit_price: '59500', take_profit: { price: '61000' }, stop_loss: { price: '58000' }, break_even: { trigger_price: '60500', offset_ticks: 1 } },
    });
    expect(placed.body.exits.map((e: { order_id: string | null; status: string }) => [e.order_id, e.status])).toEqual([[null, 'pending'], [null, 'pending'], [null, 'pending']]);
    await price('59499.5'); // last < 59500: the buy fills at its limit
    const got = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders/${placed.body.id}`, { key: t.key });
    expect(got.body.status).toBe('filled');
    const position = (await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key })).body;
    const tpId = position.exits.take_profit.order_id as string;
    const slId = position.exits.stop_loss.order_id as string;
    expect(tpId).toMatch(/^ord_/);
    expect(got.body.exits).toEqual([
      exit('take_profit', { price: '61000', order_id: tpId, status: 'placed' }),
      exit('stop_loss', { price: '58000', order_id: slId, status: 'placed' }),
      exit('break_even', { trigger_price: '60500', offset_ticks: 1, status: 'placed' }),
    ]);
    const orders = (await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders?status=working`, { key: t.key })).body.data;
    expect(Object.fromEntries(orders.map((o: { id: string; exit_of_position: string }) => [o.exit_of_position, o.id]))).toEqual({ take_profit: tpId, stop_loss: slId });
    const { events } = await pollEvents(s, t.key, { accountId: t.accountId });
    const filled = events.find((e) => e.type === 'order.filled' && e.data.id === placed.body.id);
    expect(filled.data.exits).toEqual(got.body.exits);
    // The exit orders' order.created events come after, with the same ids.
    const created = events.filter((e) => e.type === 'order.created' && e.data.exit_of_position).map((e) => e.data.id);
    expect(created).toEqual([tpId, slId]);
  });

  it('a market order: ids in the 201 answer itself', async () => {
    await price('60000');
    const t = await s.trader();
    const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, {
      key: t.key,
      idempotencyKey: ik(),
      body: { market: 'BTC-USD', side: 'sell', type: 'market', size: '0.1', stop_loss: { price: '61000' } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const position = (await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key })).body;
    expect(r.body.exits).toEqual([exit('stop_loss', { price: '61000', order_id: position.exits.stop_loss.order_id, status: 'placed' })]);
    expect(position.exits.stop_loss.order_id).toMatch(/^ord_/);
  });
});

describe('one exit rule for orders and positions (the engine judges both)', () => {
  it('PUT …/exits: a stop loss on the profit side of the entry, or one last has passed, is refused and changes nothing', async () => {
    await price('60000');
    const t = await s.trader();
    const put = (body: unknown) => s.sandboxCall('PUT', `/v1/accounts/${t.accountId}/positions/BTC-USD/exits`, { key: t.key, body });
    const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '1', stop_loss: { price: '59000' } } });
    expect(r.status).toBe(201);
    const position = async () => (await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key })).body;
    const before = await position();
    await price('61000');
    // Above the entry (60000) of a long: CONTRACT §7 keeps a stop loss below the entry.
    expectError(await put({ take_profit: null, stop_loss: { price: '60500' }, break_even: null }), 400, 'invalid_request', { field: 'stop_loss.price', entry_price: '60000', last: '61000' });
    await price('59400');
    // Below the entry but above last: it would close the position on the next tick.
    const passed = await put({ take_profit: null, stop_loss: { price: '59500' }, break_even: null });
    expectError(passed, 400, 'invalid_request', { field: 'stop_loss.price', entry_price: '60000', last: '59400' });
    expect(passed.body.error.message).toBe('stop_loss must be below the entry price and the last price');
    expect((await position()).exits).toEqual(before.exits);
    const ok = await put({ take_profit: { price: '62000' }, stop_loss: { price: '59000', trailing: { distance: '500' } }, break_even: null });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.exits).toMatchObject({ take_profit: { price: '62000' }, stop_loss: { price: '59000', trailing_distance: '500' } });
  });

  it('an order that fills at once: its stop loss must be below last as well as below the entry', async () => {
    expect((await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '59999', ask: '60001', last: '60000' })).status).toBe(200);
    await s.settleTrading();
    const t = await s.trader();
    // Entry at the ask (60001); a stop at 60000.5 is below it but above last (60000).
    const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '1', stop_loss: { price: '60000.5' } } });
    expectError(r, 400, 'invalid_request', { field: 'stop_loss.price', entry_price: '60001', last: '60000' });
    expect((await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders`, { key: t.key })).body.data).toEqual([]);
  });
});
