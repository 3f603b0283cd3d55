import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partitionOf } from '../../src/engine-host/partition.js';
import { PostgresCluster } from '../../src/cluster/postgres-cluster.js';
import { freshSchema, postgresAvailable, type FreshSchema } from '../helpers/postgres.js';
import { expectError, markReached, TEST_STORE, TestServer } from '../helpers/server.js';

/**
 * Three nodes on one PostgreSQL schema, four engine partitions per environment (CONTRACT §8); an account's partition
 * is its customer's. Runs in the sqlite
 * project (it brings its own schema; the postgres project runs every HTTP suite on three nodes already).
 */
const pgReachable = await postgresAvailable();
const pgUp = TEST_STORE === 'sqlite' && pgReachable;
if (TEST_STORE === 'sqlite' && !pgReachable) {
  if (process.env.CI === 'true') throw new Error('cluster-nodes: PostgreSQL does not answer, and CI=true requires it');
  console.warn('SKIPPED the three-node tests: PostgreSQL does not answer (set CI=true to make this a failure)');
  // The code only these tests reach is not judged in a run that skipped them (test/global/reached-codes.ts).
  markReached('excused:temporarily_unavailable');
}
const PARTITIONS = 4;

let s: TestServer;
let schema: FreshSchema;
let n = 0;
const ik = () => `cn-${++n}`;
const resting = { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000', time_in_force: 'gtc' };

async function price(last: string, bid = last, ask = last) {
  const r = await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid, ask, last });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await s.settleTrading();
}

/** A trader whose sandbox account's partition a node other than `notOn` holds, and a node that does not hold it. */
async function traderOn(notOn?: number) {
  for (let i = 0; i < 40; i++) {
    const t = await s.trader();
    const key = `sandbox/${partitionOf(t.customer.id, PARTITIONS)}`;
    const h = s.holders().get(key)!;
    if (h !== notOn) return { ...t, holder: h, other: (h + 1) % s.nodes.length, partition: partitionOf(t.customer.id, PARTITIONS) };
  }
  throw new Error('no account landed on another node');
}

const via = (node: number, method: string, path: string, o: Parameters<TestServer['call']>[3] = {}) => s.call(s.nodes[node]!.url.sandbox, method, path, o);

beforeAll(async () => {
  if (!pgUp) return;
  schema = await freshSchema();
  s = await TestServer.start({ nodes: 3, env: { RAMPART_DATABASE_URL: schema.url, RAMPART_ENGINE_PARTITIONS: String(PARTITIONS) } });
  await price('60000', '59999.5', '60000.5');
});
afterAll(async () => {
  if (!pgUp) return;
  await s.close();
  await schema.drop();
});

