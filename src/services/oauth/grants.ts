import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { Clock } from '../../engine/clock.js';
import { ApiError } from '../../errors/api-error.js';
import type { Environment } from '../../schemas/common.js';
import type { Store, UserRecord } from '../../store/port.js';
import type { CredentialService } from '../credential-service.js';
import { CONSENT_MODEL } from './adapter.js';
import type { ClientRegistrations } from './client-registrations.js';
import { ACCESS_TOKEN_LIFETIME_MS, ASSISTANT_GRANT_MS, consentRecord, grantEnd, readConsent, type Consent, type ConsentChoice } from './consent.js';
import type { GrantEnd } from './grant-end.js';
import { kindOfClient } from './provider.js';
import { mintedFor } from './token-answers.js';

/** A connected app as the user's page lists it. */
export interface ConnectedApp extends Omit<Consent, 'grant_id' | 'user_id' | 'customer_id'> {
  id: string;
  last_used_at: number | null;
  /** When the grant ends at the latest: the end date chosen, else a year after consent (an app) or 30 days (an assistant). */
  ends_at: number;
}

/** The browser a consent route was called from: its cookies say which authorization requests it started. */
export interface Browser {
  req: IncomingMessage;
  res: ServerResponse;
}

const interactionUnknown = (uid: string) =>
  new ApiError('route_not_found', { message: `no authorization request ${uid} (it may have expired)`, details: { interaction_id: uid } });

const notYours = (uid: string) =>
  new ApiError('authorization_request_not_yours', {
    message: `authorization request ${uid} was started in another browser: only that browser can approve or refuse it`,
    details: { interaction_id: uid },
  });

/** Seconds from now to an interaction's end, as oidc-provider counts them (its records' times are its own). */
const secondsLeft = (exp: number | undefined): number => Math.max(1, (exp ?? 0) - Math.floor(Date.now() / 1000));

/**
 * Rampart's side of OAuth for the user: the consent screen's request (bound to the browser that started it), the
 * grant with its consent (which host, read or trade, fences, end date), the connected apps and their revocation,
 * and what signing out or a new password ends.
 */
export class OAuthGrants {
  constructor(
    private readonly provider: Provider,
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly credentials: CredentialService,
    private readonly ends: GrantEnd,
    private readonly clients: ClientRegistrations,
    private readonly environmentOf: (resource: string) => Environment | undefined,
  ) {}

  /**
   * The authorization request, if this browser started it. oidc-provider gave the browser that started it a signed
   * interaction cookie whose path is the consent page's, /consent/{uid}, so the browser sends it to the consent
   * routes under that path only; a browser that was sent the link has none and is refused, so no other browser
   * can answer a request for it (and send its user's grant to whoever started it).
   */
  private async interaction(uid: string, browser: Browser) {
    const interaction = await this.provider.Interaction.find(uid);
    if (!interaction || interaction.result !== undefined) throw interactionUnknown(uid);
    const held = await this.provider.interactionDetails(browser.req, browser.res).then(
      (i) => i.uid,
      () => undefined,
    );
    // The right cookie but a check of oidc-provider's failed: the login the request began with has ended since.
    if (held !== uid) throw this.cookieNames(uid, browser) ? interactionUnknown(uid) : notYours(uid);
    const client = await this.provider.Client.find(String(interaction.params.client_id));
    const resource = String(interaction.params.resource ?? '');
    const environment = this.environmentOf(resource);
    if (!client || !environment) throw interactionUnknown(uid);
    return { interaction, client, resource, environment };
  }

  private cookieNames(uid: string, browser: Browser): boolean {
    const { cookies } = this.provider.app.createContext(browser.req, browser.res);
    // (cookieName is oidc-provider 8's; its type declarations do not list it.)
    const name = (this.provider as unknown as { cookieName(type: 'interaction'): string }).cookieName('interaction');
    return cookies.get(name, { signed: true }) === uid;
  }

  /** What the consent screen shows: the client as registered, whether the operator registered it, the host. */
  async describe(uid: string, browser: Browser) {
    const { client, resource, environment, interaction } = await this.interaction(uid, browser);
    const kind = kindOfClient(client as never);
    return {
      id: uid,
      // Only an app is vouched for (the operator registered it); an assistant named itself.
      client: { id: client.clientId, name: client.clientName ?? client.clientId, kind, verified: kind === 'app' },
      redirect_uri: String(interaction.params.redirect_uri ?? ''),
      resource,
      environment,
      scope: String(interaction.params.scope ?? ''),
      // An assistant's access token lasts an hour and is renewed for 30 days at most (grant_lifetime_ms); an app's
      // access lasts until the end date chosen on the page (null: its hourly tokens are renewed until then).
      token_lifetime_ms: kind === 'assistant' ? ACCESS_TOKEN_LIFETIME_MS : null,
      grant_lifetime_ms: kind === 'assistant' ? ASSISTANT_GRANT_MS : null,
    };
  }

