import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import type { Environment } from '../../schemas/common.js';
import { hashSecret, KEY_RE, sameHash, TOKEN_RE } from '../../services/credentials.js';
import { ipAllowed } from '../../services/fences.js';
import type { Rampart } from '../../services/rampart.js';
import type { Access, CustomerRecord, Fences } from '../../store/port.js';

/** Who is calling: a key or an app token, its customer, and the fences it carries. */
export interface Principal {
  kind: 'key' | 'token';
  id: string;
  customer: CustomerRecord;
  environment: Environment;
  access: Access;
  fences: Fences;
}

const BEARER_RE = /^Bearer +(\S+)$/i;

/**
 * Authenticates in the order CONTRACT §5 decides: missing → malformed/unknown → revoked → expired →
 * wrong_environment (or wrong_resource) → ip_not_allowed → api_disabled → insufficient_permission.
 * Keys are looked up by their hash on every request, so a key made or revoked by the CLI counts at once.
 */
export async function authenticate(
  request: FastifyRequest,
  rampart: Rampart,
  environment: Environment,
  needed: 'read' | 'trade',
): Promise<Principal> {
  const header = request.headers.authorization;
  if (header === undefined || header === '') throw new ApiError('missing_api_key');
  const m = BEARER_RE.exec(header);
  const secret = m?.[1] ?? '';
  const isToken = secret.startsWith('rat_');
  if (!m) throw new ApiError(header.trimStart().toLowerCase().startsWith('bearer rat_') ? 'invalid_token' : 'invalid_api_key');
  if (!(isToken ? TOKEN_RE : KEY_RE).test(secret)) throw new ApiError(isToken ? 'invalid_token' : 'invalid_api_key');

  const hash = hashSecret(secret);
  const record = isToken ? await rampart.store.findTokenByHash(hash) : await rampart.store.findKeyByHash(hash);
  if (!record || !sameHash(record.hash, hash)) throw new ApiError(isToken ? 'invalid_token' : 'invalid_api_key');
  const now = rampart.clock.now();
  if (record.revoked_at !== null) throw new ApiError(isToken ? 'revoked_token' : 'revoked_api_key');
  if (record.expires_at !== null && now > record.expires_at) {
    throw new ApiError(isToken ? 'expired_token' : 'expired_api_key', { details: { expired_at: record.expires_at } });
  }
  if (isToken) {
    const resource = (record as unknown as { resource: string }).resource;
    if (record.environment !== environment || resource !== rampart.resource(environment)) {
      throw new ApiError('wrong_resource', { details: { expected_resource: resource } });
    }
  } else if (record.environment !== environment) {
    throw new ApiError('wrong_environment', { details: { expected_host: rampart.resource(record.environment) } });
  }
  if (!ipAllowed(request.ip, record.ip_allowlist)) throw new ApiError('ip_not_allowed', { details: { ip: request.ip } });
  const customer = await rampart.store.getCustomer(record.customer_id);
  if (!customer || !customer.api_enabled) throw new ApiError('api_disabled');
  if (needed === 'trade' && record.access !== 'trade') throw new ApiError('insufficient_permission', { details: { access: record.access } });
  rampart.store.touchCredential(isToken ? 'token' : 'key', record.id, now);
  return {
    kind: isToken ? 'token' : 'key',
    id: record.id,
    customer,
    environment,
    access: record.access,
    fences: {
      markets: record.markets,
      reduce_only: record.reduce_only,
      max_order_usd: record.max_order_usd,
      max_position_usd: record.max_position_usd,
      loss_stop_usd: record.loss_stop_usd,
      ip_allowlist: record.ip_allowlist,
    },
  };
}
