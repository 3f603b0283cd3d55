import type { Clock } from '../engine/clock.js';
import { ApiError } from '../errors/api-error.js';
import type { ErrorCode } from '../errors/codes.js';
import type { Environment } from '../schemas/common.js';
import type { Access, CredentialKind, CredentialRecord, CustomerRecord, StoredCredential, Store, TokenKind, Tx } from '../store/port.js';
import { newId } from '../kernel/ids.js';
import { hashSecret, KEY_RE, newKeySecret, newTokenSecret, sameHash, TOKEN_RE } from './credentials.js';
import type { CustomerService } from './customers.js';
import { ipAllowed, normalizeFences, type FenceInput } from './fences.js';

/** What differs between a key and an app token, as data: the rest of their handling is one path. */
interface KindRules {
  /** The secret's text (prefix, alphabet, length). */
  format: RegExp;
  newSecret: (environment: Environment) => string;
  idPrefix: string;
  /** Characters of the secret kept for display ("rk_test_abcd", "rat_test_abcd"). */
  shownChars: number;
  /** The word in operator messages and the field naming an unknown id. */
  noun: string;
  idField: string;
  invalid: ErrorCode;
  revoked: ErrorCode;
  expired: ErrorCode;
  /** Why it may not be used on this host: a key is bound to an environment, a token to the host it was issued for. */
  misplaced: (c: CredentialRecord, environment: Environment, resourceOf: (e: Environment) => string) => ApiError | undefined;
}

export const KINDS: Record<CredentialKind, KindRules> = {
  key: {
    format: KEY_RE,
    newSecret: newKeySecret,
    idPrefix: 'key',
    shownChars: 12,
    noun: 'key',
    idField: 'key_id',
    invalid: 'invalid_api_key',
    revoked: 'revoked_api_key',
    expired: 'expired_api_key',
    misplaced: (c, environment, resourceOf) =>
      c.environment === environment ? undefined : new ApiError('wrong_environment', { details: { expected_host: resourceOf(c.environment) } }),
  },
  token: {
    format: TOKEN_RE,
    newSecret: newTokenSecret,
    idPrefix: 'tok',
    shownChars: 13,
    noun: 'token',
    idField: 'token_id',
    invalid: 'invalid_token',
    revoked: 'revoked_token',
    expired: 'expired_token',
    misplaced: (c, environment, resourceOf) =>
      c.environment === environment && c.resource === resourceOf(environment)
        ? undefined
        : new ApiError('wrong_resource', { details: { expected_resource: c.resource } }),
  },
};

/** The kind a secret claims by its prefix (anything not an app token is judged as a key). */
export const kindOfSecret = (secret: string): CredentialKind => (secret.startsWith('rat_') ? 'token' : 'key');

export interface DraftInput extends FenceInput {
  environment: Environment;
  access: Access;
  name: string;
  expires_at?: number | null | undefined;
  token_kind?: TokenKind | undefined;
  /** The longest it may last from now (an assistant's token: one hour); its end date is cut to it. */
  max_lifetime_ms?: number | undefined;
  /** Made by the dashboard for its own calls: orders with it carry origin platform; revoked with its session. */
  platform?: { user_id: string; session_id: string } | undefined;
  /** The user who granted it (an OAuth grant's consent): revoked when that user's password changes. */
  user_id?: string | undefined;
}

/** Where a request is made: what a credential is judged against besides itself. */
export interface RequestPlace {
  environment: Environment;
  ip: string;
  needed: 'read' | 'trade';
}

/**
 * The shared handling of keys and app tokens: making one (fences, end date, secret, hash), finding one by its
 * secret, judging it as a request would, revoking it and recording its use. Whoever holds access open (the
 * account streams) is told when access may have ended here, so it re-checks at once.
 */
