import type { RequestOptions } from '../transport.js';
import type { Body, Query, Result } from '../types.js';
import { Resource } from './resource.js';

export class Signals extends Resource {
  /** POST /v1/signals (createSignal): the answer carries the alert URL, shown only then. A live signal needs `email_code`. */
  create(body: Body<'createSignal'>, options?: RequestOptions): Promise<Result<'createSignal'>> {
    return this.transport.call('createSignal', { body }, options);
  }
  /** GET /v1/signals (listSignals). */
  list(query?: Query<'listSignals'>, options?: RequestOptions): Promise<Result<'listSignals'>> {
    return this.transport.call('listSignals', { query }, options);
  }
  /** DELETE /v1/signals/{signal_id} (revokeSignal): its URL answers signal_not_found from then on. */
  revoke(signalId: string, options?: RequestOptions): Promise<Result<'revokeSignal'>> {
    return this.transport.call('revokeSignal', { path: { signal_id: signalId } }, options);
  }
  /** GET /v1/signals/{signal_id}/deliveries (listSignalDeliveries): the signal's log, newest first. */
  deliveries(signalId: string, query?: Query<'listSignalDeliveries'>, options?: RequestOptions): Promise<Result<'listSignalDeliveries'>> {
    return this.transport.call('listSignalDeliveries', { path: { signal_id: signalId }, query }, options);
  }
  /**
   * POST /v1/alerts/{secret} (receiveAlert): posts an alert to a signal's URL as TradingView would (no key is sent;
   * the secret is the URL's last path segment), the message as JSON: to test a signal from code, or to drive one from
   * a script instead of TradingView.
   */
  alert(secret: string, alert: Record<string, unknown>, options?: RequestOptions): Promise<Result<'receiveAlert'>> {
    return this.transport.call('receiveAlert', { path: { secret }, body: alert as never }, options);
  }
}
