import { afterAll, describe, expect, it } from 'vitest';
import { TestCluster } from '../helpers/cluster.js';
import { HoldingProxy } from '../helpers/holding-proxy.js';
import { PG_URL, postgresAvailable } from '../helpers/postgres.js';
import { stallUnderTraffic } from './stall.js';

/**
 * A partition owner cut off from PostgreSQL for 20 s by the network — its packets held, not refused (a proxy between
 * it and PostgreSQL holds the bytes both ways, then delivers them): its sessions stay open, idle in their
 * transactions, its session lock held. For the others it is a freeze: 3 nodes, 12 traders spread over them; the
 * others never pause more than about a second (asserted with a margin), its partitions move once its lease lapses,
 * what it sent reaches PostgreSQL when the link heals and writes nothing, and every acknowledged order is there once.
 */
const available = await postgresAvailable();
const LEASE_MS = 3000;
const PARTITIONS = 4;
const NODES = 3;
const BOUND_MS = 2500;

let cluster: TestCluster | undefined;
let proxy: HoldingProxy | undefined;
afterAll(async () => {
  await cluster?.close();
  await proxy?.close();
});

describe.skipIf(!available)('a partition owner cut off from PostgreSQL for 20 s under traffic', { timeout: 120_000 }, () => {
  it('the other partitions trade on, its partitions move after its lease, it writes nothing when the link heals', async () => {
    const pgAt = new URL(PG_URL);
    const p = await HoldingProxy.start({ host: pgAt.hostname, port: Number(pgAt.port || 5432) });
    proxy = p;
    cluster = await TestCluster.start({
      nodes: NODES,
      env: { RAMPART_ENGINE_PARTITIONS: String(PARTITIONS), RAMPART_LEASE_MS: String(LEASE_MS) },
      // The last node (the victim) reaches PostgreSQL through the proxy.
      databaseUrl: (i, url) => (i === NODES - 1 ? p.through(url) : url),
    });
    const c = cluster;
    let healed: Promise<void> | undefined;
    const f = await stallUnderTraffic(c, {
      partitions: PARTITIONS,
      leaseMs: LEASE_MS,
      traders: 12,
      stallMs: 20_000,
      begin: () => void (healed = p.hold(20_000)),
      end: () => healed,
    });
    console.log(`cut off 20 s: other partitions' longest wait ${f.othersLongestMs} ms; its partitions trading again after ${f.movedAfterMs} ms (lease ${LEASE_MS} ms); ${f.acknowledged} orders acknowledged, each once`);
    expect(f.othersLongestMs, c.output(1500)).toBeLessThanOrEqual(BOUND_MS);
  });
});
