import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Lease } from '../../src/cluster/leases.js';
import { LeaseLostError } from '../../src/store/fence.js';
import { PostgresCluster } from '../../src/cluster/postgres-cluster.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { freshSchema, postgresAvailable, type FreshSchema } from '../helpers/postgres.js';

const available = await postgresAvailable();

/** Leases run on the database clock (real time): a short lease lets a test see one lapse within a bounded wait. */
const SHORT_LEASE_MS = 300;

async function until<T>(what: string, fn: () => Promise<T | null>, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== null) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.skipIf(!available)('partition leases on PostgreSQL (fencing epoch)', () => {
  let schema: FreshSchema;
  let store: PostgresStore;
  const open: PostgresCluster[] = [];
  // Each node holds its session lock, as a running node does: else the others could take its leases at once.
  const node = async (id: string, leaseMs = 5000) => {
    const c = PostgresCluster.open(schema.url, id, `http://127.0.0.1:${9000 + open.length}`, leaseMs);
    open.push(c);
    expect(await c.hold()).toBe(1);
    return c;
  };
  let numbers = 990_000;
  const customer = (id: string) => ({ id, number: ++numbers, name: id, api_enabled: true, created_at: 0 });
  async function customerRows(id: string): Promise<number> {
    const c = new pg.Client({ connectionString: schema.url });
    await c.connect();
    try {
      return (await c.query('SELECT id FROM customers WHERE id = $1', [id])).rowCount ?? 0;
    } finally {
      await c.end();
    }
  }
  const fenceOf = (owner: string, l: Lease) => ({ environment: l.environment, partition: l.partition, owner, epoch: l.epoch });
  /** A fenced write of `owner` that inserts customer `id` and stays open until `open()` is called. */
  function heldWrite(owner: string, l: Lease, id: string): { write: Promise<void>; open: () => void } {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const write = store.fencedTransaction(fenceOf(owner, l), async (tx) => {
      await tx.insertCustomer(customer(id));
      await gate;
    });
    return { write, open };
  }
  /** Waits until `sql`, asked of PostgreSQL on a connection of its own, finds a row. */
  async function untilSeen(what: string, probe: pg.Client, sql: string): Promise<void> {
    await until(what, async () => ((await probe.query(sql)).rowCount ?? 0) > 0 ? true : null);
  }
  const TAKEOVER_WAITING = "SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%INSERT INTO partition_leases%'";

  beforeEach(async () => {
    schema = await freshSchema();
    // The store runs the migrations (002_cluster.sql creates the lease and node tables).
    store = await PostgresStore.open(schema.url);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
    await store?.close();
    await schema?.drop();
  });

  it('two nodes racing for the same partitions: exactly one owner of each, at epoch 1', async () => {
    const a = await node('node-a');
    const b = await node('node-b');
    // 64 at once: enough that two first inserts of one partition meet in the epoch's unique index (migration 013)
    // in most runs, which acquire must read as "the other won", not fail with.
    const partitions = Array.from({ length: 64 }, (_, i) => i);
    const results = await Promise.all(partitions.flatMap((p) => [a.acquire('live', p), b.acquire('live', p)]));
    for (const p of partitions) {
      const [ra, rb] = [results[2 * p], results[2 * p + 1]];
      expect([ra, rb].filter((r) => r !== null), `partition ${p}`).toHaveLength(1);
      expect((ra ?? rb)!.epoch).toBe(1);
    }
    const status = await a.status();
    expect(status.partitions).toHaveLength(64);
    for (const row of status.partitions) {
      const winner = results[2 * row.partition] ? 'node-a' : 'node-b';
      expect(row).toMatchObject({ environment: 'live', partition: row.partition, owner: winner, epoch: 1 });
    }
    // A holder asking again is refused too: a lease is only taken when free or lapsed.
    expect(await a.acquire('live', 0)).toBeNull();
    expect(await b.acquire('live', 0)).toBeNull();
  });

  it('an owner that stops renewing loses the partition after lease_ms; the next owner gets epoch + 1', async () => {
    const a = await node('node-a', SHORT_LEASE_MS);
    const b = await node('node-b', SHORT_LEASE_MS);
    const la = (await a.acquire('sandbox', 3))!;
    expect(la).toMatchObject({ environment: 'sandbox', partition: 3, epoch: 1, previousHeartbeatAt: null });
    // Renewing keeps it: b is refused while a renews.
    expect(await a.renew(la)).toBe(true);
    expect(await b.acquire('sandbox', 3)).toBeNull();
    const beforeTakeover = Date.now();
    const lb = await until('node-b to take the lapsed lease', () => b.acquire('sandbox', 3));
    expect(Date.now() - beforeTakeover).toBeLessThan(SHORT_LEASE_MS + 2000);
    expect(lb.epoch).toBe(2);
    // The resume-vs-restart decision needs the last owner's heartbeat: a's last renewal, before b took over.
    expect(lb.previousHeartbeatAt).not.toBeNull();
    expect(lb.previousHeartbeatAt!).toBeLessThanOrEqual(lb.since - SHORT_LEASE_MS);
    // The old owner cannot renew (nor release) what it lost.
    expect(await a.renew(la)).toBe(false);
    await a.release(la);
    expect((await b.status()).partitions).toEqual([{ environment: 'sandbox', partition: 3, owner: 'node-b', epoch: 2, since: lb.since }]);
  });

  it("the old owner's fenced write is refused with LeaseLostError and writes nothing; the new owner's commits", async () => {
    const a = await node('node-a', SHORT_LEASE_MS);
    const b = await node('node-b', SHORT_LEASE_MS);
    const la = (await a.acquire('live', 0))!;
    await store.fencedTransaction(fenceOf('node-a', la), (tx) => tx.insertCustomer(customer('cus_by_a_1')));
    expect(await customerRows('cus_by_a_1')).toBe(1);

    const lb = await until('node-b to take over', () => b.acquire('live', 0));
    const refused = await store.fencedTransaction(fenceOf('node-a', la), (tx) => tx.insertCustomer(customer('cus_by_a_2'))).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LeaseLostError);
    expect(refused).toMatchObject({ environment: 'live', partition: 0, epoch: 1, current: { owner: 'node-b', epoch: 2 } });
    expect(await customerRows('cus_by_a_2')).toBe(0);

    await store.fencedTransaction(fenceOf('node-b', lb), (tx) => tx.insertCustomer(customer('cus_by_b')));
    expect(await customerRows('cus_by_b')).toBe(1);
  });

  it('a take-over waits for a fenced write already past its check, so no old-epoch write commits after it', async () => {
    const a = await node('node-a', SHORT_LEASE_MS);
    const b = await node('node-b', SHORT_LEASE_MS);
    const la = (await a.acquire('live', 2))!;
    const { write, open } = heldWrite('node-a', la, 'cus_in_flight');
    await until('the lease to lapse while the write is open', async () => ((await a.status()).partitions[0]!.owner === null ? true : null));
    let taken: Lease | null | undefined;
    const takeover = b.acquire('live', 2).then((l) => (taken = l));
    // b's statement is waiting on the row lock the write's check holds.
    const probe = new pg.Client({ connectionString: schema.url });
    await probe.connect();
    try {
      await untilSeen('the take-over to wait on the lease row', probe, TAKEOVER_WAITING);
    } finally {
      await probe.end();
    }
    expect(taken).toBeUndefined();
    open();
    await write;
    await takeover;
    expect(taken).toMatchObject({ epoch: 2 });
    expect(await customerRows('cus_in_flight')).toBe(1);
    await expect(store.fencedTransaction(fenceOf('node-a', la), (tx) => tx.insertCustomer(customer('cus_after')))).rejects.toBeInstanceOf(LeaseLostError);
  });

  it("the owner's renewal and release do not wait for its own open fenced write; a take-over still does (migration 013)", async () => {
    const a = await node('node-a');
    const b = await node('node-b');
    const la = (await a.acquire('live', 3))!;
    const { write, open } = heldWrite('node-a', la, 'cus_renewed_beside');
    const probe = new pg.Client({ connectionString: schema.url });
    await probe.connect();
    try {
      await untilSeen(
        'the write to hold the lease row',
        probe,
        "SELECT 1 FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = 'partition_leases' AND l.mode = 'RowShareLock' AND l.granted",
      );
      // The write holds the lease row FOR KEY SHARE: a renewal and a release (no key column changed) pass at once.
      // Were either to wait, it would wait for the write's open transaction, which the gate keeps open.
      const soon = <T>(p: Promise<T>) => Promise.race([p, new Promise<'waited'>((r) => setTimeout(() => r('waited'), 1500))]);
      expect(await soon(a.renew(la))).toBe(true);
      expect(await soon(a.release(la))).toBeUndefined();
      // A take-over changes the epoch, a key column: it waits for the old epoch's write to end.
      let taken: Lease | null | undefined;
      const takeover = b.acquire('live', 3).then((l) => (taken = l));
      await untilSeen('the take-over to wait on the lease row', probe, TAKEOVER_WAITING);
      expect(taken).toBeUndefined();
      open();
      await write;
      await takeover;
      expect(taken).toMatchObject({ epoch: 2 });
    } finally {
      open();
      await probe.end();
    }
    expect(await customerRows('cus_renewed_beside')).toBe(1);
  });

  it('a lapsed lease nobody took yet, a released lease and a partition never leased refuse fenced writes too', async () => {
    const a = await node('node-a', SHORT_LEASE_MS);
    const la = (await a.acquire('live', 1))!;
    // Lapsed: no renewal for longer than the lease. Waited for by polling the database clock, not by sleeping.
    await until('the lease to lapse', async () => ((await a.status()).partitions[0]!.owner === null ? true : null));
    const lapsed = await store.fencedTransaction(fenceOf('node-a', la), (tx) => tx.insertCustomer(customer('cus_lapsed'))).catch((e: unknown) => e);
    expect(lapsed).toBeInstanceOf(LeaseLostError);
    expect(await customerRows('cus_lapsed')).toBe(0);

    // Re-taken by the same node: a new epoch; the write of the old epoch is still refused.
    const again = (await a.acquire('live', 1))!;
    expect(again.epoch).toBe(2);
    await expect(store.fencedTransaction(fenceOf('node-a', la), (tx) => tx.insertCustomer(customer('cus_old_epoch')))).rejects.toBeInstanceOf(LeaseLostError);

    await a.release(again);
    expect((await a.status()).partitions[0]).toMatchObject({ owner: null, epoch: 2 });
    await expect(store.fencedTransaction(fenceOf('node-a', again), (tx) => tx.insertCustomer(customer('cus_released')))).rejects.toBeInstanceOf(LeaseLostError);
    await expect(
      store.fencedTransaction({ environment: 'live', partition: 7, owner: 'node-a', epoch: 1 }, (tx) => tx.insertCustomer(customer('cus_never'))),
    ).rejects.toMatchObject({ name: 'LeaseLostError', current: null });
    for (const id of ['cus_old_epoch', 'cus_released', 'cus_never']) expect(await customerRows(id)).toBe(0);

    // After a release another node takes it at once (no wait for a lapse), epoch 3.
    const b = await node('node-b', 5000);
    expect(await b.acquire('live', 1)).toMatchObject({ epoch: 3 });
  });

  it("a node whose connection ends (it died) has its lease taken at once, not after the lease; one alive keeps it", async () => {
    const a = await node('node-a', 60_000);
    const b = await node('node-b', 60_000);
    const lease = (await a.acquire('live', 0))!;
    expect(await b.acquire('live', 0)).toBeNull();
    expect(await b.orphaned()).toBe(false);
    await a.heartbeat();
    expect((await b.status()).nodes.find((n) => n.id === 'node-a')?.connected).toBe(true);

    // Its connections end as a killed process's do: the session lock is free, its lease still has a minute to run.
    await a.close();
    expect(await b.orphaned()).toBe(true);
    const status = await b.status();
    expect(status.nodes.find((n) => n.id === 'node-a')?.connected).toBe(false);
    expect(status.partitions[0]).toMatchObject({ owner: null, epoch: 1 });
    expect(await b.acquire('live', 0)).toMatchObject({ epoch: 2 });
    expect(await b.orphaned()).toBe(false);
    await expect(store.fencedTransaction(fenceOf('node-a', lease), (tx) => tx.insertCustomer(customer('cus_dead_owner')))).rejects.toBeInstanceOf(LeaseLostError);
    expect(await customerRows('cus_dead_owner')).toBe(0);
  });

  it("a node whose lock connection dropped takes its lock again on a new one; meanwhile its lease was free to take", async () => {
    const a = await node('node-a', 60_000);
    const b = await node('node-b', 60_000);
    await a.acquire('live', 0);
    const admin = new pg.Client({ connectionString: schema.url });
    await admin.connect();
    try {
      // The server ends the session holding node-a's lock (as a network blip would end the connection).
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND objid = hashtext('node-a')::oid AND granted`,
      );
    } finally {
      await admin.end();
    }
    await until('node-a seen without its lock', async () => ((await b.orphaned()) ? true : null));
    // Once its client has seen the connection end, the next hold takes the lock again on a new session.
    await until('node-a holding its lock again', async () => ((await a.hold()) === 2 ? true : null));
    expect(await b.orphaned()).toBe(false);
    expect(await b.acquire('live', 0)).toBeNull();
  });

  it('one session lock per node id: a second process with the same id cannot hold it while the first lives', async () => {
    await node('node-a');
    const twin = PostgresCluster.open(schema.url, 'node-a', 'http://127.0.0.1:9999', 5000);
    open.push(twin);
    expect(await twin.hold()).toBeNull();
    await open[0]!.close();
    expect(await twin.hold()).toBe(1);
  });

  it('the node registry: a heartbeat upserts id, internal_url and last_seen from the database clock', async () => {
    const a = await node('node-a');
    const b = await node('node-b');
    await a.heartbeat();
    await b.heartbeat();
    const first = await a.status();
    expect(first.nodes.map((n) => [n.id, n.internal_url])).toEqual([
      ['node-a', 'http://127.0.0.1:9000'],
      ['node-b', 'http://127.0.0.1:9001'],
    ]);
    const seen = first.nodes[0]!.last_seen;
    expect(Math.abs(seen - Date.now())).toBeLessThan(60_000);
    await until('a later heartbeat', async () => {
      await a.heartbeat();
      const n = (await a.status()).nodes[0]!;
      return n.last_seen > seen ? n : null;
    });
    expect((await a.status()).nodes).toHaveLength(2);
  });
});
