import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { OPEN_GATE, StoreUnavailableError, type Reads, type Store, type StoreGate, type Tx } from '../port.js';
import { accountReads, accountWrites } from './accounts.js';
import { credentialReads, credentialWrites, touchCredentials } from './credentials.js';
import { customerReads, customerWrites } from './customers.js';
import type { Fence } from '../fence.js';
import { assertLease } from './lease-fence.js';
import { applicationName, createPool, migrate, queryOn, storeError, type Q } from './durability.js';
import { eventReads, eventWrites, type EventTxState, type Written } from './events.js';
import { GroupCommit, type Member } from './group-commit.js';
import { lockWrites } from './locks.js';
import { EventListener, type Notice } from './notify.js';
import { PostCommitNotices } from './notices.js';
import { orderReads, orderWrites } from './orders.js';
import { oauthReads, oauthWrites } from './oauth.js';
import { peopleReads, peopleWrites } from './people.js';
import { cachingWrites, forget, RecordCache, type CachedTable, type RowChange } from './record-cache.js';
import { settingReads, settingWrites } from './settings.js';
import { tickReads, tickWrites } from './ticks.js';
import { signalReads, signalWrites } from './signals.js';
import { webhookReads, webhookWrites } from './webhooks.js';
import { NO_TELEMETRY, timedTransaction, type Telemetry } from '../../kernel/telemetry.js';

/** The open stores of this process, by database and schema: each tells the others of its commits to cached rows. */
const stores = new Map<string, Set<PostgresStore>>();

/** Events committed for these accounts; null: for any account (a notice too large to name them, a lost LISTEN). */
type Committed = { accountIds: ReadonlySet<string> | null; deliveries?: boolean };

/** Every read of the port, on one connection target (the pool, or a transaction's client). */
function readsOn(q: Q): Reads {
  return {
    ...customerReads(q),
    ...credentialReads(q),
    ...accountReads(q),
    ...settingReads(q),
    ...orderReads(q),
    ...eventReads(q),
    ...webhookReads(q),
    ...signalReads(q),
    ...peopleReads(q),
      ...oauthReads(q),
    ...tickReads(q),
  };
}

/** The lease fence, checked once per PostgreSQL transaction: the lease row stays locked FOR KEY SHARE until COMMIT. */
async function fenceOnce(q: Q, member: Member, f: Fence): Promise<void> {
  const key = `${f.environment}/${f.partition}/${f.owner}/${f.epoch}`;
  member.touched.add(`${f.environment}/${f.partition}`);
  if (member.isFenced(key)) return;
  await assertLease(q, f);
  member.fenced.add(key);
}

/** The transaction running now, in the group commit: its statements and its member of the batch. */
interface Running {
  readonly q: Q;
  readonly member: Member;
}

/**
 * The store's one Tx: the group commit runs its transactions one at a time (as SQLite's chain does), so one object
 * made at start serves each in turn, its statements and member those of the transaction running — not ≈200
 * functions and an object of them made and dropped per transaction (a tenth of a market order's CPU on the node,
 * with the garbage collection it caused: docs/PERFORMANCE.md, run 14). A Tx used after its transaction ended
 * throws instead of writing into the next.
 */
function sharedTx(running: () => Running, pool: Q, cache: RecordCache, committed: (c: RowChange) => void): Tx {
  const q: Q = {
    rows: <R>(sql: string, params?: readonly unknown[]) => running().q.rows<R>(sql, params),
    changes: (sql, params) => running().q.changes(sql, params),
    write: (sql, params) => running().q.write(sql, params),
    check: async (sql, params, verify) => {
      const now = running().q;
      if (now.check) await now.check(sql, params, verify);
      else verify(await now.rows(sql, params));
    },
  };
  const events: EventTxState = {
    get written() {
      return running().member.events.written;
    },
    set written(w) {
      running().member.events.written = w;
    },
  };
  const member: MemberPort = {
    events,
    rollbacks: (undo) => running().member.rollbacks.push(undo),
    settles: (settled) => running().member.settles.push(settled),
    fence: (f) => fenceOnce(q, running().member, f),
  };
  return txOn(q, pool, member, cache, committed);
}

/**
 * The store's Tx as one transaction sees it: each method refuses once that transaction ended (another may be running
 * by then, and the shared Tx would reach it). One object per transaction; a method is wrapped when it is read.
 */
function guarded(tx: Tx, current: () => boolean): Tx {
  return new Proxy(tx, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (!current()) throw new Error('a PostgreSQL store transaction was used after it ended');
        return (value as (...a: unknown[]) => unknown)(...args);
      };
    },
  });
}

/** What of the running transaction's member a Tx reaches. */
interface MemberPort {
  readonly events: EventTxState;
  rollbacks(undo: () => void): void;
  settles(settled: (durable: boolean) => void): void;
  fence(f: Fence): Promise<void>;
}

