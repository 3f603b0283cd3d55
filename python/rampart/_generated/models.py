"""Types of Rampart's API: every schema of the document as a TypedDict, every enum as a Literal.

Generated from Rampart's OpenAPI document by `npm run python:generate`; do not edit:
test/integration/python-generated.test.ts fails when this file differs from what the document generates.
"""

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict


class ErrorError(TypedDict):
    type: Literal[
        "invalid_request", "authentication", "permission", "not_found", "conflict",
        "rule_rejection", "rate_limit", "server", "engine",
    ]
    code: Literal[
        "invalid_request", "invalid_parameter", "unknown_field", "invalid_cursor", "invalid_json",
        "missing_api_key", "invalid_api_key", "expired_api_key", "revoked_api_key",
        "invalid_token", "expired_token", "revoked_token", "wrong_resource", "wrong_environment",
        "ip_not_allowed", "insufficient_permission", "api_disabled", "invalid_size_step",
        "invalid_price_tick", "price_out_of_band", "stop_already_triggered",
        "post_only_would_fill", "limit_inside_spread", "order_too_small", "working_order_cap",
        "client_order_id_conflict", "order_not_working", "idempotency_key_reused",
        "operation_in_progress", "key_market_not_allowed", "key_reduce_only",
        "key_max_order_notional", "key_max_position_notional", "key_loss_stop_active",
        "insufficient_margin", "exposure_cap_exceeded", "reduce_only_violation",
        "slippage_exceeded", "no_price", "stale_quote", "market_closed", "market_not_offered",
        "market_halted", "position_liquidating", "account_paused", "account_not_tradable",
        "insufficient_balance", "margin_mode_locked", "invalid_leverage", "liquidation_risk",
        "position_not_isolated", "engine_busy", "order_rejected", "account_not_found",
        "market_not_found", "order_not_found", "position_not_found", "webhook_not_found",
        "signal_not_found", "signal_expired", "route_not_found", "method_not_allowed",
        "payload_too_large", "uri_too_long", "unsupported_media_type", "sandbox_limit_reached",
        "account_not_ready", "sandbox_opening", "idempotency_key_required",
        "invalid_idempotency_key", "rate_limited", "not_ready", "state_unavailable",
        "engine_unavailable", "limiter_unavailable", "sandbox_disabled", "environment_disabled",
        "temporarily_unavailable", "capacity", "internal_error", "session_required",
        "invalid_credentials", "csrf_failed", "signup_closed", "invalid_invitation",
        "weak_password", "too_many_attempts", "email_code_required", "invalid_email_code",
        "invalid_node_signature", "authorization_request_not_yours",
    ]
    message: str
    request_id: str
    retryable: bool
    doc_url: str
    details: NotRequired[dict[str, Any]]


class Error(TypedDict):
    """The error envelope every error answers. Each operation narrows `error` to the codes it can answer."""
    error: ErrorError


# OpenAPI 3.1 document
GetOpenApiResponse: TypeAlias = dict[str, Any]


class InvalidRequestErrorDetails(TypedDict):
    field: NotRequired[str]
    reason: NotRequired[str]
    errors: NotRequired[list[dict[str, Any]]]


