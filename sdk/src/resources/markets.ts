import type { RequestOptions } from '../transport.js';
import type { Result } from '../types.js';
import { Resource } from './resource.js';

export class Markets extends Resource {
  /** GET /v1/markets (listMarkets). */
  list(options?: RequestOptions): Promise<Result<'listMarkets'>> {
    return this.transport.call('listMarkets', {}, options);
  }
  /** GET /v1/markets/{market} (getMarket). */
  get(market: string, options?: RequestOptions): Promise<Result<'getMarket'>> {
    return this.transport.call('getMarket', { path: { market } }, options);
  }
}
