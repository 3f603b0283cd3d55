import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { ManualClock } from '../../src/engine/clock.js';
import { EventLog } from '../../src/events/event-log.js';
import { migrations } from '../../src/store/migrate.js';
import type { Store } from '../../src/store/port.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { freshSchema, postgresAvailable } from '../helpers/postgres.js';

/**
 * The migration to events numbered per customer (SQLite 017, PostgreSQL 011) on a log written before it: one
 * counter for every event, a webhook fan-out cursor behind the log's end. Each event's place becomes its old seq
 * (which grows along each customer's events), so old ids stay cursors and each customer's counter goes on after
 * its last; the events the fan-out had not reached get their deliveries once, and the cursor goes.
 */
const seed = (bool: (b: boolean) => string): string[] => [
  `INSERT INTO customers (id, number, name, api_enabled, created_at) VALUES ('cus_1', 1001, 'a', ${bool(true)}, 0), ('cus_2', 1002, 'b', ${bool(true)}, 0)`,
  ...[
    [1, 'live', 'acc_1', 'cus_1'],
    [2, 'live', 'acc_2', 'cus_2'],
    [3, 'live', 'acc_1', 'cus_1'],
    [4, 'live', 'acc_2', 'cus_2'],
    [5, 'live', 'acc_1', 'cus_1'],
    [6, 'sandbox', 'acc_3', 'cus_1'],
  ].map(
    ([seq, env, account, customer]) =>
      `INSERT INTO events (seq, id, environment, account_id, customer_id, type, created_at, data)
       VALUES (${seq}, 'evt_${env === 'live' ? 'live' : 'test'}_${String(seq).padStart(12, '0')}', '${env}', '${account}', '${customer}', 'order.created', ${100 + Number(seq)}, '{"n":${seq}}')`,
  ),
  `INSERT INTO webhooks (id, customer_id, environment, url, types, account_id, secret, after_seq, created_at) VALUES ('whk_1', 'cus_1', 'live', 'https://example.com/h', NULL, NULL, 's', 0, 0)`,
  // The fan-out had reached event 3: events 1 and 3 have their deliveries already.
  ...[1, 3].map(
    (seq) => `INSERT INTO webhook_deliveries (id, webhook_id, event_seq, event_id, event_type, payload, status, attempts, next_attempt_at, created_at, finished_at)
      VALUES ('whd_${seq}', 'whk_1', ${seq}, 'evt_live_${String(seq).padStart(12, '0')}', 'order.created', '{}', 'succeeded', 1, NULL, 0, 1)`,
  ),
  "INSERT INTO settings (name, value) VALUES ('webhooks.fanout_seq', '3')",
];

async function expectMigrated(store: Store): Promise<void> {
  const live = { environment: 'live' as const, customerId: 'cus_1' };
  expect((await store.listEvents({ ...live, afterSeq: 0, limit: 10 })).map((e) => [e.seq, e.id])).toEqual([
    [1, 'evt_live_000000000001'],
    [3, 'evt_live_000000000003'],
    [5, 'evt_live_000000000005'],
  ]);
  expect((await store.listEvents({ ...live, afterSeq: 3, limit: 10 })).map((e) => e.seq)).toEqual([5]);
  // A cursor is found by its place (the id index is gone, SQLite 020 / PostgreSQL 018), an old one by its row too.
  expect((await store.eventAt({ ...live, seq: 3 }))?.id).toBe('evt_live_000000000003');
  expect((await store.eventAt({ environment: 'live', customerId: 'cus_2', seq: 3 }))?.id).toBeUndefined();
  expect((await store.eventByRow(4))?.customer_id).toBe('cus_2');
  expect(await store.eventByRow(7)).toBeUndefined();
  // A cursor with an old id: the customer's own is its place; another customer's, found by its row, is refused.
  const log = new EventLog(store, new ManualClock(1_000_000), 86_400_000, pino({ enabled: false }));
  expect(await log.cursorSeq('evt_live_000000000003', live)).toBe(3);
  await expect(log.cursorSeq('evt_live_000000000004', live)).rejects.toMatchObject({ code: 'invalid_cursor' });
  await expect(log.cursorSeq('evt_live_000000000003', { ...live, accountId: 'acc_2' })).rejects.toMatchObject({ code: 'invalid_cursor' });
  expect(await store.eventCounters('live', ['cus_1', 'cus_2'])).toEqual(new Map([['cus_1', { number: 1001, last: 5 }], ['cus_2', { number: 1002, last: 4 }]]));
  expect(await store.eventCounters('sandbox', ['cus_1'])).toEqual(new Map([['cus_1', { number: 1001, last: 6 }]]));
  // Event 5, which the fan-out had not reached, has its delivery now; 1 and 3 keep theirs; nothing else was made.
  expect((await store.listDeliveries('whk_1', undefined, 10)).map((d) => [d.event_seq, d.event_id, d.status])).toEqual([
    [5, 'evt_live_000000000005', 'pending'],
    [3, 'evt_live_000000000003', 'succeeded'],
    [1, 'evt_live_000000000001', 'succeeded'],
  ]);
  expect(await store.getSetting('webhooks.fanout_seq')).toBeUndefined();
  // The customer's next event is numbered after its last one, with the new ids.
  await store.transaction((tx) =>
    tx.insertEvents([{ seq: 6, id: 'evt_live_1001_000000000006', environment: 'live', account_id: 'acc_1', customer_id: 'cus_1', type: 'order.filled', created_at: 200, data: '{}' }]),
  );
  expect((await store.listEvents({ ...live, afterSeq: 5, limit: 10 })).map((e) => e.id)).toEqual(['evt_live_1001_000000000006']);
  expect((await store.listDeliveries('whk_1', undefined, 1))[0]?.event_id).toBe('evt_live_1001_000000000006');
}

