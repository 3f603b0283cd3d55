import type pg from 'pg';
import { OPEN_GATE, StoreUnavailableError, type Reads, type Store, type StoreGate, type Tx } from '../port.js';
import { accountReads, accountWrites } from './accounts.js';
import { credentialReads, credentialWrites, touchCredentials } from './credentials.js';
import { customerReads, customerWrites } from './customers.js';
import { assertLease, type Fence } from '../../cluster/fence.js';
import { WriterChain } from '../writer-chain.js';
import { createPool, migrate, queryOn, runUndo, storeError, type Q } from './durability.js';
import { accountsBetween, eventReads, eventWrites, type EventTxState, type Written } from './events.js';
import { lockWrites } from './locks.js';
import { CHANNEL, EventListener, noticePayload, type Notice } from './notify.js';
import { orderReads, orderWrites } from './orders.js';
import { settingReads, settingWrites } from './settings.js';
import { webhookReads, webhookWrites } from './webhooks.js';

type Committed = { lastSeq: number; accountIds: ReadonlySet<string> };

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
  };
}

function txOn(q: Q, pool: Q, rollbacks: (() => void)[], events: EventTxState): Tx {
  const ev = eventWrites(q, events);
  // The port's log reads answer committed events only, inside a transaction too (as SQLite's second connection).
  const { listEvents, getEvent, eventHead } = eventReads(pool);
  return {
    ...readsOn(q),
    listEvents,
    getEvent,
    eventHead,
    onRollback: (undo: () => void) => void rollbacks.push(undo),
    fence: (f: Fence) => assertLease(q, f),
    ...customerWrites(q),
    ...credentialWrites(q),
    ...accountWrites(q),
    ...settingWrites(q),
    ...orderWrites(q, events),
    ...ev,
    ...webhookWrites(q),
    ...lockWrites(q),
  };
}

// The reads are assigned in the constructor (one object per module); this declares them on the class.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface PostgresStore extends Reads {}

