import type { Dialects } from './dialect.js';

const table = (time: string) => `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at ${time} NOT NULL)`;

/** The record of the migrations applied (each store's migrations are in store/migrations and store/postgres/migrations). */
export const MIGRATION_SQL = {
  // A time in milliseconds: SQLite's INTEGER holds 64 bits, PostgreSQL's needs BIGINT (as every time column).
  create: { sqlite: table('INTEGER'), postgres: table('BIGINT') } satisfies Dialects,
  applied: 'SELECT version FROM schema_migrations',
  record: 'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
} as const;
