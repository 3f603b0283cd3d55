// The shapes the page reads. The public API's come from the SDK's types, generated from the OpenAPI document
// (`npm run sdk:generate`), so a change of src/http/schemas reaches the dashboard's typecheck; the session routes'
// (docs/DASHBOARD.md) are not in that document and are written here. Decimals stay strings end to end; only gauges
// turn them into a share of a bar.
import type { Schemas } from '../../../sdk/src/types.js';

export type { Page } from '../../../sdk/src/types.js';

export type Environment = Schemas['Account']['environment'];
export type Rule = Schemas['Rule'];
export type Account = Schemas['Account'];
export type Market = Schemas['Market'];
export type Order = Schemas['Order'];
export type Position = Schemas['Position'];
export type Fill = Schemas['Fill'];
export type ApiEvent = Schemas['Event'];
export type Preview = Schemas['OrderPreview'];
export type Limits = Schemas['Limits'];
export type EquityCurve = Schemas['EquityCurve'];
export type Webhook = Schemas['Webhook'];
/** The answer of POST /v1/webhooks: the endpoint with its signing secret, shown once. */
export type WebhookWithSecret = Schemas['WebhookWithSecret'];
export type Delivery = Schemas['WebhookDelivery'];

export type Signal = Schemas['Signal'];
/** What an alert did on one account of its signal. */
export type SignalResult = NonNullable<Schemas['Alert']['results']>[number];

/** An alert as read: the fields the log shows (docs/SIGNALS.md lists them all). */
export interface ReadAlert {
  action: 'buy' | 'sell' | 'exit' | 'cancel';
  ticker: string | null;
  quantity: string | null;
  risk_percent?: string | null;
  price?: string | null;
  order_type?: 'market' | 'limit' | null;
}

/**
 * One alert of a signal's log (GET /v1/signals/{id}/deliveries). The document leaves `request` open (an object); the
 * route's description says what it holds: the alert as read with its market, or the error that refused it.
 */
export type SignalAlert = Omit<Schemas['Alert'], 'request'> & {
  request: { alert: ReadAlert; market: string | null } | { error: { code: string; message: string; field: string | null } };
};

export interface KeyRecord {
  id: string;
  name: string;
  environment: Environment;
  access: 'read' | 'trade';
  markets: string[] | null;
  reduce_only: boolean;
  max_order_usd: string | null;
  max_position_usd: string | null;
  loss_stop_usd: string | null;
  ip_allowlist: string[];
  expires_at: number | null;
  revoked_at: number | null;
  created_at: number;
  last_used_at: number | null;
  prefix: string;
}

export interface User {
  id: string;
  email: string;
}

export interface SessionInfo {
  user: User;
  customer: { id: string; name?: string };
  csrf_token: string;
}

/** What a sign-up answers until its address is confirmed (202): the same whether or not the address has an account. */
export interface SignUpSent {
  sent_to: string;
}

/** A dashboard token: a live one trades only when it was asked for with an emailed code. */
export interface DashboardToken {
  token: string;
  expires_at: number;
  api_url: string;
  access: 'read' | 'trade';
}

export interface DashboardConfig {
  signup: 'open' | 'invite';
  api: { live: string; sandbox: string };
}

/** Every event type once, in the webhook form's order: a record keyed by the API's event types, so the typecheck
 * fails when the API adds or drops one. */
const EVENT_TYPE_ORDER: Record<ApiEvent['type'], true> = {
  'order.created': true,
  'order.edited': true,
  'order.filled': true,
  'order.canceled': true,
  'order.expired': true,
  'order.rejected': true,
  'fill.created': true,
  'position.opened': true,
  'position.changed': true,
  'position.closed': true,
  'engine.restarted': true,
  'account.rule_breach': true,
  'account.rule_version': true,
  'signal.alert': true,
};
export const EVENT_TYPES = Object.keys(EVENT_TYPE_ORDER) as ApiEvent['type'][];