const pgAvailable = await postgresAvailable();

describe('the migration to events numbered per customer', () => {
  it('SQLite 017: each event keeps its place and id, counters go on after each customer, the unfanned events get their deliveries', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rampart-events-migration-'));
    const file = join(dir, 'rampart.db');
    try {
      const db = new Database(file);
      db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
      for (const m of migrations().filter((x) => x.version < 17)) {
        db.exec(m.sql);
        db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, 0)').run(m.version, m.name);
      }
      db.exec("DELETE FROM settings WHERE name = 'webhooks.fanout_seq'");
      for (const sql of seed((b) => (b ? '1' : '0'))) db.exec(sql);
      // A row numbered 9 that is gone: the numbers go on after it (AUTOINCREMENT), through 020's copy of the table too.
      db.exec("INSERT INTO events (seq, id, environment, account_id, customer_id, type, created_at, data) VALUES (9, 'evt_live_000000000009', 'live', 'acc_2', 'cus_2', 'order.created', 109, '{}')");
      db.exec('DELETE FROM events WHERE seq = 9');
      db.close();
      const store = new SqliteStore(file);
      try {
        await expectMigrated(store);
        expect((await store.eventByRow(10))?.id).toBe('evt_live_1001_000000000006');
        const after = new Database(file, { readonly: true });
        expect(after.prepare("SELECT count(*) AS n FROM sqlite_master WHERE tbl_name = 'events' AND type = 'index'").get()).toEqual({ n: 2 });
        after.close();
      } finally {
        await store.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!pgAvailable)('PostgreSQL 011: the same', async () => {
    const schema = await freshSchema();
    try {
      const dir = resolve(import.meta.dirname, '../../src/store/postgres/migrations');
      const c = new pg.Client({ connectionString: schema.url });
      await c.connect();
      try {
        await c.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)');
        for (const f of readdirSync(dir).filter((x) => /^\d{3}_/.test(x) && Number(x.slice(0, 3)) < 11).sort()) {
          await c.query(readFileSync(join(dir, f), 'utf8'));
          await c.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, 0)', [Number(f.slice(0, 3)), f.slice(4, -4)]);
        }
        await c.query("DELETE FROM settings WHERE name = 'webhooks.fanout_seq'");
        for (const sql of seed((b) => (b ? 'TRUE' : 'FALSE'))) await c.query(sql);
      } finally {
        await c.end();
      }
      const store = await PostgresStore.open(schema.url);
      try {
        await expectMigrated(store);
        // New rows take their seq (the row's identity) from a sequence that starts after the old ones.
        await store.transaction((tx) =>
          tx.insertEvents([{ seq: 5, id: 'evt_live_1002_000000000005', environment: 'live', account_id: 'acc_2', customer_id: 'cus_2', type: 'order.filled', created_at: 300, data: '{}' }]),
        );
      } finally {
        await store.close();
      }
    } finally {
      await schema.drop();
    }
  });
});
