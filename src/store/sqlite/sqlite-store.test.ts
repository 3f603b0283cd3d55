import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountRecord, CustomerRecord } from '../port.js';
import { withFaults } from '../faults.js';
import { SqliteStore } from './sqlite-store.js';

let dir: string;
let file: string;
let store: SqliteStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rampart-store-'));
  file = join(dir, 'rampart.db');
  store = new SqliteStore(file);
});

afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const customer = (n: number): CustomerRecord => ({ id: `cus_${n}`, number: n, name: `c${n}`, api_enabled: true, created_at: 1 });

const account = (id: string, customerId: string): AccountRecord => ({
  id,
  customer_id: customerId,
  environment: 'live',
  status: 'active',
  stage: 'funded',
  product: 'funded-100k',
  size: '100000',
  starting_balance: '100000',
  balance: '100000',
  rule: { kind: 'none' } as unknown as AccountRecord['rule'],
  status_reason: null,
  rule_state: null,
  parked: false,
  paused_until: null,
  last_used_at: 1,
  created_at: 1,
  updated_at: 1,
});

/** What another connection (the operator CLI) sees: committed rows only. */
function committedCustomers(): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT id FROM customers ORDER BY number').all() as { id: string }[]).map((r) => r.id);
  } finally {
    db.close();
  }
}

describe('SqliteStore group commit', () => {
  it('commits the transactions started in one turn together, each answered only once it is on disk', async () => {
    const writes = Array.from({ length: 40 }, (_, i) =>
      // Every answer comes after its row is committed (visible to another connection).
      store.transaction((tx) => tx.insertCustomer(customer(i + 1))).then(() => committedCustomers().includes(`cus_${i + 1}`)),
    );
    expect(await Promise.all(writes)).toEqual(Array.from({ length: 40 }, () => true));
    expect(committedCustomers()).toHaveLength(40);
    expect(store.stats.transactions).toBe(40);
    expect(store.stats.commits).toBeLessThan(40);
  });

  it('rolls back a failing transaction alone: the others of its batch commit', async () => {
    const undone: string[] = [];
    const results = await Promise.allSettled([
      store.transaction((tx) => tx.insertCustomer(customer(1))),
      store.transaction(async (tx) => {
        await tx.insertCustomer(customer(2));
        tx.onRollback(() => undone.push('second'));
        throw new Error('refused');
      }),
      store.transaction((tx) => tx.insertCustomer(customer(3))),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(undone).toEqual(['second']);
    expect(committedCustomers()).toEqual(['cus_1', 'cus_3']);
  });

  it('fails every member of a batch whose COMMIT fails, undoing each, and keeps nothing of it', async () => {
    const faults = withFaults(store);
    const undone: string[] = [];
    const first = store.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      tx.onRollback(() => undone.push('first'));
    });
    const second = store.transaction(async (tx) => {
      await tx.insertCustomer(customer(2));
      tx.onRollback(() => undone.push('second'));
      // The disk fails after both ran, before their shared COMMIT.
      faults.failing = true;
    });
    const results = await Promise.allSettled([first, second]);
    faults.failing = false;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(undone.sort()).toEqual(['first', 'second']);
    expect(committedCustomers()).toEqual([]);
    expect(await store.getCustomer('cus_1')).toBeUndefined();
    // And the store works again.
    await store.transaction((tx) => tx.insertCustomer(customer(3)));
    expect(committedCustomers()).toEqual(['cus_3']);
  });

  it('publishes committed events once, after the COMMIT, for the whole batch', async () => {
    await store.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertAccount(account('70000001', 'cus_1'));
      await tx.insertAccount(account('70000002', 'cus_1'));
    });
    const published: string[][] = [];
    store.onEventsCommitted((c) => published.push([...(c.accountIds ?? [])].sort()));
    const event = (seq: number, accountId: string) => ({ seq, id: `evt_${seq}`, environment: 'live' as const, account_id: accountId, customer_id: 'cus_1', type: 'order.filled', created_at: 1, data: '{}' });
    await Promise.all([
      store.transaction((tx) => tx.insertEvents([event(1, '70000001')])),
      store.transaction((tx) => tx.insertEvents([event(2, '70000002')])),
      store.transaction(async (tx) => {
        await tx.insertEvents([event(3, '70000002')]);
        throw new Error('refused');
      }).catch(() => undefined),
    ]);
    expect(published).toEqual([['70000001', '70000002']]);
    expect((await store.listEvents({ environment: 'live', customerId: 'cus_1', afterSeq: 0, limit: 10 })).map((e) => e.seq)).toEqual([1, 2]);
  });
});

