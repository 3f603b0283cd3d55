import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LeaseLostError } from '../../src/store/fence.js';
import { withFaults } from '../../src/store/faults.js';
import { StoreUnavailableError } from '../../src/store/port.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import type { Tx } from '../../src/store/port.js';
import { freshSchema, postgresAvailable, recordMessages, type FreshSchema } from '../helpers/postgres.js';
import { account, customer, event } from './adapters.js';

const available = await postgresAvailable();

let schema: FreshSchema;
let store: PostgresStore;

beforeEach(async () => {
  if (!available) return;
  schema = await freshSchema();
  store = await PostgresStore.open(schema.url);
});

afterEach(async () => {
  if (!available) return;
  await store.close();
  await schema.drop();
});

/** What another connection (another node) sees: committed rows only. */
async function committed(sql: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: schema.url });
  await c.connect();
  try {
    return (await c.query<{ v: string }>(sql)).rows.map((r) => String(r.v));
  } finally {
    await c.end();
  }
}
const committedCustomers = () => committed('SELECT id AS v FROM customers ORDER BY number');

/** Partition leases written by another connection, as another node's take-overs would: `(environment, partition, owner, epoch, since, expires_at, heartbeat_at)` tuples. */
async function leases(values: string): Promise<void> {
  const c = new pg.Client({ connectionString: schema.url });
  await c.connect();
  try {
    await c.query(`INSERT INTO partition_leases (environment, partition, owner, epoch, since, expires_at, heartbeat_at) VALUES ${values}`);
  } finally {
    await c.end();
  }
}

