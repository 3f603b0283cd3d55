import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { PostgresCluster } from '../../src/cluster/postgres-cluster.js';
import { freshSchema, postgresAvailable, type FreshSchema } from '../helpers/postgres.js';
import { expectError, TestServer } from '../helpers/server.js';

const run = promisify(execFile);
const BIN = resolve(import.meta.dirname, '../../bin/rampart.mjs');
const pgUp = await postgresAvailable();

const dataDirs: string[] = [];
afterAll(() => dataDirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A SQLite database of its own: these tests are about the one-node answer even when the suite runs on PostgreSQL. */
function sqliteUrl(): string {
  const dir = mkdtempSync(join(tmpdir(), 'rampart-sqlite-'));
  dataDirs.push(dir);
  return `sqlite:${join(dir, 'rampart.db')}`;
}

/** `rampart cluster status` on the given store (its files in a temp directory); its stdout is JSON. */
async function clusterStatus(env: Record<string, string>): Promise<any> {
  const dir = mkdtempSync(join(tmpdir(), 'rampart-cli-'));
  dataDirs.push(dir);
  const { stdout } = await run(process.execPath, [BIN, 'cluster', 'status'], { env: { ...process.env, RAMPART_LOG_LEVEL: 'silent', RAMPART_DATA_DIR: dir, ...env } });
  return JSON.parse(stdout);
}


let s: TestServer | undefined;
let schema: FreshSchema | undefined;
let other: PostgresCluster | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
  await other?.close();
  other = undefined;
  await schema?.drop();
  schema = undefined;
});

describe('GET /admin/v1/cluster and rampart cluster status on SQLite (one node owns every partition)', { timeout: 90_000 }, () => {
  it('shows this node and, per environment, RAMPART_ENGINE_PARTITIONS partitions it owns at epoch 1', async () => {
    s = await TestServer.start({
      env: { RAMPART_DATABASE_URL: sqliteUrl(), RAMPART_NODE_ID: 'node-one', RAMPART_INTERNAL_LISTEN: '127.0.0.1:8191', RAMPART_ENGINE_PARTITIONS: '2' },
    });
    const before = Date.now();
    const r = await s.admin('GET', '/admin/v1/cluster');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(Object.keys(r.body)).toEqual(['nodes', 'partitions']);
    expect(r.body.nodes).toEqual([{ id: 'node-one', internal_url: 'http://127.0.0.1:8191', last_seen: expect.any(Number), connected: true }]);
    expect(r.body.nodes[0].last_seen).toBeGreaterThanOrEqual(before);
    const since = r.body.partitions[0].since;
    expect(r.body.partitions).toEqual(
      ['live', 'sandbox'].flatMap((environment) => [0, 1].map((partition) => ({ environment, partition, owner: 'node-one', epoch: 1, since }))),
    );
  });

  it('defaults: node id hostname-pid, internal address 127.0.0.1:8091, one partition; the operator token is required', async () => {
    s = await TestServer.start({ env: { RAMPART_DATABASE_URL: sqliteUrl() } });
    const r = await s.admin('GET', '/admin/v1/cluster');
    expect(r.status).toBe(200);
    expect(r.body.nodes).toMatchObject([{ id: `${hostname()}-${process.pid}`, internal_url: 'http://127.0.0.1:8091' }]);
    expect(r.body.partitions.map((p: any) => [p.environment, p.partition, p.epoch])).toEqual([
      ['live', 0, 1],
      ['sandbox', 0, 1],
    ]);
    expectError(await s.call(s.url.admin, 'GET', '/admin/v1/cluster'), 401, 'missing_api_key');
    expectError(await s.call(s.url.admin, 'GET', '/admin/v1/cluster', { key: 'radm_wrong' }), 401, 'invalid_api_key');
  });

  it('rampart cluster status prints the same shape from the configured store', async () => {
    const out = await clusterStatus({ RAMPART_DATABASE_URL: 'sqlite::memory:', RAMPART_NODE_ID: 'cli-node', RAMPART_ENGINE_PARTITIONS: '3' });
    expect(out.nodes).toEqual([{ id: 'cli-node', internal_url: 'http://127.0.0.1:8091', last_seen: expect.any(Number), connected: true }]);
    expect(out.partitions).toHaveLength(6);
    expect(out.partitions[5]).toEqual({ environment: 'sandbox', partition: 2, owner: 'cli-node', epoch: 1, since: expect.any(Number) });
  });

  it('a bad cluster setting stops the CLI with a clear message and exit code 2', async () => {
    const e = await clusterStatus({ RAMPART_DATABASE_URL: 'sqlite::memory:', RAMPART_ENGINE_PARTITIONS: '0' }).catch((err: unknown) => err);
    expect(e).toMatchObject({ code: 2, stderr: 'rampart: RAMPART_ENGINE_PARTITIONS must be an integer from 1 to 256, got "0"\n' });
  });
});

