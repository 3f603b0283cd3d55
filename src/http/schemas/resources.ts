import { Type, type TSchema } from 'typebox';
import { DecimalString, Nullable, Rule, TimeMs } from '../../schemas/common.js';

const obj = <T extends Parameters<typeof Type.Object>[0]>(props: T, description?: string) =>
  Type.Object(props, { additionalProperties: false, ...(description ? { description } : {}) });

export const AccountId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' });
export const MarketId = Type.String({ minLength: 1, maxLength: 32 });

export const Metrics = obj({
  day_start_balance: DecimalString,
  day_start_equity: DecimalString,
  peak_balance: DecimalString,
  peak_equity: DecimalString,
  drawdown_reference: DecimalString,
  drawdown_floor: Nullable(DecimalString),
  daily_loss_limit_usd: Nullable(DecimalString),
  daily_loss_used: DecimalString,
  profit: DecimalString,
  trading_days: Type.Integer(),
  calendar_days: Type.Integer(),
  last_trade_at: Nullable(TimeMs),
});

export const RuleHeadroom = obj(
  {
    rule: Type.Union(['daily_loss', 'drawdown', 'profit_target', 'consistency', 'min_profitable_days', 'min_trading_days', 'min_calendar_days', 'inactivity_days', 'inactivity_calendar_days'].map((r) => Type.Literal(r))),
    unit: Type.Union([Type.Literal('usd'), Type.Literal('days')]),
    limit: DecimalString,
    value: DecimalString,
    headroom: DecimalString,
  },
  'One rule in force: daily_loss — limit and loss used today; drawdown — the floor and equity; profit_target — the target and profit as judged; consistency — the most the best day may have made and the best day so far; min_profitable_days — the days required and those with the rule’s gain so far (today’s counted once it has it); min_trading_days / min_calendar_days — the days required and counted; inactivity_days / inactivity_calendar_days — the days without a fill allowed and counted (trading days; whole 24-hour days). headroom is never negative: 0 once reached',
);

/** The account's dead-man switch (POST …/orders/cancel-all-after): armed or not, and when it fires. */
export const DeadManSwitch = obj(
  {
    armed: Type.Boolean(),
    fires_at: Nullable(TimeMs),
  },
  'The dead-man switch: when armed, the time (Unix ms, on the service clock) at which every working opening order of the account is canceled with cancel_reason dead_man_switch unless renewed; null when not armed',
);

export const Account = obj(
  {
    id: Type.String(),
    status: Type.Union(['pending', 'active', 'passed', 'failed', 'closed', 'suspended'].map((s) => Type.Literal(s))),
    environment: Type.Union([Type.Literal('live'), Type.Literal('sandbox')]),
    stage: Type.Union([Type.Literal('evaluation'), Type.Literal('funded'), Type.Literal('sandbox')]),
    product: Type.String(),
    size: DecimalString,
    starting_balance: DecimalString,
    balance: DecimalString,
    equity: DecimalString,
    unrealized_pnl: DecimalString,
    margin_used: DecimalString,
    margin_available: DecimalString,
    rule: Rule,
    rule_version: Type.Integer({ minimum: 1, description: "The version of its product's rulebook the account is on: the one it was opened with unless the operator moved it (docs/RULES.md)" }),
    metrics: Metrics,
    headroom: Type.Array(RuleHeadroom, {
      description: 'Each rule in force (a daily loss, a drawdown, a profit target, day minimums) with its limit, its value now and how far the value may go before the rule acts or is met (docs/RULES.md)',
    }),
    rule_warnings: Type.Array(
      obj(
        {
          rule: Type.Union([Type.Literal('daily_loss'), Type.Literal('drawdown')]),
          since: TimeMs,
          correct_by: TimeMs,
          breaches_used: Type.Integer({ minimum: 1 }),
          max_breaches: Type.Integer({ minimum: 1 }),
        },
        'A soft breach open now',
      ),
      { description: "The soft limits breached now (the rule's soft daily_loss / drawdown): back within the limit by correct_by, or the rule acts (docs/RULES.md \"Soft breaches\")" },
    ),
    payout_eligible: Type.Boolean(),
    parked: Type.Boolean(),
    paused_until: Nullable(TimeMs),
    status_reason: Nullable(Type.String()),
    dead_man_switch: DeadManSwitch,
    created_at: TimeMs,
    updated_at: TimeMs,
  },
  'A trading account',
);

