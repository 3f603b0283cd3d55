import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_SQL } from '../../src/store/sql/accounts.js';
import { CREDENTIAL_SQL } from '../../src/store/sql/credentials.js';
import { CUSTOMER_SQL } from '../../src/store/sql/customers.js';
import { numberPlaceholders, sqliteValues } from '../../src/store/sql/dialect.js';
import { EVENT_SQL } from '../../src/store/sql/events.js';
import { MIGRATION_SQL } from '../../src/store/sql/migrations.js';
import { OAUTH_SQL } from '../../src/store/sql/oauth.js';
import { ORDER_SQL } from '../../src/store/sql/orders.js';
import { PEOPLE_SQL } from '../../src/store/sql/people.js';
import { SETTING_SQL } from '../../src/store/sql/settings.js';
import { TICK_SQL } from '../../src/store/sql/ticks.js';
import { WEBHOOK_SQL } from '../../src/store/sql/webhooks.js';

/*
 * One source of SQL for both stores (src/store/sql/dialect.ts): every statement the two adapters share is written
 * once in a query table, and an adapter holds only what is its engine's own, each named below with the reason.
 */

const ROOT = join(import.meta.dirname, '..', '..');
type Engine = 'sqlite' | 'postgres';

/** What an adapter may write itself: its engine's own statements, by file and beginning, and why. */
const ENGINE_OWN: { engine: Engine; file: string; starts: string[]; why: string }[] = [
  { engine: 'sqlite', file: 'durability.ts', starts: ['BEGIN IMMEDIATE', 'SAVEPOINT', 'RELEASE', 'ROLLBACK', 'COMMIT'], why: 'the one writer’s transactions' },
  { engine: 'sqlite', file: 'connection.ts', starts: ['PRAGMA'], why: 'SQLite’s settings' },
  { engine: 'sqlite', file: 'checkpointer.ts', starts: ['PRAGMA'], why: 'WAL checkpoints' },
  { engine: 'sqlite', file: 'events.ts', starts: ['INSERT OR IGNORE INTO webhook_deliveries'], why: 'the outbox: random ids and the JSON type match in SQLite’s functions' },
  {
    engine: 'sqlite',
    file: 'orders.ts',
    starts: ['SELECT account_id, COUNT(*)', 'INSERT INTO events', 'UPDATE orders SET status'],
    why: 'the restart cancel: the stored order edited with SQLite’s JSON functions',
  },
  { engine: 'postgres', file: 'durability.ts', starts: ['SET lock_timeout', 'BEGIN', 'COMMIT', 'ROLLBACK'], why: 'migrations under an advisory lock' },
  { engine: 'postgres', file: 'group-commit.ts', starts: ['BEGIN', 'RELEASE SAVEPOINT', 'SAVEPOINT', 'ROLLBACK', 'COMMIT'], why: 'the group commit’s batches' },
  { engine: 'postgres', file: 'notices.ts', starts: ['SELECT pg_notify', 'BEGIN; SET LOCAL synchronous_commit'], why: 'notifications to the other nodes' },
  { engine: 'postgres', file: 'postgres-store.ts', starts: ['SET LOCAL idle_in_transaction_session_timeout', 'SELECT current_schema()'], why: 'session settings' },
  { engine: 'postgres', file: 'events.ts', starts: ['INSERT INTO webhook_deliveries'], why: 'the outbox: random ids and the JSON type match in PostgreSQL’s functions' },
  { engine: 'postgres', file: 'lease-fence.ts', starts: ['SELECT owner, epoch'], why: 'the lease check on the database clock, FOR KEY SHARE' },
  { engine: 'postgres', file: 'locks.ts', starts: ['SELECT pg_advisory_xact_lock', 'SELECT pg_try_advisory_xact_lock', 'SELECT * FROM rampart_claim_idempotency'], why: 'advisory locks' },
  {
    engine: 'postgres',
    file: 'orders.ts',
    starts: ['SELECT account_id, COUNT(*)', 'INSERT INTO events', 'UPDATE orders o SET status'],
    why: 'the restart cancel: the stored order rebuilt with PostgreSQL’s JSON functions',
  },
  { engine: 'postgres', file: 'settings.ts', starts: ['WITH free AS'], why: 'a quote row another node writes is skipped (SKIP LOCKED)' },
  { engine: 'postgres', file: 'ticks.ts', starts: ['INSERT INTO ticks'], why: 'a batch in one statement through unnest' },
];

