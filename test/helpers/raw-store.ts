import Database from 'better-sqlite3';
import pg from 'pg';
import { isPostgresUrl } from '../../src/config/config.js';
import { CLIENT_DEFAULTS } from '../../src/store/postgres/durability.js';

export type StoreKind = 'sqlite' | 'postgres';

export const storeKind = (databaseUrl: string): StoreKind => (isPostgresUrl(databaseUrl) ? 'postgres' : 'sqlite');

/**
 * Another connection to the database a Rampart runs on, as an operator's tool (or another node) would have: what
 * tests read to prove what is stored, or write to change the store behind the process's back. SQL is written with
 * `?` placeholders (turned into $1, $2… for PostgreSQL); where the dialects differ the caller picks by `kind`.
 */
export class RawStore {
  readonly kind: StoreKind;
  private client: Promise<pg.Client> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly databaseUrl: string) {
    this.kind = storeKind(databaseUrl);
  }

  /** The SQLite file (only for a SQLite store: tests about the file itself, its WAL or its locks). */
  get file(): string {
    if (this.kind !== 'sqlite') throw new Error(`${this.databaseUrl} is not a SQLite store`);
    return this.databaseUrl.slice('sqlite:'.length);
  }

  /** The rows a statement returns (none for a write), each as the adapter's driver gives it. */
  async query<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    if (this.kind === 'sqlite') {
      // A connection per statement: nothing is held between them (no lock, no snapshot of an older state).
      const db = new Database(this.file, { fileMustExist: true });
      try {
        db.pragma('busy_timeout = 5000');
        const stmt = db.prepare(sql);
        if (stmt.reader) return stmt.all(...params) as T[];
        stmt.run(...params);
        return [];
      } finally {
        db.close();
      }
    }
    let i = 0;
    const text = sql.replace(/\?/g, () => `$${++i}`);
    // One statement at a time on the one connection (callers may ask several at once): pg queues them today but
    // will refuse a query sent while another runs.
    const run = this.queue.then(async () => (await (await this.connect()).query(text, params as unknown[])).rows as T[]);
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    const c = this.client;
    this.client = undefined;
    if (c) await (await c).end().catch(() => undefined);
  }

  private connect(): Promise<pg.Client> {
    // The adapter's own type parsers: a bigint reads as the same number the store reads.
    this.client ??= (async () => {
      const c = new pg.Client({ connectionString: this.databaseUrl, types: CLIENT_DEFAULTS.types });
      await c.connect();
      return c;
    })();
    return this.client;
  }
}