export const Market = obj(
  {
    id: Type.String(),
    base_asset: Type.String(),
    quote_asset: Type.String(),
    status: Type.Union([Type.Literal('open'), Type.Literal('closed'), Type.Literal('halted')]),
    halt_reason: Nullable(
      Type.Union([Type.Literal('operator'), Type.Literal('sources_disagree')], {
        description: 'Why the market is halted: the operator halted it, or the exchange price sources disagree (null when not halted)',
      }),
    ),
    offered: Type.Boolean(),
    size_step: DecimalString,
    tick_size: DecimalString,
    min_notional_usd: DecimalString,
    max_leverage: Type.Integer(),
    default_leverage: Type.Integer(),
    max_slippage_pct: obj({ default: DecimalString, min: DecimalString, max: DecimalString }),
    price_band_pct: DecimalString,
    exposure_cap_usd: DecimalString,
    maker_fee_rate: DecimalString,
    taker_fee_rate: DecimalString,
    maintenance_margin_rate: DecimalString,
    stale_after_ms: Type.Integer(),
    bid: Nullable(DecimalString),
    ask: Nullable(DecimalString),
    last: Nullable(DecimalString),
    price_time: Nullable(TimeMs),
  },
  'A perpetual market with its current quote',
);

export const ProductView = obj({
  id: Type.String(),
  stage: Type.Union([Type.Literal('evaluation'), Type.Literal('funded')]),
  size: DecimalString,
  rule: Rule,
  rule_version: Type.Integer({ minimum: 1, description: 'The rulebook version this rule is: new accounts of the product are opened on it (docs/RULES.md)' }),
});

export const page = <T extends Parameters<typeof Type.Array>[0]>(item: T) =>
  obj({ data: Type.Array(item), next_cursor: Nullable(Type.String()), has_more: Type.Boolean() });

const Bucket = obj({
  capacity: Type.Integer(),
  refill_per_second: Type.Number(),
  window_seconds: Type.Optional(
    Type.Integer({ description: 'Shared budgets (several nodes) only: capacity is granted per fixed window of this many seconds' }),
  ),
});

export const Limits = obj({
  sandbox_accounts: obj({ limit: Type.Integer(), used: Type.Integer(), remaining: Type.Integer() }),
  rate_limits: obj({ enabled: Type.Boolean(), ip: Bucket, key: Bucket, account_orders: Bucket }),
  working_orders: obj({ per_account: Type.Integer(), per_customer: Type.Integer() }),
  body_max_bytes: Type.Integer(),
  url_max_bytes: Type.Integer(),
  json_max_depth: Type.Integer(),
  idempotency_key_ttl_ms: Type.Integer(),
  max_expires_in_ms: Type.Integer({ description: 'How far ahead of now an expires_at may lie (orders, keys, tokens)' }),
});

export const Status = obj({
  environment: Type.Union([Type.Literal('live'), Type.Literal('sandbox')]),
  status: Type.Union([Type.Literal('operational'), Type.Literal('degraded')]),
  engine: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  price_feed: obj({
    source: Type.Union([Type.Literal('simulated'), Type.Literal('manual'), Type.Literal('replay'), Type.Literal('exchanges')]),
    markets_quoted: Type.Integer(),
    markets_stale: Type.Array(Type.String()),
    markets_halted: Type.Array(
      obj({
        market: Type.String(),
        reason: Type.Union([Type.Literal('operator'), Type.Literal('sources_disagree')]),
        since: Nullable(TimeMs),
      }),
      { description: 'Halted markets: by the operator, or by the exchanges feed while its sources disagree (since: when the feed halted it)' },
    ),
    sources: Type.Array(
      obj({
        id: Type.String(),
        exchange: Type.String(),
        state: Type.Union([Type.Literal('connecting'), Type.Literal('connected'), Type.Literal('reconnecting'), Type.Literal('stopped')]),
        last_tick_at: Nullable(TimeMs),
        set_aside: Type.Array(Type.String(), { description: 'Markets whose composite price leaves this source out: its price strays from the others' }),
        stale: Type.Array(Type.String(), { description: 'Markets this source has said nothing about for longer than their stale_after_ms' }),
        gaps: Type.Integer(),
        garbled: Type.Integer(),
      }),
      { description: 'The exchange sources of the exchanges feed (empty for the other feeds)' },
    ),
  }),
  accepting_requests: Type.Boolean(),
  sandbox_opening: Type.Boolean(),
  time: TimeMs,
});

const listBase = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  after: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
};

export function ListQuery(): ReturnType<typeof Type.Object<typeof listBase>>;
export function ListQuery<T extends Record<string, TSchema>>(extra: T): ReturnType<typeof Type.Object<typeof listBase & T>>;
export function ListQuery(extra: Record<string, TSchema> = {}) {
  return Type.Object({ ...listBase, ...extra }, { additionalProperties: false });
}

export const MarginSetting = obj({
  market: Type.String(),
  leverage: Type.Integer({ minimum: 1 }),
  margin_mode: Type.Union([Type.Literal('isolated'), Type.Literal('cross')]),
  max_leverage: Type.Integer({ minimum: 1 }),
  leverage_source: Type.Union([Type.Literal('position'), Type.Literal('saved'), Type.Literal('default')]),
  locked: Type.Boolean(),
});

export const EquityPoint = obj({ time: TimeMs, equity: DecimalString, balance: DecimalString });

export const EquityCurve = obj(
  { resolution: Type.Union([Type.Literal('trade'), Type.Literal('day')]), points: Type.Array(EquityPoint) },
  'Equity curve: one point per closed trade or trading day, oldest first; the first point is the opening balance',
);
