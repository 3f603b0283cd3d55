import type { AccountRecord, CustomerRecord, StoredCredential, Tx } from '../port.js';
import { accountUpdate, PATCHABLE } from '../sql/accounts.js';
import type { Q } from './durability.js';

export type CachedTable = 'credentials' | 'customers' | 'accounts';

/**
 * The records every request reads (keys by hash, customers, accounts by id), kept per node as frozen objects, so a
 * request reads none of them from PostgreSQL. Kept true by what changes them:
 * - a write through this store changes its entry when it is made (an account's patch) or drops it, and drops it again
 *   if its transaction rolls back; stores of this process on the same schema are told at its COMMIT, before the
 *   write is answered;
 * - a commit by any other session (another node, the CLI, an operator's SQL) fires a trigger whose NOTIFY
 *   (rampart_rows, migration 012) drops the entry on every node that listens;
 * - while this node is not listening (its LISTEN connection lost, until it listens again) nothing is kept and every
 *   read goes to PostgreSQL: a notice sent meanwhile is lost.
 * A read answered by PostgreSQL is kept only if nothing dropped its entry (or all) since the read was sent: an older
 * row must never replace what a later change dropped. Nor while a transaction of this store has written the row and
 * is not over, or if the read was sent before that transaction ended: PostgreSQL answers it with the row as last
 * committed, before that write, and the write's own notice is not for this node (it skips its own), so such a row
 * kept would stay stale until something else changed it.
 */
export class RecordCache {
  private readonly maps = {
    credentials: new Map<string, StoredCredential>(),
    customers: new Map<string, CustomerRecord>(),
    accounts: new Map<string, AccountRecord>(),
  };
  /** Counts drops; a read remembers it when sent. */
  private generation = 0;
  private flushedAt = 0;
  /** When each entry was last dropped (by generation); forgotten at a flush. */
  private readonly droppedAt = new Map<string, number>();
  /** Entries this store's transactions have written and that are not over yet: how many each. */
  private readonly writing = new Map<string, number>();
  private listening = false;
  /** Reads answered from memory and from PostgreSQL, for the tests and the figures. */
  readonly stats = { hits: 0, misses: 0 };

  /** The record of `key` in `table`, from memory or by `read`. */
  async get<T extends object>(table: CachedTable, key: string, read: () => Promise<T | undefined>): Promise<T | undefined> {
    const map = this.maps[table] as unknown as Map<string, T>;
    const hit = this.listening ? map.get(key) : undefined;
    if (hit) {
      this.stats.hits++;
      return hit;
    }
    this.stats.misses++;
    const sent = this.generation;
    const row = await read();
    const k = `${table}:${key}`;
    if (row && this.listening && this.flushedAt <= sent && (this.droppedAt.get(k) ?? 0) <= sent && !this.writing.has(k)) {
      map.set(key, deepFreeze(row));
    }
    return row;
  }

  /**
   * The entry as this node's own write left it (kept only if the entry was kept): drops it for reads in flight, and
   * no read keeps the row until the writing transaction is over (`settled`).
   */
  patch<T extends object>(table: CachedTable, key: string, change: (old: T) => T): void {
    const map = this.maps[table] as unknown as Map<string, T>;
    const old = map.get(key);
    this.drop(table, key);
    const k = `${table}:${key}`;
    this.writing.set(k, (this.writing.get(k) ?? 0) + 1);
    if (old && this.listening) map.set(key, deepFreeze(change(old)));
  }

  /** The transaction that patched the entry is over: reads sent before now are not kept (they may predate it). */
  settled(table: CachedTable, key: string): void {
    const k = `${table}:${key}`;
    const n = (this.writing.get(k) ?? 1) - 1;
    if (n > 0) this.writing.set(k, n);
    else this.writing.delete(k);
    this.droppedAt.set(k, ++this.generation);
  }

  drop(table: CachedTable, key: string): void {
    this.maps[table].delete(key);
    this.droppedAt.set(`${table}:${key}`, ++this.generation);
  }

  /** Whether the entry is kept (and notices reach this node). */
  has(table: CachedTable, key: string): boolean {
    return this.listening && this.maps[table].has(key);
  }

  /** Drops every entry (of one table, or all). */
  flush(table?: CachedTable): void {
    for (const t of table ? [table] : (Object.keys(this.maps) as CachedTable[])) this.maps[t].clear();
    this.flushedAt = ++this.generation;
    this.droppedAt.clear();
  }

  /** Whether notices reach this node: while not, nothing is kept (and what was is dropped). */
  setListening(listening: boolean): void {
    this.flush();
    this.listening = listening;
  }
}

/** A change a transaction made to cached rows: one entry (by key), or every entry of the table. */
export interface RowChange {
  table: CachedTable;
  key?: string;
}

export function forget(cache: RecordCache, c: RowChange): void {
  if (c.key === undefined) cache.flush(c.table);
  else cache.drop(c.table, c.key);
}

type CachedWrites = Pick<Tx, 'revokeCredential' | 'revokeCredentialsBy' | 'setCustomerApiEnabled' | 'updateAccount'>;

/**
 * The writes of a transaction to cached rows, keeping the cache true: the entry changed (or dropped) once the
 * statement ran, dropped again if the transaction rolls back, and `committed` told of it at COMMIT (for the other
 * stores of this process). Keys are cached by hash, revoked by id: a revocation drops them all (revocations are rare).
 */
export function cachingWrites(
  q: Q,
  w: CachedWrites,
  cache: RecordCache,
  onSettled: (settled: (durable: boolean) => void) => void,
  committed: (c: RowChange) => void,
): CachedWrites {
  const changed = (c: RowChange) =>
    onSettled((durable) => {
      // Over: rows read while it ran are not kept (settled), and a table-wide change drops what they put back.
      if (c.key !== undefined) cache.settled(c.table, c.key);
      else cache.flush(c.table);
      if (durable) committed(c);
      else forget(cache, c);
    });
  return {
    revokeCredential: async (id, at) => {
      const out = await w.revokeCredential(id, at);
      cache.flush('credentials');
      changed({ table: 'credentials' });
      return out;
    },
    revokeCredentialsBy: async (by, at) => {
      const out = await w.revokeCredentialsBy(by, at);
      cache.flush('credentials');
      changed({ table: 'credentials' });
      return out;
    },
    setCustomerApiEnabled: async (id, enabled) => {
      const out = await w.setCustomerApiEnabled(id, enabled);
      cache.patch<CustomerRecord>('customers', id, (c) => ({ ...c, api_enabled: enabled }));
      changed({ table: 'customers', key: id });
      return out;
    },
    updateAccount: async (id, patch, at) => {
      // An account kept here exists (accounts are never deleted): the answer is known, so the write is held and
      // sent with the transaction's next statement instead of waiting for the rows it changed.
      const update = cache.has('accounts', id) ? accountUpdate(id, patch, at) : undefined;
      const out = update ? (await q.write(update.sql, update.params), true) : await w.updateAccount(id, patch, at);
      const set: Record<string, unknown> = { updated_at: at };
      for (const [k, v] of Object.entries(patch)) if (PATCHABLE.includes(k)) set[k] = v ?? null;
      cache.patch<AccountRecord>('accounts', id, (a) => ({ ...a, ...set }));
      changed({ table: 'accounts', key: id });
      return out;
    },
  };
}

function deepFreeze<V>(value: V): V {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
