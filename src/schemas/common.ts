import { Type, type Static } from 'typebox';

/**
 * A decimal string: what every price, size and amount is on the wire (CONTRACT conventions). At most 18 decimal
 * places, the precision of engine/decimal.ts: anything finer cannot be held exactly and is refused here.
 */
export const DecimalString = Type.String({
  pattern: '^-?(0|[1-9][0-9]*)(\\.[0-9]{1,18})?$',
  maxLength: 40,
  description: 'Decimal string, never a JSON number',
  examples: ['60000.5'],
});
export const PositiveDecimal = Type.String({
  pattern: '^(0|[1-9][0-9]*)(\\.[0-9]{1,18})?$',
  maxLength: 40,
  description: 'Non-negative decimal string',
});
export const TimeMs = Type.Integer({ minimum: 0, description: 'Unix milliseconds' });
/**
 * A time taken as input that must lie ahead (an expiry, the end of a pause): Unix ms after now (the service's
 * Clock) and at most `max_expires_in_ms` (GET /v1/limits) ahead. The range depends on the Clock, so it is checked
 * per request (http/plugins/time-fields.ts finds these fields by the `x-future-time` mark), not by the schema.
 */
export const FutureTimeMs = Type.Integer({
  minimum: 0,
  description: 'Unix milliseconds, after now and at most max_expires_in_ms (GET /v1/limits) ahead',
  'x-future-time': true,
});
export const Environment = Type.Union([Type.Literal('live'), Type.Literal('sandbox')]);
export type Environment = Static<typeof Environment>;
/** An object that takes no field beyond those named (every request body and parameter set is one). */
export const strict = <T extends Parameters<typeof Type.Object>[0]>(props: T) => Type.Object(props, { additionalProperties: false });

export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const DailyLossBasis = Type.Union([
  Type.Literal('peak_balance'),
  Type.Literal('start_balance'),
  Type.Literal('peak_equity'),
  Type.Literal('day_start_balance'),
  Type.Literal('day_start_equity'),
  Type.Literal('max_day_start'),
]);
export const DailyLossAction = Type.Union([Type.Literal('fail_account'), Type.Literal('flatten'), Type.Literal('flatten_and_pause')]);
export const DrawdownMode = Type.Union([Type.Literal('end_of_day'), Type.Literal('end_of_trade'), Type.Literal('static'), Type.Literal('intraday_equity')]);

const Soft = Type.Optional(
  Type.Union(
    [
      Type.Object(
        { correction_ms: Type.Integer({ minimum: 1000, maximum: 86_400_000 }), max_soft_breaches: Type.Integer({ minimum: 1, maximum: 100 }) },
        { additionalProperties: false },
      ),
      Type.Null(),
    ],
    {
      description:
        'A soft limit: reaching it opens a breach (account.rule_breach, a warning on the account) instead of acting; back within it before correction_ms pass cures it, otherwise the action follows; after max_soft_breaches breaches it acts at once (docs/RULES.md)',
    },
  ),
);

