import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_EVERY_MS, PostCommitNotices, RETRY_MS } from '../../src/store/postgres/notices.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { freshSchema, postgresAvailable, type FreshSchema } from '../helpers/postgres.js';
import { account, customer, event } from './adapters.js';

/**
 * What a store tells the other processes on its schema, and when (src/store/postgres/notices.ts, migration 014): an
 * account's figures and its new events by notices sent after the COMMIT, in a transaction of their own (a
 * transaction that notifies commits under a server-wide lock); anything else about an account, and any change by a
 * session that is not a store, by the trigger inside the transaction.
 */
const available = await postgresAvailable();

let schema: FreshSchema;
let store: PostgresStore;
let listener: pg.Client;
let heard: { channel: string; payload: Record<string, unknown> }[];

beforeEach(async () => {
  if (!available) return;
  schema = await freshSchema();
  store = await PostgresStore.open(schema.url);
  await store.transaction(async (tx) => {
    await tx.insertCustomer(customer(1));
    await tx.insertAccount(account('acc_1', 'cus_1'));
  });
  await store.notices.drain();
  listener = new pg.Client({ connectionString: schema.url });
  await listener.connect();
  heard = [];
  // Notices are server-wide: those of other schemas (other test files running beside) are left out.
  listener.on('notification', (n) => {
    const payload = JSON.parse(n.payload ?? 'null') as Record<string, unknown>;
    if (payload.schema === schema.name) heard.push({ channel: n.channel, payload });
  });
  await listener.query('LISTEN rampart_rows; LISTEN rampart_events');
});

afterEach(async () => {
  if (!available) return;
  await listener.end();
  await store.close();
  await schema.drop();
});

/** Waits for the notices sent so far to arrive (a round trip on the listener's connection comes after them). */
async function settle(): Promise<void> {
  await store.notices.drain();
  await listener.query('SELECT 1');
}

/** Each account named by a notice on rampart_rows (the trigger names one, `key`; a store's message several, `keys`). */
const rows = () =>
  heard
    .filter((h) => h.channel === 'rampart_rows')
    .flatMap((h) => (Array.isArray(h.payload.keys) ? (h.payload.keys as string[]) : [h.payload.key]).map((key) => ({ key, origin: h.payload.origin })));

