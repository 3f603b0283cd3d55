import type { FastifyInstance } from 'fastify';
import type { ErrorCode } from '../errors/codes.js';
import type { Environment } from '../schemas/common.js';
import type { Config } from '../config/config.js';

export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';

const trim = (url: string): string => url.replace(/\/+$/, '');

/**
 * The WWW-Authenticate challenge of a 401 from an API host (RFC 6750 §3, RFC 9728 §5.1): Bearer in realm
 * "rampart", and where a client finds the authorization server. A request that sent no credential gets no error
 * attribute (RFC 6750 §3.1); any refused credential — mistyped, unknown, revoked, expired, for the other host — is
 * an invalid_token.
 */
export function bearerChallenge(code: ErrorCode, publicUrl: string): string {
  const error = code === 'missing_api_key' ? '' : ', error="invalid_token"';
  return `Bearer realm="rampart"${error}, resource_metadata="${trim(publicUrl)}${PROTECTED_RESOURCE_PATH}"`;
}

/**
 * RFC 9728 metadata of an API host as an OAuth protected resource: its own base URL (the `resource` a token for
 * it is asked with) and the dashboard as its authorization server. Public, no budget, answered even while the
 * environment is disabled (it only describes where tokens come from).
 */
export function registerProtectedResource(app: FastifyInstance, config: Pick<Config, 'publicUrl' | 'dashboard' | 'docsUrl'>, environment: Environment): void {
  // RFC 9728 defines this document; it is not an operation of the API, so it stays out of the OpenAPI document.
  app.get(PROTECTED_RESOURCE_PATH, { schema: { hide: true } as Record<string, unknown> }, async () => ({
    resource: trim(config.publicUrl[environment]),
    authorization_servers: [trim(config.dashboard.url)],
    bearer_methods_supported: ['header'],
    scopes_supported: ['read', 'trade'],
    resource_name: `Rampart ${environment} API`,
    resource_documentation: config.docsUrl,
  }));
}