describe.skipIf(!available)('PostgresStore group commit', () => {
  it('commits the transactions queued together in one COMMIT, each answered only once another connection sees it', async () => {
    const writes = Array.from({ length: 40 }, (_, i) =>
      store.transaction((tx) => tx.insertCustomer(customer(i + 1))).then(async () => (await committedCustomers()).includes(`cus_${i + 1}`)),
    );
    expect(await Promise.all(writes)).toEqual(Array.from({ length: 40 }, () => true));
    expect(await committedCustomers()).toHaveLength(40);
    expect(store.stats.transactions).toBe(40);
    expect(store.stats.commits).toBeLessThan(40);
  });

  // PostgreSQL's own timer on its idle sessions is what is tested: the pause is real time, 2.6 s against the 2 s bound.
  it('ends a transaction idle between statements for over 2 s, unless it allowed pauses (a partition loading)', { timeout: 20_000 }, async () => {
    const pause = () => new Promise((r) => setTimeout(r, 2600));
    const idle = await store
      .transaction(async (tx) => {
        await tx.insertCustomer(customer(901));
        await tx.getCustomer('cus_901');
        await pause();
        await tx.insertCustomer(customer(902));
      })
      .catch((e: unknown) => e);
    expect(idle).toMatchObject({ name: 'StoreUnavailableError' });
    await store.transaction(async (tx) => {
      await tx.allowPauses(10_000);
      await tx.insertCustomer(customer(903));
      await tx.getCustomer('cus_903');
      await pause();
      await tx.insertCustomer(customer(904));
    });
    expect(await committedCustomers()).toEqual(['cus_903', 'cus_904']);
    // The longer bound ended with that transaction: the next one is bounded again.
    const again = await store
      .transaction(async (tx) => {
        await tx.getCustomer('cus_903');
        await pause();
        await tx.insertCustomer(customer(905));
      })
      .catch((e: unknown) => e);
    expect(again).toMatchObject({ name: 'StoreUnavailableError' });
  });

  it('writes held statements with their text exactly as given: quotes, backslashes, placeholders, non-ASCII', async () => {
    const awkward = `O'Brien \\ "quoted" $1 $$ E'\\x' ; DROP TABLE events; -- é 中 🚀`;
    const data = JSON.stringify({ note: awkward, nested: { back: '\\\\', nl: 'a\nb' } });
    await store.transaction(async (tx) => {
      await tx.insertCustomer({ ...customer(1), name: awkward });
      await tx.insertAccount(account('acc_1', 'cus_1'));
      await tx.insertEvents([event(1, 'acc_1', { data })]);
    });
    expect((await store.getCustomer('cus_1'))?.name).toBe(awkward);
    expect((await store.eventAt({ environment: 'live', customerId: 'cus_1', seq: 1 }))?.data).toBe(data);
    expect(await committed('SELECT count(*) AS v FROM events')).toEqual(['1']);
  });

  it('starts a new batch past 48 members (each member of a batch holds a subtransaction id until its COMMIT)', async () => {
    await Promise.all(Array.from({ length: 100 }, (_, i) => store.transaction((tx) => tx.insertCustomer(customer(i + 1)))));
    expect(await committedCustomers()).toHaveLength(100);
    expect(store.stats.commits).toBeGreaterThanOrEqual(3);
  });

  it('rolls back a failing transaction alone, a statement it caught included: the others of its batch commit', async () => {
    const undone: string[] = [];
    const results = await Promise.allSettled([
      store.transaction((tx) => tx.insertCustomer(customer(1))),
      store.transaction(async (tx) => {
        await tx.insertCustomer(customer(2));
        tx.onRollback(() => undone.push('second'));
        throw new Error('refused');
      }),
      store.transaction(async (tx) => {
        await tx.insertCustomer(customer(3));
        tx.onRollback(() => undone.push('third'));
        // A duplicate key, caught here: the savepoint is aborted, so the transaction cannot commit.
        await tx.insertCustomer(customer(1)).catch(() => undefined);
      }),
      store.transaction((tx) => tx.insertCustomer(customer(4))),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(undone).toEqual(['second', 'third']);
    expect(await committedCustomers()).toEqual(['cus_1', 'cus_4']);
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
      // The store fails after both ran, before their shared COMMIT.
      faults.failing = true;
    });
    const results = await Promise.allSettled([first, second]);
    faults.failing = false;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(undone.sort()).toEqual(['first', 'second']);
    expect(await committedCustomers()).toEqual([]);
    await store.transaction((tx) => tx.insertCustomer(customer(3)));
    expect(await committedCustomers()).toEqual(['cus_3']);
  });

  it("publishes a batch's events once; a rolled-back member's events are gone (its seq a gap, never given again)", async () => {
    await store.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertAccount(account('70000001', 'cus_1'));
      await tx.insertAccount(account('70000002', 'cus_1'));
      await tx.insertEvents([event(1, '70000001')]);
    });
    const published: string[][] = [];
    store.onEventsCommitted((c) => published.push([...(c.accountIds ?? [])].sort()));
    const append = (seq: number, accountId: string, fail = false) =>
      store.transaction(async (tx) => {
        await tx.insertEvents([event(seq, accountId)]);
        if (fail) throw new Error('refused');
        return seq;
      });
    // The four are one batch unless it stays open past its 50 ms bound, which a loaded box reached once (four
    // members' round trips): the clock the bound reads stands still while they run, so the batch is what is tested.
    const still = performance.now();
    const clock = vi.spyOn(performance, 'now').mockReturnValue(still);
    const results = await Promise.allSettled([append(2, '70000001'), append(3, '70000002', true), append(4, '70000002'), append(5, '70000001')]).finally(() =>
      clock.mockRestore(),
    );
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'rejected'))).toEqual([2, 'rejected', 4, 5]);
    expect(store.stats.commits).toBe(2);
    expect(published).toEqual([['70000001', '70000002']]);
    expect(await committed('SELECT cseq AS v FROM events ORDER BY cseq')).toEqual(['1', '2', '4', '5']);
  });

  it("sends a member's last message without waiting for its answer: the next member runs meanwhile, and the COMMIT waits for both", async () => {
    await store.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertAccount(account('70000001', 'cus_1'));
    });
    const log: string[] = [];
    // Each message's answer, as the store's connections receive it.
    (store as unknown as { pool: pg.Pool }).pool.on('acquire', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown> | undefined;
      (client as unknown as { query: typeof query }).query = (...args: unknown[]) => {
        const text = String(args[0]);
        const p = query(...args);
        // The pool's own queries pass a callback and get no promise.
        void p?.then(
          () => log.push(text.includes('COMMIT') ? 'COMMIT answered' : `answered ${/(?:^|; )SAVEPOINT (member_\d+)/.exec(text)?.[1] ?? '?'}`),
          () => undefined,
        );
        return p;
      };
    });
    const append = (seq: number) =>
      store.transaction(async (tx) => {
        log.push(`start ${seq}`);
        await tx.insertEvents([event(seq, '70000001')]);
        return seq;
      });
    const still = performance.now();
    const clock = vi.spyOn(performance, 'now').mockReturnValue(still);
    const results = await Promise.all([append(1), append(2)]).finally(() => clock.mockRestore());
    expect(results).toEqual([1, 2]);
    // The second member began before the first one's message was answered, and sent its own after; one COMMIT, last.
    expect(log.indexOf('start 2')).toBeGreaterThanOrEqual(0);
    expect(log.indexOf('start 2')).toBeLessThan(log.indexOf('answered member_1'));
    expect(log.indexOf('answered member_1')).toBeLessThan(log.indexOf('answered member_2'));
    expect(log.filter((l) => l === 'COMMIT answered')).toHaveLength(1);
    expect(log.indexOf('COMMIT answered')).toBeGreaterThan(log.indexOf('answered member_2'));
    expect(await committed('SELECT cseq AS v FROM events ORDER BY cseq')).toEqual(['1', '2']);
  });

  it('a member whose last message fails once sent is undone alone; the member run meanwhile fails with it (retryable) only if it used one of its partitions', async () => {
    await leases("('live', 0, 'me', 1, 0, 9e12, 0), ('live', 1, 'me', 1, 0, 9e12, 0)");
    await store.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertAccount(account('70000001', 'cus_1'));
      await tx.insertEvents([event(1, '70000001')]);
    });
    const p0 = { environment: 'live' as const, partition: 0, owner: 'me', epoch: 1 };
    const p1 = { environment: 'live' as const, partition: 1, owner: 'me', epoch: 1 };
    const undone: string[] = [];
    const append = (fence: typeof p0, seq: number, tag: string) =>
      store.fencedTransaction(fence, async (tx) => {
        tx.onRollback(() => undone.push(tag));
        await tx.insertEvents([event(seq, '70000001')]);
        return tag;
      });
    const events = () => committed('SELECT cseq AS v FROM events ORDER BY cseq');
    const still = performance.now();
    const clock = vi.spyOn(performance, 'now').mockReturnValue(still);
    try {
      // Event 1 again fails at the server once its message went; the member run meanwhile used partition 0 too.
      const same = await Promise.allSettled([append(p0, 1, 'repeat'), append(p0, 2, 'same partition')]);
      expect(same.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect((same[0] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
      expect((same[1] as PromiseRejectedResult).reason).toBeInstanceOf(StoreUnavailableError);
      expect(undone).toEqual(['repeat', 'same partition']);
      // The member run meanwhile used another partition: it saw nothing of the failed one, and commits.
      const other = await Promise.allSettled([append(p0, 1, 'repeat again'), append(p1, 3, 'other partition')]);
      expect(other.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
      expect((other[0] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
      expect(undone).toEqual(['repeat', 'same partition', 'repeat again']);
    } finally {
      clock.mockRestore();
    }
    expect(await events()).toEqual(['1', '3']);
    // The store goes on: the retry commits.
    expect(await append(p0, 2, 'retried')).toBe('retried');
    expect(await events()).toEqual(['1', '2', '3']);
  });

  it("another node's events never wait for this node's open batch (no lock shared by the writers)", async () => {
    await store.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertCustomer(customer(2));
      await tx.insertAccount(account('70000001', 'cus_1'));
      await tx.insertAccount(account('70000002', 'cus_2'));
    });
    const peer = await PostgresStore.open(schema.url);
    try {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let wrote!: () => void;
      const written = new Promise<void>((r) => (wrote = r));
      // Our batch writes events and stays open (its member waits) while the peer writes its own and commits.
      const ours = store.transaction(async (tx) => {
        await tx.insertEvents([event(1, '70000001'), event(2, '70000001')]);
        await tx.eventCounters('live', ['cus_1']);
        wrote();
        await held;
      });
      await written;
      await peer.transaction((tx) => tx.insertEvents([event(1, '70000002', { customer_id: 'cus_2' })]));
      expect(await committed("SELECT customer_id || ':' || cseq AS v FROM events ORDER BY seq")).toEqual(['cus_2:1']);
      release();
      await ours;
      expect(await committed("SELECT customer_id || ':' || cseq AS v FROM events ORDER BY customer_id, cseq")).toEqual(['cus_1:1', 'cus_1:2', 'cus_2:1']);
    } finally {
      await peer.close();
    }
  });

  it('a lease fence refused in one member fails that member only', async () => {
    await leases("('live', 0, 'me', 1, 0, 9e12, 0), ('live', 1, 'other', 1, 0, 9e12, 0)");
    const mine = { environment: 'live' as const, partition: 0, owner: 'me', epoch: 1 };
    const lost = { environment: 'live' as const, partition: 1, owner: 'me', epoch: 1 };
    const results = await Promise.allSettled([
      store.fencedTransaction(mine, (tx) => tx.insertCustomer(customer(1))),
      store.fencedTransaction(lost, (tx) => tx.insertCustomer(customer(2))),
      store.fencedTransaction(mine, (tx) => tx.insertCustomer(customer(3))),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(LeaseLostError);
    expect(await committedCustomers()).toEqual(['cus_1', 'cus_3']);
  });

  it("a node that lost its lease and whose write meets the new owner's rows fails as fenced, not with the conflict", async () => {
    await leases("('live', 0, 'me', 1, 0, 9e12, 0), ('live', 1, 'other', 2, 0, 9e12, 0)");
    await store.transaction((tx) => tx.insertCustomer(customer(1)));
    // The write is sent in one message with the fence: the server answers that message's first error only.
    const lost = store.fencedTransaction({ environment: 'live', partition: 1, owner: 'me', epoch: 1 }, (tx) => tx.insertCustomer(customer(1)));
    await expect(lost).rejects.toBeInstanceOf(LeaseLostError);
    // Under a lease still held, the same conflict is what it is.
    const held = store.fencedTransaction({ environment: 'live', partition: 0, owner: 'me', epoch: 1 }, (tx) => tx.insertCustomer(customer(1)));
    await expect(held).rejects.toMatchObject({ code: '23505' });
    // Both rolled back alone: the store goes on.
    await store.fencedTransaction({ environment: 'live', partition: 0, owner: 'me', epoch: 1 }, (tx) => tx.insertCustomer(customer(2)));
    expect(await committedCustomers()).toEqual(['cus_1', 'cus_2']);
  });

  it("leaves a quote row another node is writing to that node instead of waiting on it; stores it otherwise", async () => {
    const quote = (last: string, time: number) => ({ market: 'BTC-USD', bid: last, ask: last, last, time });
    await store.transaction((tx) => tx.putQuote(quote('100', 1)));
    const other = new pg.Client({ connectionString: schema.url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query("UPDATE quotes SET last = '200', time = 2 WHERE market = 'BTC-USD'");
      // Answered while the other transaction still holds the row (no wait for the lock timeout).
      await store.transaction((tx) => tx.putQuote(quote('300', 3)));
      await other.query('COMMIT');
    } finally {
      await other.end();
    }
    expect((await store.listQuotes()).map((q) => [q.last, q.time])).toEqual([['200', 2]]);
    await store.transaction((tx) => tx.putQuote(quote('400', 4)));
    expect((await store.listQuotes()).map((q) => [q.last, q.time])).toEqual([['400', 4]]);
  });

  it('a transaction kept past its end refuses to write, also while another runs (one Tx object serves them in turn)', async () => {
    let kept: Tx | undefined;
    await store.transaction(async (tx) => {
      kept = tx;
      await tx.insertCustomer(customer(1));
    });
    expect(() => kept!.insertCustomer(customer(2))).toThrow('used after it ended');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const other = store.transaction(async (tx) => {
      await tx.insertCustomer(customer(3));
      started();
      await held;
    });
    await running;
    expect(() => kept!.insertCustomer(customer(4))).toThrow('used after it ended');
    expect(() => kept!.onRollback(() => undefined)).toThrow('used after it ended');
    release();
    await other;
    expect(await committedCustomers()).toEqual(['cus_1', 'cus_3']);
  });

  /** Every message the store's pool sends, with the connection that sent it. */
  const recorded = () => recordMessages((store as unknown as { pool: pg.Pool }).pool);

  it('prepares a held statement once per connection: PostgreSQL plans it once, later messages EXECUTE it with their values', async () => {
    const sent = recorded();
    await store.transaction((tx) => tx.insertCustomer(customer(1)));
    for (let i = 1; i <= 4; i++) await store.transaction((tx) => tx.insertEvents([event(i, 'acc_1')]));
    const messages = sent.filter((m) => m.text.includes('INSERT INTO events') || /EXECUTE s_/.test(m.text));
    const prepares = messages.flatMap((m) => [...m.text.matchAll(/PREPARE (s_[0-9a-f]+) AS INSERT INTO events/g)].map((x) => ({ client: m.client, name: x[1]! })));
    // One PREPARE of the event insert per connection that wrote events, and every message after it on that
    // connection an EXECUTE of it with the event's values written in (no statement text to parse and plan again).
    const clients = new Set(messages.map((m) => m.client));
    expect(prepares).toHaveLength(clients.size);
    const name = prepares[0]!.name;
    const executes = messages.filter((m) => m.text.includes(`EXECUTE ${name}(`) && !m.text.includes('PREPARE'));
    expect(executes.length).toBeGreaterThanOrEqual(3 - (clients.size - 1));
    expect(executes[0]!.text).toMatch(/EXECUTE s_[0-9a-f]+\('\d+', 'evt_cus_1_\d+', 'live', 'acc_1', 'cus_1', 'order.created', '\d+', '\{"seq":\d+\}'\)/);
    expect(await committed('SELECT cseq AS v FROM events ORDER BY cseq')).toEqual(['1', '2', '3', '4']);
    // What an EXECUTE wrote reads back as written, U+0000 too (encoded as for a parameter).
    await store.transaction((tx) => tx.insertEvents([event(5, 'acc_1', { data: '{"note":"a\u0000b"}' })]));
    expect((await store.eventAt({ environment: 'live', customerId: 'cus_1', seq: 5 }))?.data).toBe('{"note":"a\u0000b"}');
  });

  it('a message that failed before a PREPARE it held: that connection writes its statements whole from then on, and they commit', async () => {
    const sent = recorded();
    await store.transaction((tx) => tx.insertEvents([event(1, 'acc_1')]));
    // The first insert meets event 1's place (a unique conflict) before the second's PREPARE (two events: another
    // statement) runs: PostgreSQL skips the rest of the message, and that statement was never prepared.
    const failed = await store
      .transaction(async (tx) => {
        await tx.insertEvents([event(1, 'acc_1')]);
        await tx.insertEvents([event(2, 'acc_1'), event(3, 'acc_1')]);
      })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    const failedOn = sent.find((m) => /PREPARE s_[0-9a-f]+ AS INSERT INTO events .*\), \(/.test(m.text))!;
    expect(failedOn).toBeDefined();
    await store.transaction((tx) => tx.insertEvents([event(2, 'acc_1'), event(3, 'acc_1')]));
    expect(await committed('SELECT cseq AS v FROM events ORDER BY cseq')).toEqual(['1', '2', '3']);
    const after = sent.slice(sent.indexOf(failedOn) + 1).filter((m) => m.client === failedOn.client && m.text.includes('events'));
    expect(after.length).toBeGreaterThan(0);
    for (const m of after) expect(m.text).not.toMatch(/PREPARE|EXECUTE/);
  });
});
