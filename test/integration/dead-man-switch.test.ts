import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollEvents } from '../helpers/events.js';
import { expectError, TEST_NODES, TEST_STORE, TestServer } from '../helpers/server.js';

let s: TestServer;
let n = 0;
const ik = () => `dm-${++n}`;
const path = (accountId: string) => `/v1/accounts/${accountId}/orders/cancel-all-after`;

async function price(bid: string, ask: string, last: string) {
  expect((await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid, ask, last })).status).toBe(200);
  await s.settleTrading();
}

/** Moves the clock (the switch is judged on it), then quotes again so the price is not stale for what follows. */
async function advance(ms: number) {
  expect((await s.admin('POST', '/admin/v1/clock', { advance_ms: ms })).status).toBe(200);
  await s.settleTrading();
  await price('60000', '60001', '60000');
}

const arm = (t: { key: string; accountId: string }, timeout_ms: unknown, idempotencyKey = ik()) =>
  s.sandboxCall('POST', path(t.accountId), { key: t.key, idempotencyKey, body: { timeout_ms } });
const read = (t: { key: string; accountId: string }) => s.sandboxCall('GET', path(t.accountId), { key: t.key });

async function place(t: { key: string; accountId: string }, body: Record<string, unknown>) {
  const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', ...body } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; status: string };
}

/**
 * An order as its account reads it. Several nodes: a partition that changes hands (a node stopped, the others
 * sharing its partitions out) answers a retryable 503 meanwhile, which a client retries: so does this, after a lease
 * round on every node (it failed once in a whole run on a loaded box).
 */
async function order(t: { key: string; accountId: string }, id: string) {
  let r = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders/${id}`, { key: t.key });
  for (let i = 0; i < 20 && r.status === 503 && r.body?.error?.retryable === true; i++) {
    await s.leaseRound();
    r = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders/${id}`, { key: t.key });
  }
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

beforeAll(async () => {
  s = await TestServer.start();
  await price('60000', '60001', '60000');
});
afterAll(() => s.close());

