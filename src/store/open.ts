import { isPostgresUrl } from '../config/config.js';
import type { Store } from './port.js';
import { PostgresStore } from './postgres/postgres-store.js';
import { SqliteStore } from './sqlite/sqlite-store.js';

/** The store RAMPART_DATABASE_URL names: sqlite:<file> or postgres://… (validated by config). */
export async function openStore(databaseUrl: string): Promise<Store> {
  if (isPostgresUrl(databaseUrl)) return PostgresStore.open(databaseUrl);
  return new SqliteStore(databaseUrl.slice('sqlite:'.length));
}