function txOn(q: Q, pool: Q, member: MemberPort, cache: RecordCache, committed: (c: RowChange) => void): Tx {
  const ev = eventWrites(q, member.events);
  const onSettled = (settled: (durable: boolean) => void) => void member.settles(settled);
  // The port's log reads answer committed events only, inside a transaction too (as SQLite's second connection).
  const { listEvents, eventAt, eventByRow, eventHead } = eventReads(pool);
  const tx: Tx = {
    ...readsOn(q),
    listEvents,
    eventAt,
    eventByRow,
    eventHead,
    onRollback: (undo: () => void) => void member.rollbacks(undo),
    onSettled,
    fence: (f: Fence) => member.fence(f),
    // SET LOCAL: for the rest of the PostgreSQL transaction (the batch this member is in), sent with the next statement.
    allowPauses: (ms: number) => q.write(`SET LOCAL idle_in_transaction_session_timeout = ${Math.max(0, Math.floor(ms))}`),
    ...customerWrites(q),
    ...credentialWrites(q),
    ...accountWrites(q),
    ...settingWrites(q),
    ...orderWrites(q, member.events),
    ...ev,
    ...webhookWrites(q),
    ...signalWrites(q),
    ...lockWrites(q),
    ...peopleWrites(q),
      ...oauthWrites(q),
    ...tickWrites(q),
  };
  return { ...tx, ...cachingWrites(q, tx, cache, onSettled, committed) };
}

// The reads are assigned in the constructor (one object per module); this declares them on the class.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface PostgresStore extends Reads {}

