import type { Clock } from '../../engine/clock.js';
import type { Store, Tx } from '../../store/port.js';
import type { CredentialService } from '../credential-service.js';
import { CONSENT_MODEL, MINTED_MODEL } from './adapter.js';

/** The store lock a grant's writers take (ending it, minting for it), so no credential is minted for an ended grant. */
export const grantLock = (grantId: string): string => `oauth_grant:${grantId}`;

/**
 * How grants and browser logins end. A grant ends (revoked from Connected apps, through RFC 7009, by a new password,
 * or by oidc-provider when a rotated refresh token or a code is used twice) all at once: every Rampart credential
 * minted for it is revoked — its calls answer revoked_token from that moment — and every record of it (consent,
 * codes, refresh tokens, the grant) is deleted, in one transaction.
 */
export class GrantEnd {
  /** oidc-provider revokes a grant once per token model at the same moment: one ending serves those calls. */
  private readonly ending = new Map<string, Promise<void>>();

  constructor(
    private readonly store: Pick<Store, 'listOAuthRecordsBy' | 'transaction'>,
    private readonly clock: Clock,
    private readonly credentials: CredentialService,
  ) {}

  /** Ends a grant (again, or an unknown one: nothing happens). */
  end(grantId: string): Promise<void> {
    let running = this.ending.get(grantId);
    if (!running) {
      running = this.run(grantId).finally(() => this.ending.delete(grantId));
      this.ending.set(grantId, running);
    }
    return running;
  }

  private async run(grantId: string): Promise<void> {
    const revoked = await this.store.transaction(async (tx) => {
      await tx.lock(grantLock(grantId));
      return this.endIn(tx, grantId);
    });
    if (revoked > 0) this.credentials.accessChanged();
  }

  private async endIn(tx: Tx, grantId: string): Promise<number> {
    const now = this.clock.now();
    let revoked = 0;
    for (const r of await tx.listOAuthRecordsByGrant(grantId)) {
      if (r.model === MINTED_MODEL && (await tx.revokeCredential(r.id, now))) revoked++;
    }
    await tx.deleteOAuthRecordsByGrant(grantId, null);
    await tx.deleteOAuthRecord('Grant', grantId);
    return revoked;
  }

  /** A new password: every grant the user gave ends, and so do the user's logins at the authorization server. */
  async endEverythingOf(userId: string): Promise<void> {
    const now = this.clock.now();
    const [grants, consents] = await Promise.all([
      this.store.listOAuthRecordsBy('Grant', 'account_id', userId, now),
      this.store.listOAuthRecordsBy(CONSENT_MODEL, 'account_id', userId, now),
    ]);
    for (const id of new Set([...grants, ...consents].map((r) => r.id))) await this.end(id);
    await this.endLogins(userId);
  }

  /**
   * Signing out of the dashboard: the user's logins at the authorization server (oidc-provider sessions) end, so a
   * later authorization in that browser cannot ride them. Grants live on: an app keeps working after sign-out.
   */
  async endLogins(userId: string): Promise<void> {
    const sessions = await this.store.listOAuthRecordsBy('Session', 'account_id', userId, this.clock.now());
    if (sessions.length === 0) return;
    await this.store.transaction(async (tx) => {
      for (const s of sessions) await tx.deleteOAuthRecord('Session', s.id);
    });
  }
}
