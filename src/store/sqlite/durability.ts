import type Database from 'better-sqlite3';
import { StoreUnavailableError, type StoreGate } from '../port.js';
import { Connection } from './connection.js';
import { WalSync, type SyncFaults } from './wal-sync.js';
import { Checkpointer, type CheckpointOptions } from './checkpointer.js';
import { WriterChain } from '../writer-chain.js';

/** What a transaction wrote to the event log: published once its batch is on disk. */
export interface Written {
  accountIds: Set<string>;
  /** The transaction made webhook deliveries (the outbox's rows): only then need the sender look. */
  deliveries: boolean;
}
/** `deliveries: false`: the commit made no webhook delivery (the port's onEventsCommitted). */
export type CommitListener = (c: { accountIds: ReadonlySet<string>; deliveries?: false }) => void;

/** What the query modules need: statements prepared once (connection.ts), and reads behind the store's gate. */
export interface Sql {
  stmt(sql: string): Database.Statement;
  logStmt(sql: string): Database.Statement;
  prepare(sql: string): Database.Statement;
  read<T>(fn: () => T): Promise<T>;
  readLog<T>(fn: () => T): Promise<T>;
}

/**
 * SQLite in WAL mode: a commit is on disk before the promise resolves. The COMMIT writes the WAL without syncing it
 * (synchronous=NORMAL) and the WAL is then synced (fdatasync) on libuv's thread pool, off the event loop, before any
 * member of the batch is answered or its events published (wal-sync.ts): the durability of synchronous=FULL, while
 * the loop serves the next requests. better-sqlite3 is synchronous; transactions are serialized through one promise
 * chain so that the async port never interleaves two transactions on the one connection.
 */
export class Durability implements Sql {
  readonly conn: Connection;
  /** Transactions run and COMMITs (fsyncs) made: their ratio is the group commit's batch size. */
  readonly stats = { transactions: 0, commits: 0, syncs: 0 };
  /** Test-only: make the next syncs fail, or hold them until the promise settles. */
  readonly syncFaults: SyncFaults = { failing: false, hold: undefined };
  closed = false;
  /** What the transaction in progress wrote to the event log (published after its COMMIT). */
  private written: Written | undefined;
  private readonly eventListeners = new Set<CommitListener>();
  private readonly chain = new WriterChain();
  /** What the transaction in progress asked to run if it rolls back (Tx.onRollback). */
  private rollbacks: (() => void)[] = [];
  /** What the transaction in progress asked to be told when it is over (Tx.onSettled). */
  private settles: Settle[] = [];
  /** The SQLite transaction that the members of a group commit share, while open. */
  private batch: Batch | undefined;
  private commitScheduled = false;
  /** The sync of the WAL (absent for an in-memory store, whose COMMIT is all there is). */
  private readonly wal: WalSync<Batch> | undefined;
  /** The WAL checkpoint, on a worker thread (absent in memory). */
  readonly checkpointer: Checkpointer | undefined;
  private readonly beginStmt: Database.Statement;
  private readonly savepointStmt: Database.Statement;
  private readonly releaseStmt: Database.Statement;
  private readonly rollbackToStmt: Database.Statement;
  private readonly commitStmt: Database.Statement;
  private readonly rollbackStmt: Database.Statement;

  /** `reset` drops what the store keeps of the file (the record cache) when writes are rolled back. */
  constructor(
    file: string,
    private readonly gateOf: () => StoreGate,
    private readonly reset: () => void,
    checkpoint: CheckpointOptions = {},
  ) {
    this.conn = new Connection(file);
    if (this.conn.walFile !== undefined) {
      this.wal = new WalSync<Batch>(this.conn.walFile, this.syncFaults, this.stats, (b) => this.settleDurable(b), failMembers);
      this.checkpointer = new Checkpointer(file, checkpoint);
    }
    this.beginStmt = this.conn.stmt('BEGIN IMMEDIATE');
    this.savepointStmt = this.conn.stmt('SAVEPOINT member');
    this.releaseStmt = this.conn.stmt('RELEASE member');
    this.rollbackToStmt = this.conn.stmt('ROLLBACK TO member');
    this.commitStmt = this.conn.stmt('COMMIT');
    this.rollbackStmt = this.conn.stmt('ROLLBACK');
  }

