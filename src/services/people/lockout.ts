import type { Clock } from '../../engine/clock.js';
import { ApiError } from '../../errors/api-error.js';
import type { Store, UserRecord } from '../../store/port.js';

/** docs/DASHBOARD.md: 5 failed sign-ins for one email lock it for 15 minutes. */
export const MAX_FAILED_SIGN_INS = 5;
export const LOCK_MS = 15 * 60_000;

/** The lock-out of sign-ins by email, on the Clock. Failures are counted by the store (atomically: parallel tries). */
export class LockOut {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /** too_many_attempts (with Retry-After) while the user is locked out. */
  check(user: UserRecord): void {
    const now = this.clock.now();
    if (user.locked_until !== null && user.locked_until > now) {
      const seconds = Math.ceil((user.locked_until - now) / 1000);
      throw new ApiError('too_many_attempts', {
        message: `Too many failed sign-ins: try again in ${Math.ceil(seconds / 60)} minutes.`,
        details: { locked_until: user.locked_until },
        retryAfter: seconds,
      });
    }
  }

  /** Counts a failure; the fifth in a row locks the email. */
  async failed(user: UserRecord): Promise<void> {
    await this.store.transaction(async (tx) => {
      const failures = await tx.addFailedSignIn(user.id);
      if (failures >= MAX_FAILED_SIGN_INS) await tx.setUserLock(user.id, this.clock.now() + LOCK_MS);
    });
  }

  /** A successful sign-in forgets earlier failures. */
  async succeeded(user: UserRecord): Promise<void> {
    if (user.failed_sign_ins === 0 && user.locked_until === null) return;
    await this.store.transaction((tx) => tx.setUserLock(user.id, null));
  }
}