describe.skipIf(!available)('notices to the other processes on PostgreSQL', () => {
  it("tells an account's new figures and events after the COMMIT, once per batch, under the store's own origin", async () => {
    const origin = (await listener.query<{ o: string }>("SELECT current_setting('rampart.origin', true) AS o")).rows[0]!.o;
    expect(origin ?? '').toBe('');
    await Promise.all([
      store.transaction(async (tx) => {
        await tx.updateAccount('acc_1', { balance: '100001', rule_state: '{"x":1}' }, 2000);
        await tx.insertEvents([event(1, 'acc_1')]);
      }),
      store.transaction((tx) => tx.updateAccount('acc_1', { balance: '100002' }, 2001)),
    ]);
    await settle();
    expect(rows()).toHaveLength(1);
    expect(rows()[0]!.key).toBe('acc_1');
    expect(typeof rows()[0]!.origin).toBe('string');
    const events = heard.filter((h) => h.channel === 'rampart_events');
    expect(events).toHaveLength(1);
    expect(events[0]!.payload.accountIds).toEqual(['acc_1']);
    expect(store.notices.stats).toMatchObject({ failed: 0 });
  });

  it("names the accounts a message changed in one notice, in several when they would not fit one's payload", async () => {
    const ids = Array.from({ length: 400 }, (_, i) => `acc_${String(i).padStart(16, '0')}`);
    await store.transaction(async (tx) => {
      for (const id of ids) await tx.insertAccount(account(id, 'cus_1'));
    });
    await settle();
    heard = [];
    await store.transaction(async (tx) => {
      for (const id of ids) await tx.updateAccount(id, { balance: '100001' }, 2000);
    });
    await settle();
    const notices = heard.filter((h) => h.channel === 'rampart_rows');
    // 400 ids of 20 characters (≈9 kB named) do not fit one payload (8,000 bytes): two notices, each id once.
    expect(notices).toHaveLength(2);
    expect(notices.every((n) => n.payload.table === 'accounts' && Array.isArray(n.payload.keys))).toBe(true);
    expect(rows().map((r) => r.key).sort()).toEqual([...ids].sort());
  });

  it("notifies from the trigger for an account's status, pause or rule, whoever writes it", async () => {
    await store.transaction((tx) => tx.updateAccount('acc_1', { status: 'suspended', status_reason: 'operator' }, 2000));
    await settle();
    // The trigger's notice (inside the transaction) and the store's (after it): both name the account.
    expect(rows().map((r) => r.key)).toEqual(['acc_1', 'acc_1']);
  });

  it("notifies from the trigger for an operator's SQL, figures included (its session is no store)", async () => {
    await listener.query("UPDATE accounts SET balance = '5' WHERE id = 'acc_1'");
    await settle();
    expect(rows()).toEqual([{ key: 'acc_1', origin: null }]);
    // A store's session changing only figures: no notice from inside the transaction.
    const u = new URL(schema.url);
    u.searchParams.set('options', `${u.searchParams.get('options') ?? ''} -c rampart.origin=someone`);
    const as = new pg.Client({ connectionString: u.toString() });
    await as.connect();
    try {
      heard = [];
      await as.query("UPDATE accounts SET balance = '6', updated_at = 3 WHERE id = 'acc_1'");
      await as.query("UPDATE accounts SET paused_until = 9 WHERE id = 'acc_1'");
    } finally {
      await as.end();
    }
    await settle();
    expect(rows()).toEqual([{ key: 'acc_1', origin: 'someone' }]);
  });

  it("the trigger's condition names every column of accounts but the figures (migration 017): none added later is left out", async () => {
    const figures = new Set(['balance', 'rule_state', 'last_used_at', 'updated_at']);
    const columns = (
      await listener.query<{ column_name: string }>('SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2', [schema.name, 'accounts'])
    ).rows.map((r) => r.column_name);
    const def = (
      await listener.query<{ def: string }>(
        "SELECT pg_get_triggerdef(t.oid) AS def FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND t.tgname = 'accounts_changed'",
        [schema.name],
      )
    ).rows[0]!.def;
    const named = (side: 'old' | 'new') => new Set([...def.matchAll(new RegExp(`\\b${side}\\.(\\w+)`, 'gi'))].map((m) => m[1]!.toLowerCase()));
    const compared = columns.filter((c) => !figures.has(c)).sort();
    expect(compared.length).toBeGreaterThan(10);
    expect([...named('old')].sort()).toEqual(compared);
    expect([...named('new')].sort()).toEqual(compared);
    // And it acts on one of the columns added after the first schema: a store's own write of it notifies.
    await store.transaction((tx) => tx.updateAccount('acc_1', { dead_man_fires_at: 123 }, 2000));
    await settle();
    expect(rows().map((r) => r.key)).toEqual(['acc_1', 'acc_1']);
  });

  it('sends notices that failed again within a second, with what came since, and says why', async () => {
    const pool = new pg.Pool({ connectionString: schema.url, max: 1 });
    let down = true;
    const flaky = { query: (sql: string) => (down ? Promise.reject(new Error('connection lost')) : pool.query(sql)) } as unknown as pg.Pool;
    const warned: string[] = [];
    const notices = new PostCommitNotices(flaky, 'origin-flaky', schema.name, (m) => warned.push(m));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      notices.accountChanged('acc_1');
      notices.eventsFor(new Set(['acc_1']));
      await settleOn(notices);
      expect(notices.stats).toEqual({ sent: 0, failed: 1 });
      expect(warned).toEqual([`notices to the other nodes were not sent (connection lost); sent again in ${RETRY_MS} ms`]);
      expect(heard).toEqual([]);
      // Still down at the retry: kept again, one more failure, one more line.
      await vi.advanceTimersByTimeAsync(RETRY_MS);
      await settleOn(notices);
      expect(notices.stats).toEqual({ sent: 0, failed: 2 });
      down = false;
      notices.eventsFor(new Set(['acc_2']));
      await settleOn(notices);
      // What failed goes with what came next: both accounts' events in one notice, acc_1's figures.
      expect(notices.stats).toEqual({ sent: 2, failed: 2 });
      expect(rows()).toEqual([{ key: 'acc_1', origin: 'origin-flaky' }]);
      const events = heard.filter((h) => h.channel === 'rampart_events');
      expect(events.map((e) => e.payload.accountIds)).toEqual([['acc_1', 'acc_2']]);
      // The retry due then finds nothing left to send.
      await vi.advanceTimersByTimeAsync(RETRY_MS);
      await settleOn(notices);
      expect(notices.stats.sent).toBe(2);
      expect(heard).toHaveLength(2);
    } finally {
      vi.useRealTimers();
      await notices.close();
      await pool.end();
    }
  });
});

async function settleOn(notices: PostCommitNotices): Promise<void> {
  await notices.drain();
  await listener.query('SELECT 1');
}

describe('the spacing of notices', () => {
  it('sends one message per turn at most every NOTICE_EVERY_MS, what came meanwhile together; drain sends it at once', async () => {
    const sent: string[] = [];
    const pool = { query: async (sql: string) => void sent.push(sql) } as unknown as pg.Pool;
    const notices = new PostCommitNotices(pool, 'origin-spaced', 'spaced');
    const turn = () => new Promise((r) => setImmediate(r));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      notices.eventsFor(new Set(['acc_1']));
      await turn();
      await turn();
      expect(sent).toHaveLength(1);
      // Within the spacing: held, and what comes meanwhile joins it.
      notices.eventsFor(new Set(['acc_2']));
      await turn();
      notices.accountChanged('acc_3');
      notices.eventsFor(new Set(['acc_4']));
      await turn();
      expect(sent).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(NOTICE_EVERY_MS);
      await turn();
      expect(sent).toHaveLength(2);
      expect(sent[1]).toContain('acc_2');
      expect(sent[1]).toContain('acc_3');
      expect(sent[1]).toContain('acc_4');
      // A message due later is sent at once by drain (a closing store, the tests).
      notices.eventsFor(new Set(['acc_5']));
      await turn();
      expect(sent).toHaveLength(2);
      await notices.drain();
      expect(sent).toHaveLength(3);
      expect(sent[2]).toContain('acc_5');
      expect(notices.stats).toEqual({ sent: 4, failed: 0 });
    } finally {
      vi.useRealTimers();
      await notices.close();
    }
  });
});
