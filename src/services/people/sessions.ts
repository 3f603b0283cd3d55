import type { Clock } from '../../engine/clock.js';
import { ApiError } from '../../errors/api-error.js';
import type { SessionRecord, Store, UserRecord } from '../../store/port.js';
import { newId } from '../../kernel/ids.js';
import { newSecret, secretHash } from './secrets.js';

/** docs/DASHBOARD.md: a session ends after 12 hours without use or 7 days in all. */
export const IDLE_MS = 12 * 3_600_000;
export const ABSOLUTE_MS = 7 * 24 * 3_600_000;
/** Last-seen is written at most this often (not on every request of a busy page). */
const TOUCH_EVERY_MS = 60_000;

export interface OpenSession {
  session: SessionRecord;
  user: UserRecord;
}

/**
 * Dashboard sessions in the store (any node serves any session): the cookie holds a random secret, the store its
 * sha256, the user and a CSRF token (the synchronizer pattern: the page reads it from GET /session).
 */
export class SessionService {
  constructor(
    private readonly store: Pick<Store, 'findSessionByHash' | 'getUser' | 'transaction'>,
    private readonly clock: Clock,
  ) {}

  /** A new session for the user; answers it with the cookie's secret (never stored). */
  async open(user: UserRecord): Promise<{ session: SessionRecord; secret: string }> {
    const secret = newSecret();
    const now = this.clock.now();
    const session: SessionRecord = {
      id: newId('ses'),
      user_id: user.id,
      hash: secretHash(secret),
      csrf_token: newSecret(),
      created_at: now,
      last_seen_at: now,
      revoked_at: null,
    };
    await this.store.transaction((tx) => tx.insertSession(session));
    return { session, secret };
  }

  /** When the session ends at the latest if unused from now on: never past its 7 days. */
  endsAt(s: SessionRecord): number {
    return Math.min(s.created_at + ABSOLUTE_MS, this.clock.now() + IDLE_MS);
  }

  /** The live session the cookie's secret names, touched; session_required when there is none. */
  async require(secret: string | undefined): Promise<OpenSession> {
    if (!secret) throw new ApiError('session_required');
    const session = await this.store.findSessionByHash(secretHash(secret));
    const now = this.clock.now();
    if (!session || session.revoked_at !== null) throw new ApiError('session_required', { message: 'Sign in: there is no session, or it was ended.' });
    if (now - session.last_seen_at >= IDLE_MS || now - session.created_at >= ABSOLUTE_MS) {
      throw new ApiError('session_required', { message: 'The session expired: sign in again.', details: { reason: 'expired' } });
    }
    const user = await this.store.getUser(session.user_id);
    if (!user) throw new ApiError('session_required');
    if (now - session.last_seen_at >= TOUCH_EVERY_MS) {
      await this.store.transaction((tx) => tx.touchSession(session.id, now));
      session.last_seen_at = now;
    }
    return { session, user };
  }

  /** Sign-out: the session and the dashboard tokens made in it end. */
  async end(session: SessionRecord): Promise<void> {
    const now = this.clock.now();
    await this.store.transaction(async (tx) => {
      await tx.revokeSession(session.id, now);
      await tx.revokeCredentialsBy({ session_id: session.id }, now);
    });
  }
}
