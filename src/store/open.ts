import { isPostgresUrl } from '../config/config.js';
import type { Telemetry } from '../kernel/telemetry.js';
import type { Store } from './port.js';
import { PostgresStore } from './postgres/postgres-store.js';
import { SqliteStore } from './sqlite/sqlite-store.js';

export interface StoreOptions {
  /** Hears what fails off any caller's path (PostgreSQL's notices to the other nodes): the service logs it. */
  warn?: (message: string) => void;
  /** Times every transaction (src/metrics). */
  telemetry?: Pick<Telemetry, 'transaction'>;
}

/** The store RAMPART_DATABASE_URL names: sqlite:<file> or postgres://… (validated by config). */
export async function openStore(databaseUrl: string, o: StoreOptions = {}): Promise<Store> {
  if (isPostgresUrl(databaseUrl)) return PostgresStore.open(databaseUrl, o.warn, o.telemetry);
  return new SqliteStore(databaseUrl.slice('sqlite:'.length), o.telemetry);
}
