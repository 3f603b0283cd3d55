import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { ApiError } from '../errors/api-error.js';
import type { Limiter } from '../http/plugins/rate-limit.js';
import type { Services } from '../compose.js';
import type { Config } from '../config/config.js';
import type { Environment } from '../schemas/common.js';
import { ClientRegistrations } from '../services/oauth/client-registrations.js';
import { GrantEnd } from '../services/oauth/grant-end.js';
import { OAuthGrants } from '../services/oauth/grants.js';
import { openOAuthKeys } from '../services/oauth/keys.js';
import { buildProvider, OAUTH_ROUTES, SCOPES } from '../services/oauth/provider.js';
import { TokenAnswers } from '../services/oauth/token-answers.js';

const SWEEP_MS = 5 * 60_000;

const trim = (url: string): string => url.replace(/\/+$/, '');

/** The issuer: the dashboard's base URL (CONTRACT §9). */
export const issuerOf = (config: Pick<Config, 'dashboard'>): string => trim(config.dashboard.url);

/** RFC 8414 metadata of the authorization server (also what oauth4webapi's discovery reads). */
export function authorizationServerMetadata(config: Pick<Config, 'dashboard' | 'docsUrl'>): Record<string, unknown> {
  const issuer = issuerOf(config);
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
    service_documentation: config.docsUrl,
  };
}

/** An OAuth endpoint's refusal before oidc-provider saw the request: an RFC 6749-style body, as its own errors. */
function oauthRefusal(reply: FastifyReply, status: number, error: string, description: string, retryAfter: number): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('retry-after', String(retryAfter))
    .type('application/json; charset=utf-8')
    .send({ error, error_description: description });
}

/** What the authorization server is made of: the store its grants and keys live in, and the credentials it mints. */
export type OAuthServices = Pick<Services, 'store' | 'clock' | 'credentials' | 'config' | 'secrets'>;

/**
 * Mounts oidc-provider (a Koa app) on the dashboard host: every /oauth/* request but the page's is handed to its
 * callback raw (the reply hijacked before Fastify reads the body: oidc-provider parses its own forms), after it
 * spent the caller's `oauth` budget. Rampart's steps run after oidc-provider answered: the token endpoint's
 * answer gets a Rampart credential in place of the access token, the revocation endpoint also takes those
 * credentials, and a registration is counted against its address.
 */
export async function mountOAuth(app: FastifyInstance, services: OAuthServices, limiter: Limiter | undefined): Promise<OAuthGrants> {
  const { store, clock, credentials } = services;
  const resources: Record<Environment, string> = { live: trim(services.config.publicUrl.live), sandbox: trim(services.config.publicUrl.sandbox) };
  const keys = await openOAuthKeys(store, services.secrets);
  const ends = new GrantEnd(store, clock, credentials);
  const provider = buildProvider({ issuer: issuerOf(services.config), store, clock, keys, resources, endGrant: (grantId) => ends.end(grantId) });
  const environmentOf = (resource: string): Environment | undefined =>
    (Object.keys(resources) as Environment[]).find((e) => resources[e] === trim(resource));
  const clients = new ClientRegistrations(store, clock);
  const answers = new TokenAnswers(store, clock, credentials, ends);
  const grants = new OAuthGrants(provider, store, clock, credentials, ends, clients, environmentOf);
  // The caller's address as Fastify judged it (trusted proxies only), for the per-address count of registrations.
  const addresses = new WeakMap<IncomingMessage, string>();
  provider.use(async (ctx, next) => {
    await next();
    const oidc = ctx as unknown as KoaContextWithOIDC;
    const route = oidc.oidc?.route;
    if (route === 'token' && ctx.status === 200) await answers.mint(oidc);
    else if (route === 'revocation' && ctx.status === 200) await answers.revoke(oidc);
    else if (route === 'registration' && ctx.status === 201) await clients.registered(oidc, addresses.get(ctx.req) ?? ctx.ip);
  });
  const callback = provider.callback();
  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    url: '/oauth/*',
    onRequest: async (request, reply) => {
      if (limiter) {
        let spent;
        try {
          spent = await limiter.spend('oauth', request.ip);
        } catch (err) {
          // A shared limiter that cannot answer (Redis down): nothing passes unmeasured, as on the API hosts.
          if (!(err instanceof ApiError) || err.retryAfter === undefined) throw err;
          return oauthRefusal(reply, err.status, 'temporarily_unavailable', err.message, err.retryAfter);
        }
        // On the raw answer: it goes out with oidc-provider's (hijacked) answer as with a refusal here.
        reply.raw.setHeader('ratelimit-limit', String(spent.limit));
        reply.raw.setHeader('ratelimit-remaining', String(spent.remaining));
        reply.raw.setHeader('ratelimit-reset', String(spent.reset));
        if (!spent.ok) return oauthRefusal(reply, 429, 'rate_limited', `The oauth request budget of this address is used up; retry in ${spent.retryAfter} s.`, spent.retryAfter);
      }
      addresses.set(request.raw, request.ip);
      reply.hijack();
      void callback(request.raw, reply.raw);
      return reply;
    },
    handler: async () => undefined,
  });
  app.get('/.well-known/oauth-authorization-server', async () => authorizationServerMetadata(services.config));
  // Expired codes, interactions, tokens and unused clients are never answered (the store filters them); this drops
  // them, a batch every few minutes (any node may: a DELETE of what expired is the same on all).
  const sweep = setInterval(() => {
    void store.transaction((tx) => tx.deleteExpiredOAuthRecords(clock.now(), 1000)).catch((err: unknown) => app.log.warn({ err }, 'sweeping expired OAuth records failed'));
  }, SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  return grants;
}
