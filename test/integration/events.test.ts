import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollEvents } from '../helpers/events.js';
import { expectError, TestServer } from '../helpers/server.js';

let s: TestServer;
let n = 0;
const ik = () => `ev-${++n}`;
const HOUR = 3_600_000;
const market = (size: string, side = 'buy') => ({ market: 'BTC-USD', side, type: 'market', size });
const resting = (price: string) => ({ market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: price });

beforeAll(async () => {
  s = await TestServer.start({ limits: { events_retention_ms: HOUR } });
  await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
  await s.settleTrading();
});
afterAll(() => s.close());

async function place(key: string, accountId: string, body: unknown) {
  const r = await s.sandboxCall('POST', `/v1/accounts/${accountId}/orders`, { key, idempotencyKey: ik(), body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

async function secondAccount(key: string): Promise<string> {
  const r = await s.sandboxCall('POST', '/v1/accounts', { key, idempotencyKey: ik() });
  expect([201, 202], JSON.stringify(r.body)).toContain(r.status);
  await s.settle();
  return r.body.id;
}

const events = (key: string, query = '') => s.sandboxCall('GET', `/v1/events${query}`, { key });

describe('GET /v1/events', () => {
  it("lists what happened on the customer's accounts, oldest first, in pages that follow next_cursor", async () => {
    const t = await s.trader();
    const other = await s.trader();
    const empty = await events(t.key);
    expect(empty.body).toEqual({ data: [], next_cursor: null, has_more: false });

    const b = await secondAccount(t.key);
    const filled = await place(t.key, t.accountId, market('0.1'));
    const working = await place(t.key, b, resting('59000'));
    await place(other.key, other.accountId, market('0.2'));
    const cancel = await s.sandboxCall('DELETE', `/v1/accounts/${b}/orders/${working.id}`, { key: t.key, idempotencyKey: ik() });
    expect(cancel.status).toBe(200);

    const { events: all, cursor } = await pollEvents(s, t.key, { limit: 2 });
    expect(all.map((e) => `${e.account_id} ${e.type}`)).toEqual([
      `${t.accountId} order.created`,
      `${t.accountId} order.filled`,
      `${t.accountId} fill.created`,
      `${t.accountId} position.opened`,
      `${b} order.created`,
      `${b} order.canceled`,
    ]);
    // Ids are opaque but strictly increasing; the last page's cursor is the last id; after it there is nothing yet.
    const ids = all.map((e) => e.id);
    for (const id of ids) expect(id).toMatch(/^evt_test_\d+_\d{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(cursor).toBe(ids.at(-1));
    const after = await events(t.key, `?after=${cursor}`);
    expect(after.body).toEqual({ data: [], next_cursor: cursor, has_more: false });

    // Each event carries the resource exactly as REST gives it.
    for (const e of all) {
      expect(Object.keys(e).sort()).toEqual(expect.arrayContaining(['account_id', 'created_at', 'data', 'id', 'source', 'type']));
      expect(e.source).toBe(e.type.startsWith('position.') ? 'engine' : 'api');
      expect(e.created_at).toBe(s.services.clock.now());
    }
    const order = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders/${filled.id}`, { key: t.key });
    expect(all[1].data).toEqual(order.body);
    const fills = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/fills`, { key: t.key });
    expect(all[2].data).toEqual(fills.body.data[0]);
    const position = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key });
    expect(all[3].data).toEqual(position.body);
    const canceled = await s.sandboxCall('GET', `/v1/accounts/${b}/orders/${working.id}`, { key: t.key });
    expect(all[5].data).toEqual(canceled.body);
  });

  it('filters by account, and answers account_not_found for one the key cannot reach', async () => {
    const t = await s.trader();
    const other = await s.trader();
    const b = await secondAccount(t.key);
    await place(t.key, t.accountId, resting('59000'));
    await place(t.key, b, resting('58000'));
    await place(t.key, t.accountId, resting('57000'));
    const onlyA = await pollEvents(s, t.key, { accountId: t.accountId, limit: 1 });
    expect(onlyA.events.map((e) => [e.account_id, e.data.limit_price])).toEqual([
      [t.accountId, '59000'],
      [t.accountId, '57000'],
    ]);
    expectError(await events(t.key, `?account_id=${other.accountId}`), 404, 'account_not_found', { account_id: other.accountId });
    expectError(await events(t.key, '?account_id=SANDBOX-999999-1'), 404, 'account_not_found');
  });

  it('refuses a limit outside 1..1000, a parameter of the wrong kind, and unknown or repeated parameters', async () => {
    const t = await s.trader();
    for (const q of ['?limit=0', '?limit=1001', '?limit=ten', '?limit=1.5', '?limit=-1', '?account_id=bad%20id']) {
      expectError(await events(t.key, q), 400, 'invalid_parameter');
    }
    expect((await events(t.key, '?limit=1000')).status).toBe(200);
    expect((await events(t.key, '?limit=1')).status).toBe(200);
    expectError(await events(t.key, '?since=1'), 400, 'unknown_field', { fields: ['since'] });
    expectError(await events(t.key, '?limit=1&limit=2'), 400, 'unknown_field');
    expectError(await s.sandboxCall('GET', '/v1/events'), 401, 'missing_api_key');
  });

  it('refuses a malformed cursor, one of the other environment, one outside the filter and one of another customer', async () => {
    const t = await s.trader();
    const other = await s.trader();
    const b = await secondAccount(t.key);
    await place(t.key, t.accountId, resting('59000'));
    await place(t.key, b, resting('58000'));
    await place(other.key, other.accountId, resting('58000'));
    const mine = (await pollEvents(s, t.key)).events;
    const theirs = (await pollEvents(s, other.key)).events;
    const onA = mine.find((e) => e.account_id === t.accountId)!;
    const onB = mine.find((e) => e.account_id === b)!;

    for (const bad of ['nope', 'evt_test_12', 'evt_test_00000000000x', `${onA.id}0`, onA.id.replace('evt_test_', 'evt_test_0'), onA.id.toUpperCase()]) {
      expectError(await events(t.key, `?after=${encodeURIComponent(bad)}`), 400, 'invalid_cursor');
    }
    // The same position in the log under the live prefix is another environment's cursor.
    expectError(await events(t.key, `?after=${onA.id.replace('evt_test_', 'evt_live_')}`), 400, 'invalid_cursor');
    // A cursor beyond the log's end was never given out.
    expectError(await events(t.key, '?after=evt_test_999999999999'), 400, 'invalid_cursor');
    // Filtered to account A, a cursor on account B does not belong to the list.
    expectError(await events(t.key, `?account_id=${t.accountId}&after=${onB.id}`), 400, 'invalid_cursor');
    expect((await events(t.key, `?account_id=${b}&after=${onB.id}`)).status).toBe(200);
    // Another customer's event is no cursor of this customer's list.
    expectError(await events(t.key, `?after=${theirs[0].id}`), 400, 'invalid_cursor');

    // A live event's id carries the live prefix: the sandbox list refuses it. (With the test prefix it names the
    // customer's sandbox event at that place, when there is one: a place past the sandbox's last is refused.)
    const live = await s.admin('POST', `/admin/v1/customers/${t.customer.id}/accounts`, { product: 'funded-100k' });
    await s.settle();
    const platform = await s.admin('POST', `/admin/v1/accounts/${live.body.id}/orders`, { ...resting('59000'), origin: 'platform' });
    expect(platform.status, JSON.stringify(platform.body)).toBe(201);
    const liveEvent = await s.services.store.listEvents({ environment: 'live', customerId: t.customer.id, afterSeq: 0, limit: 1 });
    expect(liveEvent[0]!.id).toMatch(/^evt_live_\d+_\d{12}$/);
    expectError(await events(t.key, `?after=${liveEvent[0]!.id}`), 400, 'invalid_cursor');
    const beyond = liveEvent[0]!.id.replace('evt_live_', 'evt_test_').replace(/_\d{12}$/, '_000099999999');
    expectError(await events(t.key, `?after=${beyond}`), 400, 'invalid_cursor');
    // And the sandbox list never shows it.
    expect((await pollEvents(s, t.key)).events.every((e) => e.id.startsWith('evt_test_'))).toBe(true);
  });

  it('tells the source: platform orders from another front-end, engine for positions', async () => {
    const t = await s.trader();
    const r = await s.admin('POST', `/admin/v1/accounts/${t.accountId}/orders`, { ...market('0.05'), origin: 'platform' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const list = (await pollEvents(s, t.key)).events;
    expect(list.map((e) => `${e.type}/${e.source}`)).toEqual(['order.created/platform', 'order.filled/platform', 'fill.created/platform', 'position.opened/engine']);
  });

  it('keeps events for the configured retention; a cursor of a pruned event still continues after it', async () => {
    const t = await s.trader();
    await place(t.key, t.accountId, resting('59000'));
    const old = (await pollEvents(s, t.key)).events;
    expect(old).toHaveLength(1);
    // Each customer's newest event always stays (its next events are numbered after it): this one.
    await place(t.key, t.accountId, resting('59500'));

    await s.admin('POST', '/admin/v1/clock', { advance_ms: 2 * HOUR });
    await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
    await s.settleTrading();
    await place(t.key, t.accountId, resting('58000'));

    const kept = (await pollEvents(s, t.key)).events;
    expect(kept.map((e) => e.data.limit_price)).toEqual(['59500', '58000']);
    const next = await events(t.key, `?after=${old[0].id}`);
    expect(next.status).toBe(200);
    expect(next.body.data.map((e: any) => e.id)).toEqual(kept.map((e) => e.id));
  });
});
