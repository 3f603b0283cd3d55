// The pg section: market orders placed on PostgreSQL by one node and by three (a load balancer spreading the
// requests over their listeners), beside the bare route and SQLite in the same run; and the pause of the trading of
// a partition whose owner is killed (kill -9) while orders flow, with every acknowledged order checked afterwards.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { Agent } from 'undici';
import { partitionOf } from '../src/engine-host/partition.js';
import { baseline } from './http.js';
import { admin, cpuMicros, load, PG_URL, pgSchema, startRampart, type Child, type Load } from './lib.js';
import { sampleLockWaits, type LockWaits } from './lock-waits.js';

/** Engine partitions per environment on PostgreSQL: two per node of the three-node cluster. */
const PARTITIONS = 6;
/** Live accounts traded (the same number on every store), at most ACCOUNTS_PER_CUSTOMER per customer. */
const ACCOUNTS = 48;
const ACCOUNTS_PER_CUSTOMER = 4;

export interface PgResults {
  baseline: Load;
  sqlite: Load & OrderCpu;
  pgOneNode: Load & OrderCpu & { lockWaits: LockWaits };
  /** The live partitions each node held, the engine commands each ran per second, the store's lock waits. */
  pgThreeNodes: Load & OrderCpu & { livePartitions: number[][]; perNode: number[]; lockWaits: LockWaits };
  /**
   * The same three nodes with each request sent to the node that owns its account's partition (a balancer that routes
   * by account): no request forwarded. Rates add up; latencies are the slowest node's.
   */
  pgThreeNodesRouted?: Load & OrderCpu;
  failover: FailoverResult[];
}

export interface FailoverResult {
  leaseMs: number;
  /** The killed owner's partitions (live). */
  partitions: number[];
  /** From the kill to the first order acknowledged on each of those partitions (a call begun after the kill). */
  pauseMs: number[];
  /** From the kill to a survivor holding every one of them (GET /admin/v1/cluster). */
  takenOverMs: number;
  placed: number;
  acknowledged: number;
  /** Acknowledged orders missing from GET orders afterwards, and client order ids stored twice: both must be 0. */
  lost: number;
  doubled: number;
  /** Placements left without a final answer after 30 s of retries. */
  unanswered: number;
}

