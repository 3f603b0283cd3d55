import { expect } from 'vitest';
import type { PartitionView } from '../../src/cluster/leases.js';
import type { ClusterNode, TestCluster } from '../helpers/cluster.js';
import { expectEachOnce, longestWait, openTraders, sleep, trade, until } from './traders.js';

export interface StallOptions {
  partitions: number;
  leaseMs: number;
  traders: number;
  /** How long the victim is stalled. */
  stallMs: number;
  /** Stalls the victim (SIGSTOP, or its PostgreSQL bytes held); `end` wakes it (SIGCONT, or the link healed). */
  begin(victim: ClusterNode): void;
  end(victim: ClusterNode): Promise<void> | void;
}

export interface StallFigures {
  /** The longest wait of a trader neither sending to the victim nor on its partitions, during the stall. */
  othersLongestMs: number;
  /** From the stall to the first acknowledgement of the last of the victim's traders (its partitions moved). */
  movedAfterMs: number;
  acknowledged: number;
}

/**
 * A node stalled with everything it holds kept open, under traffic from traders spread over the nodes (the victim is
 * the cluster's last node): the traders on the other nodes' partitions keep trading; the victim's partitions move
 * when its lease lapses (not before: its session lock stays held) at a higher epoch; awake again, it finds its
 * leases lost and writes nothing; every acknowledged order is in the store once.
 */
export async function stallUnderTraffic(c: TestCluster, o: StallOptions): Promise<StallFigures> {
  const victim = c.nodes.at(-1)!;
  const traders = await openTraders(c, o.traders, o.partitions, 1);
  // Every node trades at least one sandbox partition.
  await until('each node holding a sandbox partition', async () => {
    const s = await c.status();
    return c.nodes.every((n) => s.partitions.some((p) => p.environment === 'sandbox' && p.owner === n.id)) ? s : null;
  }, 30_000, c);
  const traffic = trade(c, traders, { callTimeoutMs: 1500, giveUpMs: o.stallMs + 30_000 });
  await sleep(2000);
  const before = await c.status();
  const its = before.partitions.filter((p) => p.environment === 'sandbox' && p.owner === victim.id);
  expect(its.length, c.output(1500)).toBeGreaterThan(0);
  const onIts = (t: { partition: number }) => its.some((p) => p.partition === t.partition);
  const others = traders.filter((t) => t.home !== victim && !onIts(t));
  const moved = traders.filter(onIts);

  const stalledAt = Date.now();
  o.begin(victim);
  // Who took each of its partitions during the stall (once awake, the victim may get one back as the nodes rebalance).
  const taken = new Map<number, PartitionView>();
  while (Date.now() < stalledAt + o.stallMs) {
    for (const p of (await c.status()).partitions) {
      if (p.environment === 'sandbox' && p.owner && p.owner !== victim.id && its.some((x) => x.partition === p.partition) && !taken.has(p.partition)) taken.set(p.partition, p);
    }
    await sleep(Math.min(200, Math.max(0, stalledAt + o.stallMs - Date.now())));
  }
  const wokenAt = Date.now();
  await o.end(victim);
  await until("the woken node to find its leases lost", async () => (victim.child.output().includes('partition lease lost') ? true : null), 15_000, c);
  await sleep(1000);
  await traffic.stop();

  for (const p of its) {
    const now = taken.get(p.partition);
    expect(now, `partition ${p.partition} taken during the stall\n${c.output(1500)}`).toBeDefined();
    if (!now) continue;
    expect(now.epoch).toBeGreaterThan(p.epoch);
    // Taken once its lease lapsed: its session lock stayed held, the lease had to run out.
    expect(now.since - stalledAt).toBeGreaterThan(o.leaseMs / 2);
    expect(now.since).toBeLessThan(wokenAt);
  }
  const waits = others.map((t) => ({ t, ...longestWait(t, stalledAt, wokenAt) })).sort((a, b) => b.ms - a.ms);
  const othersLongestMs = waits[0]?.ms ?? 0;
  const worst = waits[0];
  if (worst) {
    console.log(
      `longest wait ${worst.ms} ms: trader ${worst.t.id} (partition ${worst.t.partition}, home ${worst.t.home.id}) from ${worst.from - stalledAt} ms after the stall; ` +
        `the others' ${waits.slice(1, 4).map((w) => `${w.ms} ms from ${w.from - stalledAt}`).join(', ')}; taken: ${[...taken.values()].map((p) => `${p.partition} at ${p.since - stalledAt} ms`).join(', ')}`,
    );
  }
  // The victim's traders trade again on the new owners before the victim wakes.
  for (const t of moved) expect(t.acks.some((a) => a > stalledAt && a < wokenAt), `trader ${t.id} on partition ${t.partition} (home ${t.home.id})\n${c.output(3000)}`).toBe(true);
  const movedAfterMs = Math.max(...moved.map((t) => t.acks.find((a) => a > stalledAt)! - stalledAt));
  const acknowledged = await expectEachOnce(c, traders);
  expect(others.length).toBeGreaterThan(0);
  return { othersLongestMs, movedAfterMs, acknowledged };
}