describe.skipIf(!pgUp)('GET /admin/v1/cluster and rampart cluster status on PostgreSQL', { timeout: 90_000 }, () => {
  it('lists the registered nodes and the partition leases with owner and epoch from the store', async () => {
    schema = await freshSchema();
    s = await TestServer.start({ env: { RAMPART_DATABASE_URL: schema.url, RAMPART_NODE_ID: 'pg-node-1', RAMPART_INTERNAL_LISTEN: '127.0.0.1:8191' } });
    // Alone at start: a cold start, the node takes every partition (one per environment) at epoch 1.
    const first = await s.admin('GET', '/admin/v1/cluster');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      nodes: [{ id: 'pg-node-1', internal_url: 'http://127.0.0.1:8191', last_seen: expect.any(Number), connected: true }],
      partitions: ['live', 'sandbox'].map((environment) => ({ environment, partition: 0, owner: 'pg-node-1', epoch: 1, since: expect.any(Number) })),
    });

    // A second node comes alive: the first gives back what is beyond its share (one of two) at its next round.
    // Its lease outlasts the CLI call below (seconds on a busy machine): this node never renews it.
    other = PostgresCluster.open(schema.url, 'pg-node-2', 'http://10.0.0.2:8091', 60_000);
    await other.hold();
    await other.heartbeat();
    await s.app.ownership.tick();
    expect(s.app.ownership.leases().map((l) => l.environment)).toEqual(['live']);
    const lease = (await other.acquire('sandbox', 0))!;
    expect(lease.epoch).toBe(2);
    const r = await s.admin('GET', '/admin/v1/cluster');
    expect(r.body.nodes.map((n: any) => [n.id, n.internal_url])).toEqual([
      ['pg-node-1', 'http://127.0.0.1:8191'],
      ['pg-node-2', 'http://10.0.0.2:8091'],
    ]);
    expect(r.body.partitions).toEqual([
      { environment: 'live', partition: 0, owner: 'pg-node-1', epoch: 1, since: expect.any(Number) },
      { environment: 'sandbox', partition: 0, owner: 'pg-node-2', epoch: 2, since: lease.since },
    ]);

    const cli = await clusterStatus({ RAMPART_DATABASE_URL: schema.url });
    expect(cli.partitions).toEqual(r.body.partitions);
    expect(cli.nodes.map((n: any) => n.id)).toEqual(['pg-node-1', 'pg-node-2']);

    // Released: no owner, the epoch stays (the next owner gets epoch 3). The second node is alive just before (the
    // CLI call took seconds): the first node's share stays one of two, so its rounds leave the partition to others —
    // unless its last round saw it free already (the orphan rule takes a partition nobody took between two rounds),
    // which a loaded machine's timing allows (seen once in a full postgres run): then a round between the release and
    // the read takes it, at epoch 3, never at 2.
    await other.heartbeat();
    await other.release(lease);
    const after = (await s.admin('GET', '/admin/v1/cluster')).body.partitions[1];
    if (after.owner === null) expect(after).toEqual({ environment: 'sandbox', partition: 0, owner: null, epoch: 2, since: lease.since });
    else expect(after).toEqual({ environment: 'sandbox', partition: 0, owner: 'pg-node-1', epoch: 3, since: expect.any(Number) });
  });
});
