import type { RequestOptions } from '../transport.js';
import type { Result } from '../types.js';
import { Resource } from './resource.js';

export class Products extends Resource {
  /** GET /v1/products (listProducts): the account products and their rules. */
  list(options?: RequestOptions): Promise<Result<'listProducts'>> {
    return this.transport.call('listProducts', {}, options);
  }
}