class InvalidRequestError(TypedDict):
    """invalid_request (400): The request is malformed."""
    type: Literal["invalid_request"]
    code: Literal["invalid_request"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[InvalidRequestErrorDetails]


class UriTooLongErrorDetails(TypedDict):
    max_bytes: NotRequired[int]


class UriTooLongError(TypedDict):
    """uri_too_long (414): The URL is over the length limit."""
    type: Literal["invalid_request"]
    code: Literal["uri_too_long"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[UriTooLongErrorDetails]


class RateLimitedErrorDetails(TypedDict):
    scope: NotRequired[Literal["ip", "key", "account_orders"]]
    limit: NotRequired[int]


class RateLimitedError(TypedDict):
    """rate_limited (429): A request budget is used up."""
    type: Literal["rate_limit"]
    code: Literal["rate_limited"]
    message: str
    request_id: str
    retryable: Literal[True]
    doc_url: str
    details: NotRequired[RateLimitedErrorDetails]


class InternalError(TypedDict):
    """internal_error (500): An unexpected error occurred."""
    type: Literal["server"]
    code: Literal["internal_error"]
    message: str
    request_id: str
    retryable: Literal[True]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class NotReadyError(TypedDict):
    """not_ready (503): The API is starting; keys and state are not loaded yet."""
    type: Literal["server"]
    code: Literal["not_ready"]
    message: str
    request_id: str
    retryable: Literal[True]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class CapacityError(TypedDict):
    """capacity (503): The API is busy."""
    type: Literal["server"]
    code: Literal["capacity"]
    message: str
    request_id: str
    retryable: Literal[True]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class StatusPriceFeedMarketsHaltedItem(TypedDict):
    market: str
    reason: Literal["operator", "sources_disagree"]
    # Unix milliseconds
    since: int | None


class StatusPriceFeedSourcesItem(TypedDict):
    id: str
    exchange: str
    state: Literal["connecting", "connected", "reconnecting", "stopped"]
    # Unix milliseconds
    last_tick_at: int | None
    # Markets whose composite price leaves this source out: its price strays from the others
    set_aside: list[str]
    # Markets this source has said nothing about for longer than their stale_after_ms
    stale: list[str]
    gaps: int
    garbled: int


class StatusPriceFeed(TypedDict):
    source: Literal["simulated", "manual", "replay", "exchanges"]
    markets_quoted: int
    markets_stale: list[str]
    # Halted markets: by the operator, or by the exchanges feed while its sources disagree (since: when the
    # feed halted it)
    markets_halted: list[StatusPriceFeedMarketsHaltedItem]
    # The exchange sources of the exchanges feed (empty for the other feeds)
    sources: list[StatusPriceFeedSourcesItem]


class Status(TypedDict):
    environment: Literal["live", "sandbox"]
    status: Literal["operational", "degraded"]
    engine: Literal["up", "down"]
    price_feed: StatusPriceFeed
    accepting_requests: bool
    sandbox_opening: bool
    # Unix milliseconds
    time: int


class MissingApiKeyError(TypedDict):
    """missing_api_key (401): No Authorization header was sent."""
    type: Literal["authentication"]
    code: Literal["missing_api_key"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class InvalidApiKeyError(TypedDict):
    """invalid_api_key (401): The API key is mistyped, unknown, or not sent as Bearer."""
    type: Literal["authentication"]
    code: Literal["invalid_api_key"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class RevokedApiKeyError(TypedDict):
    """revoked_api_key (401): The API key was revoked."""
    type: Literal["authentication"]
    code: Literal["revoked_api_key"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class ExpiredApiKeyError(TypedDict):
    """expired_api_key (401): The API key has passed its end date."""
    type: Literal["authentication"]
    code: Literal["expired_api_key"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class WrongEnvironmentErrorDetails(TypedDict):
    expected_host: NotRequired[str]


class WrongEnvironmentError(TypedDict):
    """wrong_environment (401): The key belongs to the other environment; use its host."""
    type: Literal["authentication"]
    code: Literal["wrong_environment"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[WrongEnvironmentErrorDetails]


class InvalidTokenError(TypedDict):
    """invalid_token (401): The access token is mistyped, unknown, or not sent as Bearer."""
    type: Literal["authentication"]
    code: Literal["invalid_token"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class ExpiredTokenError(TypedDict):
    """expired_token (401): The access token has expired."""
    type: Literal["authentication"]
    code: Literal["expired_token"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class RevokedTokenError(TypedDict):
    """revoked_token (401): Access for this token was ended."""
    type: Literal["authentication"]
    code: Literal["revoked_token"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class WrongResourceErrorDetails(TypedDict):
    expected_resource: NotRequired[str]


class WrongResourceError(TypedDict):
    """wrong_resource (401): The access token was issued for another host."""
    type: Literal["authentication"]
    code: Literal["wrong_resource"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[WrongResourceErrorDetails]


class IpNotAllowedErrorDetails(TypedDict):
    ip: NotRequired[str]


class IpNotAllowedError(TypedDict):
    """ip_not_allowed (403): The request's address is not on the key's allowlist."""
    type: Literal["permission"]
    code: Literal["ip_not_allowed"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[IpNotAllowedErrorDetails]


class ApiDisabledError(TypedDict):
    """api_disabled (403): API access is not open or is suspended for this customer."""
    type: Literal["permission"]
    code: Literal["api_disabled"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class LimitsSandboxAccounts(TypedDict):
    limit: int
    used: int
    remaining: int


class LimitsRateLimitsIp(TypedDict):
    capacity: int
    refill_per_second: float
    # Shared budgets (several nodes) only: capacity is granted per fixed window of this many seconds
    window_seconds: NotRequired[int]


class LimitsRateLimitsKey(TypedDict):
    capacity: int
    refill_per_second: float
    # Shared budgets (several nodes) only: capacity is granted per fixed window of this many seconds
    window_seconds: NotRequired[int]


class LimitsRateLimitsAccountOrders(TypedDict):
    capacity: int
    refill_per_second: float
    # Shared budgets (several nodes) only: capacity is granted per fixed window of this many seconds
    window_seconds: NotRequired[int]


class LimitsRateLimits(TypedDict):
    enabled: bool
    ip: LimitsRateLimitsIp
    key: LimitsRateLimitsKey
    account_orders: LimitsRateLimitsAccountOrders


class LimitsWorkingOrders(TypedDict):
    per_account: int
    per_customer: int


class Limits(TypedDict):
    sandbox_accounts: LimitsSandboxAccounts
    rate_limits: LimitsRateLimits
    working_orders: LimitsWorkingOrders
    body_max_bytes: int
    url_max_bytes: int
    json_max_depth: int
    idempotency_key_ttl_ms: int
    # How far ahead of now an expires_at may lie (orders, keys, tokens)
    max_expires_in_ms: int


class EnvironmentDisabledErrorDetails(TypedDict):
    status_url: NotRequired[str]


class EnvironmentDisabledError(TypedDict):
    """environment_disabled (503): This host takes no requests; check GET /v1/status."""
    type: Literal["server"]
    code: Literal["environment_disabled"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[EnvironmentDisabledErrorDetails]


class MarketMaxSlippagePct(TypedDict):
    # Decimal string, never a JSON number
    default: str
    # Decimal string, never a JSON number
    min: str
    # Decimal string, never a JSON number
    max: str


class Market(TypedDict):
    """A perpetual market with its current quote"""
    id: str
    base_asset: str
    quote_asset: str
    status: Literal["open", "closed", "halted"]
    # Why the market is halted: the operator halted it, or the exchange price sources disagree (null when not
    # halted)
    halt_reason: Literal["operator", "sources_disagree"] | None
    offered: bool
    # Decimal string, never a JSON number
    size_step: str
    # Decimal string, never a JSON number
    tick_size: str
    # Decimal string, never a JSON number
    min_notional_usd: str
    max_leverage: int
    default_leverage: int
    max_slippage_pct: MarketMaxSlippagePct
    # Decimal string, never a JSON number
    price_band_pct: str
    # Decimal string, never a JSON number
    exposure_cap_usd: str
    # Decimal string, never a JSON number
    maker_fee_rate: str
    # Decimal string, never a JSON number
    taker_fee_rate: str
    # Decimal string, never a JSON number
    maintenance_margin_rate: str
    stale_after_ms: int
    # Decimal string, never a JSON number
    bid: str | None
    # Decimal string, never a JSON number
    ask: str | None
    # Decimal string, never a JSON number
    last: str | None
    # Unix milliseconds
    price_time: int | None


class MarketList(TypedDict):
    data: list[Market]


class InvalidParameterErrorDetails(TypedDict):
    parameter: NotRequired[str]
    errors: NotRequired[list[dict[str, Any]]]


class InvalidParameterError(TypedDict):
    """invalid_parameter (400): A query or path parameter is out of range or of the wrong kind."""
    type: Literal["invalid_request"]
    code: Literal["invalid_parameter"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[InvalidParameterErrorDetails]


class MarketNotFoundErrorDetails(TypedDict):
    market: NotRequired[str]


class MarketNotFoundError(TypedDict):
    """market_not_found (404): The market is not offered."""
    type: Literal["not_found"]
    code: Literal["market_not_found"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[MarketNotFoundErrorDetails]


class RuleDailyLossSoft(TypedDict):
    correction_ms: int
    max_soft_breaches: int


class RuleDailyLoss(TypedDict):
    # Non-negative decimal string
    amount_usd: str | None
    # Non-negative decimal string
    percent: str | None
    basis: Literal[
        "peak_balance", "start_balance", "peak_equity", "day_start_balance", "day_start_equity",
        "max_day_start",
    ]
    action: Literal["fail_account", "flatten", "flatten_and_pause"]
    # A soft limit: reaching it opens a breach (account.rule_breach, a warning on the account) instead of
    # acting; back within it before correction_ms pass cures it, otherwise the action follows; after
    # max_soft_breaches breaches it acts at once (docs/RULES.md)
    soft: NotRequired[RuleDailyLossSoft | None]


class RuleDrawdownSoft(TypedDict):
    correction_ms: int
    max_soft_breaches: int


class RuleDrawdown(TypedDict):
    # Non-negative decimal string
    amount_usd: str | None
    # Non-negative decimal string
    percent: str | None
    mode: Literal["end_of_day", "end_of_trade", "static", "intraday_equity"]
    # end_of_day only: the value at the rollover that moves the reference; balance when absent (docs/RULES.md)
    basis: NotRequired[Literal["balance", "equity"]]
    # The floor stops rising once it reaches starting_balance + lock_at_usd; absent or null: it trails without
    # a lock (docs/RULES.md)
    lock_at_usd: NotRequired[str | None]
    # A soft limit: reaching it opens a breach (account.rule_breach, a warning on the account) instead of
    # acting; back within it before correction_ms pass cures it, otherwise the action follows; after
    # max_soft_breaches breaches it acts at once (docs/RULES.md)
    soft: NotRequired[RuleDrawdownSoft | None]


class RuleProfitTarget(TypedDict):
    # Non-negative decimal string
    amount_usd: str | None
    # Non-negative decimal string
    percent: str | None
    close_positions: bool


class RuleConsistency(TypedDict):
    # Non-negative decimal string
    max_best_day_pct: str
    # Judged per window of this many trading days (a payout period of a funded account) from the window's
    # starting balance; absent: over the account's life
    window_days: NotRequired[int]


class RuleRiskPerTrade(TypedDict):
    # Non-negative decimal string
    amount_usd: str | None
    # Non-negative decimal string
    percent: str | None
    require_stop_loss: bool
    grace_ms: NotRequired[int | None]


class RuleMinProfitableDays(TypedDict):
    count: int
    # Non-negative decimal string
    min_profit_usd: str


class RuleTradingDay(TypedDict):
    # The rollover, HH:MM local time
    rollover: str
    # An IANA time zone, e.g. America/New_York (daylight saving followed)
    time_zone: str


class RuleSizeTiersItem(TypedDict):
    # Non-negative decimal string
    min_balance: str
    # Non-negative decimal string
    max_position_usd: str


class Rule(TypedDict):
    # Non-negative decimal string
    starting_balance: str
    daily_loss: RuleDailyLoss | None
    drawdown: RuleDrawdown | None
    profit_target: RuleProfitTarget | None
    min_trading_days: int
    min_calendar_days: int
    overnight_allowed: bool
    weekend_allowed: bool
    inactivity_days: int | None
    # Inactivity by calendar days: that many whole 24-hour days without a fill (since the last fill, else
    # since the account opened) fail the account, judged the moment they pass; beside inactivity_days, which
    # counts trading days at the rollover (docs/RULES.md)
    inactivity_calendar_days: NotRequired[int | None]
    # The best trading day's profit may be at most max_best_day_pct % of the total profit: the profit target
    # is met only while it holds (the account stays active; its headroom says by how much). Day profits are
    # the balance's, day by day (docs/RULES.md)
    consistency: NotRequired[RuleConsistency | None]
    # News windows (the operator's calendar, /admin/v1/news): inside a window on the order's market, no_open
    # refuses orders that open or add to a position (and rejects resting ones that would fill then); no_trade
    # refuses every new order; allowed (or absent): trading goes on. order_rejected, details.reason
    # news_window. Exits and closing a position keep working (docs/RULES.md)
    news: NotRequired[Literal["allowed", "no_open", "no_trade"]]
    # Risk per trade and a mandatory stop. With a stop, the loss at it (the position after the order, from its
    # entry to the stop) may be at most amount_usd, else percent % of the balance: order_rejected,
    # details.reason risk_per_trade. require_stop_loss without grace_ms: an order that opens or adds to a
    # position must carry a stop loss (or add to a position that has one): order_rejected, details.reason
    # risk_per_trade, details.stop_loss required; with grace_ms: such orders are taken, and a position left
    # without a stop-loss exit that long is closed (close_reason risk_rule) (docs/RULES.md)
    risk_per_trade: NotRequired[RuleRiskPerTrade | None]
    # At least count trading days, each with a balance gain of at least min_profit_usd: the profit target is
    # met only once there are that many (the account stays active; its headroom says how many more)
    # (docs/RULES.md)
    min_profitable_days: NotRequired[RuleMinProfitableDays | None]
    # The product's own trading day: when the day rolls over for its accounts (daily loss, day counts,
    # end-of-day drawdown, overnight and weekend, inactivity). Absent or null: the service's
    # (RAMPART_TRADING_DAY_START in RAMPART_TIMEZONE) (docs/RULES.md)
    trading_day: NotRequired[RuleTradingDay | None]
    # A scaling plan: the largest position per market (its notional at the order's price) by the balance at
    # the day's start — the tier with the highest min_balance at or below it, else the lowest tier. An order
    # that would open or add beyond it is refused: order_rejected, details.reason size_tier (docs/RULES.md)
    size_tiers: NotRequired[list[RuleSizeTiersItem]]


class Product(TypedDict):
    id: str
    stage: Literal["evaluation", "funded"]
    # Decimal string, never a JSON number
    size: str
    rule: Rule
    # The rulebook version this rule is: new accounts of the product are opened on it (docs/RULES.md)
    rule_version: int


class ProductList(TypedDict):
    data: list[Product]


class OpenAccountRequest(TypedDict):
    # Mirror this product's size, balance and rule
    product: NotRequired[str]


class AccountMetrics(TypedDict):
    # Decimal string, never a JSON number
    day_start_balance: str
    # Decimal string, never a JSON number
    day_start_equity: str
    # Decimal string, never a JSON number
    peak_balance: str
    # Decimal string, never a JSON number
    peak_equity: str
    # Decimal string, never a JSON number
    drawdown_reference: str
    # Decimal string, never a JSON number
    drawdown_floor: str | None
    # Decimal string, never a JSON number
    daily_loss_limit_usd: str | None
    # Decimal string, never a JSON number
    daily_loss_used: str
    # Decimal string, never a JSON number
    profit: str
    trading_days: int
    calendar_days: int
    # Unix milliseconds
    last_trade_at: int | None


class AccountHeadroomItem(TypedDict):
    """One rule in force: daily_loss — limit and loss used today; drawdown — the floor and equity;
    profit_target — the target and profit as judged; consistency — the most the best day may have made
    and the best day so far; min_profitable_days — the days required and those with the rule’s gain so
    far (today’s counted once it has it); min_trading_days / min_calendar_days — the days required and
    counted; inactivity_days / inactivity_calendar_days — the days without a fill allowed and counted
    (trading days; whole 24-hour days). headroom is never negative: 0 once reached
    """
    rule: Literal[
        "daily_loss", "drawdown", "profit_target", "consistency", "min_profitable_days",
        "min_trading_days", "min_calendar_days", "inactivity_days", "inactivity_calendar_days",
    ]
    unit: Literal["usd", "days"]
    # Decimal string, never a JSON number
    limit: str
    # Decimal string, never a JSON number
    value: str
    # Decimal string, never a JSON number
    headroom: str


class AccountRuleWarningsItem(TypedDict):
    """A soft breach open now"""
    rule: Literal["daily_loss", "drawdown"]
    # Unix milliseconds
    since: int
    # Unix milliseconds
    correct_by: int
    breaches_used: int
    max_breaches: int


class DeadManSwitch(TypedDict):
    """The dead-man switch: when armed, the time (Unix ms, on the service clock) at which every working
    opening order of the account is canceled with cancel_reason dead_man_switch unless renewed; null when
    not armed
    """
    armed: bool
    # Unix milliseconds
    fires_at: int | None


class Account(TypedDict):
    """A trading account"""
    id: str
    status: Literal["pending", "active", "passed", "failed", "closed", "suspended"]
    environment: Literal["live", "sandbox"]
    stage: Literal["evaluation", "funded", "sandbox"]
    product: str
    # Decimal string, never a JSON number
    size: str
    # Decimal string, never a JSON number
    starting_balance: str
    # Decimal string, never a JSON number
    balance: str
    # Decimal string, never a JSON number
    equity: str
    # Decimal string, never a JSON number
    unrealized_pnl: str
    # Decimal string, never a JSON number
    margin_used: str
    # Decimal string, never a JSON number
    margin_available: str
    rule: Rule
    # The version of its product's rulebook the account is on: the one it was opened with unless the operator
    # moved it (docs/RULES.md)
    rule_version: int
    metrics: AccountMetrics
    # Each rule in force (a daily loss, a drawdown, a profit target, day minimums) with its limit, its value
    # now and how far the value may go before the rule acts or is met (docs/RULES.md)
    headroom: list[AccountHeadroomItem]
    # The soft limits breached now (the rule's soft daily_loss / drawdown): back within the limit by
    # correct_by, or the rule acts (docs/RULES.md "Soft breaches")
    rule_warnings: list[AccountRuleWarningsItem]
    payout_eligible: bool
    parked: bool
    # Unix milliseconds
    paused_until: int | None
    status_reason: str | None
    dead_man_switch: DeadManSwitch
    # Unix milliseconds
    created_at: int
    # Unix milliseconds
    updated_at: int


class InvalidJsonErrorDetails(TypedDict):
    max_depth: NotRequired[int]
    duplicate_key: NotRequired[str]


class InvalidJsonError(TypedDict):
    """invalid_json (400): The body is not valid JSON or is nested too deep."""
    type: Literal["invalid_request"]
    code: Literal["invalid_json"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[InvalidJsonErrorDetails]


class UnknownFieldErrorDetails(TypedDict):
    fields: NotRequired[list[str]]


class UnknownFieldError(TypedDict):
    """unknown_field (400): The request has a field or parameter this route does not know, or a parameter
    twice.
    """
    type: Literal["invalid_request"]
    code: Literal["unknown_field"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[UnknownFieldErrorDetails]


class IdempotencyKeyRequiredError(TypedDict):
    """idempotency_key_required (400): This call needs an Idempotency-Key header."""
    type: Literal["invalid_request"]
    code: Literal["idempotency_key_required"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class InvalidIdempotencyKeyErrorDetails(TypedDict):
    reason: NotRequired[str]


class InvalidIdempotencyKeyError(TypedDict):
    """invalid_idempotency_key (400): The Idempotency-Key is empty, too long, or has characters that are not
    printable ASCII.
    """
    type: Literal["invalid_request"]
    code: Literal["invalid_idempotency_key"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[InvalidIdempotencyKeyErrorDetails]


class InsufficientPermissionErrorDetails(TypedDict):
    access: NotRequired[Literal["read", "trade"]]


class InsufficientPermissionError(TypedDict):
    """insufficient_permission (403): A read key cannot make a trading call."""
    type: Literal["permission"]
    code: Literal["insufficient_permission"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[InsufficientPermissionErrorDetails]


class OperationInProgressError(TypedDict):
    """operation_in_progress (409): A request with this Idempotency-Key is still running."""
    type: Literal["conflict"]
    code: Literal["operation_in_progress"]
    message: str
    request_id: str
    retryable: Literal[True]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class SandboxLimitReachedErrorDetails(TypedDict):
    limit: NotRequired[int]
    used: NotRequired[int]


class SandboxLimitReachedError(TypedDict):
    """sandbox_limit_reached (409): All of the customer's lifetime sandbox accounts are opened."""
    type: Literal["conflict"]
    code: Literal["sandbox_limit_reached"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[SandboxLimitReachedErrorDetails]


class SandboxOpeningErrorDetails(TypedDict):
    account_id: NotRequired[str]


class SandboxOpeningError(TypedDict):
    """sandbox_opening (409): A sandbox account is reserved and being opened."""
    type: Literal["conflict"]
    code: Literal["sandbox_opening"]
    message: str
    request_id: str
    retryable: Literal[True]
    doc_url: str
    details: NotRequired[SandboxOpeningErrorDetails]


class PayloadTooLargeErrorDetails(TypedDict):
    max_bytes: NotRequired[int]


class PayloadTooLargeError(TypedDict):
    """payload_too_large (413): The body is over the size limit."""
    type: Literal["invalid_request"]
    code: Literal["payload_too_large"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[PayloadTooLargeErrorDetails]


class UnsupportedMediaTypeErrorDetails(TypedDict):
    content_type: NotRequired[str | None]


class UnsupportedMediaTypeError(TypedDict):
    """unsupported_media_type (415): A body needs Content-Type: application/json."""
    type: Literal["invalid_request"]
    code: Literal["unsupported_media_type"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[UnsupportedMediaTypeErrorDetails]


class IdempotencyKeyReusedError(TypedDict):
    """idempotency_key_reused (422): The Idempotency-Key was used before with a different request."""
    type: Literal["rule_rejection"]
    code: Literal["idempotency_key_reused"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class TemporarilyUnavailableError(TypedDict):
    """temporarily_unavailable (503): A needed service did not answer."""
    type: Literal["server"]
    code: Literal["temporarily_unavailable"]
    message: str
    request_id: str
    retryable: Literal[True]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class SandboxDisabledError(TypedDict):
    """sandbox_disabled (503): Sandbox accounts are not being opened."""
    type: Literal["server"]
    code: Literal["sandbox_disabled"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class StateUnavailableError(TypedDict):
    """state_unavailable (503): The engine gave no complete answer in time; nothing partial was returned."""
    type: Literal["engine"]
    code: Literal["state_unavailable"]
    message: str
    request_id: str
    retryable: Literal[True]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class AccountList(TypedDict):
    data: list[Account]
    next_cursor: str | None
    has_more: bool


class InvalidCursorErrorDetails(TypedDict):
    after: NotRequired[str]
    cursor: NotRequired[str]


class InvalidCursorError(TypedDict):
    """invalid_cursor (400): The cursor was changed, or belongs to another list or filter."""
    type: Literal["invalid_request"]
    code: Literal["invalid_cursor"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[InvalidCursorErrorDetails]


class AccountNotFoundErrorDetails(TypedDict):
    account_id: NotRequired[str]


class AccountNotFoundError(TypedDict):
    """account_not_found (404): The account is not in this environment or not reachable by this key."""
    type: Literal["not_found"]
    code: Literal["account_not_found"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[AccountNotFoundErrorDetails]


class TakeProfit(TypedDict):
    # Non-negative decimal string
    price: str
    # Non-negative decimal string
    limit_price: NotRequired[str]


class StopLossTrailing(TypedDict):
    # Non-negative decimal string
    distance: str


class StopLoss(TypedDict):
    # Non-negative decimal string
    price: str
    trailing: NotRequired[StopLossTrailing]


class BreakEven(TypedDict):
    # Non-negative decimal string
    trigger_price: str
    offset_ticks: int


class PlaceOrderRequest(TypedDict):
    """The common order body with exits"""
    market: str
    side: Literal["buy", "sell"]
    type: Literal["market", "limit", "stop_market", "stop_limit"]
    # Non-negative decimal string
    size: NotRequired[str]
    # Non-negative decimal string
    notional_usd: NotRequired[str]
    # Non-negative decimal string
    limit_price: NotRequired[str]
    # Non-negative decimal string
    stop_price: NotRequired[str]
    # Non-negative decimal string
    worst_price: NotRequired[str]
    # Non-negative decimal string
    max_slippage_pct: NotRequired[str]
    reduce_only: NotRequired[bool]
    post_only: NotRequired[bool]
    time_in_force: NotRequired[Literal["gtc", "gtd", "ioc", "fok"]]
    # Unix milliseconds, after now and at most max_expires_in_ms (GET /v1/limits) ahead
    expires_at: NotRequired[int]
    # 1 to 64 letters, digits and . _ : -
    client_order_id: NotRequired[str]
    take_profit: NotRequired[TakeProfit]
    stop_loss: NotRequired[StopLoss]
    break_even: NotRequired[BreakEven]


class Exit(TypedDict):
    kind: Literal["take_profit", "stop_loss", "break_even"]
    # Decimal string, never a JSON number
    price: str | None
    # Decimal string, never a JSON number
    limit_price: str | None
    # Decimal string, never a JSON number
    trailing_distance: str | None
    # Decimal string, never a JSON number
    trigger_price: str | None
    offset_ticks: int | None
    order_id: str | None
    status: Literal["pending", "placed"]


class OrderReject(TypedDict):
    code: str
    message: str


class Order(TypedDict):
    """An order"""
    id: str
    client_order_id: str | None
    account_id: str
    market: str
    side: Literal["buy", "sell"] | None
    type: Literal["market", "limit", "stop_market", "stop_limit", "take_market", "take_limit"]
    status: Literal[
        "pending", "working", "filled", "canceled", "rejected", "expired", "unconfirmed",
    ]
    # Decimal string, never a JSON number
    size: str
    # Decimal string, never a JSON number
    filled_size: str
    # Decimal string, never a JSON number
    limit_price: str | None
    # Decimal string, never a JSON number
    stop_price: str | None
    # Decimal string, never a JSON number
    worst_price: str | None
    # Decimal string, never a JSON number
    average_fill_price: str | None
    # Decimal string, never a JSON number
    fee: str | None
    reduce_only: bool | None
    post_only: bool
    time_in_force: Literal["gtc", "gtd", "ioc", "fok"]
    # Unix milliseconds
    expires_at: int | None
    origin: Literal["api", "platform", "strategy", "tradingview", "system"]
    exit_of_position: Literal["take_profit", "stop_loss"] | None
    exits: list[Exit]
    cancel_reason: str | None
    reject: OrderReject | None
    # Unix milliseconds
    created_at: int
    # Unix milliseconds
    filled_at: int | None
    # Unix milliseconds
    canceled_at: int | None
    # Unix milliseconds
    updated_at: int


class InvalidSizeStepErrorDetails(TypedDict):
    # Decimal string, never a JSON number
    size_step: NotRequired[str]
    nearest: NotRequired[list[str]]


class InvalidSizeStepError(TypedDict):
    """invalid_size_step (400): The size is not a whole number of size steps."""
    type: Literal["invalid_request"]
    code: Literal["invalid_size_step"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[InvalidSizeStepErrorDetails]


class InvalidPriceTickErrorDetails(TypedDict):
    field: NotRequired[str]
    # Decimal string, never a JSON number
    tick_size: NotRequired[str]
    nearest: NotRequired[list[str]]


class InvalidPriceTickError(TypedDict):
    """invalid_price_tick (400): The price is not a whole number of ticks."""
    type: Literal["invalid_request"]
    code: Literal["invalid_price_tick"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[InvalidPriceTickErrorDetails]


class AccountNotReadyErrorDetails(TypedDict):
    account_id: NotRequired[str]


class AccountNotReadyError(TypedDict):
    """account_not_ready (409): The account is not yet open on the engine."""
    type: Literal["conflict"]
    code: Literal["account_not_ready"]
    message: str
    request_id: str
    retryable: Literal[True]
    doc_url: str
    details: NotRequired[AccountNotReadyErrorDetails]


class ClientOrderIdConflictErrorDetails(TypedDict):
    order_id: NotRequired[str]
    client_order_id: NotRequired[str]


class ClientOrderIdConflictError(TypedDict):
    """client_order_id_conflict (409): The client_order_id is already used in this environment."""
    type: Literal["conflict"]
    code: Literal["client_order_id_conflict"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[ClientOrderIdConflictErrorDetails]


class AccountNotTradableErrorDetails(TypedDict):
    account_id: NotRequired[str]
    status: NotRequired[str]
    reason: NotRequired[str]


class AccountNotTradableError(TypedDict):
    """account_not_tradable (422): The account has passed, failed or is closed and cannot trade."""
    type: Literal["rule_rejection"]
    code: Literal["account_not_tradable"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[AccountNotTradableErrorDetails]


class KeyMarketNotAllowedErrorDetails(TypedDict):
    markets: NotRequired[list[str]]


class KeyMarketNotAllowedError(TypedDict):
    """key_market_not_allowed (422): The key is limited to other markets."""
    type: Literal["rule_rejection"]
    code: Literal["key_market_not_allowed"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[KeyMarketNotAllowedErrorDetails]


class PriceOutOfBandErrorDetails(TypedDict):
    field: NotRequired[str]
    # Decimal string, never a JSON number
    band_pct: NotRequired[str]
    # Decimal string, never a JSON number
    min: NotRequired[str]
    # Decimal string, never a JSON number
    max: NotRequired[str]


class PriceOutOfBandError(TypedDict):
    """price_out_of_band (422): The limit or stop price is outside the band around the last price."""
    type: Literal["rule_rejection"]
    code: Literal["price_out_of_band"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[PriceOutOfBandErrorDetails]


class StopAlreadyTriggeredErrorDetails(TypedDict):
    # Decimal string, never a JSON number
    stop_price: NotRequired[str]
    # Decimal string, never a JSON number
    last: NotRequired[str]


class StopAlreadyTriggeredError(TypedDict):
    """stop_already_triggered (422): A buy stop must be above the last price, a sell stop below."""
    type: Literal["rule_rejection"]
    code: Literal["stop_already_triggered"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[StopAlreadyTriggeredErrorDetails]


class PostOnlyWouldFillErrorDetails(TypedDict):
    # Decimal string, never a JSON number
    limit_price: NotRequired[str]
    # Decimal string, never a JSON number
    last: NotRequired[str]


class PostOnlyWouldFillError(TypedDict):
    """post_only_would_fill (422): The post-only limit is already through the market."""
    type: Literal["rule_rejection"]
    code: Literal["post_only_would_fill"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[PostOnlyWouldFillErrorDetails]


class LimitInsideSpreadErrorDetails(TypedDict):
    # Decimal string, never a JSON number
    limit_price: NotRequired[str]
    # Decimal string, never a JSON number
    best_price: NotRequired[str]


class LimitInsideSpreadError(TypedDict):
    """limit_inside_spread (422): The limit is through the last price and would fill beyond the limit."""
    type: Literal["rule_rejection"]
    code: Literal["limit_inside_spread"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[LimitInsideSpreadErrorDetails]


class OrderTooSmallErrorDetails(TypedDict):
    # Decimal string, never a JSON number
    min_notional_usd: NotRequired[str]
    # Decimal string, never a JSON number
    notional_usd: NotRequired[str]
    # Decimal string, never a JSON number
    size_step: NotRequired[str]


class OrderTooSmallError(TypedDict):
    """order_too_small (422): The order is below the minimum value."""
    type: Literal["rule_rejection"]
    code: Literal["order_too_small"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[OrderTooSmallErrorDetails]


class WorkingOrderCapErrorDetails(TypedDict):
    scope: NotRequired[Literal["account", "customer"]]
    limit: NotRequired[int]


class WorkingOrderCapError(TypedDict):
    """working_order_cap (422): Too many working orders on the account or the customer."""
    type: Literal["rule_rejection"]
    code: Literal["working_order_cap"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[WorkingOrderCapErrorDetails]


class KeyReduceOnlyError(TypedDict):
    """key_reduce_only (422): The key may only place reduce-only orders."""
    type: Literal["rule_rejection"]
    code: Literal["key_reduce_only"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class KeyMaxOrderNotionalErrorDetails(TypedDict):
    # Decimal string, never a JSON number
    max_order_usd: NotRequired[str]


class KeyMaxOrderNotionalError(TypedDict):
    """key_max_order_notional (422): The order is over the key's largest order value."""
    type: Literal["rule_rejection"]
    code: Literal["key_max_order_notional"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[KeyMaxOrderNotionalErrorDetails]


class KeyMaxPositionNotionalErrorDetails(TypedDict):
    # Decimal string, never a JSON number
    max_position_usd: NotRequired[str]


class KeyMaxPositionNotionalError(TypedDict):
    """key_max_position_notional (422): The resulting position is over the key's largest position value."""
    type: Literal["rule_rejection"]
    code: Literal["key_max_position_notional"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[KeyMaxPositionNotionalErrorDetails]


class InsufficientMarginErrorDetails(TypedDict):
    # Decimal string, never a JSON number
    required: NotRequired[str]
    # Decimal string, never a JSON number
    available: NotRequired[str]


class InsufficientMarginError(TypedDict):
    """insufficient_margin (422): The order needs more margin than is available."""
    type: Literal["rule_rejection"]
    code: Literal["insufficient_margin"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[InsufficientMarginErrorDetails]


class ExposureCapExceededErrorDetails(TypedDict):
    # Decimal string, never a JSON number
    cap_usd: NotRequired[str]
    # Decimal string, never a JSON number
    open_usd: NotRequired[str]


class ExposureCapExceededError(TypedDict):
    """exposure_cap_exceeded (422): The market's exposure cap across the customer's accounts of this product
    is reached.
    """
    type: Literal["rule_rejection"]
    code: Literal["exposure_cap_exceeded"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[ExposureCapExceededErrorDetails]


class ReduceOnlyViolationErrorDetails(TypedDict):
    position: NotRequired[Literal["long", "short"] | None]
    # Decimal string, never a JSON number
    position_size: NotRequired[str]


class ReduceOnlyViolationError(TypedDict):
    """reduce_only_violation (422): A reduce-only order may only reduce or close the position."""
    type: Literal["rule_rejection"]
    code: Literal["reduce_only_violation"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[ReduceOnlyViolationErrorDetails]


class SlippageExceededErrorDetails(TypedDict):
    # Decimal string, never a JSON number
    best_price: NotRequired[str]
    # Decimal string, never a JSON number
    worst_price: NotRequired[str]


class SlippageExceededError(TypedDict):
    """slippage_exceeded (422): The best price is beyond the worst price allowed."""
    type: Literal["rule_rejection"]
    code: Literal["slippage_exceeded"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[SlippageExceededErrorDetails]


class MarketClosedErrorDetails(TypedDict):
    market: NotRequired[str]


class MarketClosedError(TypedDict):
    """market_closed (422): The market does not trade now."""
    type: Literal["rule_rejection"]
    code: Literal["market_closed"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[MarketClosedErrorDetails]


class MarketNotOfferedErrorDetails(TypedDict):
    market: NotRequired[str]


class MarketNotOfferedError(TypedDict):
    """market_not_offered (422): The market is not offered for new positions."""
    type: Literal["rule_rejection"]
    code: Literal["market_not_offered"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[MarketNotOfferedErrorDetails]


class MarketHaltedErrorDetails(TypedDict):
    market: NotRequired[str]


class MarketHaltedError(TypedDict):
    """market_halted (422): Trading on the market is stopped for now."""
    type: Literal["rule_rejection"]
    code: Literal["market_halted"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[MarketHaltedErrorDetails]


class PositionLiquidatingErrorDetails(TypedDict):
    market: NotRequired[str]


class PositionLiquidatingError(TypedDict):
    """position_liquidating (422): The position is being liquidated and takes no new order."""
    type: Literal["rule_rejection"]
    code: Literal["position_liquidating"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[PositionLiquidatingErrorDetails]


class AccountPausedErrorDetails(TypedDict):
    # Unix milliseconds
    until: NotRequired[int | None]


class AccountPausedError(TypedDict):
    """account_paused (422): A trading rule paused the account."""
    type: Literal["rule_rejection"]
    code: Literal["account_paused"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[AccountPausedErrorDetails]


class InsufficientBalanceErrorDetails(TypedDict):
    # Decimal string, never a JSON number
    balance: NotRequired[str]
    # Decimal string, never a JSON number
    available: NotRequired[str]
    # Decimal string, never a JSON number
    amount: NotRequired[str]


class InsufficientBalanceError(TypedDict):
    """insufficient_balance (422): The balance does not cover it."""
    type: Literal["rule_rejection"]
    code: Literal["insufficient_balance"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[InsufficientBalanceErrorDetails]


class OrderRejectedErrorDetails(TypedDict):
    reason: NotRequired[str]


class OrderRejectedError(TypedDict):
    """order_rejected (422): The engine refused the order."""
    type: Literal["rule_rejection"]
    code: Literal["order_rejected"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[OrderRejectedErrorDetails]


class StaleQuoteErrorDetails(TypedDict):
    market: NotRequired[str]
    # Unix milliseconds
    price_time: NotRequired[int]
    stale_after_ms: NotRequired[int]


class StaleQuoteError(TypedDict):
    """stale_quote (503): The latest price of the market is too old."""
    type: Literal["engine"]
    code: Literal["stale_quote"]
    message: str
    request_id: str
    retryable: Literal[True]
    doc_url: str
    details: NotRequired[StaleQuoteErrorDetails]


class NoPriceErrorDetails(TypedDict):
    market: NotRequired[str]


class NoPriceError(TypedDict):
    """no_price (503): The market has no price yet."""
    type: Literal["engine"]
    code: Literal["no_price"]
    message: str
    request_id: str
    retryable: Literal[True]
    doc_url: str
    details: NotRequired[NoPriceErrorDetails]


class EngineUnavailableError(TypedDict):
    """engine_unavailable (503): The engine did not answer."""
    type: Literal["engine"]
    code: Literal["engine_unavailable"]
    message: str
    request_id: str
    retryable: Literal[True]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class EngineBusyError(TypedDict):
    """engine_busy (503): The engine is under load and took nothing."""
    type: Literal["engine"]
    code: Literal["engine_busy"]
    message: str
    request_id: str
    retryable: Literal[True]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class OrderPreviewReject(TypedDict):
    code: str
    message: str
    details: NotRequired[dict[str, Any]]


class OrderPreviewPrice(TypedDict):
    fills_immediately: bool
    # Decimal string, never a JSON number
    price: str | None
    # Decimal string, never a JSON number
    worst_price: str | None


class OrderPreviewMargin(TypedDict):
    mode: Literal["isolated", "cross"]
    leverage: int
    # Decimal string, never a JSON number
    required: str | None
    # Decimal string, never a JSON number
    available: str
    # Decimal string, never a JSON number
    remaining: str | None


class OrderPreviewPositionAfter(TypedDict):
    # Decimal string, never a JSON number
    size: str
    side: Literal["long", "short"]
    # Decimal string, never a JSON number
    entry_price: str


class OrderPreviewExposure(TypedDict):
    # Decimal string, never a JSON number
    cap_usd: str
    # Decimal string, never a JSON number
    open_usd: str
    # Decimal string, never a JSON number
    room_usd: str


class OrderPreviewRuleImpactBreachesItem(TypedDict):
    rule: Literal["daily_loss", "drawdown"]
    # Decimal string, never a JSON number
    by_usd: str


class OrderPreviewRuleImpactBreachPricesItem(TypedDict):
    rule: Literal["daily_loss", "drawdown"]
    # Decimal string, never a JSON number
    price: str | None


class OrderPreviewRuleImpact(TypedDict):
    # The account rule's limits the order would reach at once (its fee, and its price against the mark), and
    # by how much
    breaches: list[OrderPreviewRuleImpactBreachesItem]
    # For the position after the order: the price of this market at which each limit would be reached (other
    # positions as marked now); null when no price of it reaches it (flat, or reached already)
    breach_prices: list[OrderPreviewRuleImpactBreachPricesItem]


class OrderPreviewRiskAtStop(TypedDict):
    # Decimal string, never a JSON number
    stop_price: str
    # Decimal string, never a JSON number
    risk_usd: str
    # Decimal string, never a JSON number
    max_risk_usd: str | None


class OrderPreview(TypedDict):
    outcome: Literal["would_fill", "would_rest", "would_reject"]
    reject: OrderPreviewReject | None
    market: str
    side: Literal["buy", "sell"]
    type: Literal["market", "limit", "stop_market", "stop_limit"]
    # Decimal string, never a JSON number
    size: str | None
    price: OrderPreviewPrice
    # Decimal string, never a JSON number
    value_usd: str | None
    # Decimal string, never a JSON number
    fee: str | None
    margin: OrderPreviewMargin
    position_after: OrderPreviewPositionAfter | None
    exposure: OrderPreviewExposure
    # What the order would do to the account rule's daily loss and drawdown; null when the rule has neither or
    # the order would be refused (docs/RULES.md)
    rule_impact: OrderPreviewRuleImpact | None
    # The position after the order at its stop (the order's stop_loss, else the stop of the position it adds
    # to): the price, what it would lose from the entry after the order, and the account rule's limit per
    # trade (null without one). null when no stop would protect it (docs/RULES.md)
    risk_at_stop: OrderPreviewRiskAtStop | None


class CancelAllOrdersRequest(TypedDict):
    market: NotRequired[str]


class CancelAllResult(TypedDict):
    account_id: str
    market: str | None
    canceled_count: int


class ArmDeadManSwitchRequest(TypedDict):
    # 0 disarms; otherwise 1000 to 86400000 ms from now (1 to 999 is refused)
    timeout_ms: int


class OrderList(TypedDict):
    data: list[Order]
    next_cursor: str | None
    has_more: bool


class OrderNotFoundErrorDetails(TypedDict):
    order_id: NotRequired[str]


class OrderNotFoundError(TypedDict):
    """order_not_found (404): The order is not on this account."""
    type: Literal["not_found"]
    code: Literal["order_not_found"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[OrderNotFoundErrorDetails]


class OrderNotWorkingErrorDetails(TypedDict):
    order_id: NotRequired[str]
    status: NotRequired[str]


class OrderNotWorkingError(TypedDict):
    """order_not_working (409): The order is already filled, canceled or ended."""
    type: Literal["conflict"]
    code: Literal["order_not_working"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[OrderNotWorkingErrorDetails]


class EditOrderRequestExits(TypedDict):
    take_profit: NotRequired[TakeProfit | None]
    stop_loss: NotRequired[StopLoss | None]
    break_even: NotRequired[BreakEven | None]


class EditOrderRequest(TypedDict):
    # Non-negative decimal string
    size: NotRequired[str]
    # Non-negative decimal string
    limit_price: NotRequired[str]
    # Non-negative decimal string
    stop_price: NotRequired[str]
    # Unix milliseconds, after now and at most max_expires_in_ms (GET /v1/limits) ahead
    expires_at: NotRequired[int]
    exits: NotRequired[EditOrderRequestExits | None]


class PositionExitsTakeProfit(TypedDict):
    order_id: str
    # Decimal string, never a JSON number
    price: str | None
    # Decimal string, never a JSON number
    limit_price: str | None


class PositionExitsStopLoss(TypedDict):
    order_id: str
    # Decimal string, never a JSON number
    price: str | None
    # Decimal string, never a JSON number
    trailing_distance: str | None


class PositionExitsBreakEven(TypedDict):
    # Decimal string, never a JSON number
    trigger_price: str
    offset_ticks: int
    done: bool


class PositionExits(TypedDict):
    take_profit: PositionExitsTakeProfit | None
    stop_loss: PositionExitsStopLoss | None
    break_even: PositionExitsBreakEven | None


class Position(TypedDict):
    market: str
    side: Literal["long", "short"]
    # Decimal string, never a JSON number
    size: str
    # Decimal string, never a JSON number
    entry_price: str
    # Decimal string, never a JSON number
    mark_price: str
    # Decimal string, never a JSON number
    unrealized_pnl: str
    # Decimal string, never a JSON number
    realized_pnl: str
    leverage: int
    margin_mode: Literal["isolated", "cross"]
    # Decimal string, never a JSON number
    margin: str
    # Decimal string, never a JSON number
    liquidation_price: str | None
    liquidating: bool
    exits: PositionExits
    # Unix milliseconds
    opened_at: int
    # Unix milliseconds
    updated_at: int


class PositionList(TypedDict):
    data: list[Position]


CloseAllPositionsRequest: TypeAlias = dict[str, Any]


class CloseAllPositionsResponseFailedItem(TypedDict):
    market: str
    code: str


class CloseAllPositionsResponse(TypedDict):
    account_id: str
    # markets closed
    closed: list[str]
    failed: list[CloseAllPositionsResponseFailedItem]


class PositionNotFoundErrorDetails(TypedDict):
    market: NotRequired[str]


class PositionNotFoundError(TypedDict):
    """position_not_found (404): Nothing is held on that market."""
    type: Literal["not_found"]
    code: Literal["position_not_found"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[PositionNotFoundErrorDetails]


class PositionExitsRequest(TypedDict):
    take_profit: TakeProfit | None
    stop_loss: StopLoss | None
    break_even: BreakEven | None


class AdjustPositionMarginRequest(TypedDict):
    # Decimal string, never a JSON number
    amount: str


class PositionNotIsolatedErrorDetails(TypedDict):
    market: NotRequired[str]
    margin_mode: NotRequired[str]


class PositionNotIsolatedError(TypedDict):
    """position_not_isolated (409): Only an isolated position has its own margin to change."""
    type: Literal["conflict"]
    code: Literal["position_not_isolated"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[PositionNotIsolatedErrorDetails]


class LiquidationRiskErrorDetails(TypedDict):
    market: NotRequired[str]
    # Decimal string, never a JSON number
    liquidation_price: NotRequired[str]
    # Decimal string, never a JSON number
    last: NotRequired[str]


class LiquidationRiskError(TypedDict):
    """liquidation_risk (422): The change would move the liquidation price beyond the market."""
    type: Literal["rule_rejection"]
    code: Literal["liquidation_risk"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[LiquidationRiskErrorDetails]


class Fill(TypedDict):
    id: str
    order_id: str
    account_id: str
    market: str
    side: Literal["buy", "sell"]
    # Decimal string, never a JSON number
    size: str
    # Decimal string, never a JSON number
    price: str
    # Decimal string, never a JSON number
    fee: str
    liquidation: bool
    # Decimal string, never a JSON number
    realized_pnl: str
    # Unix milliseconds
    filled_at: int


class FillList(TypedDict):
    data: list[Fill]
    next_cursor: str | None
    has_more: bool


class EquityPoint(TypedDict):
    # Unix milliseconds
    time: int
    # Decimal string, never a JSON number
    equity: str
    # Decimal string, never a JSON number
    balance: str


class EquityCurve(TypedDict):
    """Equity curve: one point per closed trade or trading day, oldest first; the first point is the opening
    balance
    """
    resolution: Literal["trade", "day"]
    points: list[EquityPoint]


class MarginSetting(TypedDict):
    market: str
    leverage: int
    margin_mode: Literal["isolated", "cross"]
    max_leverage: int
    leverage_source: Literal["position", "saved", "default"]
    locked: bool


class MarginSettingList(TypedDict):
    data: list[MarginSetting]


class SetMarginSettingRequest(TypedDict):
    leverage: NotRequired[int]
    margin_mode: NotRequired[Literal["isolated", "cross"]]


class InvalidLeverageErrorDetails(TypedDict):
    min: NotRequired[int]
    max: NotRequired[int]
    leverage: NotRequired[int]


class InvalidLeverageError(TypedDict):
    """invalid_leverage (400): Leverage must be a whole number from 1 to the market's max_leverage."""
    type: Literal["invalid_request"]
    code: Literal["invalid_leverage"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[InvalidLeverageErrorDetails]


class MarginModeLockedErrorDetails(TypedDict):
    market: NotRequired[str]
    margin_mode: NotRequired[str]


class MarginModeLockedError(TypedDict):
    """margin_mode_locked (409): A position or working order is open on the market; the margin mode cannot
    change now.
    """
    type: Literal["conflict"]
    code: Literal["margin_mode_locked"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[MarginModeLockedErrorDetails]


OrderEventChangesValue = TypedDict(
    "OrderEventChangesValue",
    {
        "from": Any,
        "to": Any,
    },
)


class OrderEvent(TypedDict):
    """order.*: the order exactly as REST gives it"""
    # An event id (evt_live_… / evt_test_…), opaque and strictly increasing along a customer’s events in an
    # environment
    id: str
    account_id: str
    # Unix milliseconds
    created_at: int
    source: Literal["api", "platform", "engine"]
    type: Literal[
        "order.created", "order.edited", "order.filled", "order.canceled", "order.expired",
        "order.rejected",
    ]
    data: Order
    # order.edited: {field: {from, to}}
    changes: NotRequired[dict[str, OrderEventChangesValue]]


class FillEvent(TypedDict):
    """fill.created: the fill exactly as REST gives it"""
    # An event id (evt_live_… / evt_test_…), opaque and strictly increasing along a customer’s events in an
    # environment
    id: str
    account_id: str
    # Unix milliseconds
    created_at: int
    source: Literal["api", "platform", "engine"]
    type: Literal["fill.created"]
    data: Fill


class PositionEvent(TypedDict):
    """position.*: the position exactly as REST gives it (position.closed: as it was when it closed)"""
    # An event id (evt_live_… / evt_test_…), opaque and strictly increasing along a customer’s events in an
    # environment
    id: str
    account_id: str
    # Unix milliseconds
    created_at: int
    source: Literal["api", "platform", "engine"]
    type: Literal["position.opened", "position.changed", "position.closed"]
    data: Position
    # Decimal string, never a JSON number
    previous_size: NotRequired[str]
    close_reason: NotRequired[str]


class EngineRestarted(TypedDict):
    """engine.restarted: what the restart did on the account"""
    environment: Literal["live", "sandbox"]
    canceled_orders: int
    closed_positions: int


class EngineRestartedEvent(TypedDict):
    """engine.restarted: what an engine restart did on the account"""
    # An event id (evt_live_… / evt_test_…), opaque and strictly increasing along a customer’s events in an
    # environment
    id: str
    account_id: str
    # Unix milliseconds
    created_at: int
    source: Literal["api", "platform", "engine"]
    type: Literal["engine.restarted"]
    data: EngineRestarted


class RuleBreach(TypedDict):
    """account.rule_breach: a soft limit reached (opened), back within it in time (cured), or still past it
    when the window ended (acted: the rule's action follows). daily_loss: limit and the loss; drawdown:
    the floor and equity
    """
    rule: Literal["daily_loss", "drawdown"]
    status: Literal["opened", "cured", "acted"]
    # Decimal string, never a JSON number
    limit: str
    # Decimal string, never a JSON number
    value: str
    # Unix milliseconds
    since: int
    # Unix milliseconds
    correct_by: int
    breaches_used: int
    max_breaches: int


class RuleBreachEvent(TypedDict):
    """account.rule_breach: a soft limit of the account rule (docs/RULES.md "Soft breaches")"""
    # An event id (evt_live_… / evt_test_…), opaque and strictly increasing along a customer’s events in an
    # environment
    id: str
    account_id: str
    # Unix milliseconds
    created_at: int
    source: Literal["api", "platform", "engine"]
    type: Literal["account.rule_breach"]
    data: RuleBreach


class RuleVersionChange(TypedDict):
    """account.rule_version: the operator moved the account to another version of its product's rulebook
    (GET /v1/accounts/{id} shows the rule now in force)
    """
    product: str
    from_version: int
    to_version: int


class RuleVersionEvent(TypedDict):
    """account.rule_version: the account moved to another rulebook version (docs/RULES.md "Rulebook
    versions")
    """
    # An event id (evt_live_… / evt_test_…), opaque and strictly increasing along a customer’s events in an
    # environment
    id: str
    account_id: str
    # Unix milliseconds
    created_at: int
    source: Literal["api", "platform", "engine"]
    type: Literal["account.rule_version"]
    data: RuleVersionChange


class SignalAlertResult(TypedDict):
    """signal.alert: what an alert of a signal did on the account: an order placed (order_id), a refusal
    (code and message as the API would answer them), orders canceled, or nothing to do (docs/SIGNALS.md)
    """
    signal_id: str
    alert_id: str
    action: Literal["buy", "sell", "exit", "cancel"]
    market: str | None
    outcome: Literal["placed", "refused", "canceled", "nothing"]
    order_id: str | None
    code: str | None
    message: str | None


class SignalAlertEvent(TypedDict):
    """signal.alert: an alert of one of your signals and what it did on the account (docs/SIGNALS.md)"""
    # An event id (evt_live_… / evt_test_…), opaque and strictly increasing along a customer’s events in an
    # environment
    id: str
    account_id: str
    # Unix milliseconds
    created_at: int
    source: Literal["api", "platform", "engine"]
    type: Literal["signal.alert"]
    data: SignalAlertResult


# What happened on an account
Event: TypeAlias = (
    OrderEvent
    | FillEvent
    | PositionEvent
    | EngineRestartedEvent
    | RuleBreachEvent
    | RuleVersionEvent
    | SignalAlertEvent
)


class EventList(TypedDict):
    data: list[Event]
    next_cursor: str | None
    has_more: bool


class WebhookRequest(TypedDict):
    # http(s) URL; in live not a private or loopback address
    url: str
    # Only these event types (default: all)
    types: NotRequired[list[Literal[
        "order.created", "order.edited", "order.filled", "order.canceled", "order.expired",
        "order.rejected", "fill.created", "position.opened", "position.changed", "position.closed",
        "engine.restarted", "account.rule_breach", "account.rule_version", "signal.alert",
    ]]]
    # Only this account (default: every account of the customer in this environment)
    account_id: NotRequired[str]


class WebhookWithSecret(TypedDict):
    """A webhook endpoint with its signing secret"""
    id: str
    url: str
    types: list[Literal[
        "order.created", "order.edited", "order.filled", "order.canceled", "order.expired",
        "order.rejected", "fill.created", "position.opened", "position.changed", "position.closed",
        "engine.restarted", "account.rule_breach", "account.rule_version", "signal.alert",
    ]] | None
    account_id: str | None
    environment: Literal["live", "sandbox"]
    # Unix milliseconds
    created_at: int
    # whsec_…: the signing secret, shown only in this answer
    secret: str


class Webhook(TypedDict):
    """A webhook endpoint"""
    id: str
    url: str
    types: list[Literal[
        "order.created", "order.edited", "order.filled", "order.canceled", "order.expired",
        "order.rejected", "fill.created", "position.opened", "position.changed", "position.closed",
        "engine.restarted", "account.rule_breach", "account.rule_version", "signal.alert",
    ]] | None
    account_id: str | None
    environment: Literal["live", "sandbox"]
    # Unix milliseconds
    created_at: int


class WebhookList(TypedDict):
    data: list[Webhook]
    next_cursor: str | None
    has_more: bool


class DeleteWebhookResponse(TypedDict):
    id: str
    deleted: Literal[True]


class WebhookNotFoundErrorDetails(TypedDict):
    webhook_id: NotRequired[str]


class WebhookNotFoundError(TypedDict):
    """webhook_not_found (404): No such webhook endpoint for this customer."""
    type: Literal["not_found"]
    code: Literal["webhook_not_found"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[WebhookNotFoundErrorDetails]


class WebhookDeliveryAttemptsItem(TypedDict):
    number: int
    # Unix milliseconds
    at: int
    status_code: int | None
    # Why the attempt failed, as a class: connection_failed, timeout, private_address (the target is, or its
    # name resolved to, a private or loopback address: not connected to), signing_failed, or http_<status> (a
    # non-2xx answer; redirects are not followed). null when it succeeded.
    error: str | None
    duration_ms: int


class WebhookDelivery(TypedDict):
    """One event sent to one endpoint, with every attempt"""
    id: str
    webhook_id: str
    event_id: str
    event_type: Literal[
        "order.created", "order.edited", "order.filled", "order.canceled", "order.expired",
        "order.rejected", "fill.created", "position.opened", "position.changed", "position.closed",
        "engine.restarted", "account.rule_breach", "account.rule_version", "signal.alert",
    ]
    status: Literal["pending", "succeeded", "failed"]
    attempt_count: int
    # Unix milliseconds
    next_attempt_at: int | None
    # Unix milliseconds
    created_at: int
    # Unix milliseconds
    finished_at: int | None
    attempts: list[WebhookDeliveryAttemptsItem]


class WebhookDeliveryList(TypedDict):
    data: list[WebhookDelivery]
    next_cursor: str | None
    has_more: bool


class SignalRequestAccountsItem(TypedDict):
    """An account an alert trades and the factor its size is multiplied by on that account (default 1;
    rounded down to the market's size step)
    """
    account_id: str
    # Non-negative decimal string
    multiplier: NotRequired[str]


class SignalRequest(TypedDict):
    name: str
    # The accounts each alert places an order on (each once)
    accounts: list[SignalRequestAccountsItem]
    # Only these markets (default: every market)
    markets: NotRequired[list[str]]
    # Non-negative decimal string
    max_order_usd: NotRequired[str]
    # Alerts may only reduce positions (exits and cancels still work)
    reduce_only: NotRequired[bool]
    # Refuse an alert's order on an account when it would open against a position you hold in the same market
    # on another of your accounts in this environment
    no_hedging: NotRequired[bool]
    # Unix milliseconds, after now and at most max_expires_in_ms (GET /v1/limits) ahead
    expires_at: NotRequired[int]
    # Live only: the newest live_signal code emailed to you (the dashboard sends it)
    email_code: NotRequired[str]


class SignalAccountsItem(TypedDict):
    account_id: str
    # Decimal string, never a JSON number
    multiplier: str


class Signal(TypedDict):
    """An alert URL and its fences (docs/SIGNALS.md)"""
    id: str
    object: Literal["signal"]
    environment: Literal["live", "sandbox"]
    name: str
    # The alert URL with its secret: in the answer that made the signal only, null everywhere else
    url: str | None
    # The alert URL's last four characters, to tell signals apart
    url_hint: str
    accounts: list[SignalAccountsItem]
    markets: list[str] | None
    # Decimal string, never a JSON number
    max_order_usd: str | None
    reduce_only: bool
    no_hedging: bool
    # Unix milliseconds
    expires_at: int | None
    # Unix milliseconds
    created_at: int
    # Unix milliseconds
    revoked_at: int | None
    # A TradingView alert message for a strategy, ready to paste (docs/SIGNALS.md)
    tradingview_message: str


class EmailCodeRequiredError(TypedDict):
    """email_code_required (422): This needs the one-time code sent by email (POST /session/email-codes)."""
    type: Literal["rule_rejection"]
    code: Literal["email_code_required"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class InvalidEmailCodeError(TypedDict):
    """invalid_email_code (422): The emailed code or link is wrong, expired, or used."""
    type: Literal["rule_rejection"]
    code: Literal["invalid_email_code"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[dict[str, Any]]


class SignalList(TypedDict):
    data: list[Signal]
    next_cursor: str | None
    has_more: bool


class SignalNotFoundErrorDetails(TypedDict):
    signal_id: NotRequired[str]


class SignalNotFoundError(TypedDict):
    """signal_not_found (404): No such signal (or it was revoked): check the URL, or make a new signal."""
    type: Literal["not_found"]
    code: Literal["signal_not_found"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[SignalNotFoundErrorDetails]


class AlertResultsItem(TypedDict):
    account_id: str
    outcome: Literal["placed", "refused", "canceled", "nothing"]
    order_id: str | None
    code: str | None
    message: str | None


class Alert(TypedDict):
    """An alert a signal received and what it did (docs/SIGNALS.md)"""
    id: str
    object: Literal["alert"]
    signal_id: str
    # Unix milliseconds
    received_at: int
    status: Literal["pending", "done", "refused"]
    # Set on the answer to a duplicate: the alert it repeats
    duplicate_of: str | None
    # The alert as read, or (status refused) the error that refused it
    request: dict[str, Any]
    # What the alert did on each account (null while pending)
    results: list[AlertResultsItem] | None
    # Unix milliseconds
    finished_at: int | None


class AlertList(TypedDict):
    data: list[Alert]
    next_cursor: str | None
    has_more: bool


# The alert message: JSON (application/json) or text (text/plain), at most 8 KiB
ReceiveAlertRequest: TypeAlias = str


class AlertAcceptedResultsItem(TypedDict):
    account_id: str
    outcome: Literal["placed", "refused", "canceled", "nothing"]
    order_id: str | None
    code: str | None
    message: str | None


class AlertAccepted(TypedDict):
    """An alert taken: the work follows (GET /v1/signals/{id}/deliveries shows it)"""
    alert_id: str
    status: Literal["pending", "done", "refused"]
    # true: the alert repeats one received within the window; nothing new is done
    duplicate: bool
    results: list[AlertAcceptedResultsItem] | None


class SignalExpiredErrorDetails(TypedDict):
    signal_id: NotRequired[str]
    expired_at: NotRequired[int]


class SignalExpiredError(TypedDict):
    """signal_expired (403): The signal passed its end date: make a new one."""
    type: Literal["permission"]
    code: Literal["signal_expired"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[SignalExpiredErrorDetails]


class MethodNotAllowedErrorDetails(TypedDict):
    allow: NotRequired[list[str]]


class MethodNotAllowedError(TypedDict):
    """method_not_allowed (405): The path exists with other methods."""
    type: Literal["invalid_request"]
    code: Literal["method_not_allowed"]
    message: str
    request_id: str
    retryable: Literal[False]
    doc_url: str
    details: NotRequired[MethodNotAllowedErrorDetails]


class ListAccountsQuery(TypedDict):
    """The query parameters of listAccounts."""
    limit: NotRequired[int]
    after: NotRequired[str]


class ListOrdersQuery(TypedDict):
    """The query parameters of listOrders."""
    limit: NotRequired[int]
    after: NotRequired[str]
    status: NotRequired[Literal[
        "pending", "working", "filled", "canceled", "rejected", "expired", "unconfirmed", "open",
    ]]
    market: NotRequired[str]
    # 1 to 64 letters, digits and . _ : -
    client_order_id: NotRequired[str]


class ListFillsQuery(TypedDict):
    """The query parameters of listFills."""
    limit: NotRequired[int]
    after: NotRequired[str]


class GetEquityCurveQuery(TypedDict):
    """The query parameters of getEquityCurve."""
    resolution: Literal["trade", "day"]


class ListEventsQuery(TypedDict):
    """The query parameters of listEvents."""
    limit: NotRequired[int]
    after: NotRequired[str]
    account_id: NotRequired[str]


class StreamAccountQuery(TypedDict):
    """The query parameters of streamAccount."""
    # An event id (evt_live_… / evt_test_…), opaque and strictly increasing along a customer’s events in an
    # environment
    resume: NotRequired[str]


class ListWebhooksQuery(TypedDict):
    """The query parameters of listWebhooks."""
    limit: NotRequired[int]
    after: NotRequired[str]


class ListWebhookDeliveriesQuery(TypedDict):
    """The query parameters of listWebhookDeliveries."""
    limit: NotRequired[int]
    after: NotRequired[str]


class ListSignalsQuery(TypedDict):
    """The query parameters of listSignals."""
    limit: NotRequired[int]
    after: NotRequired[str]


class ListSignalDeliveriesQuery(TypedDict):
    """The query parameters of listSignalDeliveries."""
    limit: NotRequired[int]
    after: NotRequired[str]


# Every code of Rampart's catalogue of errors.
ErrorCode: TypeAlias = Literal[
    "invalid_request", "invalid_parameter", "unknown_field", "invalid_cursor", "invalid_json",
    "missing_api_key", "invalid_api_key", "expired_api_key", "revoked_api_key", "invalid_token",
    "expired_token", "revoked_token", "wrong_resource", "wrong_environment", "ip_not_allowed",
    "insufficient_permission", "api_disabled", "invalid_size_step", "invalid_price_tick",
    "price_out_of_band", "stop_already_triggered", "post_only_would_fill", "limit_inside_spread",
    "order_too_small", "working_order_cap", "client_order_id_conflict", "order_not_working",
    "idempotency_key_reused", "operation_in_progress", "key_market_not_allowed", "key_reduce_only",
    "key_max_order_notional", "key_max_position_notional", "key_loss_stop_active",
    "insufficient_margin", "exposure_cap_exceeded", "reduce_only_violation", "slippage_exceeded",
    "no_price", "stale_quote", "market_closed", "market_not_offered", "market_halted",
    "position_liquidating", "account_paused", "account_not_tradable", "insufficient_balance",
    "margin_mode_locked", "invalid_leverage", "liquidation_risk", "position_not_isolated",
    "engine_busy", "order_rejected", "account_not_found", "market_not_found", "order_not_found",
    "position_not_found", "webhook_not_found", "signal_not_found", "signal_expired",
    "route_not_found", "method_not_allowed", "payload_too_large", "uri_too_long",
    "unsupported_media_type", "sandbox_limit_reached", "account_not_ready", "sandbox_opening",
    "idempotency_key_required", "invalid_idempotency_key", "rate_limited", "not_ready",
    "state_unavailable", "engine_unavailable", "limiter_unavailable", "sandbox_disabled",
    "environment_disabled", "temporarily_unavailable", "capacity", "internal_error",
    "session_required", "invalid_credentials", "csrf_failed", "signup_closed",
    "invalid_invitation", "weak_password", "too_many_attempts", "email_code_required",
    "invalid_email_code", "invalid_node_signature", "authorization_request_not_yours",
]

# Every `type` of an error: each has its error class.
ErrorType: TypeAlias = Literal[
    "invalid_request", "authentication", "permission", "not_found", "conflict", "rule_rejection",
    "rate_limit", "server", "engine",
]

__all__ = [
    "Account",
    "AccountHeadroomItem",
    "AccountList",
    "AccountMetrics",
    "AccountNotFoundError",
    "AccountNotFoundErrorDetails",
    "AccountNotReadyError",
    "AccountNotReadyErrorDetails",
    "AccountNotTradableError",
    "AccountNotTradableErrorDetails",
    "AccountPausedError",
    "AccountPausedErrorDetails",
    "AccountRuleWarningsItem",
    "AdjustPositionMarginRequest",
    "Alert",
    "AlertAccepted",
    "AlertAcceptedResultsItem",
    "AlertList",
    "AlertResultsItem",
    "ApiDisabledError",
    "ArmDeadManSwitchRequest",
    "BreakEven",
    "CancelAllOrdersRequest",
    "CancelAllResult",
    "CapacityError",
    "ClientOrderIdConflictError",
    "ClientOrderIdConflictErrorDetails",
    "CloseAllPositionsRequest",
    "CloseAllPositionsResponse",
    "CloseAllPositionsResponseFailedItem",
    "DeadManSwitch",
    "DeleteWebhookResponse",
    "EditOrderRequest",
    "EditOrderRequestExits",
    "EmailCodeRequiredError",
    "EngineBusyError",
    "EngineRestarted",
    "EngineRestartedEvent",
    "EngineUnavailableError",
    "EnvironmentDisabledError",
    "EnvironmentDisabledErrorDetails",
    "EquityCurve",
    "EquityPoint",
    "Error",
    "ErrorCode",
    "ErrorError",
    "ErrorType",
    "Event",
    "EventList",
    "Exit",
    "ExpiredApiKeyError",
    "ExpiredTokenError",
    "ExposureCapExceededError",
    "ExposureCapExceededErrorDetails",
    "Fill",
    "FillEvent",
    "FillList",
    "GetEquityCurveQuery",
    "GetOpenApiResponse",
    "IdempotencyKeyRequiredError",
    "IdempotencyKeyReusedError",
    "InsufficientBalanceError",
    "InsufficientBalanceErrorDetails",
    "InsufficientMarginError",
    "InsufficientMarginErrorDetails",
    "InsufficientPermissionError",
    "InsufficientPermissionErrorDetails",
    "InternalError",
    "InvalidApiKeyError",
    "InvalidCursorError",
    "InvalidCursorErrorDetails",
    "InvalidEmailCodeError",
    "InvalidIdempotencyKeyError",
    "InvalidIdempotencyKeyErrorDetails",
    "InvalidJsonError",
    "InvalidJsonErrorDetails",
    "InvalidLeverageError",
    "InvalidLeverageErrorDetails",
    "InvalidParameterError",
    "InvalidParameterErrorDetails",
    "InvalidPriceTickError",
    "InvalidPriceTickErrorDetails",
    "InvalidRequestError",
    "InvalidRequestErrorDetails",
    "InvalidSizeStepError",
    "InvalidSizeStepErrorDetails",
    "InvalidTokenError",
    "IpNotAllowedError",
    "IpNotAllowedErrorDetails",
    "KeyMarketNotAllowedError",
    "KeyMarketNotAllowedErrorDetails",
    "KeyMaxOrderNotionalError",
    "KeyMaxOrderNotionalErrorDetails",
    "KeyMaxPositionNotionalError",
    "KeyMaxPositionNotionalErrorDetails",
    "KeyReduceOnlyError",
    "LimitInsideSpreadError",
    "LimitInsideSpreadErrorDetails",
    "Limits",
    "LimitsRateLimits",
    "LimitsRateLimitsAccountOrders",
    "LimitsRateLimitsIp",
    "LimitsRateLimitsKey",
    "LimitsSandboxAccounts",
    "LimitsWorkingOrders",
    "LiquidationRiskError",
    "LiquidationRiskErrorDetails",
    "ListAccountsQuery",
    "ListEventsQuery",
    "ListFillsQuery",
    "ListOrdersQuery",
    "ListSignalDeliveriesQuery",
    "ListSignalsQuery",
    "ListWebhookDeliveriesQuery",
    "ListWebhooksQuery",
    "MarginModeLockedError",
    "MarginModeLockedErrorDetails",
    "MarginSetting",
    "MarginSettingList",
    "Market",
    "MarketClosedError",
    "MarketClosedErrorDetails",
    "MarketHaltedError",
    "MarketHaltedErrorDetails",
    "MarketList",
    "MarketMaxSlippagePct",
    "MarketNotFoundError",
    "MarketNotFoundErrorDetails",
    "MarketNotOfferedError",
    "MarketNotOfferedErrorDetails",
    "MethodNotAllowedError",
    "MethodNotAllowedErrorDetails",
    "MissingApiKeyError",
    "NoPriceError",
    "NoPriceErrorDetails",
    "NotReadyError",
    "OpenAccountRequest",
    "OperationInProgressError",
    "Order",
    "OrderEvent",
    "OrderEventChangesValue",
    "OrderList",
    "OrderNotFoundError",
    "OrderNotFoundErrorDetails",
    "OrderNotWorkingError",
    "OrderNotWorkingErrorDetails",
    "OrderPreview",
    "OrderPreviewExposure",
    "OrderPreviewMargin",
    "OrderPreviewPositionAfter",
    "OrderPreviewPrice",
    "OrderPreviewReject",
    "OrderPreviewRiskAtStop",
    "OrderPreviewRuleImpact",
    "OrderPreviewRuleImpactBreachPricesItem",
    "OrderPreviewRuleImpactBreachesItem",
    "OrderReject",
    "OrderRejectedError",
    "OrderRejectedErrorDetails",
    "OrderTooSmallError",
    "OrderTooSmallErrorDetails",
    "PayloadTooLargeError",
    "PayloadTooLargeErrorDetails",
    "PlaceOrderRequest",
    "Position",
    "PositionEvent",
    "PositionExits",
    "PositionExitsBreakEven",
    "PositionExitsRequest",
    "PositionExitsStopLoss",
    "PositionExitsTakeProfit",
    "PositionLiquidatingError",
    "PositionLiquidatingErrorDetails",
    "PositionList",
    "PositionNotFoundError",
    "PositionNotFoundErrorDetails",
    "PositionNotIsolatedError",
    "PositionNotIsolatedErrorDetails",
    "PostOnlyWouldFillError",
    "PostOnlyWouldFillErrorDetails",
    "PriceOutOfBandError",
    "PriceOutOfBandErrorDetails",
    "Product",
    "ProductList",
    "RateLimitedError",
    "RateLimitedErrorDetails",
    "ReceiveAlertRequest",
    "ReduceOnlyViolationError",
    "ReduceOnlyViolationErrorDetails",
    "RevokedApiKeyError",
    "RevokedTokenError",
    "Rule",
    "RuleBreach",
    "RuleBreachEvent",
    "RuleConsistency",
    "RuleDailyLoss",
    "RuleDailyLossSoft",
    "RuleDrawdown",
    "RuleDrawdownSoft",
    "RuleMinProfitableDays",
    "RuleProfitTarget",
    "RuleRiskPerTrade",
    "RuleSizeTiersItem",
    "RuleTradingDay",
    "RuleVersionChange",
    "RuleVersionEvent",
    "SandboxDisabledError",
    "SandboxLimitReachedError",
    "SandboxLimitReachedErrorDetails",
    "SandboxOpeningError",
    "SandboxOpeningErrorDetails",
    "SetMarginSettingRequest",
    "Signal",
    "SignalAccountsItem",
    "SignalAlertEvent",
    "SignalAlertResult",
    "SignalExpiredError",
    "SignalExpiredErrorDetails",
    "SignalList",
    "SignalNotFoundError",
    "SignalNotFoundErrorDetails",
    "SignalRequest",
    "SignalRequestAccountsItem",
    "SlippageExceededError",
    "SlippageExceededErrorDetails",
    "StaleQuoteError",
    "StaleQuoteErrorDetails",
    "StateUnavailableError",
    "Status",
    "StatusPriceFeed",
    "StatusPriceFeedMarketsHaltedItem",
    "StatusPriceFeedSourcesItem",
    "StopAlreadyTriggeredError",
    "StopAlreadyTriggeredErrorDetails",
    "StopLoss",
    "StopLossTrailing",
    "StreamAccountQuery",
    "TakeProfit",
    "TemporarilyUnavailableError",
    "UnknownFieldError",
    "UnknownFieldErrorDetails",
    "UnsupportedMediaTypeError",
    "UnsupportedMediaTypeErrorDetails",
    "UriTooLongError",
    "UriTooLongErrorDetails",
    "Webhook",
    "WebhookDelivery",
    "WebhookDeliveryAttemptsItem",
    "WebhookDeliveryList",
    "WebhookList",
    "WebhookNotFoundError",
    "WebhookNotFoundErrorDetails",
    "WebhookRequest",
    "WebhookWithSecret",
    "WorkingOrderCapError",
    "WorkingOrderCapErrorDetails",
    "WrongEnvironmentError",
    "WrongEnvironmentErrorDetails",
    "WrongResourceError",
    "WrongResourceErrorDetails",
]
