import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Clock } from '../../engine/clock.js';
import type { Environment } from '../../schemas/common.js';
import type { Store } from '../../store/port.js';
import { StoreAdapter } from './adapter.js';
import type { OAuthKeys } from './keys.js';

/** Where oidc-provider's own endpoints live on the dashboard host (the issuer is the host's base URL). */
export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
  end_session: '/oauth/session/end',
  userinfo: '/oauth/userinfo',
  introspection: '/oauth/introspect',
  code_verification: '/oauth/device',
  device_authorization: '/oauth/device/auth',
  pushed_authorization_request: '/oauth/par',
  backchannel_authentication: '/oauth/backchannel',
  challenge: '/oauth/challenge',
} as const;

/** A code goes to the client's own machine or over TLS: https, or http on a loopback host. */
export function redirectAllowed(uri: string): boolean {
  try {
    const u = new URL(uri);
    return u.protocol === 'https:' || (u.protocol === 'http:' && ['127.0.0.1', '[::1]', 'localhost'].includes(u.hostname));
  } catch {
    return false;
  }
}

/** The dashboard page that shows an interaction (sign in, then consent). */
export const consentPath = (uid: string): string => `/consent/${uid}`;

export const SCOPES = ['read', 'trade'] as const;

/** Client kinds: `rampart_kind` "app" only on clients the operator registers; every self-registered client is an assistant. */
export type ClientKind = 'app' | 'assistant';
export const kindOfClient = (client: { rampart_kind?: unknown } | undefined): ClientKind => (client?.rampart_kind === 'app' ? 'app' : 'assistant');

/** How long a refresh token lasts unused (each rotation makes a new one): never past its grant's end. */
export const REFRESH_TOKEN_IDLE_S = 30 * 86_400;

type Features = NonNullable<Configuration['features']>;

export interface ProviderDeps {
  issuer: string;
  store: Store;
  clock: Clock;
  keys: OAuthKeys;
  /** The two API hosts' base URLs: the only resources a token may be for. */
  resources: Readonly<Record<Environment, string>>;
  /** Ends a grant with every credential minted for it (grant-end.ts): oidc-provider's own revocations call it. */
  endGrant: (grantId: string) => Promise<void>;
}

/** oidc-provider's cookies: signed (a cookie set elsewhere is not taken), never sent on cross-site subrequests. */
const COOKIE = { httpOnly: true, sameSite: 'lax', signed: true } as const;

/**
 * oidc-provider configured as an OAuth 2.1 authorization server only: authorization code with PKCE S256, refresh
 * tokens (rotated) for apps and assistants, RFC 8707 resource indicators naming one API host, open RFC 7591
 * registration of public clients, RFC 7009 revocation. The access token it issues is replaced by a Rampart
 * credential (grants.ts).
 */
export function buildProvider(deps: ProviderDeps): Provider {
  const known = new Set(Object.values(deps.resources));
  const config: Configuration = {
    adapter: (name: string) => new StoreAdapter(name, deps.store, deps.clock, deps.endGrant),
    jwks: deps.keys.jwks,
    cookies: { keys: deps.keys.cookieKeys, long: COOKIE, short: COOKIE },
    routes: OAUTH_ROUTES,
    scopes: [...SCOPES],
    claims: { openid: ['sub'] },
    responseTypes: ['code'],
    pkce: { required: () => true, methods: ['S256'] },
    clientDefaults: { id_token_signed_response_alg: 'ES256', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' },
    extraClientMetadata: {
      properties: ['rampart_kind'],
      validator(ctx, key, value, metadata) {
        if (key !== 'rampart_kind' || ctx === undefined || ctx.oidc.route !== 'registration') return;
        // Only the operator makes apps (it writes the client directly); registration makes assistants.
        if (value !== undefined) throw new errors.InvalidClientMetadata('rampart_kind is set by the operator only');
        // Public clients only, and a code goes to the client's own machine or over TLS.
        if (metadata.token_endpoint_auth_method !== undefined && metadata.token_endpoint_auth_method !== 'none') {
          throw new errors.InvalidClientMetadata('only public clients register: token_endpoint_auth_method must be none');
        }
        for (const uri of (metadata.redirect_uris as string[] | undefined) ?? []) {
          if (!redirectAllowed(uri)) throw new errors.InvalidRedirectUri('redirect_uris must be https or loopback (http://127.0.0.1, http://[::1], http://localhost)');
        }
      },
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      // No RFC 7592 management: a registration access token would be one more long-lived secret with no use.
      // (oidc-provider 8 reads issueRegistrationAccessToken; its type declarations do not list it.)
      registration: { enabled: true, initialAccessToken: false, issueRegistrationAccessToken: false } as Features['registration'],
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // No resource: invalid_target (RFC 8707): a token is always for one API host.
        defaultResource: (_ctx, _client, oneOf) => {
          if (oneOf && oneOf.length > 0) return oneOf;
          throw new errors.InvalidTarget('the resource parameter is required: the base URL of the live or sandbox API host');
        },
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (!known.has(resource)) throw new errors.InvalidTarget('resource must be the base URL of the live or sandbox API host');
          return { scope: SCOPES.join(' '), audience: resource, accessTokenFormat: 'opaque', accessTokenTTL: 3600 };
        },
      },
    },
    // Apps and assistants alike: each access token lasts an hour, the grant lives on through rotated refresh tokens
    // (a client that registered without the refresh_token grant type gets none and authorizes again).
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // A grant lives until its own end (the consent's, grants.ts), not as long as the browser's login: signing out
    // of the dashboard ends the login, never an app's refresh tokens.
    expiresWithSession: async () => false,
    // Every authorization shows the consent screen: a grant given before is never taken again silently (the
    // browser's login would otherwise hand a client a new grant without asking the user).
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return typeof grantId === 'string' ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      Interaction: 3600,
      Session: 86_400,
      // Each grant is given its life at consent (grants.ts: the end date, a year, or an assistant's 30 days).
      Grant: 3600,
      RefreshToken: (ctx) => {
        const grant = ctx?.oidc.entities.Grant;
        return Math.max(1, Math.min(REFRESH_TOKEN_IDLE_S, grant ? grant.remainingTTL : REFRESH_TOKEN_IDLE_S));
      },
    },
    interactions: { url: (_ctx, interaction) => consentPath(interaction.uid) },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => ({ accountId: sub, claims: () => ({ sub }) }),
    renderError: (ctx, out) => {
      ctx.type = 'application/json';
      ctx.body = out;
    },
  };
  const provider = new Provider(deps.issuer, config);
  return provider;
}
