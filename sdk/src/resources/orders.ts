import type { RequestOptions } from '../transport.js';
import type { Body, Query, Result } from '../types.js';
import { Resource } from './resource.js';

export class Orders extends Resource {
  /**
   * POST /v1/accounts/{account_id}/orders (placeOrder), with its exits (take_profit, stop_loss, break_even) if
   * given. An Idempotency-Key is sent (a random UUID unless options.idempotencyKey), the same on every retry.
   */
  place(accountId: string, body: Body<'placeOrder'>, options?: RequestOptions): Promise<Result<'placeOrder'>> {
    return this.transport.call('placeOrder', { path: { account_id: accountId }, body }, options);
  }
  /** POST /v1/accounts/{account_id}/orders/test (previewOrder): every check of place, nothing placed. */
  preview(accountId: string, body: Body<'previewOrder'>, options?: RequestOptions): Promise<Result<'previewOrder'>> {
    return this.transport.call('previewOrder', { path: { account_id: accountId }, body }, options);
  }
  /** GET /v1/accounts/{account_id}/orders (listOrders). */
  list(accountId: string, query?: Query<'listOrders'>, options?: RequestOptions): Promise<Result<'listOrders'>> {
    return this.transport.call('listOrders', { path: { account_id: accountId }, query }, options);
  }
  /** GET /v1/accounts/{account_id}/orders/{order_id} (getOrder). */
  get(accountId: string, orderId: string, options?: RequestOptions): Promise<Result<'getOrder'>> {
    return this.transport.call('getOrder', { path: { account_id: accountId, order_id: orderId } }, options);
  }
  /** PATCH /v1/accounts/{account_id}/orders/{order_id} (editOrder): new price, size or exits of a working order. */
  edit(accountId: string, orderId: string, body: Body<'editOrder'>, options?: RequestOptions): Promise<Result<'editOrder'>> {
    return this.transport.call('editOrder', { path: { account_id: accountId, order_id: orderId }, body }, options);
  }
  /** DELETE /v1/accounts/{account_id}/orders/{order_id} (cancelOrder). */
  cancel(accountId: string, orderId: string, options?: RequestOptions): Promise<Result<'cancelOrder'>> {
    return this.transport.call('cancelOrder', { path: { account_id: accountId, order_id: orderId } }, options);
  }
  /** POST /v1/accounts/{account_id}/orders/cancel-all (cancelAllOrders), of one market if given. */
  cancelAll(accountId: string, body: Body<'cancelAllOrders'> = {}, options?: RequestOptions): Promise<Result<'cancelAllOrders'>> {
    return this.transport.call('cancelAllOrders', { path: { account_id: accountId }, body }, options);
  }
  /**
   * POST /v1/accounts/{account_id}/orders/cancel-all-after (armDeadManSwitch): the dead-man switch. When timeout_ms
   * passes without another call, every working opening order of the account is canceled (exits stay); 0 disarms.
   */
  cancelAllAfter(accountId: string, body: Body<'armDeadManSwitch'>, options?: RequestOptions): Promise<Result<'armDeadManSwitch'>> {
    return this.transport.call('armDeadManSwitch', { path: { account_id: accountId }, body }, options);
  }
  /** GET /v1/accounts/{account_id}/orders/cancel-all-after (getDeadManSwitch): whether the switch is armed, and when it fires. */
  deadManSwitch(accountId: string, options?: RequestOptions): Promise<Result<'getDeadManSwitch'>> {
    return this.transport.call('getDeadManSwitch', { path: { account_id: accountId } }, options);
  }
}