export class CredentialService {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly store: Pick<Store, 'findCredentialByHash' | 'getCredential' | 'getCustomer' | 'listCredentials' | 'touchCredential' | 'transaction'>,
    private readonly clock: Clock,
    private readonly customers: CustomerService,
    private readonly marketIds: ReadonlySet<string>,
    private readonly resourceOf: (environment: Environment) => string,
  ) {}

  /** A new credential, checked but not stored, with its secret (shown once) and the record to store. */
  async draft(kind: CredentialKind, customerId: string, input: DraftInput): Promise<{ customer: CustomerRecord; stored: StoredCredential; secret: string }> {
    const rules = KINDS[kind];
    const customer = await this.customers.require(customerId);
    const fences = normalizeFences(input, this.marketIds);
    const now = this.clock.now();
    let expiresAt = input.expires_at ?? null;
    if (expiresAt !== null && (!Number.isSafeInteger(expiresAt) || expiresAt <= now)) {
      throw new ApiError('invalid_request', { message: 'expires_at must be a future time in Unix ms', details: { field: 'expires_at' } });
    }
    if (input.max_lifetime_ms !== undefined) expiresAt = Math.min(expiresAt ?? Number.MAX_SAFE_INTEGER, now + input.max_lifetime_ms);
    const secret = rules.newSecret(input.environment);
    const stored: StoredCredential = {
      kind,
      id: newId(rules.idPrefix),
      customer_id: customer.id,
      name: input.name,
      environment: input.environment,
      access: input.access,
      ...fences,
      expires_at: expiresAt,
      revoked_at: null,
      created_at: now,
      last_used_at: null,
      prefix: secret.slice(0, rules.shownChars),
      token_kind: kind === 'token' ? (input.token_kind ?? 'app') : null,
      resource: kind === 'token' ? this.resourceOf(input.environment) : null,
      origin: input.platform ? 'platform' : null,
      user_id: input.platform?.user_id ?? input.user_id ?? null,
      session_id: input.platform?.session_id ?? null,
      hash: hashSecret(secret),
    };
    return { customer, stored, secret };
  }

  insert(tx: Tx, stored: StoredCredential): Promise<void> {
    return tx.insertCredential(stored);
  }

  /** The credential a secret names; invalid_api_key / invalid_token when it is malformed or unknown. */
  async find(secret: string): Promise<StoredCredential> {
    const kind = kindOfSecret(secret);
    const rules = KINDS[kind];
    if (!rules.format.test(secret)) throw new ApiError(rules.invalid);
    const hash = hashSecret(secret);
    const c = await this.store.findCredentialByHash(hash);
    if (!c || c.kind !== kind || !sameHash(c.hash, hash)) throw new ApiError(rules.invalid);
    return c;
  }

  /** Revoked, or past its end date (by the Clock): the refusal any request with it gets, whatever it asks. */
  lapsed(c: CredentialRecord): ApiError | undefined {
    const rules = KINDS[c.kind];
    if (c.revoked_at !== null) return new ApiError(rules.revoked);
    if (c.expires_at !== null && this.clock.now() > c.expires_at) return new ApiError(rules.expired, { details: { expired_at: c.expires_at } });
    return undefined;
  }

  /** The customer of a credential whose API access is open; api_disabled otherwise. */
  async customerOf(c: CredentialRecord): Promise<CustomerRecord> {
    const customer = await this.store.getCustomer(c.customer_id);
    if (!customer || !customer.api_enabled) throw new ApiError('api_disabled');
    return customer;
  }

  /**
   * Judges a credential for a request in the order CONTRACT §5 decides: revoked → expired → wrong_environment
   * (wrong_resource) → ip_not_allowed → api_disabled → insufficient_permission. Answers its customer.
   */
  async judge(c: CredentialRecord, place: RequestPlace): Promise<CustomerRecord> {
    const refusal = this.lapsed(c) ?? KINDS[c.kind].misplaced(c, place.environment, this.resourceOf);
    if (refusal) throw refusal;
    if (!ipAllowed(place.ip, c.ip_allowlist)) throw new ApiError('ip_not_allowed', { details: { ip: place.ip } });
    const customer = await this.customerOf(c);
    if (place.needed === 'trade' && c.access !== 'trade') throw new ApiError('insufficient_permission', { details: { access: c.access } });
    return customer;
  }

  /** Records that it was used (batched by the store; no answer waits for it). */
  touch(c: CredentialRecord): void {
    this.store.touchCredential(c.id, this.clock.now());
  }

  async require(kind: CredentialKind, id: string): Promise<CredentialRecord> {
    const c = await this.store.getCredential(id);
    if (!c || c.kind !== kind) {
      const rules = KINDS[kind];
      throw new ApiError('route_not_found', { message: `no ${rules.noun} ${id}`, details: { [rules.idField]: id } });
    }
    return c;
  }

  /** Ends a credential (again is a no-op); what is open with it is told to re-check. */
  async revoke(kind: CredentialKind, id: string): Promise<CredentialRecord> {
    await this.require(kind, id);
    await this.store.transaction((tx) => tx.revokeCredential(id, this.clock.now()));
    this.accessChanged();
    return this.require(kind, id);
  }

  list(customerId: string, kind: CredentialKind): Promise<CredentialRecord[]> {
    return this.store.listCredentials(customerId, kind);
  }

  /** Something that may end access (a revocation, a customer's API access switched off) happened in this process. */
  accessChanged(): void {
    for (const l of this.listeners) l();
  }

  onAccessChanged(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
