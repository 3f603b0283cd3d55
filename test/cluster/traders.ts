import { expect } from 'vitest';
import { partitionOf } from '../../src/engine-host/partition.js';
import { call, listAll, nextMondayNoon, type Reply } from '../helpers/child-server.js';
import type { ClusterNode, TestCluster } from '../helpers/cluster.js';

/**
 * Traders for the fail-over suites: one client per customer (its sandbox account), each placing market orders in a
 * loop through its home node, alternately buying and selling SOL (the position stays small, nothing rests). A call
 * with no answer in `callTimeoutMs`, or a retryable refusal, is sent again with the same Idempotency-Key — to the
 * next node when its home node has not answered (a client's load balancer would do the same).
 */

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


export async function until<T>(what: string, fn: () => Promise<T | null>, timeoutMs: number, c?: TestCluster): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => null);
    if (v !== null) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${c ? `\n${c.output(1500)}` : ''}`);
    await sleep(50);
  }
}

export interface Trader {
  readonly id: number;
  readonly customer: string;
  readonly key: string;
  readonly account: string;
  readonly partition: number;
  /** The node it sends to first. */
  readonly home: ClusterNode;
  /** Unix ms of each acknowledgement (2xx), in order. */
  readonly acks: number[];
  /** Idempotency-Key → the order id acknowledged. */
  readonly acknowledged: Map<string, string>;
  /** Placements given up (no final answer within giveUpMs) or refused: each fails the test. */
  readonly failures: string[];
}

/**
 * Sets the manual clock and SOL's price, then opens `count` customers (a sandbox account each), more while a partition
 * has fewer than `perPartition`, and waits until each account is active.
 */
export async function openTraders(c: TestCluster, count: number, partitions: number, perPartition = 0): Promise<Trader[]> {
  await c.admin('POST', '/admin/v1/clock', { now: nextMondayNoon() });
  await c.admin('PUT', '/admin/v1/markets/SOL-USD/price', { bid: '149.99', ask: '150.01', last: '150' });
  const traders: Trader[] = [];
  const short = () => Array.from({ length: partitions }, (_, p) => p).some((p) => traders.filter((t) => t.partition === p).length < perPartition);
  for (let i = 0; i < count || (short() && i < 60); i++) {
    const customer = await c.admin('POST', '/admin/v1/customers', { name: `trader ${i}` });
    const key = await c.admin('POST', `/admin/v1/customers/${customer.id}/keys`, { environment: 'sandbox', access: 'trade' });
    traders.push({
      id: i,
      customer: customer.id,
      key: key.key,
      account: key.opened_account_id,
      partition: partitionOf(customer.id, partitions),
      home: c.nodes[i % c.nodes.length]!,
      acks: [],
      acknowledged: new Map(),
      failures: [],
    });
  }
  for (const t of traders) {
    await until(`account ${t.account} active`, async () => ((await call(c.nextNodeAlive().child.url.sandbox, 'GET', `/v1/accounts/${t.account}`, { key: t.key })).body?.status === 'active' ? true : null), 20_000, c);
  }
  return traders;
}

const isRetryable = (r: Reply) => (r.status === 503 && r.body?.error?.retryable === true) || (r.status === 409 && r.body?.error?.code === 'operation_in_progress');

/** Runs every trader until `stop()` is called; the promise of `stop()` resolves once each has its last answer. */
export function trade(c: TestCluster, traders: Trader[], o: { callTimeoutMs: number; giveUpMs: number }): { stop: () => Promise<void> } {
  let running = true;
  const one = async (t: Trader): Promise<void> => {
    let n = 0;
    while (running) {
      const idem = `t${t.id}-${++n}`;
      const body = { market: 'SOL-USD', side: n % 2 === 0 ? 'sell' : 'buy', type: 'market', size: '0.1', client_order_id: idem };
      const end = Date.now() + o.giveUpMs;
      let node = t.home;
      let answered = false;
      while (!answered && Date.now() < end) {
        let r: Reply | undefined;
        try {
          r = await call(node.child.url.sandbox, 'POST', `/v1/accounts/${t.account}/orders`, { key: t.key, idempotencyKey: idem, body, timeoutMs: o.callTimeoutMs });
        } catch {
          // No answer: this node may be frozen or cut off; the next try goes to another.
          node = c.nodes[(c.nodes.indexOf(node) + 1) % c.nodes.length]!;
          continue;
        }
        if (isRetryable(r)) {
          // The first attempt still running where this node sees it (on a node cut off from PostgreSQL, until the link
          // heals): a load balancer would send the retry elsewhere, and so does this client.
          if (r.status === 409) node = c.nodes[(c.nodes.indexOf(node) + 1) % c.nodes.length]!;
          await sleep(20);
          continue;
        }
        answered = true;
        if (r.status === 201 || r.status === 202) {
          t.acks.push(Date.now());
          t.acknowledged.set(idem, r.body.id);
        } else {
          t.failures.push(`${idem}: ${r.status} ${JSON.stringify(r.body)}`);
        }
      }
      if (!answered) t.failures.push(`${idem}: no final answer within ${o.giveUpMs} ms`);
      await sleep(10);
    }
  };
  const all = traders.map(one);
  return {
    stop: async () => {
      running = false;
      await Promise.all(all);
    },
  };
}

/** The longest time between two acknowledgements of the trader (or from `from` to its first) within [from, to], and when it began. */
export function longestWait(t: Trader, from: number, to: number): { ms: number; from: number } {
  let last = from;
  let longest = { ms: 0, from };
  for (const at of t.acks) {
    if (at < from) continue;
    if (at > to) break;
    if (at - last > longest.ms) longest = { ms: at - last, from: last };
    last = at;
  }
  return to - last > longest.ms ? { ms: to - last, from: last } : longest;
}

/** Every acknowledged order listed once on its account (by client order id), and nothing listed that was not acknowledged then settled. */
export async function expectEachOnce(c: TestCluster, traders: Trader[]): Promise<number> {
  let total = 0;
  for (const t of traders) {
    expect(t.failures, `trader ${t.id}`).toEqual([]);
    const listed = await listAll<{ id: string; client_order_id: string }>(c.nextNodeAlive().child.url.sandbox, `/v1/accounts/${t.account}/orders`, t.key);
    const byClient = new Map<string, string[]>();
    for (const o of listed) byClient.set(o.client_order_id, [...(byClient.get(o.client_order_id) ?? []), o.id]);
    for (const [idem, id] of t.acknowledged) expect(byClient.get(idem), `trader ${t.id} order ${idem}`).toEqual([id]);
    // Doubled: a key listed twice; the last placement may have been written with its answer lost at stop, never twice.
    for (const [idem, ids] of byClient) expect(ids, `trader ${t.id} order ${idem}`).toHaveLength(1);
    total += t.acknowledged.size;
  }
  return total;
}
