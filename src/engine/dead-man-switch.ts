import type { Book } from './book.js';
import type { Core, DeadMenPort } from './pipeline/core.js';
import type { Order } from './state.js';

/**
 * The dead-man switch (cancel-all-after): a client arms a deadline on its account and renews it while it is alive;
 * if the deadline passes on the engine's clock, the account's working opening orders are canceled
 * `dead_man_switch`. Exits stay: a client that went silent still has its positions protected.
 *
 * The deadline lives on the book (stored with the account, so it survives a restart or a take-over) and in the
 * engine's `deadMen` index, so the clock looks only at armed accounts, not at every book.
 */

/** Bounds of timeout_ms (0 disarms): a second at least, so a renewal can make it in time; a day at most. */
export const DEAD_MAN_MIN_MS = 1_000;
export const DEAD_MAN_MAX_MS = 86_400_000;

/** The orders the switch cancels: working orders that open or add exposure (not reduce-only, not a position's exit). */
export function isOpeningOrder(o: Order): boolean {
  return o.status === 'working' && o.exitKind === null && !o.reduceOnly;
}

/** Arms (timeoutMs > 0: fires at now + timeoutMs, replacing any earlier deadline) or disarms (0). Answers the deadline. */
export function armDeadMan(e: Core, book: Book, timeoutMs: number, now: number): number | null {
  const firesAt = timeoutMs === 0 ? null : now + timeoutMs;
  e.deadMen.set(e, book, firesAt);
  return firesAt;
}

/** The armed switches: account → when it fires. Owned here; the clock looks only at these, not at every book. */
export class DeadMen implements DeadMenPort {
  private readonly armed = new Map<string, number>();

  /** Loads a stored deadline into the index (a book added from the store). */
  load(book: Book): void {
    if (book.deadManAt !== null && book.deadManAt !== undefined) this.armed.set(book.id, book.deadManAt);
    else this.armed.delete(book.id);
  }

  /** The account's deadline set (null: disarmed), on its book, here and in the effects. */
  set(e: Core, book: Book, firesAt: number | null): void {
    book.deadManAt = firesAt;
    if (firesAt === null) this.armed.delete(book.id);
    else this.armed.set(book.id, firesAt);
    e.journal.deadMan(book.id, firesAt);
  }

  /** Fires every switch whose deadline is at or before now: it disarms, and the account's opening orders are canceled. */
  fire(e: Core, now: number): void {
    if (this.armed.size === 0) return;
    for (const [id, at] of [...this.armed]) {
      if (at > now) continue;
      const book = e.books.get(id);
      if (!book) {
        this.armed.delete(id);
        continue;
      }
      this.set(e, book, null);
      for (const o of [...book.orders.values()]) if (isOpeningOrder(o)) e.cancel(o, 'dead_man_switch', now);
    }
  }
}
