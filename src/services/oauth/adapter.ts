import { hash } from 'node:crypto';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Clock } from '../../engine/clock.js';
import type { Store } from '../../store/port.js';

/**
 * The models whose id is a bearer value — a code, a token, a session cookie: stored under its SHA-256 only, and
 * without the value in the payload (oidc-provider keeps it as `jti`), so a copy of the table opens nothing.
 * Grants, interactions and clients keep their ids: those are names, useless without a token or a cookie.
 */
const HASHED_MODELS: ReadonlySet<string> = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'ClientCredentials',
  'RegistrationAccessToken',
  'InitialAccessToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PushedAuthorizationRequest',
  'Session',
]);

/** What a token-valued record is stored under (64 hex characters: never equal to a value oidc-provider makes). */
export const hashedId = (value: string): string => hash('sha256', value, 'hex');

/**
 * oidc-provider's storage on Rampart's store (table oauth_records): any node serves any step of a flow. Times by
 * the Rampart clock; consumed records are answered with `consumed` set, as oidc-provider expects. A grant revoked
 * by oidc-provider itself (a rotated refresh token or a code used twice, RFC 7009 revocation of a refresh token)
 * goes through `endGrant`, which also revokes the Rampart credentials minted for it.
 */
export class StoreAdapter implements Adapter {
  private readonly hashed: boolean;

  constructor(
    private readonly model: string,
    private readonly store: Pick<Store, 'findOAuthRecordBy' | 'getOAuthRecord' | 'transaction'>,
    private readonly clock: Clock,
    private readonly endGrant: (grantId: string) => Promise<void>,
  ) {
    this.hashed = HASHED_MODELS.has(model);
  }

  private key(id: string): string {
    return this.hashed ? hashedId(id) : id;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const now = this.clock.now();
    await this.store.transaction((tx) =>
      tx.putOAuthRecord({
        model: this.model,
        id: this.key(id),
        payload: JSON.stringify(this.stored(payload)),
        expires_at: expiresIn ? now + expiresIn * 1000 : null,
        grant_id: typeof payload.grantId === 'string' ? payload.grantId : null,
        user_code: typeof payload.userCode === 'string' ? payload.userCode : null,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
        consumed_at: null,
        account_id: typeof payload.accountId === 'string' ? payload.accountId : null,
        address: null,
      }),
    );
  }

  /** The payload as stored: no bearer value in it (the interaction's copy of the session cookie is unused). */
  private stored(payload: AdapterPayload): AdapterPayload {
    if (this.hashed) {
      const { jti: _jti, ...rest } = payload;
      return rest;
    }
    const session = payload.session as Record<string, unknown> | undefined;
    if (this.model === 'Interaction' && session && 'cookie' in session) {
      const { cookie: _cookie, ...kept } = session;
      return { ...payload, session: kept };
    }
    return payload;
  }

  private toPayload(r: { payload: string; consumed_at: number | null } | undefined, id?: string): AdapterPayload | undefined {
    if (!r) return undefined;
    const payload = JSON.parse(r.payload) as AdapterPayload;
    // The value asked for is the token's id again (oidc-provider reads it as jti); found another way, it stays unknown.
    if (this.hashed && id !== undefined) payload.jti = id;
    return r.consumed_at === null ? payload : { ...payload, consumed: Math.floor(r.consumed_at / 1000) };
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.toPayload(await this.store.getOAuthRecord(this.model, this.key(id), this.clock.now()), id);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.toPayload(await this.store.findOAuthRecordBy(this.model, 'user_code', userCode, this.clock.now()));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.toPayload(await this.store.findOAuthRecordBy(this.model, 'uid', uid, this.clock.now()));
  }

  async consume(id: string): Promise<void> {
    await this.store.transaction((tx) => tx.consumeOAuthRecord(this.model, this.key(id), this.clock.now()));
  }

  async destroy(id: string): Promise<void> {
    await this.store.transaction((tx) => tx.deleteOAuthRecord(this.model, this.key(id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.endGrant(grantId);
  }
}

/** The model under which a credential minted for a grant is recorded (id: the credential's id). */
export const MINTED_MODEL = 'RampartToken';
/** The consent a user gave a grant (id: the grant's id): environment, access, fences, end date. */
export const CONSENT_MODEL = 'RampartConsent';
