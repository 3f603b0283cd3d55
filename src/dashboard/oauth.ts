import type { FastifyInstance } from 'fastify';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Rampart } from '../services/rampart.js';
import type { Environment } from '../schemas/common.js';
import { OAuthGrants } from '../services/oauth/grants.js';
import { openOAuthKeys } from '../services/oauth/keys.js';
import { buildProvider, OAUTH_ROUTES, SCOPES } from '../services/oauth/provider.js';

const SWEEP_MS = 5 * 60_000;

const trim = (url: string): string => url.replace(/\/+$/, '');

/** The issuer: the dashboard's base URL (CONTRACT §9). */
export const issuerOf = (rampart: Rampart): string => trim(rampart.config.dashboard.url);

/** RFC 8414 metadata of the authorization server (also what oauth4webapi's discovery reads). */
export function authorizationServerMetadata(rampart: Rampart): Record<string, unknown> {
  const issuer = issuerOf(rampart);
  const at = (path: string) => `${issuer}${path}`;
  return {
    issuer,
    authorization_endpoint: at(OAUTH_ROUTES.authorization),
    token_endpoint: at(OAUTH_ROUTES.token),
    registration_endpoint: at(OAUTH_ROUTES.registration),
    revocation_endpoint: at(OAUTH_ROUTES.revocation),
    jwks_uri: at(OAUTH_ROUTES.jwks),
    scopes_supported: [...SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    resource_indicators_supported: true,
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${rampart.config.docsUrl}`,
  };
}

/**
 * Mounts oidc-provider (a Koa app) on the dashboard host: every /oauth/* request but the page's is handed to its
 * callback raw (the reply hijacked before Fastify reads the body: oidc-provider parses its own forms). The token
 * endpoint's answer passes through OAuthGrants.mint, which puts a Rampart credential in place of the access token.
 */
export async function mountOAuth(app: FastifyInstance, rampart: Rampart): Promise<OAuthGrants> {
  const resources: Record<Environment, string> = { live: trim(rampart.config.publicUrl.live), sandbox: trim(rampart.config.publicUrl.sandbox) };
  const keys = await openOAuthKeys(rampart.store, rampart.secrets);
  const provider = buildProvider({ issuer: issuerOf(rampart), store: rampart.store, clock: rampart.clock, keys, resources });
  const environmentOf = (resource: string): Environment | undefined =>
    (Object.keys(resources) as Environment[]).find((e) => resources[e] === trim(resource));
  const grants = new OAuthGrants(provider, rampart.store, rampart.clock, rampart.credentials, environmentOf);
  provider.use(async (ctx, next) => {
    await next();
    const oidc = ctx as unknown as KoaContextWithOIDC;
    if (oidc.oidc?.route === 'token' && ctx.status === 200) await grants.mint(oidc);
  });
  const callback = provider.callback();
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    url: '/oauth/*',
    onRequest: (request, reply, _done) => {
      reply.hijack();
      void callback(request.raw, reply.raw);
    },
    handler: async () => undefined,
  });
  app.get('/.well-known/oauth-authorization-server', async () => authorizationServerMetadata(rampart));
  // Expired codes, interactions and tokens are never answered (the store filters them); this drops them, a batch
  // every few minutes (any node may: a DELETE of what expired is the same on all).
  const sweep = setInterval(() => {
    void rampart.store.transaction((tx) => tx.deleteExpiredOAuthRecords(rampart.clock.now(), 1000)).catch((err: unknown) => app.log.warn({ err }, 'sweeping expired OAuth records failed'));
  }, SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  return grants;
}
