import type { Tx } from '../store/port.js';

/** An account's transactions not over yet: how many, and the promise the last one's end settles. */
interface Pending {
  count: number;
  over: Promise<void>;
  settle: () => void;
}

/**
 * The accounts whose state in the engine's memory may be ahead of the disk. The engine changes in memory before
 * the transaction that stores the change is synced (or rolled back), so a transaction that changed an account
 * holds it until the transaction is over (Tx.onSettled). A read served from memory waits while its account is
 * held: it never shows what is not on disk yet, nor what a rollback undoes (the engine is rebuilt first), and it
 * shows everything answered before it (an answered write is over).
 */
export class InFlight {
  private readonly pending = new Map<string, Pending>();
  /** Per account: how many transactions have held it (a read that spans an await compares it before and after). */
  private readonly begun = new Map<string, number>();

  /**
   * Holds the accounts for the transaction until it is over. `held` is the transaction's own set (one hold per
   * account per transaction); called with the accounts in the same turn as the engine changes them.
   */
  hold(tx: Tx, held: Set<string>, accountIds: Iterable<string>): void {
    const first = held.size === 0;
    for (const id of accountIds) {
      if (held.has(id)) continue;
      held.add(id);
      let p = this.pending.get(id);
      if (!p) {
        let settle!: () => void;
        const over = new Promise<void>((resolve) => (settle = resolve));
        p = { count: 0, over, settle };
        this.pending.set(id, p);
      }
      p.count++;
      this.begun.set(id, (this.begun.get(id) ?? 0) + 1);
    }
    if (first && held.size > 0) tx.onSettled(() => this.release(held));
  }

  private release(held: ReadonlySet<string>): void {
    for (const id of held) {
      const p = this.pending.get(id);
      if (!p || --p.count > 0) continue;
      this.pending.delete(id);
      p.settle();
    }
  }

  /** Settles once no transaction holds the account (undefined when none does now). */
  over(accountId: string): Promise<void> | undefined {
    return this.pending.get(accountId)?.over;
  }

  /**
   * A mark of the account's holds so far: a read that awaits (the store) between two looks at memory is
   * consistent only if no transaction held the account in between (same mark, none in flight).
   */
  mark(accountId: string): number {
    return this.begun.get(accountId) ?? 0;
  }
}
