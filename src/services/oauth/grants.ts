import type { KoaContextWithOIDC } from 'oidc-provider';
import type Provider from 'oidc-provider';
import type { Clock } from '../../engine/clock.js';
import { ApiError } from '../../errors/api-error.js';
import type { Environment } from '../../schemas/common.js';
import type { Access, Store, UserRecord } from '../../store/port.js';
import type { CredentialService } from '../credential-service.js';
import type { FenceInput } from '../fences.js';
import { ASSISTANT_TOKEN_LIFETIME_MS } from '../tokens.js';
import { CONSENT_MODEL, MINTED_MODEL } from './adapter.js';
import { kindOfClient, type ClientKind } from './provider.js';

/** What a user granted a client, per grant (record CONSENT_MODEL): the token minted for it carries this. */
export interface Consent extends FenceInput {
  grant_id: string;
  user_id: string;
  customer_id: string;
  client_id: string;
  client_name: string;
  kind: ClientKind;
  resource: string;
  environment: Environment;
  access: Access;
  /** The app's end date (epoch ms; null: none). An assistant's token lasts one hour whatever this says. */
  expires_at: number | null;
  created_at: number;
}

export interface ConsentChoice extends FenceInput {
  access: Access;
  expires_at?: number | null | undefined;
}

/** A connected app as the user's page lists it. */
export interface ConnectedApp extends Omit<Consent, 'grant_id' | 'user_id' | 'customer_id'> {
  id: string;
  last_used_at: number | null;
}

const interactionUnknown = (uid: string) =>
  new ApiError('route_not_found', { message: `no authorization request ${uid} (it may have expired)`, details: { interaction_id: uid } });

/**
 * Rampart's side of OAuth: the consent (which host, read or trade, fences, end date) recorded per grant, the
 * Rampart credential minted in place of oidc-provider's access token, the connected apps and their revocation.
 */
export class OAuthGrants {
  constructor(
    private readonly provider: Provider,
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly credentials: CredentialService,
    private readonly environmentOf: (resource: string) => Environment | undefined,
  ) {}

  private async interaction(uid: string) {
    const interaction = await this.provider.Interaction.find(uid);
    if (!interaction || interaction.result !== undefined) throw interactionUnknown(uid);
    const client = await this.provider.Client.find(String(interaction.params.client_id));
    const resource = String(interaction.params.resource ?? '');
    const environment = this.environmentOf(resource);
    if (!client || !environment) throw interactionUnknown(uid);
    return { interaction, client, resource, environment };
  }

  /** What the consent screen shows: the client, its kind, and the host and access it asks for. */
  async describe(uid: string) {
    const { client, resource, environment, interaction } = await this.interaction(uid);
    const kind = kindOfClient(client as never);
    return {
      id: uid,
      client: { id: client.clientId, name: client.clientName ?? client.clientId, kind },
      resource,
      environment,
      scope: String(interaction.params.scope ?? ''),
      token_lifetime_ms: kind === 'assistant' ? ASSISTANT_TOKEN_LIFETIME_MS : null,
    };
  }

  /** The user approves: a grant with the consent recorded; answers where the browser goes next (back to oidc-provider). */
  async approve(uid: string, user: UserRecord, choice: ConsentChoice): Promise<{ redirect_to: string }> {
    const { interaction, client, resource, environment } = await this.interaction(uid);
    // Checks the fences and end date as a key's would be (the draft is thrown away).
    await this.credentials.draft('token', user.customer_id, { ...choice, environment, name: 'consent' });
    const grant = new this.provider.Grant({ accountId: user.id, clientId: client.clientId });
    const scope = String(interaction.params.scope ?? choice.access);
    grant.addOIDCScope(scope);
    grant.addResourceScope(resource, scope);
    const grantId = await grant.save();
    const consent: Consent = {
      ...choice,
      grant_id: grantId,
      user_id: user.id,
      customer_id: user.customer_id,
      client_id: client.clientId,
      client_name: client.clientName ?? client.clientId,
      kind: kindOfClient(client as never),
      resource,
      environment,
      expires_at: choice.expires_at ?? null,
      created_at: this.clock.now(),
    };
    await this.store.transaction((tx) =>
      tx.putOAuthRecord({ model: CONSENT_MODEL, id: grantId, payload: JSON.stringify(consent), expires_at: null, grant_id: grantId, user_code: null, uid: null, consumed_at: null }),
    );
    interaction.result = { login: { accountId: user.id }, consent: { grantId } };
    await interaction.save(Math.max(1, (interaction.exp ?? 0) - Math.floor(Date.now() / 1000)));
    return { redirect_to: interaction.returnTo };
  }

