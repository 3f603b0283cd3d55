import pg from 'pg';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/engine/clock.js';
import { EventLog } from '../../src/events/event-log.js';
import { StoreUnavailableError } from '../../src/store/port.js';
import { durableUrl } from '../../src/store/postgres/durability.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { freshSchema, postgresAvailable, type FreshSchema } from '../helpers/postgres.js';
import { account, customer, event } from './adapters.js';

const available = await postgresAvailable();

/** Several processes ("nodes") on one PostgreSQL schema: migrations, event visibility, cross-node wake-ups. */
describe.skipIf(!available)('PostgreSQL store, several nodes', () => {
  const open: PostgresStore[] = [];
  let schema: FreshSchema | undefined;
  const node = async (url: string) => {
    const s = await PostgresStore.open(url);
    open.push(s);
    return s;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
    await schema?.drop();
    schema = undefined;
  });

  async function sql<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
    const c = new pg.Client({ connectionString: schema!.url });
    await c.connect();
    try {
      return (await c.query<T>(text)).rows;
    } finally {
      await c.end();
    }
  }

  it('three nodes starting at once on a new schema apply each migration exactly once; one of them finds it new', async () => {
    schema = await freshSchema();
    const nodes = await Promise.all([node(schema.url), node(schema.url), node(schema.url)]);
    expect(nodes.filter((n) => n.isNew)).toHaveLength(1);
    const rows = await sql<{ version: number; n: string }>('SELECT version, COUNT(*) AS n FROM schema_migrations GROUP BY version ORDER BY version');
    // 001 the schema, 002 the cluster's leases and node registry, 003 webhook delivery claims, 004 events without
    // the created_at index, 005 the dashboard's people, 006 the dead-man switch's deadline on accounts,
    // 007 the OAuth authorization server's records, 008 the tick record, 009 OAuth records keyed by a hash,
    // 010 sign-ups waiting for their link and sign-in attempts, 011 events numbered per customer, 012 the notices of
    // changed keys, customers and accounts, 013 the lease's epoch a key column, 014 an account's figures told after
    // the COMMIT, 015 the rulebook version of an account, 016 signals and their alerts, 017 the accounts trigger's
    // condition by column, 018 events without the index on ids.
    expect(rows).toEqual([
      { version: 1, n: '1' },
      { version: 2, n: '1' },
      { version: 3, n: '1' },
      { version: 4, n: '1' },
      { version: 5, n: '1' },
      { version: 6, n: '1' },
      { version: 7, n: '1' },
      { version: 8, n: '1' },
      { version: 9, n: '1' },
      { version: 10, n: '1' },
      { version: 11, n: '1' },
      { version: 12, n: '1' },
      { version: 13, n: '1' },
      { version: 14, n: '1' },
      { version: 15, n: '1' },
      { version: 16, n: '1' },
      { version: 17, n: '1' },
      { version: 18, n: '1' },
    ]);
    // A later start finds nothing to do.
    expect((await node(schema.url)).isNew).toBe(false);
  });

  it("nodes write their customers' events without waiting on each other; a reader pages each customer's in order", async () => {
    schema = await freshSchema();
    const [a, b, reader] = [await node(schema.url), await node(schema.url), await node(schema.url)];
    await a.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertCustomer(customer(2));
      await tx.insertAccount(account('acc_1', 'cus_1'));
      await tx.insertAccount(account('acc_2', 'cus_2'));
    });
    let releaseA!: () => void;
    const holdA = new Promise<void>((r) => (releaseA = r));
    let aWrote!: () => void;
    const aHasWritten = new Promise<void>((r) => (aWrote = r));
    // Node A writes customer 1's events and stays open; node B writes customer 2's meanwhile and commits at once.
    const txA = a.transaction(async (tx) => {
      await tx.insertEvents([event(1, 'acc_1'), event(2, 'acc_1')]);
      await tx.eventCounters('live', ['cus_1']);
      aWrote();
      await holdA;
    });
    await aHasWritten;
    await b.transaction((tx) => tx.insertEvents([event(1, 'acc_2', { customer_id: 'cus_2' }), event(2, 'acc_2', { customer_id: 'cus_2' })]));
    // No advisory lock is waited for, by anyone.
    expect((await sql<{ n: string }>("SELECT COUNT(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"))[0]!.n).toBe('0');
    const seen = async (customerId: string, after = 0) => (await reader.listEvents({ environment: 'live', customerId, afterSeq: after, limit: 10 })).map((e) => e.seq);
    expect(await seen('cus_2')).toEqual([1, 2]);
    expect(await seen('cus_1')).toEqual([]);
    releaseA();
    await txA;
    expect(await seen('cus_1')).toEqual([1, 2]);
    expect(await seen('cus_2', 1)).toEqual([2]);
  });

  it('a named lock is held by one node at a time until its transaction ends; tryLock does not wait for it', async () => {
    schema = await freshSchema();
    const [a, b] = [await node(schema.url), await node(schema.url)];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const aLocked = new Promise<void>((r) => (locked = r));
    const txA = a.transaction(async (tx) => {
      await tx.lock('test');
      locked();
      await held;
    });
    await aLocked;
    expect(await b.transaction((tx) => tx.tryLock('test'))).toBe(false);
    // Another name, or the same name in another schema, is another lock.
    expect(await b.transaction((tx) => tx.tryLock('other'))).toBe(true);
    const other = await freshSchema();
    try {
      const elsewhere = await PostgresStore.open(other.url);
      expect(await elsewhere.transaction((tx) => tx.tryLock('test'))).toBe(true);
      await elsewhere.close();
    } finally {
      await other.drop();
    }
    let bGot = false;
    const txB = b.transaction((tx) => tx.lock('test')).then(() => (bGot = true));
    const waiting = `SELECT COUNT(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
      AND objid::bigint = (hashtext('rampart.test:' || current_schema())::bigint & 4294967295)`;
    await expect.poll(async () => (await sql<{ n: string }>(waiting))[0]!.n, { timeout: 5000 }).toBe('1');
    expect(bGot).toBe(false);
    // The wait is seen by every node of the store (the metric rampart_store_lock_waits reads it), by no other store.
    expect(await a.lockWaits()).toBe(1);
    release();
    await txA;
    await txB;
    expect(await a.lockWaits()).toBe(0);
    expect(await b.transaction((tx) => tx.tryLock('test'))).toBe(true);
  });

  it('retention runs on one node at a time: a node that finds another pruning skips its round', async () => {
    schema = await freshSchema();
    const [a, b] = [await node(schema.url), await node(schema.url)];
    await a.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertAccount(account('acc_1', 'cus_1'));
      await tx.insertEvents([1, 2, 3].map((seq) => event(seq, 'acc_1', { created_at: 10 })));
    });
    const pruner = new EventLog(b, new ManualClock(1_000_000), 1000, pino({ enabled: false }));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const aPruning = new Promise<void>((r) => (locked = r));
    const txA = a.transaction(async (tx) => {
      expect(await tx.tryLock('retention')).toBe(true);
      locked();
      await held;
    });
    await aPruning;
    expect(await pruner.prune()).toEqual({ events: 0, deliveries: 0 });
    release();
    await txA;
    expect(await pruner.prune()).toEqual({ events: 2, deliveries: 0 });
  });

  it("another node's committed events wake this node's listeners (NOTIFY), with the accounts", async () => {
    schema = await freshSchema();
    const [a, b] = [await node(schema.url), await node(schema.url)];
    await a.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertAccount(account('acc_1', 'cus_1'));
    });
    const told: (string[] | null)[] = [];
    b.onEventsCommitted((c) => told.push(c.accountIds && [...c.accountIds]));
    // A rollback tells nobody.
    await expect(a.transaction(async (tx) => {
      await tx.insertEvents([event(1, 'acc_1')]);
      throw new Error('refused');
    })).rejects.toThrow('refused');
    await a.transaction((tx) => tx.insertEvents([event(1, 'acc_1')]));
    await expect.poll(() => told, { timeout: 5000 }).toEqual([['acc_1']]);
  });

  it('says whether a commit made webhook deliveries, on this node and the others: the senders look only when it did', async () => {
    schema = await freshSchema();
    const [a, b] = [await node(schema.url), await node(schema.url)];
    await a.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertAccount(account('acc_1', 'cus_1'));
    });
    const here: (boolean | undefined)[] = [];
    const there: (boolean | undefined)[] = [];
    a.onEventsCommitted((c) => here.push(c.deliveries));
    b.onEventsCommitted((c) => there.push(c.deliveries));
    // No endpoint: no delivery, and both nodes are told so.
    await a.transaction((tx) => tx.insertEvents([event(1, 'acc_1'), event(2, 'acc_1')]));
    await expect.poll(() => there, { timeout: 5000 }).toEqual([false]);
    expect(here).toEqual([false]);
    // An endpoint of that customer: its events' deliveries are made with them, and every sender is woken.
    await a.transaction((tx) =>
      tx.insertWebhook({ id: 'whk_1', customer_id: 'cus_1', environment: 'live', url: 'https://example.com/h', types: null, account_id: null, secret: 'sealed', created_at: 9 }),
    );
    await a.transaction((tx) => tx.insertEvents([event(3, 'acc_1')]));
    await expect.poll(() => there, { timeout: 5000 }).toEqual([false, undefined]);
    expect(here).toEqual([false, undefined]);
    expect((await a.listDeliveries('whk_1', undefined, 10)).map((d) => d.event_seq)).toEqual([3]);
    // An endpoint in the other environment only: nothing made, nobody woken.
    await a.transaction((tx) =>
      tx.insertWebhook({ id: 'whk_2', customer_id: 'cus_1', environment: 'sandbox', url: 'https://example.com/s', types: null, account_id: null, secret: 'sealed', created_at: 9 }),
    );
    await a.transaction((tx) => tx.deleteWebhook('whk_1'));
    await a.transaction((tx) => tx.insertEvents([event(4, 'acc_1')]));
    await expect.poll(() => there, { timeout: 5000 }).toEqual([false, undefined, false]);
  });

  it('a notice too large to name its accounts is told as one for any account (every reader looks)', async () => {
    schema = await freshSchema();
    const [a, b] = [await node(schema.url), await node(schema.url)];
    const ids = Array.from({ length: 400 }, (_, i) => `acc_${String(i).padStart(30, '0')}`);
    await a.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      for (const id of ids) await tx.insertAccount(account(id, 'cus_1'));
    });
    const told: (string[] | null)[] = [];
    b.onEventsCommitted((c) => told.push(c.accountIds && [...c.accountIds]));
    await a.transaction((tx) => tx.insertEvents(ids.map((id, i) => event(i + 1, id))));
    await expect.poll(() => told.length, { timeout: 5000 }).toBe(1);
    expect(told[0]).toBeNull();
  });

  it('commits durably (synchronous_commit on) even when the connection string asks otherwise, keeping its search_path', async () => {
    schema = await freshSchema();
    const u = new URL(schema.url);
    u.searchParams.set('options', `${u.searchParams.get('options')} -c synchronous_commit=off`);
    const c = new pg.Client({ connectionString: durableUrl(u.toString()) });
    await c.connect();
    try {
      const row = (await c.query("SELECT current_setting('synchronous_commit') AS sc, current_schema() AS s")).rows[0];
      expect(row).toEqual({ sc: 'on', s: schema.name });
    } finally {
      await c.end();
    }
  });

  it('an unreachable server answers store unavailable', async () => {
    await expect(PostgresStore.open('postgres://postgres@127.0.0.1:1/postgres')).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
