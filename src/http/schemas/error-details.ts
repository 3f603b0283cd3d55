import { Type, type TSchema } from 'typebox';
import type { ErrorCode } from '../../errors/codes.js';
import { DecimalString, Nullable, TimeMs } from '../../schemas/common.js';

/**
 * The keys of `error.details` per code, as the code base sends them (grep `new ApiError('<code>'` and the engine's
 * `fail('<code>'`). Only the OpenAPI document reads this: it types `details` for generated clients. Every key is
 * optional and other keys stay allowed, because one code can be raised from several places with different details
 * (order_too_small: the value, or the size step a notional order cannot reach) and a replayed refusal carries what
 * was stored.
 */
const open = (props: Record<string, TSchema>) => Type.Object(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, Type.Optional(v)])), { additionalProperties: true });
const str = Type.String();
const int = Type.Integer();
const decimals = Type.Array(DecimalString);
const market = { market: str };

export const ERROR_DETAILS: Partial<Record<ErrorCode, TSchema>> = {
  invalid_request: open({ field: str, reason: str, errors: Type.Array(Type.Object({}, { additionalProperties: true })) }),
  invalid_parameter: open({ parameter: str, errors: Type.Array(Type.Object({}, { additionalProperties: true })) }),
  unknown_field: open({ fields: Type.Array(str) }),
  invalid_cursor: open({ after: str, cursor: str }),
  invalid_json: open({ max_depth: int, duplicate_key: str }),
  wrong_resource: open({ expected_resource: str }),
  wrong_environment: open({ expected_host: str }),
  ip_not_allowed: open({ ip: str }),
  insufficient_permission: open({ access: Type.Union([Type.Literal('read'), Type.Literal('trade')]) }),
  invalid_size_step: open({ size_step: DecimalString, nearest: decimals }),
  invalid_price_tick: open({ field: str, tick_size: DecimalString, nearest: decimals }),
  price_out_of_band: open({ field: str, band_pct: DecimalString, min: DecimalString, max: DecimalString }),
  stop_already_triggered: open({ stop_price: DecimalString, last: DecimalString }),
  post_only_would_fill: open({ limit_price: DecimalString, last: DecimalString }),
  limit_inside_spread: open({ limit_price: DecimalString, best_price: DecimalString }),
  order_too_small: open({ min_notional_usd: DecimalString, notional_usd: DecimalString, size_step: DecimalString }),
  working_order_cap: open({ scope: Type.Union([Type.Literal('account'), Type.Literal('customer')]), limit: int }),
  client_order_id_conflict: open({ order_id: str, client_order_id: str }),
  order_not_working: open({ order_id: str, status: str }),
  key_market_not_allowed: open({ markets: Type.Array(str) }),
  key_max_order_notional: open({ max_order_usd: DecimalString }),
  key_max_position_notional: open({ max_position_usd: DecimalString }),
  key_loss_stop_active: open({ unlocks_at: TimeMs }),
  insufficient_margin: open({ required: DecimalString, available: DecimalString }),
  exposure_cap_exceeded: open({ cap_usd: DecimalString, open_usd: DecimalString }),
  reduce_only_violation: open({ position: Nullable(Type.Union([Type.Literal('long'), Type.Literal('short')])), position_size: DecimalString }),
  slippage_exceeded: open({ best_price: DecimalString, worst_price: DecimalString }),
  no_price: open(market),
  stale_quote: open({ ...market, price_time: TimeMs, stale_after_ms: int }),
  market_closed: open(market),
  market_not_offered: open(market),
  market_halted: open(market),
  position_liquidating: open(market),
  account_paused: open({ until: Nullable(TimeMs) }),
  account_not_tradable: open({ account_id: str, status: str, reason: str }),
  insufficient_balance: open({ balance: DecimalString, available: DecimalString, amount: DecimalString }),
  margin_mode_locked: open({ ...market, margin_mode: str }),
  invalid_leverage: open({ min: int, max: int, leverage: int }),
  liquidation_risk: open({ ...market, liquidation_price: DecimalString, last: DecimalString }),
  position_not_isolated: open({ ...market, margin_mode: str }),
  order_rejected: open({ reason: str }),
  account_not_found: open({ account_id: str }),
  market_not_found: open(market),
  order_not_found: open({ order_id: str }),
  position_not_found: open(market),
  webhook_not_found: open({ webhook_id: str }),
  signal_not_found: open({ signal_id: str }),
  signal_expired: open({ signal_id: str, expired_at: Type.Integer() }),
  route_not_found: open({ path: str }),
  method_not_allowed: open({ allow: Type.Array(str) }),
  payload_too_large: open({ max_bytes: int }),
  uri_too_long: open({ max_bytes: int }),
  unsupported_media_type: open({ content_type: Nullable(str) }),
  sandbox_limit_reached: open({ limit: int, used: int }),
  account_not_ready: open({ account_id: str }),
  sandbox_opening: open({ account_id: str }),
  invalid_idempotency_key: open({ reason: str }),
  rate_limited: open({ scope: Type.Union([Type.Literal('ip'), Type.Literal('key'), Type.Literal('account_orders')]), limit: int }),
  environment_disabled: open({ status_url: str }),
};