  /** The user refuses: the client gets access_denied. */
  async deny(uid: string): Promise<{ redirect_to: string }> {
    const { interaction } = await this.interaction(uid);
    interaction.result = { error: 'access_denied', error_description: 'the user refused' };
    await interaction.save(Math.max(1, (interaction.exp ?? 0) - Math.floor(Date.now() / 1000)));
    return { redirect_to: interaction.returnTo };
  }

  private async consentOf(grantId: string): Promise<Consent | undefined> {
    const r = await this.store.getOAuthRecord(CONSENT_MODEL, grantId, this.clock.now());
    return r ? (JSON.parse(r.payload) as Consent) : undefined;
  }

  /** The credentials minted for a grant, and whether one was revoked (by the user, a new password, the operator). */
  private async minted(grantId: string) {
    const records = (await this.store.listOAuthRecordsByGrant(grantId)).filter((r) => r.model === MINTED_MODEL);
    const found = await Promise.all(records.map((r) => this.store.getCredential(r.id)));
    const credentials = found.filter((c) => c !== undefined);
    return { credentials, revoked: credentials.some((c) => c.revoked_at !== null) };
  }

  /**
   * After oidc-provider answered the token endpoint: the access token it made is dropped and a Rampart credential
   * (kind token) for the grant's host, fences and end date is answered in its place. A grant one of whose tokens
   * was revoked is over: its refresh token gets invalid_grant.
   */
  async mint(ctx: KoaContextWithOIDC): Promise<void> {
    const at = ctx.oidc.entities.AccessToken;
    const body = ctx.body as Record<string, unknown>;
    if (!at?.grantId || typeof body.access_token !== 'string') return;
    const grantId = at.grantId;
    const consent = await this.consentOf(grantId);
    await at.destroy();
    if (!consent || (await this.minted(grantId)).revoked || consent.resource !== at.aud) {
      await this.endGrant(grantId);
      ctx.status = 400;
      ctx.body = { error: 'invalid_grant', error_description: 'the grant was revoked' };
      return;
    }
    const { grant_id: _g, user_id, customer_id, client_name, kind, environment, access, expires_at, markets, reduce_only, max_order_usd, max_position_usd, loss_stop_usd, ip_allowlist } = consent;
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
      // The app's end date may have passed: draft refuses a past date, so the token is made already over.
      ...(expires_at !== null && expires_at > this.clock.now() ? { expires_at } : {}),
      ...(kind === 'assistant' ? { max_lifetime_ms: ASSISTANT_TOKEN_LIFETIME_MS } : {}),
    });
    if (expires_at !== null && expires_at <= this.clock.now()) stored.expires_at = expires_at;
    await this.store.transaction(async (tx) => {
      await this.credentials.insert(tx, stored);
      await tx.putOAuthRecord({ model: MINTED_MODEL, id: stored.id, payload: '{}', expires_at: null, grant_id: grantId, user_code: null, uid: null, consumed_at: null });
    });
    body.access_token = secret;
    body.expires_in = stored.expires_at === null ? undefined : Math.max(0, Math.floor((stored.expires_at - this.clock.now()) / 1000));
  }

  /** The user's grants still in force, newest first. */
  async list(user: UserRecord): Promise<ConnectedApp[]> {
    const records = await this.store.listOAuthRecords(CONSENT_MODEL, this.clock.now());
    const mine = records.map((r) => JSON.parse(r.payload) as Consent).filter((c) => c.user_id === user.id);
    const apps: ConnectedApp[] = [];
    for (const c of mine) {
      const { credentials, revoked } = await this.minted(c.grant_id);
      if (revoked) continue;
      const used = credentials.map((x) => x.last_used_at ?? 0).reduce((a, b) => Math.max(a, b), 0);
      const { grant_id, user_id: _u, customer_id: _c, ...rest } = c;
      apps.push({ id: grant_id, ...rest, last_used_at: used || null });
    }
    return apps.sort((a, b) => b.created_at - a.created_at);
  }

  /** Revokes a grant of the user: its access tokens answer revoked_token, its refresh tokens stop working. */
  async revoke(user: UserRecord, grantId: string): Promise<{ id: string; revoked: true }> {
    const consent = await this.consentOf(grantId);
    if (!consent || consent.user_id !== user.id) {
      throw new ApiError('route_not_found', { message: `no connected app ${grantId}`, details: { app_id: grantId } });
    }
    await this.endGrant(grantId);
    return { id: grantId, revoked: true };
  }

  private async endGrant(grantId: string): Promise<void> {
    const { credentials } = await this.minted(grantId);
    const now = this.clock.now();
    await this.store.transaction(async (tx) => {
      for (const c of credentials) await tx.revokeCredential(c.id, now);
      await tx.deleteOAuthRecordsByGrant(grantId, MINTED_MODEL);
      await tx.deleteOAuthRecord('Grant', grantId);
    });
    this.credentials.accessChanged();
  }
}
