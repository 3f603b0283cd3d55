/** The record of the migrations applied (each store's migrations are in store/migrations and store/postgres/migrations). */
export const MIGRATION_SQL = {
  // BIGINT: SQLite gives it INTEGER affinity (64 bits), PostgreSQL needs it for a time in milliseconds.
  create: 'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
  applied: 'SELECT version FROM schema_migrations',
  record: 'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
} as const;
