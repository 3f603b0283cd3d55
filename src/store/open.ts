import { isPostgresUrl } from '../config/config.js';
import type { Store } from './port.js';
import { PostgresStore } from './postgres/postgres-store.js';
import { SqliteStore } from './sqlite/sqlite-store.js';

/**
 * The store RAMPART_DATABASE_URL names: sqlite:<file> or postgres://… (validated by config). `warn` hears what
 * fails off any caller's path (PostgreSQL's notices to the other nodes).
 */
export async function openStore(databaseUrl: string, warn?: (message: string) => void): Promise<Store> {
  if (isPostgresUrl(databaseUrl)) return PostgresStore.open(databaseUrl, warn);
  return new SqliteStore(databaseUrl.slice('sqlite:'.length));
}
