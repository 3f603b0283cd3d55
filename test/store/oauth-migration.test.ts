import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../src/store/migrate.js';
import type { Store } from '../../src/store/port.js';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { freshSchema, postgresAvailable } from '../helpers/postgres.js';

/**
 * Issue 27, finding 9 (docs/SECURITY.md): the migration that keys OAuth records by a hash (SQLite 015,
 * PostgreSQL 009) on a database written before it, whose records are keyed by raw codes, tokens and session
 * cookies: it drops every record but the registered clients (the flows and grants cannot be rehashed in SQL) and
 * revokes the access tokens minted for those grants, leaving every other credential alone.
 */
const seed = (bool: (b: boolean) => string): string[] => [
  `INSERT INTO customers (id, number, name, api_enabled, created_at) VALUES ('cus_1', 1, 'c', ${bool(true)}, 0)`,
  ...['tok_minted', 'tok_operator'].map(
    (id) => `INSERT INTO credentials (id, kind, customer_id, name, environment, access, token_kind, resource, reduce_only, ip_allowlist, created_at, prefix, hash)
      VALUES ('${id}', 'token', 'cus_1', 'n', 'sandbox', 'read', 'app', 'sandbox.rampart.test', ${bool(false)}, '[]', 0, 'rat_test_x', 'hash_${id}')`,
  ),
  ...[
    ['Client', 'app_1', 'NULL'],
    ['RefreshToken', 'raw-refresh-token-value', "'g1'"],
    ['AuthorizationCode', 'raw-code-value', "'g1'"],
    ['Session', 'raw-session-cookie', 'NULL'],
    ['Grant', 'g1', 'NULL'],
    ['RampartConsent', 'g1', "'g1'"],
    ['RampartToken', 'tok_minted', "'g1'"],
  ].map(([model, id, grant]) => `INSERT INTO oauth_records (model, id, payload, expires_at, grant_id) VALUES ('${model}', '${id}', '{}', NULL, ${grant})`),
];

async function expectMigrated(store: Store): Promise<void> {
  for (const model of ['RefreshToken', 'AuthorizationCode', 'Session', 'Grant', 'RampartConsent', 'RampartToken']) {
    expect(await store.listOAuthRecords(model, 0), model).toEqual([]);
  }
  expect((await store.listOAuthRecords('Client', 0)).map((r) => [r.id, r.account_id, r.address])).toEqual([['app_1', null, null]]);
  expect((await store.getCredential('tok_minted'))!.revoked_at).not.toBeNull();
  expect((await store.getCredential('tok_operator'))!.revoked_at).toBeNull();
}

const pgAvailable = await postgresAvailable();

describe('the migration to hashed OAuth record ids', () => {
  it('SQLite 015: drops raw-keyed records but the clients, revokes the minted tokens', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rampart-oauth-migration-'));
    const file = join(dir, 'rampart.db');
    try {
      const db = new Database(file);
      db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
      for (const m of migrations().filter((x) => x.version < 15)) {
        db.exec(m.sql);
        db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, 0)').run(m.version, m.name);
      }
      for (const sql of seed((b) => (b ? '1' : '0'))) db.exec(sql);
      db.close();
      const store = new SqliteStore(file);
      try {
        await expectMigrated(store);
      } finally {
        await store.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!pgAvailable)('PostgreSQL 009: the same', async () => {
    const schema = await freshSchema();
    try {
      const dir = resolve(import.meta.dirname, '../../src/store/postgres/migrations');
      const c = new pg.Client({ connectionString: schema.url });
      await c.connect();
      try {
        await c.query('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)');
        for (const f of readdirSync(dir).filter((x) => /^\d{3}_/.test(x) && Number(x.slice(0, 3)) < 9).sort()) {
          await c.query(readFileSync(join(dir, f), 'utf8'));
          await c.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, 0)', [Number(f.slice(0, 3)), f.slice(4, -4)]);
        }
        for (const sql of seed((b) => (b ? 'TRUE' : 'FALSE'))) await c.query(sql);
      } finally {
        await c.end();
      }
      const store = await PostgresStore.open(schema.url);
      try {
        await expectMigrated(store);
      } finally {
        await store.close();
      }
    } finally {
      await schema.drop();
    }
  });
});
