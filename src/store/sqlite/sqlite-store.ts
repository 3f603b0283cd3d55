import { fdatasync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from '../migrate.js';
import { OPEN_STATUSES } from '../../engine/order-status.js';
import {
  StoreUnavailableError,
  type AccountPage,
  type AccountRecord,
  type AccountStatus,
  type CustomerRecord,
  type EnvironmentState,
  type AttemptRow,
  type DeliveryRow,
  type EventQuery,
  type EventRow,
  type StoredEvent,
  type WebhookRecord,
  type IdempotencyRecord,
  type OrderQuery,
  type OpenOrderRewrite,
  type OrderRow,
  type QuoteRow,
  type CredentialKind,
  type CredentialRecord,
  type StoredCredential,
  type MarketState,
  type Store,
  type Tx,
} from '../port.js';
import type { Environment } from '../../schemas/common.js';

/** The open statuses as an SQL list (engine/order-status.ts holds the one list). */
const OPEN_SQL = OPEN_STATUSES.map((st) => `'${st}'`).join(', ');

type Row = Record<string, unknown>;

const bool = (v: unknown): boolean => v === 1 || v === 1n;
const json = <T>(v: unknown): T => JSON.parse(String(v)) as T;

function fences(r: Row) {
  return {
    markets: r.markets === null ? null : json<string[]>(r.markets),
    reduce_only: bool(r.reduce_only),
    max_order_usd: (r.max_order_usd as string | null) ?? null,
    max_position_usd: (r.max_position_usd as string | null) ?? null,
    loss_stop_usd: (r.loss_stop_usd as string | null) ?? null,
    ip_allowlist: json<string[]>(r.ip_allowlist),
  };
}

const toCustomer = (r: Row): CustomerRecord => ({
  id: r.id as string,
  number: Number(r.number),
  name: r.name as string,
  api_enabled: bool(r.api_enabled),
  created_at: Number(r.created_at),
});

const toCredential = (r: Row): StoredCredential => ({
  kind: r.kind as CredentialKind,
  id: r.id as string,
  customer_id: r.customer_id as string,
  name: r.name as string,
  environment: r.environment as Environment,
  access: r.access as 'read' | 'trade',
  ...fences(r),
  expires_at: r.expires_at === null ? null : Number(r.expires_at),
  revoked_at: r.revoked_at === null ? null : Number(r.revoked_at),
  created_at: Number(r.created_at),
  last_used_at: r.last_used_at === null ? null : Number(r.last_used_at),
  prefix: r.prefix as string,
  token_kind: (r.token_kind as CredentialRecord['token_kind']) ?? null,
  resource: (r.resource as string | null) ?? null,
  hash: r.hash as string,
});

const toAccount = (r: Row): AccountRecord => ({
  id: r.id as string,
  customer_id: r.customer_id as string,
  environment: r.environment as Environment,
  status: r.status as AccountStatus,
  stage: r.stage as AccountRecord['stage'],
  product: r.product as string,
  size: r.size as string,
  starting_balance: r.starting_balance as string,
  balance: r.balance as string,
  rule: json(r.rule),
  status_reason: (r.status_reason as string | null) ?? null,
  rule_state: (r.rule_state as string | null) ?? null,
  parked: bool(r.parked),
  paused_until: r.paused_until === null ? null : Number(r.paused_until),
  last_used_at: Number(r.last_used_at),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

const toWebhook = (r: Row): WebhookRecord => ({
  id: r.id as string,
  customer_id: r.customer_id as string,
  environment: r.environment as Environment,
  url: r.url as string,
  types: r.types === null ? null : json<string[]>(r.types),
  account_id: (r.account_id as string | null) ?? null,
  secret: r.secret as string,
  after_seq: Number(r.after_seq),
  created_at: Number(r.created_at),
});

const DELIVERY_COLUMNS = 'id, webhook_id, event_seq, event_id, event_type, payload, status, attempts, next_attempt_at, created_at, finished_at';
/** Open orders rewritten per page by the restart transition. */
const REWRITE_PAGE = 2000;
const EVENT_COLUMNS = 'seq, id, environment, account_id, customer_id, type, created_at, data';

const fenceParams = (f: CredentialRecord) => ({
  markets: f.markets === null ? null : JSON.stringify(f.markets),
  reduce_only: f.reduce_only ? 1 : 0,
  max_order_usd: f.max_order_usd,
  max_position_usd: f.max_position_usd,
  loss_stop_usd: f.loss_stop_usd,
  ip_allowlist: JSON.stringify(f.ip_allowlist),
});

/** Faults a test can switch on (RAMPART_FAULTS=1): the store fails, or answers late. */
export interface StoreFaults {
  failing: boolean;
  /** Operations throw an unexpected error (a bug, as far as the caller can tell). */
  erroring: boolean;
  delayMs: number;
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
/**
 * SQLite in WAL mode: a commit is on disk before the promise resolves. The COMMIT writes the WAL without syncing it
 * (synchronous=NORMAL) and the WAL is then synced (fdatasync) on libuv's thread pool, off the event loop, before any
 * member of the batch is answered or its events published: the durability of synchronous=FULL, while the loop serves
 * the next requests. better-sqlite3 is synchronous; transactions are serialized through one promise chain so that the
 * async port never interleaves two transactions on the one connection.
 */
export class SqliteStore implements Store {
  readonly isNew: boolean;
  readonly faults: StoreFaults = { failing: false, erroring: false, delayMs: 0 };
  /** Transactions run and COMMITs (fsyncs) made: their ratio is the group commit's batch size. */
  readonly stats = { transactions: 0, commits: 0, syncs: 0 };
  private readonly db: Database.Database;
  private readonly stmts = new Map<string, Database.Statement>();
  /**
   * A second connection for the event log: in WAL mode it sees committed data only, never the writes of a
   * transaction in progress on `db` (an in-memory database has one connection: it reads through `db`).
   */
  private readonly logDb: Database.Database;
  private readonly logStmts = new Map<string, Database.Statement>();
  /** What the transaction in progress wrote to the event log (published after its COMMIT). */
  private written: { lastSeq: number; accountIds: Set<string> } | undefined;
  private readonly eventListeners = new Set<(c: { lastSeq: number; accountIds: ReadonlySet<string> }) => void>();
  private chain: Promise<unknown> = Promise.resolve();
  /** What the transaction in progress asked to run if it rolls back (Tx.onRollback). */
  private rollbacks: (() => void)[] = [];
  /** The SQLite transaction that the members of a group commit share, while open. */
  private batch: Batch | undefined;
  private commitScheduled = false;
  /** The WAL file (absent for an in-memory store), opened at the first sync; it lives as long as the connections. */
  private readonly walFile: string | undefined;
  private walFd: number | undefined;
  /** Batches committed and written to the WAL, waiting for the sync that makes them durable. */
  private unsynced: Batch[] = [];
  /** The sync in flight: it covers the batches committed before it started; later ones wait for the next. */
  private syncing: Promise<void> | undefined;
  /**
   * Set when a sync of the WAL failed: the batches it covered may not be on disk and the OS may have dropped the
   * pages it could not write, so nothing more is acknowledged (every call answers store unavailable) until the
   * process restarts and SQLite recovers the file. Test hooks: `syncFaults`.
   */
  private broken: StoreUnavailableError | undefined;
  /** Test-only: make the next syncs fail, or hold them until the promise settles. */
  readonly syncFaults: { failing: boolean; hold: Promise<void> | undefined } = { failing: false, hold: undefined };
  /**
   * Records read on every request (credentials by hash, customers, accounts), kept as frozen objects. A write
   * through this store drops the entry it changes; a rollback drops them all; a commit by another connection
   * (the operator CLI works on the same file) is seen through PRAGMA data_version and drops them all.
   */
  private readonly cache = {
    /** By hash. */
    credentials: new Map<string, StoredCredential>(),
    customers: new Map<string, CustomerRecord>(),
    accounts: new Map<string, AccountRecord>(),
    /** Every webhook endpoint (few; read by each delivery pass). */
    webhooks: undefined as WebhookRecord[] | undefined,
  };
  private dataVersion = 0;
  private versionChecked = false;
  private readonly touches = new Map<string, number>();
  private touchTimer: NodeJS.Timeout | undefined;
  private closed = false;

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
      // From here on COMMIT writes the WAL and syncWal() syncs it before anything is answered (the migrations
      // above committed with synchronous=FULL).
      this.db.pragma('synchronous = NORMAL');
      this.walFile = `${file}-wal`;
      this.logDb = new Database(file, { fileMustExist: true });
      this.logDb.pragma('busy_timeout = 5000');
      this.logDb.pragma('query_only = ON');
    }
  }

  private migrate(): boolean {
    this.db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
    const applied = new Set(
      (this.db.prepare('SELECT version FROM schema_migrations').all() as Row[]).map((r) => Number(r.version)),
    );
    const isNew = applied.size === 0;
    for (const m of migrations()) {
      if (applied.has(m.version)) continue;
      this.db.transaction(() => {
        this.db.exec(m.sql);
        this.db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, Date.now());
      }).immediate();
    }
    return isNew;
  }

  private stmt(sql: string): Database.Statement {
    let s = this.stmts.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.stmts.set(sql, s);
    }
    return s;
  }

  private logStmt(sql: string): Database.Statement {
    let s = this.logStmts.get(sql);
    if (!s) {
      s = this.logDb.prepare(sql);
      this.logStmts.set(sql, s);
    }
    return s;
  }

  private async gate(): Promise<void> {
    if (this.closed) throw new StoreUnavailableError('store closed');
    if (this.broken) throw this.broken;
    if (this.faults.delayMs > 0) await new Promise((r) => setTimeout(r, this.faults.delayMs));
    if (this.faults.failing) throw new StoreUnavailableError('store failing (injected fault)');
    if (this.faults.erroring) throw new Error('unexpected store error (injected fault)');
  }

  private run<T>(fn: () => T): T {
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

  private clearCache(): void {
    this.cache.credentials.clear();
    this.cache.customers.clear();
    this.cache.accounts.clear();
    this.cache.webhooks = undefined;
  }

  /** The cache, after dropping it if another connection committed since the last look. */
  private cached(): SqliteStore['cache'] {
    // Once per turn of the event loop: the reads of one turn are concurrent with a commit made meanwhile anyway.
    if (this.versionChecked) return this.cache;
    this.versionChecked = true;
    setImmediate(() => (this.versionChecked = false));
    const v = this.stmt('PRAGMA data_version').pluck().get() as number;
    if (v !== this.dataVersion) {
      this.dataVersion = v;
      this.clearCache();
    }
    return this.cache;
  }

  private async read<T>(fn: () => T): Promise<T> {
    if (this.faults.failing || this.faults.erroring || this.faults.delayMs > 0 || this.closed || this.broken) await this.gate();
    return this.run(fn);
  }

  /**
   * A read of the event log (the second connection): it waits for the syncs that cover what is committed now, so no
   * event is shown before it is on disk — an event seen and then lost to a power cut would have its id given to
   * another one.
   */
  private async readLog<T>(fn: () => T): Promise<T> {
    // At most two syncs: the one in flight, then the one that covers the batches waiting for it now. Not "until no
    // sync runs", which under steady writes (a new sync starts as each one ends) could wait for ever. A batch that
    // commits during the wait may be read ≈1 ms before its own sync (lost only to a power cut in that window).
    const waiting = this.unsynced.length > 0;
    if (this.syncing) await this.syncing;
    if (waiting && this.syncing) await this.syncing;
    return this.read(fn);
  }

  /** Runs fn when no other transaction step holds the connection (one promise chain, first come first served). */
  private async exclusive<T>(fn: () => Promise<T> | T): Promise<T> {
    const previous = this.chain;
    let release!: () => void;
    this.chain = new Promise<void>((r) => (release = r));
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  }

  /**
   * Group commit: each transaction runs in a SAVEPOINT of one open SQLite transaction (the batch), and the batch
   * commits — one fsync — once the requests that arrived in the same turn of the event loop have run theirs.
   * A transaction's promise settles only after the COMMIT that made it durable. A transaction that fails rolls
   * back to its savepoint alone and answers at once; a COMMIT that fails fails every member of its batch, and
   * each member's onRollback undo runs.
   */
  async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    let member: BatchMember | undefined;
    const result = await this.exclusive(async () => {
      await this.gate();
      if (!this.batch) {
        this.run(() => this.stmt('BEGIN IMMEDIATE').run());
        this.batch = { members: [] };
      }
      this.stmt('SAVEPOINT member').run();
      this.rollbacks = [];
      this.written = undefined;
      try {
        const out = await fn(this.tx);
        if (this.faults.failing) throw new StoreUnavailableError('store failing (injected fault)');
        this.run(() => this.stmt('RELEASE member').run());
        this.stats.transactions++;
        member = newMember(this.rollbacks, this.written);
        this.batch.members.push(member);
        return out;
      } catch (err) {
        this.rollbackMember();
        throw err;
      } finally {
        this.rollbacks = [];
        this.written = undefined;
        this.scheduleCommit();
      }
    });
    await member!.durable;
    return result;
  }

  /** Undoes the member in progress (its savepoint and its in-memory effects); earlier members stay in the batch. */
  private rollbackMember(): void {
    try {
      if (this.db.inTransaction) {
        this.stmt('ROLLBACK TO member').run();
        this.stmt('RELEASE member').run();
      }
    } catch {
      // The savepoint is gone with the transaction (SQLite rolled it all back on an I/O error): fail the batch.
      this.failBatch(new StoreUnavailableError('the store rolled back the transaction'));
    }
    this.clearCache();
    runUndo(this.rollbacks);
  }

  private scheduleCommit(): void {
    if (this.commitScheduled || !this.batch) return;
    this.commitScheduled = true;
    // After the I/O callbacks of this turn: the requests read in it join the batch before its one fsync.
    setImmediate(() => {
      void this.exclusive(() => {
        this.commitScheduled = false;
        this.commitBatch();
      });
    });
  }

  /** Commits the open batch (called with the connection held). */
  private commitBatch(): void {
    const batch = this.batch;
    if (!batch) return;
    try {
      if (this.faults.failing) throw new StoreUnavailableError('store failing (injected fault)');
      this.run(() => this.stmt('COMMIT').run());
      this.stats.commits++;
    } catch (err) {
      this.failBatch(err);
      return;
    }
    this.batch = undefined;
    if (this.walFile === undefined) this.settleDurable(batch);
    else {
      this.unsynced.push(batch);
      this.syncWal();
    }
  }

  /** A batch is on disk: its events are published and its members answered. */
  private settleDurable(batch: Batch): void {
    const written = mergeWritten(batch.members);
    if (written) this.publishWritten(written);
    for (const m of batch.members) m.commit();
  }

  /**
   * Syncs the WAL on the thread pool for every batch committed so far; one sync at a time, the batches committed
   * meanwhile share the next one (the group commit's fsync, pipelined with the following batches' work).
   */
  private syncWal(): void {
    if (this.syncing || this.unsynced.length === 0) return;
    const covered = this.unsynced;
    this.unsynced = [];
    // Settled in a then(): `syncing` is set before afterSync can clear it, even when syncFile fails at once.
    this.syncing = this.syncFile().then(
      () => this.afterSync(covered, undefined),
      (err: unknown) => this.afterSync(covered, err ?? new Error('sync failed')),
    );
  }

  private async syncFile(): Promise<void> {
    if (this.syncFaults.hold) await this.syncFaults.hold;
    if (this.syncFaults.failing) throw Object.assign(new Error('EIO: i/o error, fdatasync (injected fault)'), { code: 'EIO' });
    this.walFd ??= openSync(this.walFile!, 'r+');
    const fd = this.walFd;
    await new Promise<void>((resolve, reject) => fdatasync(fd, (e) => (e ? reject(e) : resolve())));
  }

  private afterSync(covered: Batch[], err: unknown): void {
    this.syncing = undefined;
    if (err !== undefined || this.broken) {
      this.broken ??= new StoreUnavailableError(`the store could not sync its log to disk: ${(err as Error).message}`);
      // Committed in the file but perhaps not on disk: answered as unavailable (retryable; a retry with the same
      // Idempotency-Key after the restart gets the stored answer if the write survived, or runs anew if not).
      for (const b of covered) for (const m of b.members) m.fail(this.broken);
    } else {
      this.stats.syncs++;
      for (const b of covered) this.settleDurable(b);
    }
    this.syncWal();
  }

  /** Rolls the whole batch back: every member fails with err, its in-memory effects undone (newest first). */
  private failBatch(err: unknown): void {
    const batch = this.batch;
    this.batch = undefined;
    if (this.db.inTransaction) {
      try {
        this.stmt('ROLLBACK').run();
      } catch {
        // Nothing more to undo in the file.
      }
    }
    this.clearCache();
    if (!batch) return;
    for (const m of [...batch.members].reverse()) {
      runUndo(m.rollbacks);
      m.fail(err);
    }
  }

  onEventsCommitted(listener: (c: { lastSeq: number; accountIds: ReadonlySet<string> }) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  private publishWritten(written: { lastSeq: number; accountIds: ReadonlySet<string> }): void {
    for (const l of this.eventListeners) {
      try {
        l(written);
      } catch {
        // A listener's fault must not fail a transaction that already committed.
      }
    }
  }

  touchCredential(id: string, at: number): void {
    this.touches.set(id, Math.max(at, this.touches.get(id) ?? 0));
    this.touchTimer ??= setTimeout(() => this.flushTouches(), 1000).unref();
  }

  private flushTouches(): void {
    this.touchTimer = undefined;
    if (this.closed || this.touches.size === 0) return;
    const items = [...this.touches];
    this.touches.clear();
    void this.transaction(async () => {
      // Cached credentials keep their last_used_at of when they were read; nothing judges a request by it.
      for (const [id, at] of items) {
        this.stmt('UPDATE credentials SET last_used_at = MAX(COALESCE(last_used_at, 0), ?) WHERE id = ?').run(at, id);
      }
    }).catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    if (this.touchTimer) clearTimeout(this.touchTimer);
    this.flushTouches();
    await this.exclusive(() => this.commitBatch());
    await this.chain;
    while (this.syncing) await this.syncing;
    this.closed = true;
    if (this.walFd !== undefined) closeSync(this.walFd);
    if (this.logDb !== this.db) this.logDb.close();
    this.db.close();
  }

  // Reads -----------------------------------------------------------------------------------------

  getCustomer = (id: string) => this.read(() => {
    const cache = this.cached().customers;
    const hit = cache.get(id);
    if (hit) return hit;
    const r = this.stmt('SELECT * FROM customers WHERE id = ?').get(id) as Row | undefined;
    return r ? remember(cache, id, toCustomer(r)) : undefined;
  });

  listCustomers = () => this.read(() => (this.stmt('SELECT * FROM customers ORDER BY number').all() as Row[]).map(toCustomer));

  findCredentialByHash = (hash: string) => this.read(() => {
    const cache = this.cached().credentials;
    const hit = cache.get(hash);
    if (hit) return hit;
    const r = this.stmt('SELECT * FROM credentials WHERE hash = ?').get(hash) as Row | undefined;
    return r ? remember(cache, hash, toCredential(r)) : undefined;
  });

  getCredential = (id: string) => this.read(() => {
    const r = this.stmt('SELECT * FROM credentials WHERE id = ?').get(id) as Row | undefined;
    return r ? strip(toCredential(r)) : undefined;
  });

  listCredentials = (customerId: string, kind: CredentialKind) =>
    this.read(() =>
      (this.stmt('SELECT * FROM credentials WHERE customer_id = ? AND kind = ? ORDER BY created_at, id').all(customerId, kind) as Row[]).map((r) =>
        strip(toCredential(r)),
      ),
    );

  countCredentials = (customerId: string, kind: CredentialKind, environment: Environment) =>
    this.read(() =>
      Number((this.stmt('SELECT COUNT(*) AS n FROM credentials WHERE customer_id = ? AND kind = ? AND environment = ?').get(customerId, kind, environment) as Row).n),
    );

  getAccount = (id: string) => this.read(() => {
    const cache = this.cached().accounts;
    const hit = cache.get(id);
    if (hit) return hit;
    const r = this.stmt('SELECT * FROM accounts WHERE id = ?').get(id) as Row | undefined;
    return r ? remember(cache, id, toAccount(r)) : undefined;
  });

  listAccounts = (page: AccountPage) => this.read(() => {
    const after = page.after
      ? ((this.stmt('SELECT seq FROM accounts WHERE id = ?').get(page.after) as Row | undefined)?.seq ?? -1)
      : 0;
    return (
      this.stmt('SELECT * FROM accounts WHERE customer_id = ? AND environment = ? AND seq > ? ORDER BY seq LIMIT ?').all(
        page.customerId,
        page.environment,
        after,
        page.limit,
      ) as Row[]
    ).map(toAccount);
  });

  countAccounts = (customerId: string, environment: Environment) =>
    this.read(() => Number((this.stmt('SELECT COUNT(*) AS n FROM accounts WHERE customer_id = ? AND environment = ?').get(customerId, environment) as Row).n));

  listAccountsByStatus = (status: AccountStatus) =>
    this.read(() => (this.stmt('SELECT * FROM accounts WHERE status = ? ORDER BY seq').all(status) as Row[]).map(toAccount));

  listAccountsByStatusIn = (environment: Environment) =>
    this.read(() => (this.stmt("SELECT * FROM accounts WHERE environment = ? AND status != 'pending' ORDER BY seq").all(environment) as Row[]).map(toAccount));

  getIdempotency = (scope: string, key: string) => this.read(() => {
    const r = this.stmt('SELECT * FROM idempotency WHERE scope = ? AND key = ?').get(scope, key) as Row | undefined;
    return r ? ({ ...r, status: Number(r.status), created_at: Number(r.created_at) } as unknown as IdempotencyRecord) : undefined;
  });

  listMarketStates = () =>
    this.read(() => (this.stmt('SELECT * FROM market_states').all() as Row[]).map((r) => ({ market: r.market as string, status: r.status as MarketState['status'], offered: bool(r.offered) })));

  listEnvironmentStates = () =>
    this.read(() =>
      (this.stmt('SELECT * FROM environment_states').all() as Row[]).map((r) => ({
        environment: r.environment as Environment,
        enabled: bool(r.enabled),
        sandbox_opening: bool(r.sandbox_opening),
      })),
    );

  getSetting = (name: string) => this.read(() => (this.stmt('SELECT value FROM settings WHERE name = ?').get(name) as Row | undefined)?.value as string | undefined);

  getOrder = (id: string) => this.read(() => this.stmt('SELECT * FROM orders WHERE id = ?').get(id) as OrderRow | undefined);

  findOrderByClientId = (customerId: string, environment: Environment, clientOrderId: string) =>
    this.read(() => this.stmt('SELECT * FROM orders WHERE customer_id = ? AND environment = ? AND client_order_id = ?').get(customerId, environment, clientOrderId) as OrderRow | undefined);

  listOrders = (q: OrderQuery) =>
    this.read(() => {
      const where = ['account_id = @account'];
      const params: Row = { account: q.accountId, limit: q.limit };
      if (q.status && q.status.length > 0) {
        where.push(`status IN (${q.status.map((_, i) => `@s${i}`).join(', ')})`);
        q.status.forEach((st, i) => (params[`s${i}`] = st));
      }
      if (q.market) {
        where.push('market = @market');
        params.market = q.market;
      }
      if (q.clientOrderId) {
        where.push('client_order_id = @cid');
        params.cid = q.clientOrderId;
      }
      if (q.after) {
        where.push('seq < (SELECT seq FROM orders WHERE id = @after)');
        params.after = q.after;
      }
      // Only what the list shows (the REST view is rendered from data): half the cost of SELECT * per row.
      return this.stmt(`SELECT id, data FROM orders WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT @limit`).all(params) as { id: string; data: string }[];
    });

  // Per account off orders_account (one seek each), not a scan of every order ever placed: at start-up with a
  // large history the scan alone took longer than loading the engine.
  maxOrderSeq = (environment: Environment) =>
    this.read(
      () =>
        Number(
          (
            this.stmt(
              'SELECT COALESCE(MAX((SELECT MAX(seq) FROM orders WHERE account_id = accounts.id)), 0) AS n FROM accounts WHERE environment = ?',
            ).get(environment) as Row
          ).n,
        ),
    );

  listOpenOrders = (environment: Environment) =>
    this.read(() => this.stmt(`SELECT * FROM orders WHERE environment = ? AND status IN (${OPEN_SQL}) ORDER BY seq`).all(environment) as OrderRow[]);

  listFills = (accountId: string, afterId: string | undefined, limit: number) =>
    this.read(() =>
      afterId
        ? // The cursor counts only as a fill of this account: another account's fill id pages nothing (invalid_cursor).
          (this.stmt('SELECT id, data FROM fills WHERE account_id = ? AND seq < (SELECT seq FROM fills WHERE id = ? AND account_id = ?) ORDER BY seq DESC LIMIT ?').all(accountId, afterId, accountId, limit) as { id: string; data: string }[])
        : (this.stmt('SELECT id, data FROM fills WHERE account_id = ? ORDER BY seq DESC LIMIT ?').all(accountId, limit) as { id: string; data: string }[]),
    );

  listPositions = (environment: Environment) =>
    this.read(() => this.stmt('SELECT p.account_id, p.market, p.data FROM positions p JOIN accounts a ON a.id = p.account_id WHERE a.environment = ?').all(environment) as { account_id: string; market: string; data: string }[]);

  listMarginSettings = (environment: Environment) =>
    this.read(() => this.stmt('SELECT m.account_id, m.market, m.leverage, m.mode FROM margin_settings m JOIN accounts a ON a.id = m.account_id WHERE a.environment = ?').all(environment) as { account_id: string; market: string; leverage: number; mode: 'isolated' | 'cross' }[]);

  listQuotes = () => this.read(() => this.stmt('SELECT * FROM quotes').all() as QuoteRow[]);

  listEquityPoints = (accountId: string, resolution: 'trade' | 'day') =>
    this.read(() => this.stmt('SELECT time, equity, balance FROM equity_points WHERE account_id = ? AND resolution = ? ORDER BY seq').all(accountId, resolution) as { time: number; equity: string; balance: string }[]);

  lastEventSeq = () => this.read(() => Number((this.stmt('SELECT COALESCE(MAX(seq), 0) AS n FROM events').get() as Row).n));

  listEvents = (q: EventQuery) => this.readLog(() => this.queryEvents(q));

  private queryEvents(q: EventQuery): StoredEvent[] {
    const where = ['seq > @after'];
    const params: Row = { after: q.afterSeq, limit: q.limit };
    if (q.accountId !== undefined) {
      where.push('account_id = @account');
      params.account = q.accountId;
    }
    if (q.customerId !== undefined) {
      where.push('customer_id = @customer');
      params.customer = q.customerId;
    }
    if (q.environment !== undefined) {
      where.push('environment = @environment');
      params.environment = q.environment;
    }
    return this.logStmt(`SELECT ${EVENT_COLUMNS} FROM events WHERE ${where.join(' AND ')} ORDER BY seq LIMIT @limit`).all(params) as StoredEvent[];
  }

  getEvent = (id: string) => this.readLog(() => this.logStmt(`SELECT ${EVENT_COLUMNS} FROM events WHERE id = ?`).get(id) as StoredEvent | undefined);

  eventHead = () => this.readLog(() => Number((this.logStmt('SELECT COALESCE(MAX(seq), 0) AS n FROM events').get() as Row).n));

  getWebhook = (id: string) => this.read(() => this.allWebhooks().find((w) => w.id === id));

  listWebhooks = (customerId: string, environment: Environment, afterId: string | undefined, limit: number) =>
    this.read(() => {
      const after = afterId ? ((this.stmt('SELECT seq FROM webhooks WHERE id = ?').get(afterId) as Row | undefined)?.seq ?? -1) : 0;
      return (
        this.stmt('SELECT * FROM webhooks WHERE customer_id = ? AND environment = ? AND seq > ? ORDER BY seq LIMIT ?').all(customerId, environment, after, limit) as Row[]
      ).map(toWebhook);
    });

  listAllWebhooks = () => this.read(() => this.allWebhooks());

  private allWebhooks(): WebhookRecord[] {
    const cache = this.cached();
    cache.webhooks ??= deepFreeze((this.stmt('SELECT * FROM webhooks ORDER BY seq').all() as Row[]).map(toWebhook));
    return cache.webhooks;
  }

  listDeliveries = (webhookId: string, afterId: string | undefined, limit: number) =>
    this.read(() =>
      afterId
        ? (this.stmt(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = ? AND seq < (SELECT seq FROM webhook_deliveries WHERE id = ?) ORDER BY seq DESC LIMIT ?`).all(webhookId, afterId, limit) as DeliveryRow[])
        : (this.stmt(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE webhook_id = ? ORDER BY seq DESC LIMIT ?`).all(webhookId, limit) as DeliveryRow[]),
    );

  getDelivery = (id: string) => this.read(() => this.stmt(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE id = ?`).get(id) as DeliveryRow | undefined);

  listAttempts = (deliveryIds: string[]) =>
    this.read(() =>
      deliveryIds.length === 0
        ? []
        : (this.db.prepare(`SELECT * FROM webhook_attempts WHERE delivery_id IN (${deliveryIds.map(() => '?').join(', ')}) ORDER BY delivery_id, n`).all(...deliveryIds) as AttemptRow[]),
    );

  dueDeliveries = (now: number, limit: number) =>
    this.read(() => this.stmt(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, seq LIMIT ?`).all(now, limit) as DeliveryRow[]);

  // Writes (only through transaction) -------------------------------------------------------------

  private readonly tx: Tx = Object.assign(Object.create(this) as Tx, {
    onRollback: (undo: () => void) => {
      this.rollbacks.push(undo);
    },
    // Inside a transaction the log is read without waiting for the sync in flight: what the transaction makes of
    // it is answered only after a later sync, which covers the batches before it too.
    listEvents: (q: EventQuery) => this.read(() => this.queryEvents(q)),
    insertCustomer: async (c: CustomerRecord) => {
      this.cache.customers.delete(c.id);
      this.stmt('INSERT INTO customers (id, number, name, api_enabled, created_at) VALUES (?, ?, ?, ?, ?)').run(c.id, c.number, c.name, c.api_enabled ? 1 : 0, c.created_at);
    },
    setCustomerApiEnabled: async (id: string, enabled: boolean) => {
      this.cache.customers.delete(id);
      return this.stmt('UPDATE customers SET api_enabled = ? WHERE id = ?').run(enabled ? 1 : 0, id).changes > 0;
    },
    insertCredential: async (c: StoredCredential) => {
      this.cache.credentials.delete(c.hash);
      this.stmt(
        `INSERT INTO credentials (id, kind, customer_id, name, environment, access, token_kind, resource, markets, reduce_only,
           max_order_usd, max_position_usd, loss_stop_usd, ip_allowlist, expires_at, revoked_at, created_at, last_used_at, prefix, hash)
         VALUES (@id, @kind, @customer_id, @name, @environment, @access, @token_kind, @resource, @markets, @reduce_only,
           @max_order_usd, @max_position_usd, @loss_stop_usd, @ip_allowlist, @expires_at, @revoked_at, @created_at, @last_used_at, @prefix, @hash)`,
      ).run({ ...c, ...fenceParams(c) });
    },
    revokeCredential: async (id: string, at: number) => {
      // Cached by hash, not id: drop them all (revocations are rare).
      this.cache.credentials.clear();
      return this.stmt('UPDATE credentials SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(at, id).changes > 0;
    },
    insertAccount: async (a: AccountRecord) => {
      this.cache.accounts.delete(a.id);
      this.stmt(
        `INSERT INTO accounts (id, customer_id, environment, status, stage, product, size, starting_balance, balance, rule,
           status_reason, parked, paused_until, last_used_at, created_at, updated_at)
         VALUES (@id, @customer_id, @environment, @status, @stage, @product, @size, @starting_balance, @balance, @rule,
           @status_reason, @parked, @paused_until, @last_used_at, @created_at, @updated_at)`,
      ).run({ ...a, rule: JSON.stringify(a.rule), parked: a.parked ? 1 : 0, rule_state: undefined });
    },
    updateAccount: async (id: string, patch: Partial<AccountRecord>, at: number) => {
      const cols = Object.keys(patch).filter((k) =>
        ['status', 'status_reason', 'balance', 'parked', 'paused_until', 'last_used_at', 'rule_state'].includes(k),
      );
      if (cols.length === 0) return false;
      const cached = this.cache.accounts.get(id);
      this.cache.accounts.delete(id);
      const values: Row = { id, updated_at: at };
      for (const k of cols) {
        const v = (patch as Row)[k];
        values[k] = typeof v === 'boolean' ? (v ? 1 : 0) : v;
      }
      const sql = `UPDATE accounts SET ${cols.map((k) => `${k} = @${k}`).join(', ')}, updated_at = @updated_at WHERE id = @id`;
      const changed = this.stmt(sql).run(values).changes > 0;
      // The cached record, patched the same way (the next order of this account reads it without a query). A
      // rollback drops the whole cache, as for every write.
      if (changed && cached) {
        const next: Row = { ...cached, updated_at: at };
        for (const k of cols) next[k] = (patch as Row)[k] ?? null;
        remember(this.cache.accounts, id, next as unknown as AccountRecord);
      }
      return changed;
    },
    nextSequence: async (name: string, start: number) => {
      const r = this.stmt(
        'INSERT INTO sequences (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = value + 1 RETURNING value',
      ).get(name, start) as Row;
      return Number(r.value);
    },
    putIdempotency: async (r: IdempotencyRecord) => {
      this.stmt(
        `INSERT OR REPLACE INTO idempotency (scope, key, fingerprint, status, resource_kind, resource_id, body, created_at)
         VALUES (@scope, @key, @fingerprint, @status, @resource_kind, @resource_id, @body, @created_at)`,
      ).run(r);
    },
    deleteIdempotencyBefore: async (time: number) => this.stmt('DELETE FROM idempotency WHERE created_at < ?').run(time).changes,
    setMarketState: async (s: MarketState) => {
      this.stmt('INSERT OR REPLACE INTO market_states (market, status, offered) VALUES (?, ?, ?)').run(s.market, s.status, s.offered ? 1 : 0);
    },
    setEnvironmentState: async (s: EnvironmentState) => {
      this.stmt('INSERT OR REPLACE INTO environment_states (environment, enabled, sandbox_opening) VALUES (?, ?, ?)').run(
        s.environment,
        s.enabled ? 1 : 0,
        s.sandbox_opening ? 1 : 0,
      );
    },
    upsertOrder: async (o: OrderRow) => {
      this.stmt(
        `INSERT INTO orders (id, seq, environment, account_id, customer_id, client_order_id, market, status, created_at, updated_at, data)
         VALUES (@id, @seq, @environment, @account_id, @customer_id, @client_order_id, @market, @status, @created_at, @updated_at, @data)
         ON CONFLICT(id) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at, data = excluded.data`,
      ).run(o);
    },
    insertFill: async (f: { id: string; account_id: string; order_id: string; filled_at: number; data: string }) => {
      this.stmt('INSERT INTO fills (id, account_id, order_id, filled_at, data) VALUES (@id, @account_id, @order_id, @filled_at, @data)').run(f);
    },
    putPosition: async (accountId: string, market: string, data: string | null) => {
      if (data === null) this.stmt('DELETE FROM positions WHERE account_id = ? AND market = ?').run(accountId, market);
      else this.stmt('INSERT OR REPLACE INTO positions (account_id, market, data) VALUES (?, ?, ?)').run(accountId, market, data);
    },
    putMarginSetting: async (accountId: string, market: string, leverage: number, mode: 'isolated' | 'cross') => {
      this.stmt('INSERT OR REPLACE INTO margin_settings (account_id, market, leverage, mode) VALUES (?, ?, ?, ?)').run(accountId, market, leverage, mode);
    },
    insertEvent: async (e: EventRow) => {
      if (e.customer_id) {
        this.stmt(
          `INSERT INTO events (seq, id, environment, account_id, customer_id, type, created_at, data)
           VALUES (@seq, @id, @environment, @account_id, @customer_id, @type, @created_at, @data)`,
        ).run(e);
      } else {
        this.stmt(
          `INSERT INTO events (seq, id, environment, account_id, customer_id, type, created_at, data)
           VALUES (@seq, @id, @environment, @account_id, (SELECT customer_id FROM accounts WHERE id = @account_id), @type, @created_at, @data)`,
        ).run(withoutCustomer(e));
      }
      this.written ??= { lastSeq: 0, accountIds: new Set() };
      this.written.lastSeq = Math.max(this.written.lastSeq, e.seq);
      this.written.accountIds.add(e.account_id);
    },
    rewriteOpenOrders: async (environment: Environment, rewrite: (row: OrderRow) => OpenOrderRewrite | null) => {
      const page = this.stmt(
        `SELECT * FROM orders WHERE environment = ? AND status IN (${OPEN_SQL}) AND seq > ? ORDER BY seq LIMIT ?`,
      );
      const update = this.stmt('UPDATE orders SET status = @status, updated_at = @updated_at, data = @data WHERE id = @id');
      let after = -1;
      let n = 0;
      for (;;) {
        // A page at a time: the driver cannot write while a statement is still being stepped, and 100k rows at once
        // would all be in memory together.
        const rows = page.all(environment, after, REWRITE_PAGE) as OrderRow[];
        for (const row of rows) {
          after = row.seq;
          const next = rewrite(row);
          if (!next) continue;
          update.run({ id: row.id, status: next.status, updated_at: next.updated_at, data: next.data });
          await this.tx.insertEvent(next.event);
          n++;
        }
        if (rows.length < REWRITE_PAGE) return n;
      }
    },
    // The newest event stays: the trading host numbers new events after the log's last seq.
    deleteEventsBefore: async (time: number, limit: number) =>
      this.stmt('DELETE FROM events WHERE seq IN (SELECT seq FROM events WHERE created_at < ? AND seq < (SELECT MAX(seq) FROM events) ORDER BY created_at LIMIT ?)').run(time, limit).changes,
    insertWebhook: async (w: WebhookRecord) => {
      this.cache.webhooks = undefined;
      this.stmt(
        `INSERT INTO webhooks (id, customer_id, environment, url, types, account_id, secret, after_seq, created_at)
         VALUES (@id, @customer_id, @environment, @url, @types, @account_id, @secret, @after_seq, @created_at)`,
      ).run({ ...w, types: w.types === null ? null : JSON.stringify(w.types) });
    },
    setWebhookSecret: async (id: string, secret: string) => {
      this.cache.webhooks = undefined;
      this.stmt('UPDATE webhooks SET secret = ? WHERE id = ?').run(secret, id);
    },
    deleteWebhook: async (id: string) => {
      this.cache.webhooks = undefined;
      return this.stmt('DELETE FROM webhooks WHERE id = ?').run(id).changes > 0;
    },
    insertDelivery: async (d: DeliveryRow) => {
      this.stmt(
        `INSERT OR IGNORE INTO webhook_deliveries (${DELIVERY_COLUMNS})
         VALUES (@id, @webhook_id, @event_seq, @event_id, @event_type, @payload, @status, @attempts, @next_attempt_at, @created_at, @finished_at)`,
      ).run(d);
    },
    updateDelivery: async (id: string, p: Pick<DeliveryRow, 'status' | 'attempts' | 'next_attempt_at' | 'finished_at'>) => {
      this.stmt('UPDATE webhook_deliveries SET status = @status, attempts = @attempts, next_attempt_at = @next_attempt_at, finished_at = @finished_at WHERE id = @id').run({ id, ...p });
    },
    insertAttempt: async (a: AttemptRow) => {
      this.stmt('INSERT INTO webhook_attempts (delivery_id, n, at, status_code, error, duration_ms) VALUES (@delivery_id, @n, @at, @status_code, @error, @duration_ms)').run(a);
    },
    deleteDeliveriesBefore: async (time: number, limit: number) =>
      this.stmt("DELETE FROM webhook_deliveries WHERE seq IN (SELECT seq FROM webhook_deliveries WHERE status != 'pending' AND finished_at < ? ORDER BY finished_at LIMIT ?)").run(time, limit).changes,
    insertEquityPoint: async (p: { account_id: string; resolution: 'trade' | 'day'; time: number; equity: string; balance: string }) => {
      this.stmt('INSERT INTO equity_points (account_id, resolution, time, equity, balance) VALUES (@account_id, @resolution, @time, @equity, @balance)').run(p);
    },
    putQuote: async (q: QuoteRow) => {
      this.stmt('INSERT OR REPLACE INTO quotes (market, bid, ask, last, time) VALUES (@market, @bid, @ask, @last, @time)').run(q);
    },
    setSetting: async (name: string, value: string) => {
      this.stmt('INSERT OR REPLACE INTO settings (name, value) VALUES (?, ?)').run(name, value);
    },
  });
}

interface BatchMember {
  rollbacks: (() => void)[];
  written: { lastSeq: number; accountIds: Set<string> } | undefined;
  /** Settles once the batch committed (or failed). */
  durable: Promise<void>;
  commit(): void;
  fail(err: unknown): void;
}

interface Batch {
  members: BatchMember[];
}

function newMember(rollbacks: (() => void)[], written: BatchMember['written']): BatchMember {
  let commit!: () => void;
  let fail!: (err: unknown) => void;
  const durable = new Promise<void>((resolve, reject) => {
    commit = resolve;
    fail = reject;
  });
  return { rollbacks, written, durable, commit, fail };
}

function mergeWritten(members: BatchMember[]): { lastSeq: number; accountIds: Set<string> } | undefined {
  let out: { lastSeq: number; accountIds: Set<string> } | undefined;
  for (const m of members) {
    if (!m.written) continue;
    out ??= { lastSeq: 0, accountIds: new Set() };
    out.lastSeq = Math.max(out.lastSeq, m.written.lastSeq);
    for (const a of m.written.accountIds) out.accountIds.add(a);
  }
  return out;
}

/** Runs undo callbacks; one that fails must not hide the error that rolled the transaction back. */
function runUndo(undo: (() => void)[]): void {
  for (const u of undo) {
    try {
      u();
    } catch {
      // ignored: see above
    }
  }
}

/** Caches a record, frozen: a caller that changed it would change every later read. */
function remember<K, V>(cache: Map<K, V>, key: K, value: V): V {
  cache.set(key, deepFreeze(value));
  return value;
}

function deepFreeze<V>(value: V): V {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function strip<T extends { hash: string }>(r: T): Omit<T, 'hash'> {
  const { hash: _hash, ...rest } = r;
  return rest;
}

/** An event row for the statement that looks its customer up (no customer_id parameter). */
function withoutCustomer(e: EventRow): Omit<EventRow, 'customer_id'> {
  const { customer_id: _unused, ...row } = e;
  return row;
}
