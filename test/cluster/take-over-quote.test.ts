import { afterAll, describe, expect, it } from 'vitest';
import { adminCall, call, CHILD_ADMIN_TOKEN, type Reply } from '../helpers/child-server.js';
import type { ClusterStatus } from '../../src/cluster/leases.js';
import { TestCluster } from '../helpers/cluster.js';
import { postgresAvailable } from '../helpers/postgres.js';
import { openTraders, until } from './traders.js';

/**
 * A price move that lands while a partition has no owner in memory — its owner frozen (SIGSTOP), the lease not yet
 * lapsed, the move sent to the other node — is judged when the other node takes the partition over: a resting stop
 * the move reached fills at the take-over, not on some later move that may never come (a firm pricing by hand, a
 * quiet market).
 */
const available = await postgresAvailable();
const LEASE_MS = 3000;
const PARTITIONS = 2;

let cluster: TestCluster | undefined;
afterAll(async () => {
  if (cluster) for (const n of cluster.nodes) n.child.proc.kill('SIGCONT');
  await cluster?.close();
});

describe.skipIf(!available)('a partition taken over after a price move it missed', { timeout: 90_000 }, () => {
  it('fills the resting stop the move reached when the new owner loads the partition', async () => {
    cluster = await TestCluster.start({ nodes: 2, env: { RAMPART_ENGINE_PARTITIONS: String(PARTITIONS), RAMPART_LEASE_MS: String(LEASE_MS) } });
    const c = cluster;
    const [t] = await openTraders(c, 1, PARTITIONS);
    await c.admin('PUT', '/admin/v1/markets/ETH-USD/price', { bid: '2999.95', ask: '3000.05', last: '3000' });
    // Once balanced (one partition each) the leases stay where they are: the partition moves only by the freeze.
    const balanced = await until(
      'one sandbox partition on each node',
      async () => {
        const s = await c.status();
        const owners = s.partitions.filter((p) => p.environment === 'sandbox').map((p) => p.owner);
        return owners.length === PARTITIONS && owners.every((o) => o !== null) && new Set(owners).size === PARTITIONS ? s : null;
      },
      20_000,
      c,
    );
    const lease = balanced.partitions.find((p) => p.environment === 'sandbox' && p.partition === t!.partition)!;
    const owner = c.node(lease.owner!);
    const other = c.nodes.find((n) => n !== owner)!;
    // The frozen node answers nothing: the lease is read where the partition is going.
    const ownerNow = async () =>
      (await adminCall<ClusterStatus>(other.child, 'GET', '/admin/v1/cluster')).partitions.find((p) => p.environment === 'sandbox' && p.partition === t!.partition)?.owner;

    const placed = await call(other.child.url.sandbox, 'POST', `/v1/accounts/${t!.account}/orders`, {
      key: t!.key,
      idempotencyKey: 'take-over-stop',
      body: { market: 'ETH-USD', side: 'buy', type: 'stop_market', size: '0.01', stop_price: '3010' },
    });
    expect([placed.status, placed.body?.status], JSON.stringify(placed.body)).toEqual([201, 'working']);
    const orderId = placed.body.id as string;

    owner.child.proc.kill('SIGSTOP');
    // The move goes to the other node; it answers once its fan-out to the frozen owner has timed out.
    const moved = call(other.child.url.admin, 'PUT', '/admin/v1/markets/ETH-USD/price', {
      key: CHILD_ADMIN_TOKEN,
      body: { bid: '3019.95', ask: '3020.05', last: '3020' },
    }).catch(() => undefined);
    const priced = await until(
      'the move in the other node’s book',
      async () => {
        const m = await call(other.child.url.sandbox, 'GET', '/v1/markets/ETH-USD', { key: t!.key });
        return m.body?.last === '3020' ? m : null;
      },
      LEASE_MS,
      c,
    );
    expect(priced.body.last).toBe('3020');
    // The premise: the move was in the other node's book before it held the partition.
    expect(await ownerNow(), 'the partition moved before the price did').toBe(owner.id);

    await until('the partition taken by the other node', async () => ((await ownerNow()) === other.id ? true : null), 20_000, c);
    // The stop (3010) was reached by the move (3020) no node applied to it: it fills at the take-over (ask + tick).
    let last: Reply | undefined;
    const filled = await until(
      `order ${orderId} filled`,
      async () => {
        last = await call(other.child.url.sandbox, 'GET', `/v1/accounts/${t!.account}/orders/${orderId}`, { key: t!.key });
        return last.body?.status === 'filled' ? last.body : null;
      },
      10_000,
    ).catch(() => {
      throw new Error(`the stop is ${JSON.stringify(last?.body)} after the take-over\n${c.output(3000)}`);
    });
    expect(filled.average_fill_price).toBe('3020.1');
    expect((await moved)?.status).toBe(200);
    owner.child.proc.kill('SIGCONT');
  });
});
