import type { RequestOptions } from '../transport.js';
import type { Body, Result } from '../types.js';
import { Resource } from './resource.js';

export class Positions extends Resource {
  /** GET /v1/accounts/{account_id}/positions (listPositions). */
  list(accountId: string, options?: RequestOptions): Promise<Result<'listPositions'>> {
    return this.transport.call('listPositions', { path: { account_id: accountId } }, options);
  }
  /** GET /v1/accounts/{account_id}/positions/{market} (getPosition). */
  get(accountId: string, market: string, options?: RequestOptions): Promise<Result<'getPosition'>> {
    return this.transport.call('getPosition', { path: { account_id: accountId, market } }, options);
  }
  /** DELETE /v1/accounts/{account_id}/positions/{market} (closePosition): closes it at the market. */
  close(accountId: string, market: string, options?: RequestOptions): Promise<Result<'closePosition'>> {
    return this.transport.call('closePosition', { path: { account_id: accountId, market } }, options);
  }
  /** POST /v1/accounts/{account_id}/positions/close-all (closeAllPositions). */
  closeAll(accountId: string, body: Body<'closeAllPositions'> = {}, options?: RequestOptions): Promise<Result<'closeAllPositions'>> {
    return this.transport.call('closeAllPositions', { path: { account_id: accountId }, body }, options);
  }
  /** PUT /v1/accounts/{account_id}/positions/{market}/exits (setPositionExits): the take-profit, stop-loss and break-even of a position. */
  setExits(accountId: string, market: string, body: Body<'setPositionExits'>, options?: RequestOptions): Promise<Result<'setPositionExits'>> {
    return this.transport.call('setPositionExits', { path: { account_id: accountId, market }, body }, options);
  }
  /** POST /v1/accounts/{account_id}/positions/{market}/margin (adjustPositionMargin): adds or removes isolated margin. */
  adjustMargin(accountId: string, market: string, body: Body<'adjustPositionMargin'>, options?: RequestOptions): Promise<Result<'adjustPositionMargin'>> {
    return this.transport.call('adjustPositionMargin', { path: { account_id: accountId, market }, body }, options);
  }
}
