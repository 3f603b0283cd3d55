import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Clock } from '../../engine/clock.js';
import type { CredentialRecord, Reads, Store } from '../../store/port.js';
import type { CredentialService } from '../credential-service.js';
import { MINTED_MODEL } from './adapter.js';
import { ACCESS_TOKEN_LIFETIME_MS, consentRecord, readConsent } from './consent.js';
import { grantLock, type GrantEnd } from './grant-end.js';

/**
 * A minted credential's record outlives the credential by a day: a revocation of it by the operator (`rampart
 * tokens revoke`) still ends the grant at the app's next refresh. Later it lapses, so a grant used for months does
 * not carry every token it ever had.
 */
const MINTED_RECORD_MARGIN_MS = 86_400_000;

/** What a grant's minted credentials say: their records, whether one was revoked, and whether a refresh token lives. */
export async function mintedFor(store: Reads, grantId: string, now: number) {
  const records = await store.listOAuthRecordsByGrant(grantId);
  const found = await Promise.all(records.filter((r) => r.model === MINTED_MODEL).map((r) => store.getCredential(r.id)));
  const credentials = found.filter((c): c is CredentialRecord => c !== undefined);
  return {
    credentials,
    revoked: credentials.some((c) => c.revoked_at !== null),
    refreshable: records.some((r) => r.model === 'RefreshToken' && r.consumed_at === null && r.expires_at !== null && r.expires_at > now),
  };
}

const invalidGrant = (ctx: KoaContextWithOIDC, description: string) => {
  ctx.status = 400;
  ctx.body = { error: 'invalid_grant', error_description: description };
};

/**
 * Rampart's part of oidc-provider's token and revocation endpoints. The access token oidc-provider makes never
 * leaves the server: a Rampart credential (kind token) for the grant's host, fences and user is answered in its
 * place, for an hour at most and never past the grant's end. RFC 7009 revocation of such a credential ends its grant.
 */
export class TokenAnswers {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly credentials: CredentialService,
    private readonly ends: GrantEnd,
  ) {}

  /**
   * After the token endpoint answered 200 (a code or a refresh token exchanged). A grant that is over, or one of
   * whose tokens was revoked, gets invalid_grant and is ended.
   */
  async mint(ctx: KoaContextWithOIDC): Promise<void> {
    const at = ctx.oidc.entities.AccessToken;
    const body = ctx.body as Record<string, unknown>;
    if (!at?.grantId || typeof body.access_token !== 'string') return;
    const grantId = at.grantId;
    await at.destroy();
    const now = this.clock.now();
    const found = await readConsent(this.store, grantId, now);
    const minted = await mintedFor(this.store, grantId, now);
    if (!found || minted.revoked || found.consent.resource !== at.aud) {
      await this.ends.end(grantId);
      return invalidGrant(ctx, 'the grant was revoked or is over');
    }
    const { consent, endsAt } = found;
    const { customer_id, user_id, client_name, kind, environment, access, markets, reduce_only, max_order_usd, max_position_usd, loss_stop_usd, ip_allowlist } = consent;
    const { stored, secret } = await this.credentials.draft('token', customer_id, {
      environment,
      access,
      name: client_name,
      token_kind: kind,
      user_id,
      markets,
      reduce_only,
      max_order_usd,
      max_position_usd,
      loss_stop_usd,
      ip_allowlist,
      expires_at: endsAt,
      max_lifetime_ms: ACCESS_TOKEN_LIFETIME_MS,
    });
    const expiresAt = stored.expires_at ?? endsAt;
    const lastUsed = Math.max(consent.last_used_at ?? 0, ...minted.credentials.map((c) => c.last_used_at ?? 0)) || null;
    const minting = await this.store.transaction(async (tx) => {
      await tx.lock(grantLock(grantId));
      // Ended since it was read (a replayed refresh token, a revocation, on this node or another): nothing is minted.
      if (!(await tx.getOAuthRecord('Grant', grantId, now))) return false;
      await this.credentials.insert(tx, stored);
      await tx.putOAuthRecord({
        model: MINTED_MODEL,
        id: stored.id,
        payload: '{}',
        expires_at: expiresAt + MINTED_RECORD_MARGIN_MS,
        grant_id: grantId,
        user_code: null,
        uid: null,
        consumed_at: null,
        account_id: user_id,
        address: null,
      });
      if (lastUsed !== (consent.last_used_at ?? null)) await tx.putOAuthRecord(consentRecord({ ...consent, last_used_at: lastUsed }, endsAt));
      return true;
    });
    if (!minting) return invalidGrant(ctx, 'the grant was revoked or is over');
    body.access_token = secret;
    // What the user granted (read or trade), which may be less than the client asked for (RFC 6749 §5.1).
    body.scope = access;
    body.expires_in = Math.max(0, Math.floor((expiresAt - now) / 1000));
  }

  /**
   * After the revocation endpoint answered 200, for a Rampart access token (`rat_…`: oidc-provider does not know
   * it). Issued to the client asking: its grant ends (RFC 7009 §2.1 lets the server revoke the refresh token with
   * the access token). Unknown or already over: nothing, and 200 (§2.2). A live token not issued to this client
   * through OAuth: refused, as oidc-provider refuses its own (§2.1).
   */
  async revoke(ctx: KoaContextWithOIDC): Promise<void> {
    const token = (ctx.oidc.params as Record<string, unknown> | undefined)?.token;
    if (typeof token !== 'string' || !token.startsWith('rat_')) return;
    const credential = await this.credentials.find(token).catch(() => undefined);
    if (!credential || this.credentials.lapsed(credential)) return;
    const now = this.clock.now();
    const record = await this.store.getOAuthRecord(MINTED_MODEL, credential.id, now);
    const found = record?.grant_id ? await readConsent(this.store, record.grant_id, now) : undefined;
    if (!found || found.consent.client_id !== ctx.oidc.client?.clientId) {
      ctx.status = 400;
      ctx.body = { error: 'invalid_request', error_description: 'this token does not belong to you' };
      return;
    }
    await this.ends.end(found.consent.grant_id);
  }
}
