import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../../src/store/postgres/postgres-store.js';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { freshSchema, postgresAvailable, type FreshSchema } from '../helpers/postgres.js';

/**
 * The two stores' schemas, as their migrations leave them, compared table by table and column by column: names,
 * types (SQLite's TEXT is PostgreSQL's text or numeric — decimals are text there; INTEGER is bigint, integer or
 * boolean), NOT NULL, primary keys, unique keys and indexes (by name, columns, uniqueness and whether partial). The
 * migrations are written twice (src/store/migrations, src/store/postgres/migrations): this is what keeps them one
 * schema. What differs on purpose is listed in DIFFERENCES, each with its reason; anything else fails.
 */
const available = await postgresAvailable();

interface Column {
  type: 'TEXT' | 'INTEGER';
  notNull: boolean;
}
interface Table {
  columns: Record<string, Column>;
  primaryKey: string[];
  /** Unique keys other than the primary key, as `a,b` (` where` when partial). */
  unique: string[];
  /** Named indexes that are not keys, as `name(a,b)` (` unique`, ` where` as they are). */
  indexes: string[];
}
type Schema = Record<string, Table>;

const DIFFERENCES = {
  /** SQLite is a cluster of one: no leases, no node registry (docs/DEVIATIONS.md, "SQLite is a cluster of one"). */
  postgresOnlyTables: ['cluster_nodes', 'partition_leases'],
  /**
   * Added to a table with rows by ALTER TABLE, which cannot add a NOT NULL column without a default in SQLite
   * (migration 017); every write sets it (the store contract suite reads it back on both stores).
   */
  sqliteNullable: ['events.cseq'],
};

async function sqliteSchema(): Promise<Schema> {
  const dir = mkdtempSync(join(tmpdir(), 'rampart-schema-'));
  try {
    const file = join(dir, 'rampart.db');
    await new SqliteStore(file).close();
    const db = new Database(file, { readonly: true });
    const schema: Schema = {};
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
    for (const name of tables) {
      const cols = db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string; type: string; notnull: number; pk: number }[];
      const primaryKey = cols.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk).map((c) => c.name);
      const columns: Record<string, Column> = {};
      // A primary key's columns are NOT NULL in PostgreSQL; SQLite lets a non-integer key hold NULL unless declared.
      for (const c of cols) columns[c.name] = { type: c.type as Column['type'], notNull: c.notnull === 1 || c.pk > 0 };
      const unique: string[] = [];
      const indexes: string[] = [];
      for (const i of db.prepare(`PRAGMA index_list("${name}")`).all() as { name: string; unique: number; origin: string; partial: number }[]) {
        const keys = (db.prepare(`PRAGMA index_info("${i.name}")`).all() as { seqno: number; name: string }[]).sort((a, b) => a.seqno - b.seqno).map((k) => k.name);
        if (i.origin === 'pk') continue;
        if (i.origin === 'u') unique.push(keys.join(','));
        else indexes.push(`${i.name}(${keys.join(',')})${i.unique ? ' unique' : ''}${i.partial ? ' where' : ''}`);
      }
      schema[name] = { columns, primaryKey, unique: unique.sort(), indexes: indexes.sort() };
    }
    db.close();
    return schema;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresSchema(fresh: FreshSchema): Promise<Schema> {
  await (await PostgresStore.open(fresh.url)).close();
  const c = new pg.Client({ connectionString: fresh.url });
  await c.connect();
  try {
    const schema: Schema = {};
    const cols = await c.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
      'SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = $1',
      [fresh.name],
    );
    const typeOf = (t: string): Column['type'] => (t === 'text' || t === 'numeric' ? 'TEXT' : ['bigint', 'integer', 'boolean'].includes(t) ? 'INTEGER' : (t as Column['type']));
    for (const r of cols.rows) {
      const t = (schema[r.table_name] ??= { columns: {}, primaryKey: [], unique: [], indexes: [] });
      t.columns[r.column_name] = { type: typeOf(r.data_type), notNull: r.is_nullable === 'NO' };
    }
    const idx = await c.query<{ table: string; name: string; primary: boolean; unique: boolean; constraint: boolean; partial: boolean; keys: string[] }>(
      `SELECT t.relname AS table, i.relname AS name, x.indisprimary AS primary, x.indisunique AS unique,
              EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.oid) AS constraint, x.indpred IS NOT NULL AS partial,
              ARRAY(SELECT a.attname::text FROM unnest(x.indkey) WITH ORDINALITY AS u(n, o) JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = u.n ORDER BY u.o) AS keys
         FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace s ON s.oid = t.relnamespace
        WHERE s.nspname = $1`,
      [fresh.name],
    );
    for (const r of idx.rows) {
      const t = schema[r.table]!;
      if (r.primary) t.primaryKey = r.keys;
      else if (r.constraint) t.unique.push(r.keys.join(','));
      else t.indexes.push(`${r.name}(${r.keys.join(',')})${r.unique ? ' unique' : ''}${r.partial ? ' where' : ''}`);
    }
    for (const t of Object.values(schema)) {
      t.unique.sort();
      t.indexes.sort();
    }
    return schema;
  } finally {
    await c.end();
  }
}

describe.skipIf(!available)('the SQLite and PostgreSQL schemas', () => {
  let lite: Schema;
  let post: Schema;
  let fresh: FreshSchema;
  beforeAll(async () => {
    fresh = await freshSchema();
    [lite, post] = await Promise.all([sqliteSchema(), postgresSchema(fresh)]);
  });
  afterAll(async () => fresh?.drop());

  it('have the same tables, but the cluster tables of PostgreSQL', () => {
    expect(Object.keys(lite).sort()).toEqual(Object.keys(post).filter((t) => !DIFFERENCES.postgresOnlyTables.includes(t)).sort());
    expect(Object.keys(lite)).toContain('events');
  });

  it('have the same columns in every table: names, types, NOT NULL', () => {
    for (const [table, t] of Object.entries(lite)) {
      const expected = structuredClone(post[table]!.columns);
      for (const key of DIFFERENCES.sqliteNullable) {
        const [tb, col] = key.split('.') as [string, string];
        if (tb === table) expected[col]!.notNull = false;
      }
      expect(t.columns, table).toEqual(expected);
    }
  });

  it('have the same primary keys, unique keys and indexes', () => {
    for (const [table, t] of Object.entries(lite)) {
      const p = post[table]!;
      expect({ primaryKey: t.primaryKey, unique: t.unique, indexes: t.indexes }, table).toEqual({ primaryKey: p.primaryKey, unique: p.unique, indexes: p.indexes });
    }
  });
});