export interface Trader {
  key: string;
  account: string;
  partition: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * Customers (each with a live trade key) and their funded accounts: `quota` accounts in each partition named (an
 * account's partition is its customer's, up to ACCOUNTS_PER_CUSTOMER per customer; a customer landing in a partition
 * already served gets none). Listed round-robin over the partitions, and resolved once every account is active.
 */
export async function traders(c: Child, quota: ReadonlyMap<number, number>): Promise<Trader[]> {
  const byPartition = new Map<number, Trader[]>([...quota.keys()].map((p) => [p, []]));
  const missing = (p: number) => (quota.get(p) ?? 0) - (byPartition.get(p)?.length ?? 0);
  while ([...quota.keys()].some((p) => missing(p) > 0)) {
    const customer = await admin(c, 'POST', '/admin/v1/customers', { name: 'bench' });
    const partition = partitionOf(customer.id, PARTITIONS);
    const n = Math.min(ACCOUNTS_PER_CUSTOMER, missing(partition));
    if (n <= 0) continue;
    const key = (await admin(c, 'POST', `/admin/v1/customers/${customer.id}/keys`, { environment: 'live', access: 'trade' })).key as string;
    for (let i = 0; i < n; i++) {
      // A partition handed from the first node to another may still be loading there: 503, retryable.
      const opened = await until(`an account of ${customer.id}`, () => admin<{ id: string }>(c, 'POST', `/admin/v1/customers/${customer.id}/accounts`, { product: 'funded-100k' }));
      byPartition.get(partition)!.push({ key, partition, account: opened.id });
    }
  }
  const out: Trader[] = [];
  for (let i = 0; out.length < ACCOUNTS; i++) for (const list of byPartition.values()) if (list[i]) out.push(list[i]!);
  for (const t of out) {
    await until(`account ${t.account} active`, async () => {
      const r = await fetch(`${c.url.live}/v1/accounts/${t.account}`, { headers: { authorization: `Bearer ${t.key}` } });
      return r.status === 200 && ((await r.json()) as { status: string }).status === 'active' ? true : undefined;
    });
  }
  return out;
}

/** The same number of accounts in every live partition. */
const even = () => new Map(Array.from({ length: PARTITIONS }, (_, p) => [p, ACCOUNTS / PARTITIONS]));

/**
 * The same number of accounts per node, spread over the live partitions each holds: a node's share of the work is
 * its share of the accounts, whatever the split of the live partitions (nodes balance live and sandbox together).
 */
export function perNode(owners: ReadonlyMap<number, string>): Map<number, number> {
  const nodes = new Map<string, number[]>();
  for (const [p, o] of owners) nodes.set(o, [...(nodes.get(o) ?? []), p]);
  const quota = new Map<number, number>();
  let left = ACCOUNTS;
  [...nodes.values()].forEach((parts, i, all) => {
    const mine = i === all.length - 1 ? left : Math.round(ACCOUNTS / all.length);
    left -= mine;
    parts.forEach((p, j) => quota.set(p, Math.floor(mine / parts.length) + (j < mine % parts.length ? 1 : 0)));
  });
  return quota;
}

/** Market orders round-robin over the accounts (buying on one pass, selling on the next), each with its own key. */
export function marketOrders(list: Trader[], prefix: string) {
  let n = 0;
  return () => {
    const i = n++;
    const t = list[i % list.length]!;
    const side = Math.floor(i / list.length) % 2 === 0 ? 'buy' : 'sell';
    return {
      method: 'POST' as const,
      path: `/v1/accounts/${t.account}/orders`,
      headers: { authorization: `Bearer ${t.key}`, 'content-type': 'application/json', 'idempotency-key': `${prefix}-${i}` },
      body: JSON.stringify({ market: 'BTC-USD', side, type: 'market', size: '0.001' }),
    };
  };
}

/**
 * Before each measured run, the same load in windows of WARM_WINDOW s (not measured), at least WARM_MIN s and until a
 * window places no more than WARM_STEADY times the one before, at most WARM_MAX s. Every process of the box gets
 * cheaper per order for tens of seconds after a start (the load generator's included, as the group commit's batches
 * grow): one node settles in ≈15 s, three nodes sharing two cores in 30 s or more, and a flat 5 s window can come
 * before the climb; measured cold, three nodes measured that (run 16 of docs/PERFORMANCE.md).
 */
const WARM_WINDOW = 5;
const WARM_MIN = 30;
const WARM_STEADY = 1.05;
const WARM_MAX = 60;

/** Runs `window` (placing WARM_WINDOW s of load, answering orders/s) until the rate settles; answers the seconds spent. */
async function warmUntilSteady(window: () => Promise<number>): Promise<number> {
  let previous = 0;
  for (let spent = WARM_WINDOW; ; spent += WARM_WINDOW) {
    const rate = await window();
    if ((spent >= WARM_MIN && rate <= previous * WARM_STEADY) || spent >= WARM_MAX) return spent;
    previous = rate;
  }
}

/** CPU per order of the Rampart processes (summed) and of the PostgreSQL server's processes, in µs (from /proc). */
export interface OrderCpu {
  nodeCpuUs?: number;
  pgCpuUs?: number;
  /** Seconds of warm-up before the measured run (warmUntilSteady). */
  warmedS?: number;
}

/** The local PostgreSQL server's processes (none when BENCH_PG_URL names another host: its CPU is not ours to read). */
function pgPids(): number[] {
  if (!/@(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(PG_URL)) return [];
  try {
    return execFileSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' }).trim().split('\n').map(Number).filter(Boolean);
  } catch {
    return [];
  }
}

const cpuOf = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    try {
      return sum + cpuMicros(pid);
    } catch {
      return sum; // a backend that ended in between
    }
  }, 0);

/**
 * Runs `measured` after `warm` (the same load, WARMUP seconds), reading the CPU the nodes and PostgreSQL spent over the
 * measured part; `answered` is how many orders it answered.
 */
async function withCpu<T extends object>(
  nodePids: number[],
  warm: () => Promise<number>,
  measured: () => Promise<T>,
  answered: (r: T) => number,
  afterWarm?: () => Promise<void>,
): Promise<T & OrderCpu> {
  const warmedS = await warmUntilSteady(warm);
  await afterWarm?.();
  const pg = pgPids();
  const [n0, p0] = [cpuOf(nodePids), cpuOf(pg)];
  const r = await measured();
  const n = answered(r);
  if (n === 0) return { ...r, warmedS };
  return { ...r, warmedS, nodeCpuUs: Math.round((cpuOf(nodePids) - n0) / n), ...(pg.length > 0 ? { pgCpuUs: Math.round((cpuOf(pg) - p0) / n) } : {}) };
}