  get isNew(): boolean {
    return this.conn.isNew;
  }

  stmt(sql: string): Database.Statement {
    return this.conn.stmt(sql);
  }

  logStmt(sql: string): Database.Statement {
    return this.conn.logStmt(sql);
  }

  prepare(sql: string): Database.Statement {
    return this.conn.prepare(sql);
  }

  private async gate(): Promise<void> {
    if (this.closed) throw new StoreUnavailableError('store closed');
    if (this.wal?.broken) throw this.wal.broken;
    await this.gateOf().beforeCall();
  }

  async read<T>(fn: () => T): Promise<T> {
    if (this.gateOf().active || this.closed || this.wal?.broken) await this.gate();
    return this.conn.run(fn);
  }

  /**
   * A read of the event log (the second connection): it waits for the syncs that cover what is committed now, so no
   * event is shown before it is on disk — an event seen and then lost to a power cut would have its id given to
   * another one.
   */
  async readLog<T>(fn: () => T): Promise<T> {
    const syncs = this.wal?.waitForLog();
    if (syncs) await syncs;
    return this.read(fn);
  }

  /** Runs fn when no other transaction step holds the connection (one promise chain, first come first served). */
  private exclusive<T>(fn: () => Promise<T> | T): Promise<T> {
    return this.chain.run(fn);
  }

  /** Tx.onRollback of the transaction in progress. */
  onRollback(undo: () => void): void {
    this.rollbacks.push(undo);
  }

  /** Tx.onSettled of the transaction in progress. */
  onSettled(settled: Settle): void {
    this.settles.push(settled);
  }

  /** The transaction in progress wrote an event (published after the sync that makes its batch durable). */
  wroteEvent(accountId: string): void {
    this.written ??= { accountIds: new Set(), deliveries: false };
    this.written.accountIds.add(accountId);
  }

  /** The transaction in progress made webhook deliveries with its events. */
  madeDeliveries(): void {
    this.written ??= { accountIds: new Set(), deliveries: false };
    this.written.deliveries = true;
  }

