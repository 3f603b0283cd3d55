import { ApiError } from '../errors/api-error.js';
import type { Environment } from '../schemas/common.js';
import { KINDS, type CredentialService } from '../services/credential-service.js';
import type { AccountRecord, CredentialKind, Store } from '../store/port.js';

/** What a stream was opened with: the credential (by the hash of its secret) and whose account it follows. */
export interface StreamGrant {
  kind: CredentialKind;
  hash: string;
  customerId: string;
  environment: Environment;
  accountId: string;
}

/**
 * Judges an open stream as a new request with its credential would be judged now, through the store's cached
 * lookups (a commit of the operator CLI drops the cache through PRAGMA data_version). Only what can change
 * after the stream opened is looked at: revocation, end date (by the Clock), the customer's API access, the
 * account's reach. Where the request came from and the access asked for cannot change.
 */
export class StreamAccess {
  constructor(
    private readonly store: Pick<Store, 'findCredentialByHash' | 'getAccount'>,
    private readonly credentials: CredentialService,
  ) {}

  /** The refusal any request with this credential would get, whatever account it named. */
  async ofCredential(kind: CredentialKind, hash: string): Promise<ApiError | undefined> {
    const c = await this.store.findCredentialByHash(hash);
    if (!c) return new ApiError(KINDS[kind].invalid);
    const lapsed = this.credentials.lapsed(c);
    if (lapsed) return lapsed;
    try {
      await this.credentials.customerOf(c);
    } catch (err) {
      if (err instanceof ApiError) return err;
      throw err;
    }
    return undefined;
  }

  /**
   * account_not_found when GET /v1/accounts/{id} with this credential would answer it. `seen` shares one read of
   * each account among the streams judged in one look (PostgreSQL has no record cache: one query per account, not
   * per stream).
   */
  async ofAccount(g: StreamGrant, seen?: Map<string, Promise<AccountRecord | undefined>>): Promise<ApiError | undefined> {
    let read = seen?.get(g.accountId);
    if (!read) {
      read = this.store.getAccount(g.accountId);
      seen?.set(g.accountId, read);
    }
    const a = await read;
    if (a && a.customer_id === g.customerId && a.environment === g.environment) return undefined;
    return new ApiError('account_not_found', { details: { account_id: g.accountId } });
  }
}