/** autocannon's 50 connections spread over the urls (one per node: what a load balancer does), market orders, after a warm-up. */
async function placeMarket(urls: string[], list: Trader[], duration: number, prefix: string, pids: number[], afterWarm?: () => Promise<void>): Promise<Load & OrderCpu> {
  const run = (seconds: number, p: string) => {
    const next = marketOrders(list, p);
    // autocannon spreads its connections over several urls; its types name one.
    return load({ url: urls as unknown as string, duration: seconds, requests: [{ method: 'POST', path: '/', setupRequest: (req: autocannon.Request) => ({ ...req, ...next() }) }] });
  };
  let w = 0;
  return withCpu(pids, async () => (await run(WARM_WINDOW, `${prefix}w${w++}-`)).rps, () => run(duration, prefix), (r) => Math.round(r.rps * duration), afterWarm);
}

/** Engine commands a node ran in the live environment (its /metrics): the orders of the partitions it owns. */
async function placedOn(c: Child): Promise<number> {
  const text = await (await fetch(`${c.url.admin}/metrics`)).text();
  let n = 0;
  for (const line of text.split('\n')) if (/^rampart_engine_command_duration_seconds_count\{[^}]*environment="live"/.test(line)) n += Number(line.split(' ').at(-1));
  return n;
}

/** `nodes` Rampart processes on one fresh PostgreSQL schema: the first starts alone (migrations), then the others. */
export async function startCluster(nodes: number, env: Record<string, string> = {}): Promise<{ children: Child[]; url: string; stop(): Promise<void> }> {
  const schema = await pgSchema();
  const shared = { RAMPART_DATABASE_URL: schema.url, RAMPART_ENGINE_PARTITIONS: String(PARTITIONS), RAMPART_SECRETS_KEY: randomBytes(32).toString('base64'), ...env };
  const children: Child[] = [];
  const stop = async () => {
    await Promise.all(children.map((c) => (c.proc.exitCode === null && c.proc.signalCode === null ? c.stop() : rmSync(c.dir, { recursive: true, force: true }))));
    await schema.drop();
  };
  try {
    const start = (i: number) => startRampart({ ...shared, RAMPART_NODE_ID: `bench-${i + 1}` }, mkdtempSync(join(tmpdir(), 'rampart-bench-pg-')));
    children.push(await start(0));
    children.push(...(await Promise.all(Array.from({ length: nodes - 1 }, (_, i) => start(i + 1)))));
    // The first node took every partition (live and sandbox); the others take their share as it gives them back.
    await until('partitions spread over the nodes', async () => {
      const s = await admin<{ partitions: { owner: string | null }[] }>(children[0]!, 'GET', '/admin/v1/cluster');
      const counts = children.map((_, i) => s.partitions.filter((p) => p.owner === `bench-${i + 1}`).length);
      return counts.every((n) => n === (2 * PARTITIONS) / nodes) ? true : undefined;
    });
  } catch (err) {
    await stop();
    throw err;
  }
  return { children, url: schema.url, stop };
}

/** Live partition → owner, as a node reports it. */
export async function liveOwners(c: Child): Promise<Map<number, string>> {
  const s = await admin<{ partitions: { environment: string; partition: number; owner: string | null }[] }>(c, 'GET', '/admin/v1/cluster');
  return new Map(s.partitions.filter((p) => p.environment === 'live' && p.owner !== null).map((p) => [p.partition, p.owner!]));
}

