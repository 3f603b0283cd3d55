import { TRADINGVIEW_MESSAGE } from '../../signals/signals.js';
import type { AlertRow, SignalRecord } from '../../store/port.js';

/** A signal as the API shows it: its URL only in the answer that made it (`url`), else null. */
export function signalView(s: SignalRecord, url: string | null = null) {
  return {
    id: s.id,
    object: 'signal' as const,
    environment: s.environment,
    name: s.name,
    url,
    url_hint: s.secret_hint,
    accounts: s.accounts,
    markets: s.markets,
    max_order_usd: s.max_order_usd,
    reduce_only: s.reduce_only,
    no_hedging: s.no_hedging,
    expires_at: s.expires_at,
    created_at: s.created_at,
    revoked_at: s.revoked_at,
    tradingview_message: TRADINGVIEW_MESSAGE,
  };
}

export function alertView(a: AlertRow, duplicateOf: string | null = null) {
  return {
    id: a.id,
    object: 'alert' as const,
    signal_id: a.signal_id,
    received_at: a.received_at,
    status: a.status,
    duplicate_of: duplicateOf,
    request: JSON.parse(a.request) as Record<string, unknown>,
    results: a.results,
    finished_at: a.finished_at,
  };
}
