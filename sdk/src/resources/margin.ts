import type { RequestOptions } from '../transport.js';
import type { Body, Result } from '../types.js';
import { Resource } from './resource.js';

/** Margin mode and leverage per market of an account. */
export class Margin extends Resource {
  /** GET /v1/accounts/{account_id}/margin (listMarginSettings). */
  list(accountId: string, options?: RequestOptions): Promise<Result<'listMarginSettings'>> {
    return this.transport.call('listMarginSettings', { path: { account_id: accountId } }, options);
  }
  /** PUT /v1/accounts/{account_id}/margin/{market} (setMarginSetting). */
  set(accountId: string, market: string, body: Body<'setMarginSetting'>, options?: RequestOptions): Promise<Result<'setMarginSetting'>> {
    return this.transport.call('setMarginSetting', { path: { account_id: accountId, market }, body }, options);
  }
}