/** Bare route, SQLite, PostgreSQL with one node and with three: the same 48 accounts' market orders, 50 connections. */
export async function pgBenchmarks(duration = 8, leases = [5000, 2000]): Promise<PgResults> {
  const base = await baseline(duration);

  const lite = await startRampart();
  let sqlite: Load;
  try {
    sqlite = await placeMarket([lite.url.live], await traders(lite, even()), duration, 's', [lite.proc.pid!]);
  } finally {
    await lite.stop();
  }

  const one = await startCluster(1);
  let pgOneNode: PgResults['pgOneNode'];
  try {
    const list = await traders(one.children[0]!, even());
    const waits = await sampleLockWaits(one.url);
    const r = await placeMarket([one.children[0]!.url.live], list, duration, 'p1', [one.children[0]!.proc.pid!]);
    pgOneNode = { ...r, lockWaits: await waits.stop() };
  } finally {
    await one.stop();
  }

  const three = await startCluster(3);
  let pgThreeNodes: PgResults['pgThreeNodes'];
  let pgThreeNodesRouted: PgResults['pgThreeNodesRouted'];
  try {
    const owners = await liveOwners(three.children[0]!);
    const list = await traders(three.children[0]!, perNode(owners));
    const waits = await sampleLockWaits(three.url);
    const pids = three.children.map((c) => c.proc.pid!);
    let before: number[] = [];
    const r = await placeMarket(three.children.map((c) => c.url.live), list, duration, 'p3', pids, async () => {
      before = await Promise.all(three.children.map(placedOn));
    });
    const lockWaits = await waits.stop();
    const after = await Promise.all(three.children.map(placedOn));
    const held = three.children.map((_, i) => [...owners].filter(([, o]) => o === `bench-${i + 1}`).map(([p]) => p));
    pgThreeNodes = { ...r, livePartitions: held, perNode: after.map((n, i) => Math.round((n - before[i]!) / duration)), lockWaits };
    // Each node's share of the connections, placing only its own partitions' orders.
    const routedRun = (seconds: number, prefix: string) =>
      Promise.all(
        three.children.map((c, i) => {
          const mine = list.filter((t) => owners.get(t.partition) === `bench-${i + 1}`);
          const next = marketOrders(mine, `${prefix}${i}`);
          const setupRequest = (req: autocannon.Request) => ({ ...req, ...next() });
          return load({ url: c.url.live, connections: Math.round(50 / three.children.length), duration: seconds, requests: [{ method: 'POST', path: '/', setupRequest }] });
        }),
      );
    let w = 0;
    const routed = await withCpu(
      pids,
      async () => (await routedRun(WARM_WINDOW, `rw${w++}-`)).reduce((n, l) => n + l.rps, 0),
      async () => ({ runs: await routedRun(duration, 'r') }),
      (x) => Math.round(x.runs.reduce((n, l) => n + l.rps, 0) * duration),
    );
    pgThreeNodesRouted = {
      rps: routed.runs.reduce((n, x) => n + x.rps, 0),
      p50: Math.max(...routed.runs.map((x) => x.p50)),
      p99: Math.max(...routed.runs.map((x) => x.p99)),
      p999: Math.max(...routed.runs.map((x) => x.p999)),
      errors: routed.runs.reduce((n, x) => n + x.errors, 0),
      non2xx: routed.runs.reduce((n, x) => n + x.non2xx, 0),
      ...(routed.nodeCpuUs !== undefined ? { nodeCpuUs: routed.nodeCpuUs } : {}),
      ...(routed.pgCpuUs !== undefined ? { pgCpuUs: routed.pgCpuUs } : {}),
      ...(routed.warmedS !== undefined ? { warmedS: routed.warmedS } : {}),
    };
  } finally {
    await three.stop();
  }

  const failover: FailoverResult[] = [];
  for (const leaseMs of leases) failover.push(await failoverBenchmark(leaseMs));
  return { baseline: base, sqlite, pgOneNode, pgThreeNodes, pgThreeNodesRouted, failover };
}

/** One order placement (one Idempotency-Key) and every try of it. */
interface Placement {
  trader: Trader;
  key: string;
  tries: { startedAt: number; endedAt: number; ok: boolean }[];
  /** The order id of the acknowledgement (201), once answered. */
  id: string | undefined;
  done: boolean;
}

/**
 * Three nodes, one client per account placing market orders one after the other through the nodes in turn (a load
 * balancer that does not know yet that a node died); a call that gets no answer or a retryable one is tried again on
 * the next node with the same Idempotency-Key. After 3 s the owner of live partition 0 is killed (SIGKILL). The pause
 * of each of its partitions runs from the kill to the first acknowledgement there of a call begun after it. Then
 * every acknowledged order must be listed by its account, once.
 */
