import type { Book } from './book.js';
import type { Core } from './pipeline/core.js';
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
  setDeadline(e, book, firesAt);
  return firesAt;
}

/** Loads a stored deadline into the index (a book added from the store). */
export function indexDeadMan(e: Core, book: Book): void {
  if (book.deadManAt !== null && book.deadManAt !== undefined) e.deadMen.set(book.id, book.deadManAt);
  else e.deadMen.delete(book.id);
}

/** Fires every switch whose deadline is at or before now: it disarms, and the account's opening orders are canceled. */
export function fireDeadMen(e: Core, now: number): void {
  if (e.deadMen.size === 0) return;
  for (const [id, at] of [...e.deadMen]) {
    if (at > now) continue;
    const book = e.books.get(id);
    if (!book) {
      e.deadMen.delete(id);
      continue;
    }
    setDeadline(e, book, null);
    for (const o of [...book.orders.values()]) if (isOpeningOrder(o)) e.cancel(o, 'dead_man_switch', now);
  }
}

function setDeadline(e: Core, book: Book, firesAt: number | null): void {
  book.deadManAt = firesAt;
  if (firesAt === null) e.deadMen.delete(book.id);
  else e.deadMen.set(book.id, firesAt);
  e.journal.deadMan(book.id, firesAt);
}
