import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Clock } from '../../engine/clock.js';
import type { Store } from '../../store/port.js';

/**
 * oidc-provider's storage on Rampart's store (table oauth_records): any node serves any step of a flow. Times by
 * the Rampart clock; consumed records are answered with `consumed` set, as oidc-provider expects.
 */
export class StoreAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const now = this.clock.now();
    await this.store.transaction((tx) =>
      tx.putOAuthRecord({
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        expires_at: expiresIn ? now + expiresIn * 1000 : null,
        grant_id: typeof payload.grantId === 'string' ? payload.grantId : null,
        user_code: typeof payload.userCode === 'string' ? payload.userCode : null,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
        consumed_at: null,
      }),
    );
  }

  private toPayload(r: { payload: string; consumed_at: number | null } | undefined): AdapterPayload | undefined {
    if (!r) return undefined;
    const payload = JSON.parse(r.payload) as AdapterPayload;
    return r.consumed_at === null ? payload : { ...payload, consumed: Math.floor(r.consumed_at / 1000) };
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.toPayload(await this.store.getOAuthRecord(this.model, id, this.clock.now()));
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.toPayload(await this.store.findOAuthRecordBy(this.model, 'user_code', userCode, this.clock.now()));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.toPayload(await this.store.findOAuthRecordBy(this.model, 'uid', uid, this.clock.now()));
  }

  async consume(id: string): Promise<void> {
    await this.store.transaction((tx) => tx.consumeOAuthRecord(this.model, id, this.clock.now()));
  }

  async destroy(id: string): Promise<void> {
    await this.store.transaction((tx) => tx.deleteOAuthRecord(this.model, id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    // Every model's records of the grant (oidc-provider calls this once per model; one statement does them all),
    // but the minted credentials' own records, which the grant service keeps to revoke them.
    await this.store.transaction((tx) => tx.deleteOAuthRecordsByGrant(grantId, MINTED_MODEL));
  }
}

/** The model under which a credential minted for a grant is recorded (id: the credential's id). */
export const MINTED_MODEL = 'RampartToken';
/** The consent a user gave a grant (id: the grant's id): environment, access, fences, end date. */
export const CONSENT_MODEL = 'RampartConsent';