export async function failoverBenchmark(leaseMs: number): Promise<FailoverResult> {
  const cluster = await startCluster(3, { RAMPART_LEASE_MS: String(leaseMs) });
  const dispatcher = new Agent({ connections: 256 });
  try {
    const { children } = cluster;
    const list = await traders(children[0]!, perNode(await liveOwners(children[0]!)));
    const placements: Placement[] = [];
    let rr = 0;
    let seq = 0;
    let running = true;
    const send = async (p: Placement) => {
      const end = Date.now() + 30_000;
      while (Date.now() < end) {
        const node = children[rr++ % children.length]!;
        const t = { startedAt: Date.now(), endedAt: 0, ok: false };
        p.tries.push(t);
        let status = 0;
        let body: { id?: string; error?: { retryable?: boolean; code?: string } } = {};
        try {
          const r = await fetch(`${node.url.live}/v1/accounts/${p.trader.account}/orders`, {
            method: 'POST',
            headers: { authorization: `Bearer ${p.trader.key}`, 'content-type': 'application/json', 'idempotency-key': p.key },
            body: JSON.stringify({ market: 'BTC-USD', side: seq % 2 === 0 ? 'buy' : 'sell', type: 'market', size: '0.001', client_order_id: p.key }),
            signal: AbortSignal.timeout(10_000),
            // @ts-expect-error undici's dispatcher option of fetch is not in the DOM types
            dispatcher,
          });
          status = r.status;
          body = (await r.json()) as typeof body;
        } catch {
          status = 0;
        }
        t.endedAt = Date.now();
        const retry = status === 0 || (status === 503 && body.error?.retryable === true) || (status === 409 && body.error?.code === 'operation_in_progress');
        if (!retry) {
          t.ok = status === 201;
          p.id = t.ok ? body.id : undefined;
          p.done = true;
          return;
        }
        await sleep(20 + Math.floor(Math.random() * 30));
      }
    };
    const workers = list.map(async (trader) => {
      while (running) {
        const p: Placement = { trader, key: `fo-${++seq}`, tries: [], id: undefined, done: false };
        placements.push(p);
        await send(p);
        await sleep(10);
      }
    });
    await sleep(3000);
    // Live partition 0's owner (a hand-off between nodes may be under way: then its next owner).
    const owners = await until('an owner of live partition 0', async () => {
      const now = await liveOwners(children[0]!);
      return now.has(0) ? now : undefined;
    });
    const victimId = owners.get(0)!;
    const victim = children[Number(victimId.slice('bench-'.length)) - 1]!;
    const partitions = [...owners].filter(([, o]) => o === victimId).map(([p]) => p);
    const killedAt = Date.now();
    victim.proc.kill('SIGKILL');
    const survivor = children.find((c) => c !== victim)!;
    await until('the take-over', async () => {
      const now = await liveOwners(survivor);
      return partitions.every((p) => now.has(p) && now.get(p) !== victimId) ? true : undefined;
    });
    const takenOverMs = Date.now() - killedAt;
    const firstAck = (p: number) =>
      Math.min(...placements.filter((x) => x.trader.partition === p).flatMap((x) => x.tries.filter((t) => t.ok && t.startedAt >= killedAt).map((t) => t.endedAt)));
    await until('orders acknowledged again on every partition of the dead owner', async () => (partitions.every((p) => Number.isFinite(firstAck(p))) ? true : undefined), 60_000);
    await sleep(2000);
    running = false;
    await Promise.all(workers);

    // Nothing acknowledged is lost, nothing placed twice: per account, the listed orders against the acknowledgements.
    let lost = 0;
    let doubled = 0;
    for (const t of list) {
      const { ids, doubled: twice } = await listedOrders(survivor.url.live, t);
      doubled += twice;
      lost += placements.filter((p) => p.trader === t && p.id !== undefined && !ids.has(p.id)).length;
    }
    return {
      leaseMs,
      partitions,
      pauseMs: partitions.map((p) => firstAck(p) - killedAt),
      takenOverMs,
      placed: placements.length,
      acknowledged: placements.filter((p) => p.id !== undefined).length,
      lost,
      doubled,
      unanswered: placements.filter((p) => !p.done).length,
    };
  } finally {
    await dispatcher.close();
    await cluster.stop();
  }
}

/**
 * An account's orders as listed by a node (a partition still moving answers 503: asked again until answered): their
 * ids, and how many client order ids are listed more than once (an order placed twice).
 */
export async function listedOrders(baseUrl: string, t: Trader): Promise<{ ids: Set<string>; doubled: number }> {
  const listed: { id: string; client_order_id: string | null }[] = [];
  let after: string | undefined;
  for (;;) {
    const url = `${baseUrl}/v1/accounts/${t.account}/orders?limit=1000${after ? `&after=${after}` : ''}`;
    const page = await until(`the orders of ${t.account}`, async () => {
      const r = await fetch(url, { headers: { authorization: `Bearer ${t.key}` } });
      return r.status === 200 ? ((await r.json()) as { data: { id: string; client_order_id: string | null }[]; has_more: boolean; next_cursor: string }) : undefined;
    });
    listed.push(...page.data);
    if (!page.has_more) break;
    after = page.next_cursor;
  }
  const byClient = new Map<string, number>();
  for (const o of listed) if (o.client_order_id) byClient.set(o.client_order_id, (byClient.get(o.client_order_id) ?? 0) + 1);
  return { ids: new Set(listed.map((o) => o.id)), doubled: [...byClient.values()].filter((n) => n > 1).length };
}
