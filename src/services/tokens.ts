import type { Environment } from '../schemas/common.js';
import type { Access, CredentialRecord, Store, TokenKind } from '../store/port.js';
import type { CredentialService } from './credential-service.js';
import type { FenceInput } from './fences.js';
import { grantView, type KeyView } from './keys.js';

export const ASSISTANT_TOKEN_LIFETIME_MS = 3_600_000;

export interface TokenInput extends FenceInput {
  environment: Environment;
  kind: TokenKind;
  access?: Access | undefined;
  name?: string | undefined;
  expires_at?: number | null | undefined;
}

/** A token record as the operator sees it: a key's fields, its kind (app or assistant) and its resource. */
export interface TokenView extends KeyView {
  kind: TokenKind;
  resource: string;
}

export function tokenView(c: CredentialRecord): TokenView {
  return {
    id: c.id,
    customer_id: c.customer_id,
    kind: c.token_kind ?? 'app',
    name: c.name,
    environment: c.environment,
    resource: c.resource ?? '',
    ...grantView(c),
  };
}

/** App access tokens: an app's lasts until its end date, an AI assistant's one hour (SPEC Authentication 8). */
export class TokenService {
  constructor(
    private readonly store: Pick<Store, 'transaction'>,
    private readonly credentials: CredentialService,
  ) {}

  async issue(customerId: string, input: TokenInput): Promise<{ record: TokenView; token: string }> {
    const { kind, ...rest } = input;
    const { stored, secret } = await this.credentials.draft('token', customerId, {
      ...rest,
      access: input.access ?? 'read',
      name: (input.name ?? '').trim() || `${kind} token`,
      token_kind: kind,
      ...(kind === 'assistant' ? { max_lifetime_ms: ASSISTANT_TOKEN_LIFETIME_MS } : {}),
    });
    await this.store.transaction((tx) => this.credentials.insert(tx, stored));
    return { record: tokenView(stored), token: secret };
  }

  async revoke(id: string): Promise<TokenView> {
    return tokenView(await this.credentials.revoke('token', id));
  }
}
