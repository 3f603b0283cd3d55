import type { RequestOptions } from '../transport.js';
import type { Body, Query, Result } from '../types.js';
import { Resource } from './resource.js';

export class Accounts extends Resource {
  /** GET /v1/accounts (listAccounts). */
  list(query?: Query<'listAccounts'>, options?: RequestOptions): Promise<Result<'listAccounts'>> {
    return this.transport.call('listAccounts', { query }, options);
  }
  /** GET /v1/accounts/{account_id} (getAccount). */
  get(accountId: string, options?: RequestOptions): Promise<Result<'getAccount'>> {
    return this.transport.call('getAccount', { path: { account_id: accountId } }, options);
  }
  /** POST /v1/accounts (openAccount): opens a sandbox account; answered 202 while the engine opens it. */
  open(body: Body<'openAccount'> = {}, options?: RequestOptions): Promise<Result<'openAccount'>> {
    return this.transport.call('openAccount', { body }, options);
  }
  /** GET /v1/accounts/{account_id}/history/equity (getEquityCurve). */
  equity(accountId: string, query: Query<'getEquityCurve'>, options?: RequestOptions): Promise<Result<'getEquityCurve'>> {
    return this.transport.call('getEquityCurve', { path: { account_id: accountId }, query }, options);
  }
}
