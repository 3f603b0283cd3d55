import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { PostgresCluster } from '../../src/cluster/postgres-cluster.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { freshSchema, postgresAvailable, type FreshSchema } from '../helpers/postgres.js';

const available = await postgresAvailable();
const ROOT = resolve(import.meta.dirname, '../..');
const LEASE_MS = 500;

/** The child's stdout as JSON lines, awaited one by one with a bounded wait. */
function lines(child: ChildProcess) {
  const got: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const parts = (partial + chunk.toString('utf8')).split('\n');
    partial = parts.pop() ?? '';
    for (const p of parts) if (p.startsWith('{')) got.push(JSON.parse(p) as Record<string, unknown>);
    waiters.splice(0).forEach((w) => w());
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  return async (index: number, timeoutMs = 30_000): Promise<Record<string, unknown>> => {
    const end = Date.now() + timeoutMs;
    while (got.length <= index) {
      if (Date.now() > end || child.exitCode !== null) throw new Error(`no line ${index} from the lease holder; stderr: ${stderr}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 200);
      });
    }
    return got[index]!;
  };
}

describe.skipIf(!available)('a paused lease holder (SIGSTOP) that wakes after a take-over', { timeout: 60_000 }, () => {
  let schema: FreshSchema | undefined;
  let child: ChildProcess | undefined;
  let other: PostgresCluster | undefined;

  afterEach(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGCONT');
      child.kill('SIGKILL');
    }
    await other?.close();
    await schema?.drop();
  });

  it('writes nothing: its fenced write is refused with LeaseLostError', async () => {
    schema = await freshSchema();
    // Migrate before the child starts, so the child's own migration run finds nothing to do.
    await (await PostgresStore.open(schema.url)).close();
    child = spawn(process.execPath, ['--import', 'tsx', 'test/cluster/lease-holder.ts', schema.url, 'paused-node', String(LEASE_MS), 'cus_from_paused'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const line = lines(child);
    expect(await line(0)).toEqual({ acquired: true, epoch: 1 });

    other = PostgresCluster.open(schema.url, 'taker', 'http://127.0.0.1:2', LEASE_MS);
    await other.hold();
    // While the child runs it renews: the partition is not free.
    expect(await other.acquire('sandbox', 0)).toBeNull();

    child.kill('SIGSTOP');
    const end = Date.now() + 10_000;
    let taken = await other.acquire('sandbox', 0);
    while (!taken && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50));
      taken = await other.acquire('sandbox', 0);
    }
    expect(taken).toMatchObject({ environment: 'sandbox', partition: 0, epoch: 2 });

    child.kill('SIGCONT');
    child.kill('SIGUSR2');
    const outcome = await line(1);
    expect(outcome).toMatchObject({ write: 'refused', error: 'LeaseLostError' });
    expect(String(outcome.message)).toContain('now taker at epoch 2');

    const c = new pg.Client({ connectionString: schema.url });
    await c.connect();
    try {
      expect((await c.query('SELECT id FROM customers WHERE id = $1', ['cus_from_paused'])).rowCount).toBe(0);
      expect((await c.query('SELECT owner, epoch FROM partition_leases')).rows).toEqual([{ owner: 'taker', epoch: '2' }]);
    } finally {
      await c.end();
    }
    child.kill('SIGTERM');
  });
});
