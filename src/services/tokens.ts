import type { Clock } from '../engine/clock.js';
import { ApiError } from '../errors/api-error.js';
import type { Environment } from '../schemas/common.js';
import type { Access, Store, TokenKind, TokenRecord } from '../store/port.js';
import { hashSecret, newId, newTokenSecret } from './credentials.js';
import type { CustomerService } from './customers.js';
import { normalizeFences, type FenceInput } from './fences.js';

export const ASSISTANT_TOKEN_LIFETIME_MS = 3_600_000;

export interface TokenInput extends FenceInput {
  environment: Environment;
  kind: TokenKind;
  access?: Access | undefined;
  name?: string | undefined;
  expires_at?: number | null | undefined;
}

/** App access tokens: an app's lasts until its end date, an AI assistant's one hour (SPEC Authentication 8). */
export class TokenService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly customers: CustomerService,
    private readonly marketIds: ReadonlySet<string>,
    private readonly resourceOf: (environment: Environment) => string,
  ) {}

  async issue(customerId: string, input: TokenInput): Promise<{ record: TokenRecord; token: string }> {
    const customer = await this.customers.require(customerId);
    const fences = normalizeFences(input, this.marketIds);
    const now = this.clock.now();
    let expiresAt = input.expires_at ?? null;
    if (expiresAt !== null && (!Number.isSafeInteger(expiresAt) || expiresAt <= now)) {
      throw new ApiError('invalid_request', { message: 'expires_at must be a future time in Unix ms', details: { field: 'expires_at' } });
    }
    if (input.kind === 'assistant') {
      expiresAt = Math.min(expiresAt ?? Number.MAX_SAFE_INTEGER, now + ASSISTANT_TOKEN_LIFETIME_MS);
    }
    const secret = newTokenSecret(input.environment);
    const record: TokenRecord = {
      id: newId('tok'),
      customer_id: customer.id,
      kind: input.kind,
      name: (input.name ?? '').trim() || `${input.kind} token`,
      environment: input.environment,
      resource: this.resourceOf(input.environment),
      access: input.access ?? 'read',
      ...fences,
      expires_at: expiresAt,
      revoked_at: null,
      created_at: now,
      last_used_at: null,
      prefix: secret.slice(0, 13),
    };
    await this.store.transaction((tx) => tx.insertToken({ ...record, hash: hashSecret(secret) }));
    return { record, token: secret };
  }

  async revoke(id: string): Promise<TokenRecord> {
    const t = await this.store.getToken(id);
    if (!t) throw new ApiError('route_not_found', { message: `no token ${id}`, details: { token_id: id } });
    await this.store.transaction((tx) => tx.revokeToken(id, this.clock.now()));
    return (await this.store.getToken(id)) as TokenRecord;
  }
}