describe('POST/GET /v1/accounts/{id}/orders/cancel-all-after', () => {
  it('arms, reads, renews and disarms; the account view shows it', async () => {
    const t = await s.trader();
    expect((await read(t)).body).toEqual({ armed: false, fires_at: null });
    const now = s.services.clock.now();
    const armed = await arm(t, 60_000);
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    expect(armed.body).toEqual({ armed: true, fires_at: now + 60_000 });
    expect((await read(t)).body).toEqual({ armed: true, fires_at: now + 60_000 });
    expect((await s.sandboxCall('GET', `/v1/accounts/${t.accountId}`, { key: t.key })).body.dead_man_switch).toEqual({ armed: true, fires_at: now + 60_000 });

    await advance(10_000);
    const renewed = await arm(t, 60_000);
    expect(renewed.body).toEqual({ armed: true, fires_at: now + 70_000 });
    expect((await read(t)).body).toEqual(renewed.body);

    // A retry of the same request answers the first answer; it does not renew again.
    await advance(1_000);
    const key = ik();
    const first = await arm(t, 30_000, key);
    const retry = await arm(t, 30_000, key);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);

    const off = await arm(t, 0);
    expect(off.body).toEqual({ armed: false, fires_at: null });
    expect((await read(t)).body).toEqual({ armed: false, fires_at: null });
    expect((await s.sandboxCall('GET', `/v1/accounts/${t.accountId}`, { key: t.key })).body.dead_man_switch).toEqual({ armed: false, fires_at: null });
  });

  it('cancels the working opening orders when it lapses on the clock, keeps the exits of an open position, and says so in events', async () => {
    const t = await s.trader();
    const entry = await place(t, { type: 'market', size: '0.5', take_profit: { price: '63000' }, stop_loss: { price: '59000' } });
    expect(entry.status).toBe('filled');
    const limit = await place(t, { type: 'limit', size: '0.1', limit_price: '59500' });
    const stop = await place(t, { type: 'stop_market', size: '0.1', stop_price: '61000' });
    const { cursor } = await pollEvents(s, t.key, { accountId: t.accountId });

    const armed = await arm(t, 5_000);
    expect(armed.body.armed).toBe(true);
    await advance(4_999);
    expect((await order(t, limit.id)).status).toBe('working');
    await advance(1);

    for (const id of [limit.id, stop.id]) expect(await order(t, id)).toMatchObject({ status: 'canceled', cancel_reason: 'dead_man_switch' });
    const position = (await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key })).body;
    expect(position.exits).toMatchObject({ take_profit: { price: '63000' }, stop_loss: { price: '59000' } });
    const working = (await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders?status=working`, { key: t.key })).body.data as { type: string; reduce_only: boolean }[];
    expect(working.length).toBe(2);
    expect(working.every((o) => o.reduce_only)).toBe(true);
    // Fired once: disarmed.
    expect((await read(t)).body).toEqual({ armed: false, fires_at: null });

    const { events } = await pollEvents(s, t.key, { accountId: t.accountId, after: cursor });
    const canceled = events.filter((e) => e.type === 'order.canceled');
    expect(canceled.map((e) => [e.data.id, e.data.cancel_reason]).sort()).toEqual([[limit.id, 'dead_man_switch'], [stop.id, 'dead_man_switch']].sort());
    expect(events.filter((e) => e.type !== 'order.canceled')).toEqual([]);

    // Orders placed after it fired are not touched by a later clock.
    const later = await place(t, { type: 'limit', size: '0.1', limit_price: '59500' });
    await advance(60_000);
    expect((await order(t, later.id)).status).toBe('working');
  });

  it('a disarmed switch cancels nothing', async () => {
    const t = await s.trader();
    const limit = await place(t, { type: 'limit', size: '0.1', limit_price: '59500' });
    await arm(t, 2_000);
    await arm(t, 0);
    await advance(5_000);
    expect((await order(t, limit.id)).status).toBe('working');
  });

  it('refuses bad input with the full envelope', async () => {
    const t = await s.trader();
    for (const bad of [500, 999, 86_400_001, -1, 1500.5, '5000', null, true]) {
      expectError(await arm(t, bad), 400, 'invalid_request', { field: 'timeout_ms' });
    }
    expectError(await s.sandboxCall('POST', path(t.accountId), { key: t.key, idempotencyKey: ik(), body: {} }), 400, 'invalid_request', { field: 'timeout_ms' });
    expectError(await s.sandboxCall('POST', path(t.accountId), { key: t.key, idempotencyKey: ik(), body: { timeout_ms: 5000, market: 'BTC-USD' } }), 400, 'unknown_field', { fields: ['market'] });
    expectError(await s.sandboxCall('POST', path(t.accountId), { key: t.key, body: { timeout_ms: 5000 } }), 400, 'idempotency_key_required');
    expectError(await arm({ key: t.key, accountId: 'SANDBOX-999999-1' }, 5000), 404, 'account_not_found');
    expectError(await read({ key: t.key, accountId: 'SANDBOX-999999-1' }), 404, 'account_not_found');
    // The bounds themselves are taken.
    expect((await arm(t, 1_000)).body.armed).toBe(true);
    expect((await arm(t, 86_400_000)).body.armed).toBe(true);
    expect((await arm(t, 0)).body.armed).toBe(false);
  });

  it('refuses an account that is not tradable', async () => {
    const t = await s.trader();
    expect((await s.admin('PATCH', `/admin/v1/accounts/${t.accountId}`, { status: 'suspended' })).status).toBe(200);
    expectError(await arm(t, 5_000), 422, 'account_not_tradable', { account_id: t.accountId });
  });

  it('a read key may read it but not arm it', async () => {
    const t = await s.trader();
    const r = await s.key(t.customer.id, { access: 'read' });
    const reader = { key: r.key, accountId: t.accountId };
    expectError(await arm(reader, 5_000), 403, 'insufficient_permission');
    expect((await read(reader)).body).toEqual({ armed: false, fires_at: null });
  });

  it('parallel arm calls leave one deadline: the one stored is an answer given, and it fires then', async () => {
    const t = await s.trader();
    const limit = await place(t, { type: 'limit', size: '0.1', limit_price: '59500' });
    const answers = await Promise.all([3_000, 5_000, 7_000, 9_000, 11_000].map((ms) => arm(t, ms)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const stored = (await read(t)).body as { armed: boolean; fires_at: number };
    expect(stored.armed).toBe(true);
    expect(answers.map((a) => a.body.fires_at)).toContain(stored.fires_at);
    const now = s.services.clock.now();
    await advance(stored.fires_at - now - 1);
    expect((await order(t, limit.id)).status).toBe('working');
    await advance(1);
    expect(await order(t, limit.id)).toMatchObject({ status: 'canceled', cancel_reason: 'dead_man_switch' });
  });
});

describe('the dead-man switch across a restart', () => {
  it('is still armed after a restart and fires on time after it', async () => {
    const t = await s.trader();
    const now = s.services.clock.now();
    expect((await arm(t, 30_000)).body).toEqual({ armed: true, fires_at: now + 30_000 });
    await s.settleTrading();
    await s.restart();
    expect((await read(t)).body).toEqual({ armed: true, fires_at: now + 30_000 });
    // The restart transition canceled what was working; an order placed since is what the switch cancels.
    const limit = await place(t, { type: 'limit', size: '0.1', limit_price: '59500' });
    await advance(29_000);
    expect((await order(t, limit.id)).status).toBe('working');
    await advance(1_000);
    expect(await order(t, limit.id)).toMatchObject({ status: 'canceled', cancel_reason: 'dead_man_switch' });
    expect((await read(t)).body).toEqual({ armed: false, fires_at: null });
  });
});

// On PostgreSQL the suite runs on several nodes: the node holding the account's partition shuts down, another takes it
// over (its working orders resume) and fires the switch from the stored deadline.
describe.runIf(TEST_STORE === 'postgres' && TEST_NODES > 1)('the dead-man switch across a fail-over', () => {
  it('fires on the node that took the partition over', async () => {
    const t = await s.trader();
    const limit = await place(t, { type: 'limit', size: '0.1', limit_price: '59500' });
    const now = s.services.clock.now();
    expect((await arm(t, 20_000)).body).toEqual({ armed: true, fires_at: now + 20_000 });
    await s.settleTrading();
    const all = s.holders().size;
    const before = await s.holder('sandbox', t.accountId);
    await s.stopNode(s.nodes.findIndex((node) => node.app === before));
    for (let round = 0; round < 8 && s.holders().size < all; round++) await s.leaseRound();
    expect(s.holders().size).toBe(all);
    expect(await s.holder('sandbox', t.accountId)).not.toBe(before);
    expect((await read(t)).body).toEqual({ armed: true, fires_at: now + 20_000 });
    await advance(19_999);
    expect((await order(t, limit.id)).status).toBe('working');
    await advance(1);
    expect(await order(t, limit.id)).toMatchObject({ status: 'canceled', cancel_reason: 'dead_man_switch' });
  });
});