/** Entries of a query table that one engine runs, and what the other does instead. */
const ONE_ENGINE: Record<string, Engine> = {
  // PostgreSQL's own statements are in ENGINE_OWN (SKIP LOCKED; a batch through unnest).
  'SETTING_SQL.putQuote': 'sqlite',
  'TICK_SQL.insert': 'sqlite',
  // SQLite asks before writing the outbox (a synchronous read); PostgreSQL holds the outbox statement unasked (no round trip).
  'EVENT_SQL.hasEndpoints': 'sqlite',
  // SQLite answers an endpoint from its cached list of all of them.
  'WEBHOOK_SQL.byId': 'postgres',
};

const SQL_START = /^(SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|ALTER|DROP|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|PRAGMA|SET|LOCK)\b/;

function sources(engine: Engine): { file: string; text: string }[] {
  const dir = join(ROOT, 'src', 'store', engine);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));
}

/** The SQL statements written as string literals in a source (quoted or template). */
function statements(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(['`])((?:(?!\1)[\s\S])*?)\1/g)) {
    const s = m[2]!.replace(/\s+/g, ' ').trim();
    if (SQL_START.test(s)) out.push(s);
  }
  return out;
}

const TABLES: Record<string, Record<string, unknown>> = {
  ACCOUNT_SQL,
  CREDENTIAL_SQL,
  CUSTOMER_SQL,
  EVENT_SQL,
  MIGRATION_SQL,
  OAUTH_SQL,
  ORDER_SQL,
  PEOPLE_SQL,
  SETTING_SQL,
  TICK_SQL,
  WEBHOOK_SQL,
};

describe('one source of SQL for both stores', () => {
  for (const engine of ['sqlite', 'postgres'] as const) {
    it(`${engine}: the adapter writes only its engine's own statements; every shared one comes from the query tables`, () => {
      const strays: string[] = [];
      for (const { file, text } of sources(engine)) {
        const own = ENGINE_OWN.filter((o) => o.engine === engine && o.file === file).flatMap((o) => o.starts);
        for (const s of statements(text)) if (!own.some((start) => s.startsWith(start))) strays.push(`${file}: ${s.slice(0, 100)}`);
      }
      expect(strays).toEqual([]);
    });
  }

  it('every entry of the query tables is run by both adapters (a pair by each its own half)', () => {
    const text = { sqlite: sources('sqlite').map((s) => s.text).join('\n'), postgres: sources('postgres').map((s) => s.text).join('\n') };
    const unused: string[] = [];
    for (const [table, entries] of Object.entries(TABLES)) {
      for (const [key, value] of Object.entries(entries)) {
        const name = `${table}.${key}`;
        const pair = typeof value === 'object' && value !== null && 'sqlite' in value && 'postgres' in value;
        for (const engine of ['sqlite', 'postgres'] as const) {
          if (ONE_ENGINE[name] !== undefined && ONE_ENGINE[name] !== engine) continue;
          const used = pair ? text[engine].includes(`${name}.${engine}`) : text[engine].includes(name);
          if (!used) unused.push(`${name} (${engine})`);
        }
      }
    }
    expect(unused).toEqual([]);
  });

  it('the check above finds a stray statement (control case)', () => {
    expect(statements("const x = 'SELECT * FROM orders WHERE id = ?'; const y = `UPDATE accounts\n SET a = 1`; const z = 'Select a key';")).toEqual([
      'SELECT * FROM orders WHERE id = ?',
      'UPDATE accounts SET a = 1',
    ]);
  });

  it('numbers placeholders for PostgreSQL outside quoted text, and leaves a numbered statement as it is', () => {
    expect(numberPlaceholders('SELECT * FROM t WHERE a = ? AND b IN (?, ?)')).toBe('SELECT * FROM t WHERE a = $1 AND b IN ($2, $3)');
    expect(numberPlaceholders("SELECT '?' AS q, a FROM t WHERE b = ?")).toBe("SELECT '?' AS q, a FROM t WHERE b = $1");
    expect(numberPlaceholders('SELECT 1 FROM t WHERE types::jsonb ? e.type AND a = $1')).toBe('SELECT 1 FROM t WHERE types::jsonb ? e.type AND a = $1');
    expect(numberPlaceholders('SELECT 1')).toBe('SELECT 1');
  });

  it('binds booleans as SQLite takes them', () => {
    expect(sqliteValues([true, false, 1, 'x', null])).toEqual([1, 0, 1, 'x', null]);
  });
});
