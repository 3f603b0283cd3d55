import { AccountStream, type StreamOptions } from '../stream.js';
import type { RequestOptions } from '../transport.js';
import type { Query, Result } from '../types.js';
import { Resource } from './resource.js';

export class Events extends Resource {
  /** GET /v1/events (listEvents): the customer's events, oldest first, after a cursor. */
  list(query?: Query<'listEvents'>, options?: RequestOptions): Promise<Result<'listEvents'>> {
    return this.transport.call('listEvents', { query }, options);
  }
  /**
   * GET /v1/accounts/{account_id}/stream (streamAccount) as an async iterator of events that reconnects with
   * Last-Event-ID after a drop: `for await (const event of rampart.events.stream(accountId)) …`.
   */
  stream(accountId: string, options?: StreamOptions): AccountStream {
    return new AccountStream(this.transport, accountId, options);
  }
}