/**
 * The PostgreSQL adapter (node-postgres, pooled). A transaction runs BEGIN…COMMIT on one pooled client and its
 * promise settles only after COMMIT returned (synchronous_commit on: flushed to the server's WAL). Transactions
 * of this process run one at a time, like SQLite's chain: the engine beside the store is in memory and its undo
 * callbacks assume nothing else interleaved. Reads outside a transaction go to the pool and see committed data
 * only. Committed events are told to this process's listeners at once, and to other processes by NOTIFY.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class PostgresStore implements Store {
  private gateway: StoreGate = OPEN_GATE;
  private readonly writer = new WriterChain();
  private readonly listeners = new Set<(c: Committed) => void>();
  private readonly listener: EventListener;
  private readonly q: Q;
  /** The highest event seq told to the listeners: after a lost LISTEN connection, what came since is told at once. */
  private toldSeq = 0;
  private readonly touches = new Map<string, number>();
  private touchTimer: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(
    private readonly pool: pg.Pool,
    url: string,
    private readonly schema: string,
    readonly isNew: boolean,
  ) {
    this.q = queryOn(pool);
    const reads = readsOn(this.q) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    for (const [name, fn] of Object.entries(reads)) {
      (this as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
        await this.gate();
        return fn(...args);
      };
    }
    this.listener = new EventListener(url, schema, (n) => void this.remoteNotice(n), () => void this.caughtUp());
  }

  /** Connects, migrates (once across nodes), and starts listening for other processes' events. */
  static async open(url: string): Promise<PostgresStore> {
    const pool = createPool(url);
    try {
      const isNew = await migrate(pool);
      const q = queryOn(pool);
      const schema = (await q.rows<{ s: string }>('SELECT current_schema() AS s'))[0]!.s;
      const store = new PostgresStore(pool, url, schema, isNew);
      store.toldSeq = await store.eventHead();
      await store.listener.start().catch((err: unknown) => {
        throw storeError(err);
      });
      return store;
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw storeError(err);
    }
  }

  setGate(gate: StoreGate): void {
    this.gateway = gate;
  }

  private async gate(): Promise<void> {
    if (this.closed) throw new StoreUnavailableError('store closed');
    if (this.gateway.active) await this.gateway.beforeCall();
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.run((tx) => fn(tx));
  }

  /**
   * A transaction for one engine partition: its first statement checks the lease (src/cluster/fence.ts), so a
   * node that lost the partition gets LeaseLostError and writes nothing. PostgreSQL only (SQLite has one node).
   */
  fencedTransaction<T>(fence: Fence, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.run(async (tx, q) => {
      await assertLease(q, fence);
      return fn(tx);
    });
  }

  /**
   * The transaction begins at its first statement: one that reads and writes nothing (a clock tick that changed
   * nothing) costs no round trip, so the commands queued behind it are not held up.
   */
  private run<T>(fn: (tx: Tx, q: Q) => Promise<T>): Promise<T> {
    return this.writer.run(async () => {
      await this.gate();
      let client: pg.PoolClient | undefined;
      let begun: Promise<Q> | undefined;
      const begin = (): Promise<Q> =>
        (begun ??= (async () => {
          client = await this.pool.connect().catch((err: unknown) => {
            throw storeError(err);
          });
          const on = queryOn(client);
          await on.changes('BEGIN');
          return on;
        })());
      const q: Q = {
        rows: async (sql, params) => (await begin()).rows(sql, params),
        changes: async (sql, params) => (await begin()).changes(sql, params),
      };
      const rollbacks: (() => void)[] = [];
      const events: EventTxState = { written: undefined, locked: false };
      let out: T;
      try {
        out = await fn(txOn(q, this.q, rollbacks, events), q);
        this.gateway.beforeCommit();
        if (begun) {
          const on = await begun;
          const w = events.written;
          if (w) {
            const notice: Notice = { lastSeq: w.lastSeq, fromSeq: w.firstSeq - 1, accountIds: [...w.accountIds] };
            // Delivered by the server at COMMIT, never for a transaction that rolls back.
            await on.rows('SELECT pg_notify($1, $2)', [CHANNEL, noticePayload(this.listener.origin, this.schema, notice)]);
          }
          // A statement that failed inside fn (and was caught there) leaves the transaction aborted: COMMIT then
          // answers ROLLBACK without an error, and nothing was written.
          const commit = await client!.query('COMMIT').catch((err: unknown) => {
            throw storeError(err);
          });
          if (commit.command !== 'COMMIT') throw new StoreUnavailableError('the store rolled back the transaction');
        }
      } catch (err) {
        // Settled whether it began or not (a BEGIN in flight when fn failed).
        await begun?.catch(() => undefined);
        const c = client as pg.PoolClient | undefined;
        if (c) {
          let broken = false;
          await c.query('ROLLBACK').catch(() => (broken = true));
          c.release(broken || undefined);
        }
        runUndo(rollbacks);
        throw storeError(err);
      }
      (client as pg.PoolClient | undefined)?.release();
      if (events.written) this.publish(events.written);
      return out;
    });
  }

  onEventsCommitted(listener: (c: Committed) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private publish(c: Committed | Written): void {
    this.toldSeq = Math.max(this.toldSeq, c.lastSeq);
    for (const l of this.listeners) {
      try {
        l({ lastSeq: c.lastSeq, accountIds: c.accountIds });
      } catch {
        // A listener's fault must not fail a transaction that already committed.
      }
    }
  }

  /** Another process committed events. */
  private async remoteNotice(n: Notice): Promise<void> {
    if (this.closed) return;
    try {
      const accountIds = n.accountIds ? new Set(n.accountIds) : await accountsBetween(this.q, n.fromSeq, n.lastSeq);
      this.publish({ lastSeq: n.lastSeq, accountIds });
    } catch {
      // The readers page the log from their own cursors at the next notice.
    }
  }

  /** LISTEN is back after a lost connection: tell what was committed meanwhile. */
  private async caughtUp(): Promise<void> {
    if (this.closed) return;
    try {
      const head = await this.eventHead();
      if (head > this.toldSeq) this.publish({ lastSeq: head, accountIds: await accountsBetween(this.q, this.toldSeq, head) });
    } catch {
      // As above.
    }
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
    await this.run((_tx, q) => touchCredentials(q, items)).catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    if (this.touchTimer) clearTimeout(this.touchTimer);
    await this.flushTouches();
    await this.writer.idle();
    this.closed = true;
    await this.listener.close();
    await this.pool.end().catch(() => undefined);
  }
}
