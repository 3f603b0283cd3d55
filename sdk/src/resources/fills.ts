import type { RequestOptions } from '../transport.js';
import type { Query, Result } from '../types.js';
import { Resource } from './resource.js';

export class Fills extends Resource {
  /** GET /v1/accounts/{account_id}/fills (listFills). */
  list(accountId: string, query?: Query<'listFills'>, options?: RequestOptions): Promise<Result<'listFills'>> {
    return this.transport.call('listFills', { path: { account_id: accountId }, query }, options);
  }
}
