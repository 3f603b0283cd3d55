import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import type { Environment } from '../../schemas/common.js';
import { KINDS } from '../../services/credential-service.js';
import type { CredentialService } from '../../services/credential-service.js';
import type { Access, CredentialKind, CustomerRecord, Fences } from '../../store/port.js';

/** Who is calling: a key or an app token, its customer, and the fences it carries. */
export interface Principal {
  kind: CredentialKind;
  id: string;
  /** The hash of its secret: how an open stream looks the credential up again. */
  hash: string;
  customer: CustomerRecord;
  environment: Environment;
  access: Access;
  fences: Fences;
  /** Where its orders come from: 'platform' for the dashboard's own tokens (the credential says so), else 'api'. */
  origin: 'api' | 'platform';
}

const BEARER_RE = /^Bearer +(\S+)$/i;

/**
 * The request's one Authorization header. Sent twice it is refused (invalid_request): servers and proxies
 * disagree on which one counts (Node keeps the first, others the last or both joined), so picking one could
 * let a proxy check one credential while we act on another.
 */
export function authorizationOf(request: FastifyRequest): string | undefined {
  const raw = request.raw.rawHeaders;
  let seen = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.length === 13 && raw[i]!.toLowerCase() === 'authorization') seen++;
  if (seen > 1) {
    throw new ApiError('invalid_request', {
      message: 'The request carries the Authorization header more than once; send it once.',
      details: { header: 'Authorization', count: seen },
    });
  }
  return request.headers.authorization;
}

/**
 * Authenticates in the order CONTRACT §5 decides: missing → malformed/unknown → revoked → expired →
 * wrong_environment (or wrong_resource) → ip_not_allowed → api_disabled → insufficient_permission. Keys and
 * tokens take one path; their codes differ by kind (credential-service KINDS). Credentials are looked up by
 * their hash on every request, so one made or revoked by the CLI counts at once.
 */
export async function authenticate(
  request: FastifyRequest,
  credentials: Pick<CredentialService, 'find' | 'judge' | 'touch'>,
  environment: Environment,
  needed: 'read' | 'trade',
): Promise<Principal> {
  const header = authorizationOf(request);
  if (header === undefined || header === '') throw new ApiError('missing_api_key');
  const m = BEARER_RE.exec(header);
  if (!m) throw new ApiError(KINDS[header.trimStart().toLowerCase().startsWith('bearer rat_') ? 'token' : 'key'].invalid);
  const secret = m[1] ?? '';
  const credential = await credentials.find(secret);
  const customer = await credentials.judge(credential, { environment, ip: request.ip, needed });
  credentials.touch(credential);
  return {
    kind: credential.kind,
    id: credential.id,
    hash: credential.hash,
    customer,
    environment,
    access: credential.access,
    origin: credential.origin ?? 'api',
    fences: {
      markets: credential.markets,
      reduce_only: credential.reduce_only,
      max_order_usd: credential.max_order_usd,
      max_position_usd: credential.max_position_usd,
      loss_stop_usd: credential.loss_stop_usd,
      ip_allowlist: credential.ip_allowlist,
    },
  };
}
