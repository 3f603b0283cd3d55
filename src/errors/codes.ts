/**
 * The one catalogue of error codes: HTTP status, type, whether a retry can succeed, and the default message.
 * A test compares it with SPEC's table; nothing else in the code base invents a code.
 */
export type ErrorType =
  | 'invalid_request'
  | 'authentication'
  | 'permission'
  | 'not_found'
  | 'conflict'
  | 'rule_rejection'
  | 'rate_limit'
  | 'server'
  | 'engine';

export interface CodeInfo {
  readonly status: number;
  readonly retryable: boolean;
  readonly message: string;
}

const c = (status: number, retryable: boolean, message: string): CodeInfo => ({ status, retryable, message });

export const CODES = {
  invalid_request: c(400, false, 'The request is malformed.'),
  invalid_parameter: c(400, false, 'A query or path parameter is out of range or of the wrong kind.'),
  unknown_field: c(400, false, 'The request has a field or parameter this route does not know, or a parameter twice.'),
  invalid_cursor: c(400, false, 'The cursor was changed, or belongs to another list or filter.'),
  invalid_json: c(400, false, 'The body is not valid JSON or is nested too deep.'),
  missing_api_key: c(401, false, 'No Authorization header was sent.'),
  invalid_api_key: c(401, false, 'The API key is mistyped, unknown, or not sent as Bearer.'),
  expired_api_key: c(401, false, 'The API key has passed its end date.'),
  revoked_api_key: c(401, false, 'The API key was revoked.'),
  invalid_token: c(401, false, 'The access token is mistyped, unknown, or not sent as Bearer.'),
  expired_token: c(401, false, 'The access token has expired.'),
  revoked_token: c(401, false, 'Access for this token was ended.'),
  wrong_resource: c(401, false, 'The access token was issued for another host.'),
  wrong_environment: c(401, false, 'The key belongs to the other environment; use its host.'),
  ip_not_allowed: c(403, false, "The request's address is not on the key's allowlist."),
  insufficient_permission: c(403, false, 'A read key cannot make a trading call.'),
  api_disabled: c(403, false, 'API access is not open or is suspended for this customer.'),
  invalid_size_step: c(400, false, 'The size is not a whole number of size steps.'),
  invalid_price_tick: c(400, false, 'The price is not a whole number of ticks.'),
  price_out_of_band: c(422, false, 'The limit or stop price is outside the band around the last price.'),
  stop_already_triggered: c(422, false, 'A buy stop must be above the last price, a sell stop below.'),
  post_only_would_fill: c(422, false, 'The post-only limit is already through the market.'),
  limit_inside_spread: c(422, false, 'The limit is through the last price and would fill beyond the limit.'),
  order_too_small: c(422, false, 'The order is below the minimum value.'),
  working_order_cap: c(422, false, 'Too many working orders on the account or the customer.'),
  client_order_id_conflict: c(409, false, 'The client_order_id is already used in this environment.'),
  order_not_working: c(409, false, 'The order is already filled, canceled or ended.'),
  idempotency_key_reused: c(422, false, 'The Idempotency-Key was used before with a different request.'),
  operation_in_progress: c(409, true, 'A request with this Idempotency-Key is still running.'),
  key_market_not_allowed: c(422, false, 'The key is limited to other markets.'),
  key_reduce_only: c(422, false, 'The key may only place reduce-only orders.'),
  key_max_order_notional: c(422, false, "The order is over the key's largest order value."),
  key_max_position_notional: c(422, false, "The resulting position is over the key's largest position value."),
  key_loss_stop_active: c(422, false, "The key's loss stop halted trading until the next trading day."),
  insufficient_margin: c(422, false, 'The order needs more margin than is available.'),
  exposure_cap_exceeded: c(422, false, "The market's exposure cap across the customer's accounts of this product is reached."),
  reduce_only_violation: c(422, false, 'A reduce-only order may only reduce or close the position.'),
  slippage_exceeded: c(422, false, 'The best price is beyond the worst price allowed.'),
  no_price: c(503, true, 'The market has no price yet.'),
  stale_quote: c(503, true, 'The latest price of the market is too old.'),
  market_closed: c(422, false, 'The market does not trade now.'),
  market_not_offered: c(422, false, 'The market is not offered for new positions.'),
  market_halted: c(422, false, 'Trading on the market is stopped for now.'),
  position_liquidating: c(422, false, 'The position is being liquidated and takes no new order.'),
  account_paused: c(422, false, 'A trading rule paused the account.'),
  account_not_tradable: c(422, false, 'The account has passed, failed or is closed and cannot trade.'),
  insufficient_balance: c(422, false, 'The balance does not cover it.'),
  margin_mode_locked: c(409, false, 'A position or working order is open on the market; the margin mode cannot change now.'),
  invalid_leverage: c(400, false, "Leverage must be a whole number from 1 to the market's max_leverage."),
  liquidation_risk: c(422, false, 'The change would move the liquidation price beyond the market.'),
  position_not_isolated: c(409, false, 'Only an isolated position has its own margin to change.'),
  engine_busy: c(503, true, 'The engine is under load and took nothing.'),
  order_rejected: c(422, false, 'The engine refused the order.'),
  account_not_found: c(404, false, 'The account is not in this environment or not reachable by this key.'),
  market_not_found: c(404, false, 'The market is not offered.'),
  order_not_found: c(404, false, 'The order is not on this account.'),
  position_not_found: c(404, false, 'Nothing is held on that market.'),
  webhook_not_found: c(404, false, 'No such webhook endpoint for this customer.'),
  signal_not_found: c(404, false, 'No such signal (or it was revoked): check the URL, or make a new signal.'),
  signal_expired: c(403, false, 'The signal passed its end date: make a new one.'),
  route_not_found: c(404, false, 'The path does not exist.'),
  method_not_allowed: c(405, false, 'The path exists with other methods.'),
  payload_too_large: c(413, false, 'The body is over the size limit.'),
  uri_too_long: c(414, false, 'The URL is over the length limit.'),
  unsupported_media_type: c(415, false, 'A body needs Content-Type: application/json.'),
  sandbox_limit_reached: c(409, false, "All of the customer's lifetime sandbox accounts are opened."),
  account_not_ready: c(409, true, 'The account is not yet open on the engine.'),
  sandbox_opening: c(409, true, 'A sandbox account is reserved and being opened.'),
  idempotency_key_required: c(400, false, 'This call needs an Idempotency-Key header.'),
  invalid_idempotency_key: c(400, false, 'The Idempotency-Key is empty, too long, or has characters that are not printable ASCII.'),
  rate_limited: c(429, true, 'A request budget is used up.'),
  not_ready: c(503, true, 'The API is starting; keys and state are not loaded yet.'),
  state_unavailable: c(503, true, 'The engine gave no complete answer in time; nothing partial was returned.'),
  engine_unavailable: c(503, true, 'The engine did not answer.'),
  limiter_unavailable: c(503, true, 'The rate limiter is unavailable; nothing passes unmeasured.'),
  sandbox_disabled: c(503, false, 'Sandbox accounts are not being opened.'),
  environment_disabled: c(503, false, 'This host takes no requests; check GET /v1/status.'),
  temporarily_unavailable: c(503, true, 'A needed service did not answer.'),
  capacity: c(503, true, 'The API is busy.'),
  internal_error: c(500, true, 'An unexpected error occurred.'),
  // The dashboard's session routes (docs/DASHBOARD.md), not SPEC's: its own host, people rather than keys.
  session_required: c(401, false, 'Sign in: this needs a dashboard session.'),
  invalid_credentials: c(401, false, 'The email or password is not right.'),
  csrf_failed: c(403, false, 'The X-CSRF-Token header is missing or wrong, or the request comes from another origin.'),
  signup_closed: c(403, false, 'Sign-up needs an invitation from the operator.'),
  invalid_invitation: c(422, false, 'The invitation is unknown, used, expired, or for another email.'),
  weak_password: c(422, false, 'The password is too short, too long, or too easy to guess.'),
  too_many_attempts: c(429, true, 'Too many failed sign-ins for this email; it is held back for a while.'),
  email_code_required: c(422, false, 'This needs the one-time code sent by email (POST /session/email-codes).'),
  invalid_email_code: c(422, false, 'The emailed code or link is wrong, expired, or used.'),
  // The internal listener's (node to node, docs/DEPLOYMENT.md), not SPEC's: no client ever receives it.
  invalid_node_signature: c(401, false, 'The node-to-node request is unsigned, badly signed, out of its time window, or replayed.'),
  authorization_request_not_yours: c(403, false, 'The authorization request was started in another browser; only that browser can approve or refuse it.'),
} as const satisfies Record<string, CodeInfo>;

export type ErrorCode = keyof typeof CODES;

const ENGINE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'engine_unavailable',
  'engine_busy',
  'state_unavailable',
  'stale_quote',
  'no_price',
]);

/** CONTRACT §5: the error type follows from the status, with the engine's own 503s apart. */
export function errorType(code: ErrorCode): ErrorType {
  const { status } = CODES[code];
  switch (status) {
    case 401:
      return 'authentication';
    case 403:
      return 'permission';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 422:
      return 'rule_rejection';
    case 429:
      return 'rate_limit';
    case 500:
      return 'server';
    case 503:
      return ENGINE_CODES.has(code) ? 'engine' : 'server';
    default:
      return 'invalid_request';
  }
}

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(CODES, value);
}