  /**
   * Group commit: each transaction runs in a SAVEPOINT of one open SQLite transaction (the batch), and the batch
   * commits — one fsync — once the requests that arrived in the same turn of the event loop have run theirs.
   * A transaction's promise settles only after the COMMIT that made it durable. A transaction that fails rolls
   * back to its savepoint alone and answers at once; a COMMIT that fails fails every member of its batch, and
   * each member's onRollback undo runs.
   */
  async transaction<X, T>(fn: (tx: X) => Promise<T>, tx: X): Promise<T> {
    let member: BatchMember | undefined;
    const result = await this.exclusive(async () => {
      await this.gate();
      if (!this.batch) {
        // The WAL outgrew its bound: this batch begins after a checkpoint of everything committed, so it starts the
        // WAL over (checkpointer.ts).
        const restart = this.checkpointer?.beforeBegin();
        if (restart) await restart;
        this.conn.run(() => this.beginStmt.run());
        this.batch = { members: [] };
      }
      this.savepointStmt.run();
      this.rollbacks = [];
      this.settles = [];
      this.written = undefined;
      try {
        const out = await fn(tx);
        this.gateOf().beforeCommit();
        this.conn.run(() => this.releaseStmt.run());
        this.stats.transactions++;
        member = newMember(this.rollbacks, this.settles, this.written);
        this.batch.members.push(member);
        this.gateOf().atBatch?.('between-savepoints');
        return out;
      } catch (err) {
        this.rollbackMember();
        throw err;
      } finally {
        this.rollbacks = [];
        this.settles = [];
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
      if (this.conn.db.inTransaction) {
        this.rollbackToStmt.run();
        this.releaseStmt.run();
      }
    } catch {
      // The savepoint is gone with the transaction (SQLite rolled it all back on an I/O error): fail the batch.
      this.failBatch(new StoreUnavailableError('the store rolled back the transaction'));
    }
    this.reset();
    runUndo(this.rollbacks);
    tell(this.settles, false);
  }

  private scheduleCommit(): void {
    if (this.commitScheduled || !this.batch) return;
    this.commitScheduled = true;
    // After the I/O callbacks of this turn: the requests read in it join the batch before its one fsync.
    setImmediate(() => this.commitAfterSync());
  }

  /**
   * While a sync of the WAL is in flight the batch stays open and keeps growing: its own sync could not start before
   * that one ends, so committing it earlier would only answer it no sooner, while each COMMIT writes the pages it
   * touched to the WAL again (and the checkpoint copies them). One COMMIT per sync under load.
   */
  private commitAfterSync(): void {
    const syncing = this.wal?.inFlight;
    if (syncing) {
      const again = () => setImmediate(() => this.commitAfterSync());
      void syncing.then(again, again);
      return;
    }
    void this.exclusive(async () => {
      this.commitScheduled = false;
      this.commitBatch();
    });
  }

  /** Commits the open batch (called with the connection held). */
  private commitBatch(): void {
    const batch = this.batch;
    if (!batch) return;
    try {
      this.gateOf().beforeCommit();
      this.gateOf().atBatch?.('before-commit');
      this.conn.run(() => this.commitStmt.run());
      this.stats.commits++;
    } catch (err) {
      this.failBatch(err);
      return;
    }
    this.gateOf().atBatch?.('after-commit');
    this.batch = undefined;
    this.checkpointer?.committed();
    if (this.wal) this.wal.add(batch);
    else this.settleDurable(batch);
  }

  /** A batch is on disk: its events are published and its members answered. */
  private settleDurable(batch: Batch): void {
    this.gateOf().atBatch?.('after-sync');
    const written = mergeWritten(batch.members);
    if (written) this.publishWritten(written);
    for (const m of batch.members) {
      tell(m.settles, true);
      m.commit();
    }
  }

  /** Rolls the whole batch back: every member fails with err, its in-memory effects undone (newest first). */
  private failBatch(err: unknown): void {
    const batch = this.batch;
    this.batch = undefined;
    if (this.conn.db.inTransaction) {
      try {
        this.rollbackStmt.run();
      } catch {
        // Nothing more to undo in the file.
      }
    }
    this.reset();
    if (!batch) return;
    for (const m of [...batch.members].reverse()) {
      runUndo(m.rollbacks);
      tell(m.settles, false);
      m.fail(err);
    }
  }

  onEventsCommitted(listener: CommitListener): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  private publishWritten(written: Written): void {
    const told = written.deliveries ? { accountIds: written.accountIds } : { accountIds: written.accountIds, deliveries: false as const };
    for (const l of this.eventListeners) {
      try {
        l(told);
      } catch {
        // A listener's fault must not fail a transaction that already committed.
      }
    }
  }

  /** Commits what is open, waits for its sync, then closes the connections. */
  async close(): Promise<void> {
    await this.exclusive(() => this.commitBatch());
    await this.chain.idle();
    await this.wal?.drain();
    await this.checkpointer?.close();
    this.closed = true;
    this.wal?.close();
    this.conn.close();
  }
}

type Settle = (durable: boolean) => void;

interface BatchMember {
  rollbacks: (() => void)[];
  settles: Settle[];
  written: Written | undefined;
  /** Settles once the batch committed (or failed). */
  durable: Promise<void>;
  commit(): void;
  fail(err: unknown): void;
}

interface Batch {
  members: BatchMember[];
}

function newMember(rollbacks: (() => void)[], settles: Settle[], written: Written | undefined): BatchMember {
  let commit!: () => void;
  let fail!: (err: unknown) => void;
  const durable = new Promise<void>((resolve, reject) => {
    commit = resolve;
    fail = reject;
  });
  return { rollbacks, settles, written, durable, commit, fail };
}

function mergeWritten(members: BatchMember[]): Written | undefined {
  let out: Written | undefined;
  for (const m of members) {
    if (!m.written) continue;
    out ??= { accountIds: new Set(), deliveries: false };
    for (const a of m.written.accountIds) out.accountIds.add(a);
    if (m.written.deliveries) out.deliveries = true;
  }
  return out;
}

/** A sync failed: the batch may not be on disk, its members are answered unavailable. */
function failMembers(batch: Batch, err: StoreUnavailableError): void {
  for (const m of batch.members) {
    tell(m.settles, false);
    m.fail(err);
  }
}

/** Tells a transaction's onSettled callbacks how it ended; one that throws must not keep the others untold. */
function tell(settles: Settle[], durable: boolean): void {
  for (const s of settles) {
    try {
      s(durable);
    } catch {
      // ignored: see above
    }
  }
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
