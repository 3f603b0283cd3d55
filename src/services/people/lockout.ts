import type { Clock } from '../../engine/clock.js';
import { ApiError } from '../../errors/api-error.js';
import type { AttemptRecord, Store } from '../../store/port.js';
import { attemptSubject, type Attempts } from './attempts.js';
import { clientNetwork } from './client-network.js';

/** docs/SECURITY.md item 8: 5 failed sign-ins from one network for one email lock that pair for 15 minutes. */
export const PAIR_MAX_FAILURES = 5;
export const PAIR_LOCK_MS = 15 * 60_000;
/** Failures of one email from anywhere before the email backs off: 1 minute, doubling per failure, at most 15. */
export const EMAIL_FREE_FAILURES = 20;
export const EMAIL_BACKOFF_FIRST_MS = 60_000;
export const EMAIL_BACKOFF_MAX_MS = 15 * 60_000;
/** Failures are counted in fixed windows of a day (a count older than that starts again). */
export const FAILURE_WINDOW_MS = 24 * 3_600_000;
/** A network that signed in to an email within this is known: the email's back-off does not stop it. */
export const KNOWN_NETWORK_MS = 30 * 24 * 3_600_000;

const emailBackoff = (failures: number): number =>
  Math.min(EMAIL_BACKOFF_MAX_MS, EMAIL_BACKOFF_FIRST_MS * 2 ** Math.min(failures - EMAIL_FREE_FAILURES, 20));

/**
 * The lock-out of sign-ins, keyed by the email as typed (normalized) whether or not a user has it, so that an unknown
 * email locks, backs off and answers exactly as a known one — the lock-out says nothing about who exists:
 *
 * - per (network, email): 5 failures lock that pair for 15 minutes — what one guesser meets;
 * - per email, from everywhere: past 20 failures a day each failure holds the email back 1, 2, 4, 8, then 15 minutes —
 *   what caps a guesser spread over many networks (about 120 guesses a day) — except for a network that signed in to
 *   the email within 30 days, so an attacker can lock an email out only of the networks its owner never used.
 *
 * Counters live in the store (attempts.ts): every node sees the same.
 */
export class LockOut {
  constructor(
    private readonly store: Pick<Store, 'transaction'>,
    private readonly clock: Clock,
    private readonly attempts: Attempts,
  ) {}

  private subjects(address: string, email: string): { pair: string; email: string } {
    return { pair: attemptSubject('sign_in_pair', clientNetwork(address), email), email: attemptSubject('sign_in_email', email) };
  }

  /** too_many_attempts (with Retry-After) while the pair is locked or the email backs off for this network. */
  async check(address: string, email: string): Promise<void> {
    const s = this.subjects(address, email);
    const [pair, all] = await Promise.all([this.attempts.get(s.pair), this.attempts.get(s.email)]);
    const now = this.clock.now();
    const until = Math.max(pair?.blocked_until ?? 0, this.known(pair, now) ? 0 : (all?.blocked_until ?? 0));
    if (until > now) {
      const seconds = Math.ceil((until - now) / 1000);
      throw new ApiError('too_many_attempts', {
        message: `Too many failed sign-ins: try again in ${Math.ceil(seconds / 60)} minutes.`,
        details: { locked_until: until },
        retryAfter: seconds,
      });
    }
  }

  /** Counts a failure for the pair and for the email (one transaction: parallel failures on any node all count). */
  async failed(address: string, email: string): Promise<void> {
    const s = this.subjects(address, email);
    await this.store.transaction(async (tx) => {
      await this.attempts.change(tx, s.pair, FAILURE_WINDOW_MS, (a, now) =>
        a.hits + 1 >= PAIR_MAX_FAILURES ? { ...a, hits: 0, window_start: now, blocked_until: now + PAIR_LOCK_MS } : { ...a, hits: a.hits + 1 },
      );
      await this.attempts.change(tx, s.email, FAILURE_WINDOW_MS, (a, now) => {
        const hits = a.hits + 1;
        return { ...a, hits, blocked_until: hits >= EMAIL_FREE_FAILURES ? now + emailBackoff(hits) : a.blocked_until };
      });
      await this.attempts.sweep(tx);
    });
  }

  /**
   * A success forgets the pair's failures and makes the network known. The email's count stays: its owner signing
   * in must not hand a guesser elsewhere 20 fresh tries.
   */
  async succeeded(address: string, email: string): Promise<void> {
    const s = this.subjects(address, email);
    await this.store.transaction((tx) =>
      this.attempts.change(tx, s.pair, FAILURE_WINDOW_MS, (a, now) => ({ ...a, hits: 0, window_start: now, blocked_until: null, passed_at: now })),
    );
  }

  private known(pair: AttemptRecord | undefined, now: number): boolean {
    return (pair?.passed_at ?? Number.NEGATIVE_INFINITY) + KNOWN_NETWORK_MS > now;
  }
}
