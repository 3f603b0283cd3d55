import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClusterStatus, PartitionView } from '../../src/cluster/leases.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { adminCall, startChild, type ChildServer } from './child-server.js';
import { schemaRows, sessionReport, freshSchema, type FreshSchema } from './postgres.js';

/** One `rampart serve` of a cluster, by its RAMPART_NODE_ID. */
export interface ClusterNode {
  readonly id: string;
  readonly child: ChildServer;
  /** Its RAMPART_INTERNAL_LISTEN, as http://host:port. */
  readonly internalUrl: string;
  /** Unix ms of our SIGKILL, once sent. */
  killedAt: number | undefined;
}

export interface ClusterOptions {
  nodes: number;
  /** More environment for every node (RAMPART_ENGINE_PARTITIONS, RAMPART_LEASE_MS, …). */
  env?: Record<string, string>;
  /** The database URL node i (from 0) is given, from the schema's (e.g. through a HoldingProxy); the schema's by default. */
  databaseUrl?: (i: number, url: string) => string;
}

/**
 * A loopback port free at the moment of asking (the internal listener is advertised, so it cannot be port 0), taken
 * below the kernel's ephemeral range: a port the kernel handed out for port 0 and given back can be taken again,
 * before the child binds it, as the local end of any outgoing connection (a PostgreSQL client's, say), and the child
 * then fails with EADDRINUSE. Ports below the range are never handed out that way.
 */
export async function freePort(): Promise<number> {
  const top = Math.min(ephemeralLow(), 32_768);
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * (top - 10_000));
    if (await bindable(port)) return port;
  }
  throw new Error('no free loopback port below the ephemeral range after 50 tries');
}

/** The first port of the kernel's ephemeral range (Linux; 32768 elsewhere, or if it cannot be read). */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 12_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/**
 * Several `rampart serve` children on one fresh PostgreSQL schema: each its own node id, listeners, internal
 * listener and data directory; one admin token and one secrets key for all (CONTRACT §8). The schema is migrated
 * before the first node starts, and the first node is up before the others start, so no start races another.
 */
export class TestCluster {
  readonly nodes: ClusterNode[] = [];
  private rr = 0;

  private constructor(
    readonly schema: FreshSchema,
    private readonly dir: string,
  ) {}

  static async start(opts: ClusterOptions): Promise<TestCluster> {
    const schema = await freshSchema();
    await (await PostgresStore.open(schema.url)).close();
    const cluster = new TestCluster(schema, mkdtempSync(join(tmpdir(), 'rampart-cluster-')));
    const secretsKey = randomBytes(32).toString('base64');
    const startNode = async (i: number): Promise<ClusterNode> => {
      const id = `node-${i + 1}`;
      const port = await freePort();
      const child = await startChild({
        databaseUrl: opts.databaseUrl?.(i, schema.url) ?? schema.url,
        env: {
          RAMPART_NODE_ID: id,
          RAMPART_INTERNAL_LISTEN: `127.0.0.1:${port}`,
          RAMPART_DATA_DIR: join(cluster.dir, id),
          RAMPART_SECRETS_KEY: secretsKey,
          ...opts.env,
        },
      });
      return { id, child, internalUrl: `http://127.0.0.1:${port}`, killedAt: undefined };
    };
    try {
      cluster.nodes.push(await startNode(0));
      cluster.nodes.push(...(await Promise.all(Array.from({ length: opts.nodes - 1 }, (_, i) => startNode(i + 1)))));
    } catch (err) {
      await cluster.close();
      throw err;
    }
    return cluster;
  }

  /** Nodes not killed by the test (and still running). */
  alive(): ClusterNode[] {
    return this.nodes.filter((n) => n.killedAt === undefined && n.child.proc.exitCode === null && n.child.proc.signalCode === null);
  }

  /** The next node in turn, dead ones included: a load balancer does not know at once that a node died. */
  nextNode(): ClusterNode {
    return this.nodes[this.rr++ % this.nodes.length]!;
  }

  /** The next live node in turn (calls that must not be refused by a dead node: setup and checks). */
  nextNodeAlive(): ClusterNode {
    const alive = this.alive();
    if (alive.length === 0) throw new Error('no node left alive');
    return alive[this.rr++ % alive.length]!;
  }

  node(id: string): ClusterNode {
    const n = this.nodes.find((x) => x.id === id);
    if (!n) throw new Error(`no node ${id}`);
    return n;
  }

  /** GET /admin/v1/cluster of a live node. */
  async status(): Promise<ClusterStatus> {
    const n = this.alive()[0];
    if (!n) throw new Error('no node left alive');
    return adminCall<ClusterStatus>(n.child, 'GET', '/admin/v1/cluster');
  }

  /** The partition's lease as a live node reports it. */
  async lease(environment: 'live' | 'sandbox', partition: number): Promise<PartitionView | undefined> {
    return (await this.status()).partitions.find((p) => p.environment === environment && p.partition === partition);
  }

  /** Polls until every listed partition has an owner that is not one of the killed nodes; resolves with the status. */
  async untilOwned(environment: 'live' | 'sandbox', partitions: readonly number[], timeoutMs: number): Promise<ClusterStatus> {
    const dead = new Set(this.nodes.filter((n) => n.killedAt !== undefined).map((n) => n.id));
    const end = Date.now() + timeoutMs;
    for (;;) {
      const s = await this.status();
      const ok = partitions.every((p) => {
        const l = s.partitions.find((x) => x.environment === environment && x.partition === p);
        return l !== undefined && l.owner !== null && !dead.has(l.owner);
      });
      if (ok) return s;
      if (Date.now() > end) throw new Error(`partitions ${partitions.join(', ')} of ${environment} not taken over within ${timeoutMs} ms: ${JSON.stringify(s)}\n${this.output(4000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** SIGKILL: the node's leases lapse on their own (nothing is released). */
  async kill(id: string): Promise<number> {
    const n = this.node(id);
    n.killedAt = Date.now();
    await n.child.kill();
    return n.killedAt;
  }

  /** The operator call on a live node (operator state acts cluster-wide). */
  admin<T = any>(method: string, path: string, body?: unknown): Promise<T> {
    const n = this.alive()[0];
    if (!n) throw new Error('no node left alive');
    return adminCall<T>(n.child, method, path, body);
  }

  /** The database sessions of the cluster's schema, what each waits on and who blocks it (for a failure message). */
  sessions(): Promise<string> {
    return sessionReport(this.schema.name).catch((err: unknown) => `(sessions not read: ${String(err)})`);
  }

  /** Rows of the cluster's schema (for a failure message). */
  rows(sql: string): Promise<string> {
    return schemaRows(this.schema.name, sql).catch((err: unknown) => `(rows not read: ${String(err)})`);
  }

  /** The last lines every node wrote (for a failure message). */
  output(tail = 3000): string {
    return this.nodes.map((n) => `--- ${n.id}${n.killedAt ? ' (killed)' : ''}:\n${n.child.output().slice(-tail)}`).join('\n');
  }

  async close(): Promise<void> {
    await Promise.all(this.nodes.map((n) => n.child.stop().catch(() => undefined)));
    await this.schema.drop().catch(() => undefined);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