export const Rule = Type.Object(
  {
    starting_balance: PositiveDecimal,
    daily_loss: Nullable(
      Type.Object(
        { amount_usd: Nullable(PositiveDecimal), percent: Nullable(PositiveDecimal), basis: DailyLossBasis, action: DailyLossAction, soft: Soft },
        { additionalProperties: false },
      ),
    ),
    drawdown: Nullable(
      Type.Object(
        {
          amount_usd: Nullable(PositiveDecimal),
          percent: Nullable(PositiveDecimal),
          mode: DrawdownMode,
          basis: Type.Optional(
            Type.Union([Type.Literal('balance'), Type.Literal('equity')], {
              description: 'end_of_day only: the value at the rollover that moves the reference; balance when absent (docs/RULES.md)',
            }),
          ),
          lock_at_usd: Type.Optional(
            Type.Union([PositiveDecimal, Type.Null()], {
              description: 'The floor stops rising once it reaches starting_balance + lock_at_usd; absent or null: it trails without a lock (docs/RULES.md)',
            }),
          ),
          soft: Soft,
        },
        { additionalProperties: false },
      ),
    ),
    profit_target: Nullable(
      Type.Object(
        { amount_usd: Nullable(PositiveDecimal), percent: Nullable(PositiveDecimal), close_positions: Type.Boolean() },
        { additionalProperties: false },
      ),
    ),
    min_trading_days: Type.Integer({ minimum: 0 }),
    min_calendar_days: Type.Integer({ minimum: 0 }),
    overnight_allowed: Type.Boolean(),
    weekend_allowed: Type.Boolean(),
    inactivity_days: Nullable(Type.Integer({ minimum: 1 })),
    inactivity_calendar_days: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 3650 }), Type.Null()], {
        description:
          'Inactivity by calendar days: that many whole 24-hour days without a fill (since the last fill, else since the account opened) fail the account, judged the moment they pass; beside inactivity_days, which counts trading days at the rollover (docs/RULES.md)',
      }),
    ),
    consistency: Type.Optional(
      Type.Union(
        [
          Type.Object(
            {
              max_best_day_pct: PositiveDecimal,
              window_days: Type.Optional(
                Type.Integer({
                  minimum: 1,
                  maximum: 365,
                  description: 'Judged per window of this many trading days (a payout period of a funded account) from the window\'s starting balance; absent: over the account\'s life',
                }),
              ),
            },
            { additionalProperties: false },
          ),
          Type.Null(),
        ],
        {
          description:
            "The best trading day's profit may be at most max_best_day_pct % of the total profit: the profit target is met only while it holds (the account stays active; its headroom says by how much). Day profits are the balance's, day by day (docs/RULES.md)",
        },
      ),
    ),
    news: Type.Optional(
      Type.Union([Type.Literal('allowed'), Type.Literal('no_open'), Type.Literal('no_trade')], {
        description:
          "News windows (the operator's calendar, /admin/v1/news): inside a window on the order's market, no_open refuses orders that open or add to a position (and rejects resting ones that would fill then); no_trade refuses every new order; allowed (or absent): trading goes on. order_rejected, details.reason news_window. Exits and closing a position keep working (docs/RULES.md)",
      }),
    ),
    risk_per_trade: Type.Optional(
      Type.Union(
        [
          Type.Object(
            {
              amount_usd: Nullable(PositiveDecimal),
              percent: Nullable(PositiveDecimal),
              require_stop_loss: Type.Boolean(),
              grace_ms: Type.Optional(Nullable(Type.Integer({ minimum: 1000, maximum: 86_400_000 }))),
            },
            { additionalProperties: false },
          ),
          Type.Null(),
        ],
        {
          description:
            "Risk per trade and a mandatory stop. With a stop, the loss at it (the position after the order, from its entry to the stop) may be at most amount_usd, else percent % of the balance: order_rejected, details.reason risk_per_trade. require_stop_loss without grace_ms: an order that opens or adds to a position must carry a stop loss (or add to a position that has one): order_rejected, details.reason risk_per_trade, details.stop_loss required; with grace_ms: such orders are taken, and a position left without a stop-loss exit that long is closed (close_reason risk_rule) (docs/RULES.md)",
        },
      ),
    ),
    min_profitable_days: Type.Optional(
      Type.Union(
        [
          Type.Object({ count: Type.Integer({ minimum: 1, maximum: 365 }), min_profit_usd: PositiveDecimal }, { additionalProperties: false }),
          Type.Null(),
        ],
        {
          description:
            'At least count trading days, each with a balance gain of at least min_profit_usd: the profit target is met only once there are that many (the account stays active; its headroom says how many more) (docs/RULES.md)',
        },
      ),
    ),
    trading_day: Type.Optional(
      Type.Union(
        [
          Type.Object(
            {
              rollover: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'The rollover, HH:MM local time' }),
              time_zone: Type.String({ minLength: 1, maxLength: 64, description: 'An IANA time zone, e.g. America/New_York (daylight saving followed)' }),
            },
            { additionalProperties: false },
          ),
          Type.Null(),
        ],
        {
          description:
            "The product's own trading day: when the day rolls over for its accounts (daily loss, day counts, end-of-day drawdown, overnight and weekend, inactivity). Absent or null: the service's (RAMPART_TRADING_DAY_START in RAMPART_TIMEZONE) (docs/RULES.md)",
        },
      ),
    ),
    size_tiers: Type.Optional(
      Type.Array(
        Type.Object({ min_balance: PositiveDecimal, max_position_usd: PositiveDecimal }, { additionalProperties: false }),
        {
          minItems: 1,
          maxItems: 20,
          description:
            "A scaling plan: the largest position per market (its notional at the order's price) by the balance at the day's start — the tier with the highest min_balance at or below it, else the lowest tier. An order that would open or add beyond it is refused: order_rejected, details.reason size_tier (docs/RULES.md)",
        },
      ),
    ),
  },
  { additionalProperties: false },
);
export type Rule = Static<typeof Rule>;

export const Stage = Type.Union([Type.Literal('evaluation'), Type.Literal('funded'), Type.Literal('sandbox')]);
export type Stage = Static<typeof Stage>;

export const Product = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$' }),
    stage: Type.Union([Type.Literal('evaluation'), Type.Literal('funded')]),
    size: PositiveDecimal,
    rule: Rule,
  },
  { additionalProperties: false },
);
export type Product = Static<typeof Product>;