describe('SqliteStore WAL sync off the event loop', () => {
  /** A sync held until release() is called (the test's stand-in for a slow disk). */
  function holdSyncs(): () => void {
    let release!: () => void;
    store.syncFaults.hold = new Promise<void>((r) => (release = r));
    return () => {
      store.syncFaults.hold = undefined;
      release();
    };
  }
  /** Lets every ready callback and I/O of the event loop run (a few turns). */
  const turns = async (n = 5) => {
    for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
  };
  const event = (seq: number, accountId: string) => ({ seq, id: `evt_${seq}`, environment: 'live' as const, account_id: accountId, customer_id: 'cus_1', type: 'order.filled', created_at: 1, data: '{}' });
  const withAccount = () =>
    store.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertAccount(account('70000001', 'cus_1'));
    });

  it('answers a committed transaction and publishes its events only once the WAL sync that covers it is done', async () => {
    await withAccount();
    const published: string[][] = [];
    store.onEventsCommitted((c) => published.push([...(c.accountIds ?? [])]));
    const release = holdSyncs();
    let answered = false;
    const write = store.transaction((tx) => tx.insertEvents([event(1, '70000001')])).then(() => (answered = true));
    let logRead = false;
    await turns();
    // Committed in the file (another connection sees it), but not yet synced: nothing answered, nothing published,
    // and the event log is not read until the sync is done.
    const other = new Database(file, { readonly: true });
    try {
      expect(other.prepare('SELECT cseq FROM events').all()).toEqual([{ cseq: 1 }]);
    } finally {
      other.close();
    }
    const read = store.listEvents({ accountId: '70000001', afterSeq: 0, limit: 10 }).then((rows) => ((logRead = true), rows));
    await turns();
    expect({ answered, logRead, published }).toEqual({ answered: false, logRead: false, published: [] });
    const syncs = store.stats.syncs;
    release();
    await write;
    expect((await read).map((e) => e.seq)).toEqual([1]);
    expect({ answered, published, syncs: store.stats.syncs - syncs }).toEqual({ answered: true, published: [['70000001']], syncs: 1 });
  });

  it('keeps the transactions run while a sync is in flight in one open batch, committed and synced together when it ends', async () => {
    await withAccount();
    const release = holdSyncs();
    const first = store.transaction((tx) => tx.insertCustomer(customer(2)));
    await turns();
    const { commits, syncs } = store.stats;
    // The connection is free: two more transactions run while the first sync is held, in a batch left open.
    const second = store.transaction((tx) => tx.insertCustomer(customer(3)));
    await turns();
    const third = store.transaction((tx) => tx.insertCustomer(customer(4)));
    await turns();
    expect(committedCustomers()).toEqual(['cus_1', 'cus_2']);
    expect(store.stats.commits).toBe(commits);
    release();
    await Promise.all([first, second, third]);
    expect(committedCustomers()).toEqual(['cus_1', 'cus_2', 'cus_3', 'cus_4']);
    // One COMMIT for the two, and one sync after the first batch's.
    expect(store.stats.commits - commits).toBe(1);
    expect(store.stats.syncs - syncs).toBe(2);
  });

  it('fails the transactions a failed sync covered, and every call after it, without publishing their events', async () => {
    await withAccount();
    const published: string[][] = [];
    store.onEventsCommitted((c) => published.push([...(c.accountIds ?? [])]));
    store.syncFaults.failing = true;
    const results = await Promise.allSettled([
      store.transaction((tx) => tx.insertEvents([event(1, '70000001')])),
      store.transaction((tx) => tx.insertCustomer(customer(2))),
    ]);
    store.syncFaults.failing = false;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    for (const r of results) expect((r as PromiseRejectedResult).reason).toMatchObject({ name: 'StoreUnavailableError', message: expect.stringContaining('could not sync') });
    expect(published).toEqual([]);
    // Nothing is acknowledged any more, reads included, until a restart recovers the file.
    await expect(store.transaction((tx) => tx.insertCustomer(customer(3)))).rejects.toMatchObject({ message: expect.stringContaining('could not sync') });
    await expect(store.getCustomer('cus_1')).rejects.toMatchObject({ message: expect.stringContaining('could not sync') });
    await store.close();
    store = new SqliteStore(file);
    expect((await store.getCustomer('cus_1'))?.id).toBe('cus_1');
    expect((await store.getCustomer('cus_3'))).toBeUndefined();
  });
});

