// The failover section: on three PostgreSQL nodes with orders flowing, the pause of the trading of a partition whose
// owner is killed (kill -9), and of one whose owner freezes (SIGSTOP) — with the longest wait of the traders on the
// other partitions meanwhile — and every acknowledged order checked afterwards (none lost, none twice).
import type { Child } from './lib.js';
import { failoverBenchmark, listedOrders, liveOwners, perNode, startCluster, traders, type FailoverResult, type Trader } from './pg.js';

export interface FreezeResult {
  leaseMs: number;
  freezeMs: number;
  /** The frozen owner's live partitions. */
  partitions: number[];
  /** From the freeze to the first order acknowledged on each of its partitions (by the node that took it). */
  pauseMs: number[];
  /** The longest wait between two acknowledgements of a trader neither on its partitions nor sending to it. */
  othersLongestMs: number;
  placed: number;
  acknowledged: number;
  lost: number;
  doubled: number;
  unanswered: number;
  /** Each unanswered placement's last answer. */
  stuck: string[];
}

export interface FailoverSection {
  kill: FailoverResult;
  freeze: FreezeResult;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** kill -9 and a freeze, each at the default lease (5 s). */
export async function pgFailoverBenchmarks(freezeMs = 15_000, leaseMs = 5000): Promise<FailoverSection> {
  const kill = await failoverBenchmark(leaseMs);
  const freeze = await freezeBenchmark(leaseMs, freezeMs);
  return { kill, freeze };
}

interface Placement {
  key: string;
  /** Unix ms of the acknowledgement (201), once answered so. */
  ackAt: number | undefined;
  id: string | undefined;
  done: boolean;
  /** The last answer of a try (status and error code, or 'no answer'). */
  last: string;
}

/**
 * Three nodes; each trader sends its market orders to its home node (the nodes in turn), one after the other; a call
 * not answered within 1 s, or answered with a retryable refusal, is tried again with the same Idempotency-Key (on the
 * next node when its node did not answer). After 3 s the owner of live partition 0 is stopped (SIGSTOP) for
 * `freezeMs`, then woken; 3 s later the traffic stops and every acknowledged order must be listed once.
 */
export async function freezeBenchmark(leaseMs: number, freezeMs: number): Promise<FreezeResult> {
  const cluster = await startCluster(3, { RAMPART_LEASE_MS: String(leaseMs) });
  const { children } = cluster;
  let victim: Child | undefined;
  try {
    // 12 traders (over every partition): the box that runs the nodes runs the clients too, and a client's wait must
    // measure the cluster, not a queue of clients.
    const list = (await traders(children[0]!, perNode(await liveOwners(children[0]!)))).slice(0, 12);
    const home = new Map<Trader, Child>(list.map((t, i) => [t, children[i % children.length]!]));
    const placements = new Map<Trader, Placement[]>(list.map((t) => [t, []]));
    let running = true;
    let seq = 0;
    const send = async (t: Trader, p: Placement) => {
      let node = home.get(t)!;
      const end = Date.now() + freezeMs + 30_000;
      while (Date.now() < end) {
        let status = 0;
        let body: { id?: string; error?: { retryable?: boolean; code?: string } } = {};
        try {
          const r = await fetch(`${node.url.live}/v1/accounts/${t.account}/orders`, {
            method: 'POST',
            headers: { authorization: `Bearer ${t.key}`, 'content-type': 'application/json', 'idempotency-key': p.key },
            body: JSON.stringify({ market: 'BTC-USD', side: seq % 2 === 0 ? 'buy' : 'sell', type: 'market', size: '0.001', client_order_id: p.key }),
            signal: AbortSignal.timeout(1000),
          });
          status = r.status;
          body = (await r.json()) as typeof body;
        } catch {
          p.last = `no answer from ${node.url.live}`;
          node = children[(children.indexOf(node) + 1) % children.length]!;
          continue;
        }
        p.last = `${status} ${body.error?.code ?? ''} from ${node.url.live}`;
        if ((status === 503 && body.error?.retryable === true) || (status === 409 && body.error?.code === 'operation_in_progress')) {
          await sleep(20);
          continue;
        }
        p.done = true;
        if (status === 201) {
          p.ackAt = Date.now();
          p.id = body.id;
        }
        return;
      }
    };
    const workers = list.map(async (t) => {
      while (running) {
        const p: Placement = { key: `fz-${++seq}`, ackAt: undefined, id: undefined, done: false, last: '' };
        placements.get(t)!.push(p);
        await send(t, p);
        await sleep(10);
      }
    });
    await sleep(3000);
    let owners = await liveOwners(children[0]!);
    while (!owners.has(0)) {
      await sleep(50);
      owners = await liveOwners(children[0]!);
    }
    const victimId = owners.get(0)!;
    const frozen = children[Number(victimId.slice('bench-'.length)) - 1]!;
    victim = frozen;
    const partitions = [...owners].filter(([, o]) => o === victimId).map(([p]) => p);
    const frozenAt = Date.now();
    frozen.proc.kill('SIGSTOP');
    await sleep(freezeMs);
    const wokenAt = Date.now();
    frozen.proc.kill('SIGCONT');
    await sleep(3000);
    running = false;
    await Promise.all(workers);

    const acks = (t: Trader) => placements.get(t)!.flatMap((p) => (p.ackAt === undefined ? [] : [p.ackAt])).sort((a, b) => a - b);
    const pauseMs = partitions.map((partition) => Math.min(...list.filter((t) => t.partition === partition).flatMap((t) => acks(t).filter((a) => a > frozenAt))) - frozenAt);
    let othersLongestMs = 0;
    for (const t of list) {
      if (home.get(t) === frozen || partitions.includes(t.partition)) continue;
      let last = frozenAt;
      for (const a of acks(t).filter((x) => x > frozenAt && x <= wokenAt)) {
        othersLongestMs = Math.max(othersLongestMs, a - last);
        last = a;
      }
      othersLongestMs = Math.max(othersLongestMs, wokenAt - last);
    }

    // Nothing acknowledged lost, nothing placed twice: per account, the listed orders against the acknowledgements.
    const survivor = children.find((c) => c !== frozen)!;
    let lost = 0;
    let doubled = 0;
    for (const t of list) {
      const { ids, doubled: twice } = await listedOrders(survivor.url.live, t);
      doubled += twice;
      lost += placements.get(t)!.filter((p) => p.id !== undefined && !ids.has(p.id)).length;
    }
    const all = [...placements.values()].flat();
    return {
      leaseMs,
      freezeMs,
      partitions,
      pauseMs,
      othersLongestMs,
      placed: all.length,
      acknowledged: all.filter((p) => p.id !== undefined).length,
      lost,
      doubled,
      unanswered: all.filter((p) => !p.done).length,
      stuck: all.filter((p) => !p.done).map((p) => `${p.key}: ${p.last}`),
    };
  } finally {
    victim?.proc.kill('SIGCONT');
    await cluster.stop();
  }
}