describe.runIf(pgUp)('three nodes on one PostgreSQL store', { timeout: 60_000 }, () => {
  it('spreads each environment\'s four partitions over the three nodes, one owner each, as GET /admin/v1/cluster shows', async () => {
    // Each environment's four spread 2 / 1 / 1: live traffic is shared as evenly as sandbox traffic.
    for (const environment of ['live', 'sandbox']) {
      const held = s.nodes.map((node) => node.app.ownership.leases().filter((l) => l.environment === environment).length);
      expect(held.reduce((a, b) => a + b, 0)).toBe(PARTITIONS);
      expect([...held].sort()).toEqual([1, 1, 2]);
    }
    const r = await s.admin('GET', '/admin/v1/cluster');
    expect(r.body.nodes.map((x: { id: string }) => x.id)).toEqual(['test-node-0', 'test-node-1', 'test-node-2']);
    expect(r.body.partitions).toHaveLength(2 * PARTITIONS);
    for (const p of r.body.partitions) expect(p.owner).toBe(`test-node-${s.holders().get(`${p.environment}/${p.partition}`)}`);
  });

  it('answers alike on every node: an order placed through a node that does not hold the account is read at once through the others', async () => {
    const t = await traderOn();
    const placed = await via(t.other, 'POST', `/v1/accounts/${t.accountId}/orders`, {
      key: t.key,
      idempotencyKey: ik(),
      body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1', stop_loss: { price: '58000' } },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const reads = await Promise.all(
      [0, 1, 2].map(async (i) => ({
        order: (await via(i, 'GET', `/v1/accounts/${t.accountId}/orders/${placed.body.id}`, { key: t.key })).body,
        position: (await via(i, 'GET', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key })).body,
        account: (await via(i, 'GET', `/v1/accounts/${t.accountId}`, { key: t.key })).body,
        list: (await via(i, 'GET', '/v1/accounts', { key: t.key })).body.data,
      })),
    );
    expect(reads[0]!.order).toMatchObject({ id: placed.body.id, status: 'filled' });
    expect(reads[0]!.position).toMatchObject({ side: 'long', size: '0.1' });
    // The account's live figures (unrealized P&L, margin) come from the node that holds it, on every node.
    expect(reads[0]!.account.margin_used).not.toBe('0');
    for (const r of reads) expect(r).toEqual(reads[0]);
    expect(reads[0]!.list.find((a: { id: string }) => a.id === t.accountId)).toEqual(reads[0]!.account);
  });

  it('a node whose lease was taken writes nothing: 503 temporarily_unavailable, and the next owner resumes its working orders', async () => {
    const t = await traderOn();
    const first = await via(t.holder, 'POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: resting });
    expect(first.status).toBe(201);
    // Another owner took the partition at a higher epoch (as after a pause longer than the lease): a live node, which
    // holds its session lock (else the others would take its partition at once, as a dead node's).
    const intruder = PostgresCluster.open(schema.url, 'intruder', 'http://127.0.0.1:1', 600_000);
    expect(await intruder.hold()).toBe(1);
    await s.rawQuery(`UPDATE partition_leases SET owner = 'intruder', epoch = epoch + 1, expires_at = expires_at + 600000 WHERE environment = 'sandbox' AND partition = ?`, [t.partition]);
    const fenced = await via(t.holder, 'POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'fenced-1', body: resting });
    expectError(fenced, 503, 'temporarily_unavailable');
    const stored = await s.rawQuery<{ n: number }>('SELECT COUNT(*) AS n FROM orders WHERE account_id = ?', [t.accountId]);
    expect(Number(stored[0]!.n)).toBe(1);
    // Its next round finds the lease gone and drops the engine; the owner is no node: every node answers 503.
    await s.leaseRound();
    expect(s.holders().has(`sandbox/${t.partition}`)).toBe(false);
    for (const i of [0, 1, 2]) expectError(await via(i, 'GET', `/v1/accounts/${t.accountId}/positions`, { key: t.key }), 503, 'temporarily_unavailable');
    // The intruder's lease lapses: a node takes the partition within a round and resumes (no system_restart).
    await s.rawQuery(`UPDATE partition_leases SET expires_at = 0 WHERE environment = 'sandbox' AND partition = ?`, [t.partition]);
    await intruder.close();
    await s.leaseRound();
    await s.leaseRound();
    expect(s.holders().has(`sandbox/${t.partition}`)).toBe(true);
    const epoch = (await s.admin('GET', '/admin/v1/cluster')).body.partitions.find((p: { environment: string; partition: number }) => p.environment === 'sandbox' && p.partition === t.partition).epoch;
    expect(epoch).toBeGreaterThanOrEqual(3);
    const retry = await via(t.other, 'POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'fenced-1', body: resting });
    expect(retry.status, JSON.stringify(retry.body)).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    await price('58900', '58899.5', '58900.5');
    const orders = (await via(t.holder, 'GET', `/v1/accounts/${t.accountId}/orders`, { key: t.key })).body.data;
    expect(orders.map((o: { status: string }) => o.status)).toEqual(['filled', 'filled']);
    const events = (await via(t.other, 'GET', `/v1/events?account_id=${t.accountId}`, { key: t.key })).body.data;
    expect(events.map((e: { type: string }) => e.type)).not.toContain('engine.restarted');
    await price('60000', '59999.5', '60000.5');
  });

  it('acts cluster-wide on operator calls: the clock, a market halt and the engine restart reach every node', async () => {
    const before = s.nodes.map((node) => node.app.services.clock.now());
    const set = await s.call(s.nodes[1]!.url.admin, 'POST', '/admin/v1/clock', { key: 'radm_test_admin_token_0123456789abcdef', body: { advance_ms: 60_000 } });
    expect(set.status).toBe(200);
    expect(s.nodes.map((node) => node.app.services.clock.now())).toEqual(before.map((b) => b + 60_000));
    // The stored clock is the one a node starting now would take.
    expect(await s.rawQuery('SELECT value FROM settings WHERE name = ?', ['clock.manual_now'])).toEqual([{ value: String(before[0]! + 60_000) }]);
    await price('60000', '59999.5', '60000.5');
    const halted = await s.call(s.nodes[2]!.url.admin, 'PATCH', '/admin/v1/markets/ETH-USD', { key: 'radm_test_admin_token_0123456789abcdef', body: { status: 'halted' } });
    expect(halted.status).toBe(200);
    const t = await traderOn();
    for (const i of [0, 1, 2]) {
      const r = await via(i, 'POST', `/v1/accounts/${t.accountId}/orders/test`, { key: t.key, body: { market: 'ETH-USD', side: 'buy', type: 'market', size: '1' } });
      expect(r.body.error?.code ?? r.body.rejection?.code ?? JSON.stringify(r.body)).toMatch(/market_halted/);
    }
    await s.admin('PATCH', '/admin/v1/markets/ETH-USD', { status: 'open' });
    // Two accounts held by two different nodes: one restart call restarts both.
    const a = await traderOn();
    const b = await traderOn(a.holder);
    for (const x of [a, b]) expect((await via(2, 'POST', `/v1/accounts/${x.accountId}/orders`, { key: x.key, idempotencyKey: ik(), body: resting })).status).toBe(201);
    const r = await s.call(s.nodes[2]!.url.admin, 'POST', '/admin/v1/engine/restart', { key: 'radm_test_admin_token_0123456789abcdef', body: { environment: 'sandbox' } });
    expect(r.status).toBe(200);
    for (const x of [a, b]) {
      const orders = (await via(2, 'GET', `/v1/accounts/${x.accountId}/orders`, { key: x.key })).body.data;
      expect(orders.map((o: { status: string; cancel_reason: string }) => [o.status, o.cancel_reason])).toEqual([['canceled', 'system_restart']]);
    }
  });

  it('a node that shuts down hands its partitions over: the others resume its working orders and exits', async () => {
    const t = await traderOn();
    const others = [0, 1, 2].filter((i) => i !== t.holder).map((i) => s.nodes[i]!.url.sandbox);
    const bought = await via(t.other, 'POST', `/v1/accounts/${t.accountId}/orders`, {
      key: t.key,
      idempotencyKey: ik(),
      body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1', stop_loss: { price: '59000' } },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const limit = await via(t.other, 'POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { ...resting, limit_price: '58000' } });
    expect(limit.status).toBe(201);
    await s.stopNode(t.holder);
    // The others take what it gave back at their next rounds (a partition one of them gives back to even the split
    // waits a round for the other), within a few.
    for (let round = 0; round < 6 && s.holders().size < 2 * PARTITIONS; round++) await s.leaseRound();
    expect(s.holders().size).toBe(2 * PARTITIONS);
    // The stop loss still protects the position on the next move, the resting limit still fills.
    await price('57900', '57899.5', '57900.5');
    const orders = (await s.call(others[0]!, 'GET', `/v1/accounts/${t.accountId}/orders`, { key: t.key })).body.data;
    expect(orders.map((o: { status: string }) => o.status).sort()).toEqual(['filled', 'filled', 'filled']);
    expect((await s.call(others[1]!, 'GET', `/v1/accounts/${t.accountId}/positions`, { key: t.key })).body.data).toEqual([
      expect.objectContaining({ market: 'BTC-USD', size: '0.01' }),
    ]);
  });
});

describe.runIf(pgUp)('the simulated feed on three nodes', { timeout: 60_000 }, () => {
  it('runs on the node holding live partition 0 only, and every node sees its quotes', async () => {
    const own = await freshSchema();
    const c = await TestServer.start({
      nodes: 3,
      env: { RAMPART_DATABASE_URL: own.url, RAMPART_ENGINE_PARTITIONS: String(PARTITIONS), RAMPART_PRICE_FEED: 'simulated', RAMPART_PRICE_INTERVAL_MS: '40' },
    });
    try {
      const leader = c.holders().get('live/0')!;
      const quotesOf = (i: number) => ['BTC-USD', 'ETH-USD', 'SOL-USD'].map((m) => c.nodes[i]!.app.services.prices.live.get(m)?.last.toString());
      // Ticks go on while we look: the nodes agree once one tick has reached all of them, within a bound.
      const deadline = Date.now() + 10_000;
      let views = [0, 1, 2].map(quotesOf);
      while (!(views[0]![0] !== undefined && views.every((v) => JSON.stringify(v) === JSON.stringify(views[0])))) {
        if (Date.now() > deadline) throw new Error(`the nodes never showed the same quotes: ${JSON.stringify(views)}`);
        await new Promise((r) => setTimeout(r, 5));
        views = [0, 1, 2].map(quotesOf);
      }
      // One walk: the leader's. A node's own feed would have started from the configured start price again.
      const leads = c.logs.join('').split('\n').filter((l) => l.includes('this node runs the price feed for the cluster'));
      expect(leads.map((l) => (JSON.parse(l) as { node: string }).node)).toEqual([`test-node-${leader}`]);
    } finally {
      await c.close();
      await own.drop();
    }
  });
});