describe('SqliteStore statements', () => {
  it('prepares the statements of the trading hot paths once, when it opens: an order, a fill, an event (with its deliveries) and an account update prepare none', async () => {
    await store.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertAccount(account('70000001', 'cus_1'));
      // An account update's statement is one per set of columns, prepared at the first update of that set.
      await tx.updateAccount('70000001', { balance: '99999' }, 2);
      await tx.insertWebhook({ id: 'whk_1', customer_id: 'cus_1', environment: 'live', url: 'https://example.com/h', types: null, account_id: null, secret: 'sealed', created_at: 2 });
    });
    const prepare = vi.spyOn(Database.prototype, 'prepare');
    try {
      await store.transaction(async (tx) => {
        const order = { id: 'ord_1', seq: 1, environment: 'live' as const, account_id: '70000001', customer_id: 'cus_1', client_order_id: null, market: 'BTC-USD', status: 'working', created_at: 3, updated_at: 3, data: '{}' };
        await tx.upsertOrder(order);
        await tx.upsertOrder({ ...order, status: 'filled', updated_at: 4 });
        await tx.insertFill({ id: 'fil_1', account_id: '70000001', order_id: 'ord_1', filled_at: 4, data: '{}' });
        await tx.insertEvents([{ seq: 1, id: 'evt_1', environment: 'live', account_id: '70000001', customer_id: 'cus_1', type: 'order.filled', created_at: 4, data: '{}' }]);
        await tx.updateAccount('70000001', { balance: '99990' }, 4);
      });
      expect(prepare).not.toHaveBeenCalled();
    } finally {
      prepare.mockRestore();
    }
    expect((await store.getOrder('ord_1'))?.status).toBe('filled');
    expect((await store.listFills('70000001', undefined, 10)).map((f) => f.id)).toEqual(['fil_1']);
    expect((await store.listEvents({ accountId: '70000001', afterSeq: 0, limit: 10 })).map((e) => [e.id, e.customer_id])).toEqual([['evt_1', 'cus_1']]);
    expect((await store.listDeliveries('whk_1', undefined, 10)).map((d) => d.event_id)).toEqual(['evt_1']);
    expect((await store.getAccount('70000001'))?.balance).toBe('99990');
  });
  it('writes the events of a transaction in the order given, however many: each with its own columns, numbered in that order', async () => {
    await store.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertAccount(account('70000001', 'cus_1'));
      await tx.insertAccount(account('70000002', 'cus_1'));
    });
    // More than one INSERT's worth (16 rows), and not a multiple of it.
    const events = Array.from({ length: 37 }, (_, i) => ({
      seq: i + 1,
      id: `evt_${i + 1}`,
      environment: 'live' as const,
      account_id: i % 3 === 0 ? '70000002' : '70000001',
      customer_id: 'cus_1',
      type: i % 2 === 0 ? 'order.created' : 'order.filled',
      created_at: 100 + i,
      data: `{"n":${i}}`,
    }));
    await store.transaction((tx) => tx.insertEvents(events));
    const read = await store.listEvents({ environment: 'live', customerId: 'cus_1', afterSeq: 0, limit: 100 });
    expect(read.map((e) => [e.seq, e.id, e.account_id, e.type, e.created_at, e.data])).toEqual(events.map((e) => [e.seq, e.id, e.account_id, e.type, e.created_at, e.data]));
  });
});

describe('SqliteStore record cache', () => {
  it('sees a change another connection committed (the operator CLI) at the next read', async () => {
    await store.transaction((tx) => tx.insertCustomer(customer(1)));
    expect((await store.getCustomer('cus_1'))?.api_enabled).toBe(true);
    const cli = new SqliteStore(file);
    await cli.transaction((tx) => tx.setCustomerApiEnabled('cus_1', false).then(() => undefined));
    await cli.close();
    expect((await store.getCustomer('cus_1'))?.api_enabled).toBe(false);
  });

  it('drops what a rolled-back transaction read or wrote', async () => {
    await store.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertAccount(account('70000001', 'cus_1'));
    });
    await store
      .transaction(async (tx) => {
        await tx.updateAccount('70000001', { balance: '1' }, 2);
        expect((await tx.getAccount('70000001'))?.balance).toBe('1'); // read inside: cached with the uncommitted write
        throw new Error('refused');
      })
      .catch(() => undefined);
    expect((await store.getAccount('70000001'))?.balance).toBe('100000');
  });

  it('hands out records no caller can change', async () => {
    await store.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertAccount(account('70000001', 'cus_1'));
    });
    const a = (await store.getAccount('70000001'))!;
    expect(() => {
      (a as { balance: string }).balance = '0';
    }).toThrow(TypeError);
    expect((await store.getAccount('70000001'))?.balance).toBe('100000');
  });

  it('patches a cached account on update to exactly what a fresh read of the row gives', async () => {
    await store.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertAccount(account('70000001', 'cus_1'));
    });
    expect((await store.getAccount('70000001'))?.balance).toBe('100000'); // cached
    await store.transaction(async (tx) => {
      await tx.updateAccount('70000001', { balance: '99990.5', status: 'failed', status_reason: 'drawdown', paused_until: 5_000, parked: true, rule_state: '{"x":1}' }, 7);
    });
    const cached = await store.getAccount('70000001');
    const fresh = new SqliteStore(file);
    try {
      expect(cached).toEqual(await fresh.getAccount('70000001'));
      expect(cached).toMatchObject({ balance: '99990.5', status: 'failed', status_reason: 'drawdown', paused_until: 5_000, parked: true, updated_at: 7 });
    } finally {
      await fresh.close();
    }
  });
});
