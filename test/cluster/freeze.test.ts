import { afterAll, describe, expect, it } from 'vitest';
import { TestCluster } from '../helpers/cluster.js';
import { postgresAvailable } from '../helpers/postgres.js';
import { stallUnderTraffic } from './stall.js';

/**
 * A partition owner frozen (SIGSTOP) for 15 s in the middle of its work, its connections and whatever it holds left
 * open — a long GC pause or a stalled VM: 3 nodes, 12 traders spread over them. The others never pause more than
 * about a second (asserted with a margin), the frozen node's partitions move once its lease lapses, it writes nothing
 * when it wakes, and every acknowledged order is in the store once.
 */
const available = await postgresAvailable();
const LEASE_MS = 3000;
const PARTITIONS = 4;
const BOUND_MS = 2500;

let cluster: TestCluster | undefined;
afterAll(async () => {
  if (cluster) for (const n of cluster.nodes) n.child.proc.kill('SIGCONT');
  await cluster?.close();
});

describe.skipIf(!available)('a partition owner frozen for 15 s under traffic', { timeout: 120_000 }, () => {
  it("the other partitions trade on, its partitions move after its lease, it writes nothing on waking", async () => {
    cluster = await TestCluster.start({ nodes: 3, env: { RAMPART_ENGINE_PARTITIONS: String(PARTITIONS), RAMPART_LEASE_MS: String(LEASE_MS) } });
    const c = cluster;
    const f = await stallUnderTraffic(c, {
      partitions: PARTITIONS,
      leaseMs: LEASE_MS,
      traders: 12,
      stallMs: 15_000,
      begin: (victim) => victim.child.proc.kill('SIGSTOP'),
      end: (victim) => void victim.child.proc.kill('SIGCONT'),
    });
    console.log(`freeze 15 s: other partitions' longest wait ${f.othersLongestMs} ms; its partitions trading again after ${f.movedAfterMs} ms (lease ${LEASE_MS} ms); ${f.acknowledged} orders acknowledged, each once`);
    expect(f.othersLongestMs, c.output(1500)).toBeLessThanOrEqual(BOUND_MS);
  });
});
