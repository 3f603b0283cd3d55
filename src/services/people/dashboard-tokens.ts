import type { Clock } from '../../engine/clock.js';
import type { Environment } from '../../schemas/common.js';
import type { Access, SessionRecord, Store, UserRecord } from '../../store/port.js';
import type { CredentialService } from '../credential-service.js';
import type { SessionService } from './sessions.js';

/** A dashboard token lasts at most an hour, and never past its session. */
export const DASHBOARD_TOKEN_LIFETIME_MS = 3_600_000;

/**
 * The page's access to the public API: an app token (kind token, token kind app) for one API host, origin
 * platform (its orders are the platform's), bound to the user and session that made it (revoked with them). Its
 * access is the caller's to choose: the session routes give a live token trade access only with a fresh emailed code
 * (docs/SECURITY.md item 10).
 */
export class DashboardTokens {
  constructor(
    private readonly store: Pick<Store, 'transaction'>,
    private readonly clock: Clock,
    private readonly credentials: CredentialService,
    private readonly sessions: SessionService,
    private readonly publicUrl: Readonly<Record<Environment, string>>,
  ) {}

  async issue(
    user: UserRecord,
    session: SessionRecord,
    environment: Environment,
    access: Access,
  ): Promise<{ token: string; expires_at: number; api_url: string; access: Access }> {
    const lifetime = Math.min(DASHBOARD_TOKEN_LIFETIME_MS, this.sessions.endsAt(session) - this.clock.now());
    const { stored, secret } = await this.credentials.draft('token', user.customer_id, {
      environment,
      access,
      name: 'dashboard',
      token_kind: 'app',
      max_lifetime_ms: Math.max(1, lifetime),
      platform: { user_id: user.id, session_id: session.id },
    });
    await this.store.transaction((tx) => this.credentials.insert(tx, stored));
    return { token: secret, expires_at: stored.expires_at!, api_url: this.publicUrl[environment], access };
  }
}
