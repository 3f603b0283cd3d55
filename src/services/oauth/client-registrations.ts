import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Clock } from '../../engine/clock.js';
import type { Store, Tx } from '../../store/port.js';

/** A self-registered client never used for a grant is gone after this. */
export const UNUSED_CLIENT_LIFETIME_MS = 86_400_000;
/** Self-registered clients not yet used for a grant, per address: one more registration is refused. */
export const UNUSED_CLIENTS_PER_ADDRESS = 10;

/**
 * Open registration (RFC 7591) without a flood of records: a client that registered itself lives a day unless a
 * user grants it something, and one address holds at most UNUSED_CLIENTS_PER_ADDRESS such clients at a time. The
 * address is kept on the client only while it is unused.
 */
export class ClientRegistrations {
  constructor(
    private readonly store: Pick<Store, 'transaction'>,
    private readonly clock: Clock,
  ) {}

  /**
   * After oidc-provider registered a client (201): it is given its day and its address, or, when the address
   * already has its share of unused clients, removed again and the registration answered 429 (OAuth-style body,
   * Retry-After until the oldest of them lapses). One store lock per address, so concurrent registrations count
   * each other.
   */
  async registered(ctx: KoaContextWithOIDC, address: string): Promise<void> {
    const clientId = (ctx.body as { client_id?: unknown } | undefined)?.client_id;
    if (typeof clientId !== 'string') return;
    const now = this.clock.now();
    const waitMs = await this.store.transaction(async (tx) => {
      await tx.lock(`oauth_clients:${address}`);
      const unused = await tx.listOAuthRecordsBy('Client', 'address', address, now);
      if (unused.length >= UNUSED_CLIENTS_PER_ADDRESS) {
        await tx.deleteOAuthRecord('Client', clientId);
        return Math.min(...unused.map((r) => r.expires_at ?? now + UNUSED_CLIENT_LIFETIME_MS)) - now;
      }
      const r = await tx.getOAuthRecord('Client', clientId, now);
      if (r) await tx.putOAuthRecord({ ...r, expires_at: now + UNUSED_CLIENT_LIFETIME_MS, address });
      return undefined;
    });
    if (waitMs === undefined) return;
    ctx.status = 429;
    ctx.set('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))));
    ctx.body = {
      error: 'rate_limited',
      error_description: `${UNUSED_CLIENTS_PER_ADDRESS} clients registered from this address are not used for a grant yet; register again when one is used or lapses`,
    };
  }

  /** A client a user granted something keeps living; its address is forgotten. */
  async keep(tx: Tx, clientId: string): Promise<void> {
    const r = await tx.getOAuthRecord('Client', clientId, this.clock.now());
    if (r && (r.expires_at !== null || r.address !== null)) await tx.putOAuthRecord({ ...r, expires_at: null, address: null });
  }
}
