// The shapes the page reads: the public API's (src/http/schemas/) and the session routes' (docs/DASHBOARD.md).
// Decimals stay strings end to end; only gauges turn them into a share of a bar.

export type Environment = 'sandbox' | 'live';

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
  has_more: boolean;
}

export interface Rule {
  starting_balance: string;
  daily_loss: { amount_usd: string | null; percent: string | null; basis: string; action: string } | null;
  drawdown: { amount_usd: string | null; percent: string | null; mode: string } | null;
  profit_target: { amount_usd: string | null; percent: string | null; close_positions: boolean } | null;
  min_trading_days: number;
  min_calendar_days: number;
}

export interface Account {
  id: string;
  status: string;
  environment: Environment;
  stage: string;
  product: string;
  size: string;
  starting_balance: string;
  balance: string;
  equity: string;
  unrealized_pnl: string;
  margin_used: string;
  margin_available: string;
  rule: Rule;
  metrics: {
    daily_loss_limit_usd: string | null;
    daily_loss_used: string;
    drawdown_floor: string | null;
    drawdown_reference: string;
    profit: string;
    trading_days: number;
    calendar_days: number;
  };
  status_reason: string | null;
  created_at: number;
}

export interface Market {
  id: string;
  status: string;
  offered: boolean;
  size_step: string;
  tick_size: string;
  bid: string | null;
  ask: string | null;
  last: string | null;
}

export interface Order {
  id: string;
  market: string;
  side: 'buy' | 'sell' | null;
  type: string;
  status: string;
  size: string;
  filled_size: string;
  limit_price: string | null;
  stop_price: string | null;
  average_fill_price: string | null;
  origin: string;
  exit_of_position: string | null;
  created_at: number;
}

export interface Position {
  market: string;
  side: 'long' | 'short';
  size: string;
  entry_price: string;
  mark_price: string;
  unrealized_pnl: string;
  leverage: number;
  liquidation_price: string | null;
  exits: {
    take_profit: { order_id: string; price: string | null } | null;
    stop_loss: { order_id: string; price: string | null; trailing_distance: string | null } | null;
    break_even: { trigger_price: string; offset_ticks: number; done: boolean } | null;
  };
  updated_at: number;
}

export interface Fill {
  id: string;
  order_id: string;
  market: string;
  side: 'buy' | 'sell';
  size: string;
  price: string;
  fee: string;
  realized_pnl: string;
  filled_at: number;
}

export interface ApiEvent {
  id: string;
  type: string;
  account_id: string;
  created_at: number;
  source: string;
  data: Record<string, unknown>;
}

export interface Preview {
  outcome: 'would_fill' | 'would_rest' | 'would_reject';
  reject: { code: string; message: string } | null;
  size: string | null;
  price: { fills_immediately: boolean; price: string | null; worst_price: string | null };
  value_usd: string | null;
  fee: string | null;
  margin: { mode: string; leverage: number; required: string | null; available: string; remaining: string | null };
  position_after: { size: string; side: 'long' | 'short'; entry_price: string } | null;
  exposure: { cap_usd: string; open_usd: string; room_usd: string };
}

export interface Limits {
  sandbox_accounts: { limit: number; used: number; remaining: number };
}

export interface EquityCurve {
  points: { time: number; equity: string; balance: string }[];
}

export interface Webhook {
  id: string;
  url: string;
  types: string[] | null;
  account_id: string | null;
  created_at: number;
  secret?: string;
}

export interface Delivery {
  id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempt_count: number;
  next_attempt_at: number | null;
  created_at: number;
  attempts: { number: number; at: number; status_code: number | null; error: string | null; duration_ms: number }[];
}

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

export interface DashboardConfig {
  signup: 'open' | 'invite';
  api: { live: string; sandbox: string };
}

export const EVENT_TYPES = [
  'order.created',
  'order.edited',
  'order.filled',
  'order.canceled',
  'order.expired',
  'order.rejected',
  'fill.created',
  'position.opened',
  'position.changed',
  'position.closed',
  'engine.restarted',
] as const;