  /** The user approves: a grant with the consent recorded; answers where the browser goes next (back to oidc-provider). */
  async approve(
    uid: string,
    user: UserRecord,
    choice: ConsentChoice,
    browser: Browser,
    /** The caller's last word on the host (the live host wants an emailed code): throws to refuse. */
    confirm: (environment: Environment) => Promise<void> = async () => undefined,
  ): Promise<{ redirect_to: string }> {
    const { interaction, client, resource, environment } = await this.interaction(uid, browser);
    const kind = kindOfClient(client as never);
    // Checks the fences and end date as a key's would be (the draft is thrown away).
    await this.credentials.draft('token', user.customer_id, { ...choice, environment, name: 'consent' });
    await confirm(environment);
    const now = this.clock.now();
    // An assistant's grant ends at the end date given, or after 30 days if that comes first.
    const endsAt = grantEnd(kind, choice, now);
    // The grant lasts until its end (oidc-provider takes expiresIn as any token's; its declarations omit it).
    const init = { accountId: user.id, clientId: client.clientId, expiresIn: Math.ceil((endsAt - now) / 1000) };
    const grant = new this.provider.Grant(init);
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
      kind,
      resource,
      environment,
      expires_at: choice.expires_at ?? null,
      created_at: now,
    };
    await this.store.transaction(async (tx) => {
      await tx.putOAuthRecord(consentRecord(consent, endsAt));
      await this.clients.keep(tx, client.clientId);
    });
    interaction.result = { login: { accountId: user.id }, consent: { grantId } };
    await interaction.save(secondsLeft(interaction.exp));
    return { redirect_to: interaction.returnTo };
  }

  /** The user refuses: the client gets access_denied. */
  async deny(uid: string, browser: Browser): Promise<{ redirect_to: string }> {
    const { interaction } = await this.interaction(uid, browser);
    interaction.result = { error: 'access_denied', error_description: 'the user refused' };
    await interaction.save(secondsLeft(interaction.exp));
    return { redirect_to: interaction.returnTo };
  }

  /**
   * The user's grants until they are over: not revoked, not past their end, and with a way left to use them (a
   * live refresh token, or an access token not yet expired), newest first.
   */
  async list(user: UserRecord): Promise<ConnectedApp[]> {
    const now = this.clock.now();
    const apps: ConnectedApp[] = [];
    for (const r of await this.store.listOAuthRecordsBy(CONSENT_MODEL, 'account_id', user.id, now)) {
      const { grant_id, user_id: _u, customer_id: _c, last_used_at, ...rest } = JSON.parse(r.payload) as Consent;
      const { credentials, revoked, refreshable } = await mintedFor(this.store, grant_id, now);
      const usable = refreshable || credentials.some((c) => c.revoked_at === null && (c.expires_at === null || c.expires_at > now));
      if (revoked || !usable) continue;
      const used = Math.max(last_used_at ?? 0, ...credentials.map((x) => x.last_used_at ?? 0));
      apps.push({ id: grant_id, ...rest, last_used_at: used || null, ends_at: r.expires_at ?? 0 });
    }
    return apps.sort((a, b) => b.created_at - a.created_at);
  }

  /** Revokes a grant of the user: its access tokens answer revoked_token, its refresh tokens stop working. */
  async revoke(user: UserRecord, grantId: string): Promise<{ id: string; revoked: true }> {
    const found = await readConsent(this.store, grantId, this.clock.now());
    if (!found || found.consent.user_id !== user.id) {
      throw new ApiError('route_not_found', { message: `no connected app ${grantId}`, details: { app_id: grantId } });
    }
    await this.ends.end(grantId);
    return { id: grantId, revoked: true };
  }

  /** The user signed out of the dashboard: their logins at the authorization server end with it. */
  signedOut(user: UserRecord): Promise<void> {
    return this.ends.endLogins(user.id);
  }

  /** The user's password changed: every grant they gave ends, with its tokens, and so do their logins. */
  passwordChanged(user: UserRecord): Promise<void> {
    return this.ends.endEverythingOf(user.id);
  }
}