/**
 * The PostgreSQL adapter (node-postgres, pooled). Transactions of this process run one at a time, like SQLite's
 * chain (the engine beside the store is in memory and its undo callbacks assume nothing else interleaved), each in
 * a savepoint of a PostgreSQL transaction shared with those queued behind it (group commit, group-commit.ts); its
 * promise settles only after that COMMIT returned (synchronous_commit on: flushed to the server's WAL). Reads
 * outside a transaction go to the pool and see committed data only. Committed events are told to this process's
 * listeners at once, and to other processes by NOTIFY. Keys, customers and accounts are read from memory once
 * read (record-cache.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class PostgresStore implements Store {
  private gateway: StoreGate = OPEN_GATE;
  private readonly group: GroupCommit;
  private readonly listeners = new Set<(c: Committed) => void>();
  private readonly listener: EventListener;
  private readonly q: Q;
  /** The transaction running now (sharedTx), and the Tx that reaches it. */
  private running: Running | undefined;
  private readonly tx: Tx;
  /** The keys, customers and accounts this node reads on every request. */
  readonly cache = new RecordCache();
  /** What the other processes are told after each COMMIT. */
  readonly notices: PostCommitNotices;
  private readonly touches = new Map<string, number>();
  private touchTimer: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(
    private readonly pool: pg.Pool,
    url: string,
    private readonly schema: string,
    readonly isNew: boolean,
    /** Its connections' application name (durability.ts): lockWaits counts those. */
    private readonly appName: string,
    origin: string,
    /** Database and schema: the stores of this process on the same one tell each other of their commits. */
    private readonly place: string,
    warn: (message: string) => void,
    /** Times every transaction (src/metrics). */
    private readonly telemetry: Pick<Telemetry, 'transaction'>,
  ) {
    this.q = queryOn(pool);
    const reads = readsOn(this.q);
    const cached: Partial<Reads> = {
      findCredentialByHash: (hash) => this.cache.get('credentials', hash, () => reads.findCredentialByHash(hash)),
      getCustomer: (id) => this.cache.get('customers', id, () => reads.getCustomer(id)),
      getAccount: (id) => this.cache.get('accounts', id, () => reads.getAccount(id)),
    };
    // The port's reads, each behind the store's gate: this store's own methods, made here with it.
    const gated = Object.entries({ ...reads, ...cached } as Record<string, (...args: unknown[]) => Promise<unknown>>).map(([name, fn]) => [
      name,
      async (...args: unknown[]) => {
        await this.gate();
        return fn(...args);
      },
    ]);
    Object.assign(this, Object.fromEntries(gated));
    this.tx = sharedTx(
      () => {
        if (!this.running) throw new Error('a PostgreSQL store transaction was used after it ended');
        return this.running;
      },
      this.q,
      this.cache,
      (c) => this.committed(c),
    );
    this.listener = new EventListener(
      url,
      schema,
      (n) => this.remoteNotice(n),
      () => this.caughtUp(),
      {
        changed: (n) => forget(this.cache, { table: n.table as CachedTable, key: n.key }),
        lost: () => this.cache.setListening(false),
        listening: () => this.cache.setListening(true),
      },
      origin,
    );
    this.notices = new PostCommitNotices(pool, origin, schema, warn);
    this.group = new GroupCommit(pool, () => this.gate(), () => this.gateway, {
      published: (w) => {
        this.publish(w);
        // Told after the COMMIT (notices.ts): never for a transaction that rolled back.
        this.notices.eventsFor(w.accountIds, w.deliveries);
      },
    });
  }

  /**
   * Connects, migrates (once across nodes), and starts listening for other processes' events. `warn` hears what
   * fails off any caller's path (the notices sent after a COMMIT): the service logs it.
   */
  static async open(url: string, warn: (message: string) => void = () => undefined, telemetry: Pick<Telemetry, 'transaction'> = NO_TELEMETRY): Promise<PostgresStore> {
    const origin = randomUUID();
    const pool = createPool(url, origin);
    try {
      const isNew = await migrate(pool);
      const q = queryOn(pool);
      const { s: schema, d } = (await q.rows<{ s: string; d: string }>('SELECT current_schema() AS s, current_database() AS d'))[0]!;
      const store = new PostgresStore(pool, url, schema, isNew, applicationName(url), origin, `${d}.${schema}`, warn, telemetry);
      await store.listener.start().catch((err: unknown) => {
        throw storeError(err);
      });
      let here = stores.get(store.place);
      if (!here) stores.set(store.place, (here = new Set()));
      here.add(store);
      return store;
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw storeError(err);
    }
  }

  /** Transactions kept and COMMITs made: their ratio is the group commit's batch size. */
  get stats(): GroupCommit['stats'] {
    return this.group.stats;
  }

  setGate(gate: StoreGate): void {
    this.gateway = gate;
  }

  private async gate(): Promise<void> {
    if (this.closed) throw new StoreUnavailableError('store closed');
    if (this.gateway.active) await this.gateway.beforeCall();
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return timedTransaction(this.telemetry, () => this.run((tx) => fn(tx)));
  }

  /**
   * A transaction for one engine partition: its first statement checks the lease (src/store/postgres/lease-fence.ts), so a
   * node that lost the partition gets LeaseLostError and writes nothing. PostgreSQL only (SQLite has one node).
   */
  fencedTransaction<T>(fence: Fence, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.run(async (tx) => {
      await tx.fence(fence);
      return fn(tx);
    });
  }

  private run<T>(fn: (tx: Tx, q: Q) => Promise<T>, alone = false): Promise<T> {
    return this.group.run(async (q, member) => {
      const running = (this.running = { q, member });
      try {
        return await fn(guarded(this.tx, () => this.running === running), q);
      } finally {
        if (this.running === running) this.running = undefined;
      }
    }, alone);
  }

  /**
   * Committed a change to cached rows: the other stores of this process on this schema drop them now, and the other
   * processes once the notice sent after the COMMIT reaches them (an account's figures: the trigger leaves those to
   * this notice).
   */
  private committed(c: RowChange): void {
    for (const other of stores.get(this.place) ?? []) if (other !== this) forget(other.cache, c);
    if (c.table === 'accounts' && c.key !== undefined) this.notices.accountChanged(c.key);
  }

  async lockWaits(): Promise<number> {
    const rows = await this.q.rows<{ n: number }>(
      "SELECT count(*)::bigint AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1 AND wait_event_type = 'Lock'",
      [this.appName],
    );
    return Number(rows[0]!.n);
  }

  onEventsCommitted(listener: (c: Committed) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private publish(c: Committed | Written): void {
    for (const l of this.listeners) {
      try {
        l({ accountIds: c.accountIds, ...(c.deliveries === false ? { deliveries: false } : {}) });
      } catch {
        // A listener's fault must not fail a transaction that already committed.
      }
    }
  }

  /** Another process committed events (for accounts too many to name: for any). */
  private remoteNotice(n: Notice): void {
    if (this.closed) return;
    this.publish({ accountIds: n.accountIds ? new Set(n.accountIds) : null, ...(n.deliveries === false ? { deliveries: false } : {}) });
  }

  /**
   * LISTEN is back after a lost connection: the notices sent meanwhile are lost, so every reader is told to look
   * (each pages the log from its own cursor, and finds nothing or what it missed).
   */
  private caughtUp(): void {
    if (this.closed) return;
    this.publish({ accountIds: null });
  }

  touchCredential(id: string, at: number): void {
    this.touches.set(id, Math.max(at, this.touches.get(id) ?? 0));
    this.touchTimer ??= setTimeout(() => void this.flushTouches(), 1000).unref();
  }

  private async flushTouches(): Promise<void> {
    this.touchTimer = undefined;
    if (this.closed || this.touches.size === 0) return;
    const items = [...this.touches];
    this.touches.clear();
    // Alone: the rows of keys every node stamps are not held across a batch (another partition's batch may stamp them).
    await this.run((_tx, q) => touchCredentials(q, items), true).catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    if (this.touchTimer) clearTimeout(this.touchTimer);
    await this.flushTouches();
    await this.group.close();
    await this.notices.close();
    this.closed = true;
    const here = stores.get(this.place);
    here?.delete(this);
    if (here?.size === 0) stores.delete(this.place);
    await this.listener.close();
    await this.pool.end().catch(() => undefined);
  }
}
