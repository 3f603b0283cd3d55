import type { Clock } from '../../engine/clock.js';
import type { AttemptRecord, Store, Tx } from '../../store/port.js';
import { secretHash } from './secrets.js';

/** Counters untouched this long are dropped (the longest anything is remembered: a known sign-in address). */
export const ATTEMPTS_KEPT_MS = 30 * 24 * 3_600_000;
/** Counters dropped per sweep (a sweep rides on a transaction that writes counters anyway). */
const SWEEP_BATCH = 100;

/**
 * The subject of a counter: sha256 of its scope and parts. The store never holds the emails or addresses tried in
 * the clear — most of them belong to nobody, and to whom they do is what an attacker would like to read.
 */
export const attemptSubject = (scope: string, ...parts: string[]): string => secretHash([scope, ...parts].join('\u0000'));

const fresh = (subject: string, now: number): AttemptRecord => ({ subject, hits: 0, window_start: now, blocked_until: null, passed_at: null, updated_at: now });

/**
 * Counters of attempts in the store, on the Clock: sign-in failures (lockout.ts), mails sent (sign-up, codes). Kept
 * in the store so that every node judges from the same counts (three nodes do not triple a budget), and changed
 * under a named lock per subject so that parallel attempts on any nodes are all counted.
 */
export class Attempts {
  constructor(
    private readonly store: Pick<Store, 'getAttempts' | 'transaction'>,
    private readonly clock: Clock,
  ) {}

  get(subject: string): Promise<AttemptRecord | undefined> {
    return this.store.getAttempts(subject);
  }

  /**
   * Changes the subject's counter in `tx`, under its lock: `change` gets the counter as it stands, its hits
   * forgotten once `windowMs` passed since its window began (a fixed window), and answers the one to store.
   */
  async change(tx: Tx, subject: string, windowMs: number, change: (a: AttemptRecord, now: number) => AttemptRecord): Promise<AttemptRecord> {
    await tx.lock(`attempts:${subject}`);
    const now = this.clock.now();
    const stored = await tx.getAttempts(subject);
    const current = !stored ? fresh(subject, now) : stored.window_start + windowMs <= now ? { ...stored, hits: 0, window_start: now } : stored;
    const next = { ...change(current, now), updated_at: now };
    await tx.putAttempts(next);
    return next;
  }

  /**
   * Counts one more of at most `limit` per window of `windowMs`: answers 0 when it is counted, or the milliseconds
   * until the window ends when the limit is reached (nothing counted).
   */
  spend(subject: string, limit: number, windowMs: number): Promise<number> {
    return this.store.transaction(async (tx) => {
      let wait = 0;
      await this.change(tx, subject, windowMs, (a, now) => {
        if (a.hits < limit) return { ...a, hits: a.hits + 1 };
        wait = a.window_start + windowMs - now;
        return a;
      });
      await this.sweep(tx);
      return wait;
    });
  }

  /** Drops a batch of counters untouched for ATTEMPTS_KEPT_MS (what an attacker makes cannot pile up for good). */
  async sweep(tx: Tx): Promise<void> {
    await tx.deleteAttemptsBefore(this.clock.now() - ATTEMPTS_KEPT_MS, SWEEP_BATCH);
  }
}
