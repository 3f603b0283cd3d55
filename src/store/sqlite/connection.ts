import { closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from '../migrate.js';
import { MIGRATION_SQL } from '../sql/migrations.js';
import type { Row } from '../sql/rows.js';
import { StoreUnavailableError } from '../port.js';


/**
 * The SQLite file, opened private and migrated, and its two connections with their prepared statements: `db` for
 * every read and write, `logDb` for the event log. In WAL mode the second sees committed data only, never the
 * writes of a transaction in progress on `db` (an in-memory database has one connection: it reads through `db`).
 */
export class Connection {
  readonly db: Database.Database;
  readonly logDb: Database.Database;
  readonly isNew: boolean;
  /** The WAL file that durability syncs; undefined in memory. */
  readonly walFile: string | undefined;
  private readonly stmts = new Map<string, Database.Statement>();
  private readonly logStmts = new Map<string, Database.Statement>();
  private dataVersion = 0;
  private versionChecked = false;
  private readonly dataVersionStmt: Database.Statement;
  private readonly endVersionCheck = (): void => {
    this.versionChecked = false;
  };

  constructor(file: string) {
    if (file !== ':memory:') createPrivate(file);
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma('foreign_keys = ON');
    // A larger page cache than SQLite's 2 MB default: the hot pages (indexes of orders, events, accounts) stay in memory.
    this.db.pragma('cache_size = -65536');
    this.db.pragma('temp_store = MEMORY');
    this.isNew = this.migrate();
    if (file === ':memory:') this.logDb = this.db;
    else {
      // From here on COMMIT writes the WAL and durability syncs it before anything is answered (the migrations
      // above committed with synchronous=FULL).
      this.db.pragma('synchronous = NORMAL');
      // No checkpoint inside a COMMIT on the event loop: the checkpointer's worker thread runs them (checkpointer.ts).
      this.db.pragma('wal_autocheckpoint = 0');
      this.walFile = `${file}-wal`;
      this.logDb = new Database(file, { fileMustExist: true });
      this.logDb.pragma('busy_timeout = 5000');
      this.logDb.pragma('query_only = ON');
    }
    this.dataVersionStmt = this.db.prepare('PRAGMA data_version').pluck();
  }

  private migrate(): boolean {
    this.db.exec(MIGRATION_SQL.create.sqlite);
    const applied = new Set((this.db.prepare(MIGRATION_SQL.applied).all() as Row[]).map((r) => Number(r.version)));
    const isNew = applied.size === 0;
    for (const m of migrations()) {
      if (applied.has(m.version)) continue;
      this.db.transaction(() => {
        this.db.exec(m.sql);
        this.db.prepare(MIGRATION_SQL.record).run(m.version, m.name, Date.now());
      }).immediate();
    }
    return isNew;
  }

  /** A statement on `db`, prepared at its first use and kept (the query modules prepare theirs when built). */
  stmt(sql: string): Database.Statement {
    let s = this.stmts.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.stmts.set(sql, s);
    }
    return s;
  }

  /** A statement on the event log's connection, prepared once. */
  logStmt(sql: string): Database.Statement {
    let s = this.logStmts.get(sql);
    if (!s) {
      s = this.logDb.prepare(sql);
      this.logStmts.set(sql, s);
    }
    return s;
  }

  /** A statement prepared for one call (an IN list whose length varies: not worth keeping). */
  prepare(sql: string): Database.Statement {
    return this.db.prepare(sql);
  }

  /**
   * Whether another connection (the operator CLI works on the same file) committed since the last look, by
   * PRAGMA data_version. Looked at once per turn of the event loop: the reads of one turn are concurrent with a
   * commit made meanwhile anyway.
   */
  changedElsewhere(): boolean {
    if (this.versionChecked) return false;
    this.versionChecked = true;
    setImmediate(this.endVersionCheck);
    const v = this.dataVersionStmt.get() as number;
    if (v === this.dataVersion) return false;
    this.dataVersion = v;
    return true;
  }

  /** Runs a driver call: a busy, failing or full disk is the store being unavailable (retryable), not a bug. */
  run<T>(fn: () => T): T {
    try {
      return fn();
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_IOERR') || code === 'SQLITE_FULL') {
        throw new StoreUnavailableError((err as Error).message);
      }
      throw err;
    }
  }

  close(): void {
    if (this.logDb !== this.db) this.logDb.close();
    this.db.close();
  }
}

/**
 * A new database starts as an empty 0600 file in a 0700 directory: SQLite then makes its -wal and -shm with the
 * database file's mode, so no file holding customer data or (sealed) secrets is ever readable by other local users,
 * whatever the process umask (the CLI also sets 0o077, see cli/main.ts).
 */
function createPrivate(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
}
