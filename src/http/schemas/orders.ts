import { Type, type TLiteral, type TUnion } from 'typebox';
import { DecimalString, FutureTimeMs, Nullable, PositiveDecimal, TimeMs } from '../../schemas/common.js';

const obj = <T extends Parameters<typeof Type.Object>[0]>(props: T, description?: string) =>
  Type.Object(props, { additionalProperties: false, ...(description ? { description } : {}) });
/** A union of string literals that keeps them in its static type (the engine-host port's order body is this type). */
const lit = <const T extends readonly string[]>(...values: T) =>
  Type.Union(values.map((v) => Type.Literal(v)) as unknown as { -readonly [K in keyof T]: TLiteral<T[K]> }) as TUnion<{ -readonly [K in keyof T]: TLiteral<T[K]> }>;

export const ClientOrderId = Type.String({ pattern: '^[A-Za-z0-9._:-]{1,64}$', description: '1 to 64 letters, digits and . _ : -' });

const common = {
  market: Type.String({ minLength: 1, maxLength: 32 }),
  side: lit('buy', 'sell'),
  type: lit('market', 'limit', 'stop_market', 'stop_limit'),
  size: Type.Optional(PositiveDecimal),
  notional_usd: Type.Optional(PositiveDecimal),
  limit_price: Type.Optional(PositiveDecimal),
  stop_price: Type.Optional(PositiveDecimal),
  worst_price: Type.Optional(PositiveDecimal),
  max_slippage_pct: Type.Optional(PositiveDecimal),
  reduce_only: Type.Optional(Type.Boolean()),
  post_only: Type.Optional(Type.Boolean()),
  time_in_force: Type.Optional(lit('gtc', 'gtd', 'ioc', 'fok')),
  expires_at: Type.Optional(FutureTimeMs),
  client_order_id: Type.Optional(ClientOrderId),
};

export const TakeProfitIn = obj({ price: PositiveDecimal, limit_price: Type.Optional(PositiveDecimal) });
export const StopLossIn = obj({ price: PositiveDecimal, trailing: Type.Optional(obj({ distance: PositiveDecimal })) });
export const BreakEvenIn = obj({ trigger_price: PositiveDecimal, offset_ticks: Type.Integer({ minimum: 0, maximum: 1_000_000 }) });

export const PreviewBody = obj(common, 'The common order body (SPEC)');
export const PlaceBody = obj(
  { ...common, take_profit: Type.Optional(TakeProfitIn), stop_loss: Type.Optional(StopLossIn), break_even: Type.Optional(BreakEvenIn) },
  'The common order body with exits',
);
/** PATCH …/orders/{id} `exits`: the parts given replace the pending exits' (null removes one), the others stay. */
export const ExitsPatchIn = Type.Object(
  { take_profit: Type.Optional(Nullable(TakeProfitIn)), stop_loss: Type.Optional(Nullable(StopLossIn)), break_even: Type.Optional(Nullable(BreakEvenIn)) },
  { additionalProperties: false, minProperties: 1 },
);
export const ExitsBody = obj({
  take_profit: Nullable(TakeProfitIn),
  stop_loss: Nullable(StopLossIn),
  break_even: Nullable(BreakEvenIn),
});

export const Exit = obj({
  kind: lit('take_profit', 'stop_loss', 'break_even'),
  price: Nullable(DecimalString),
  limit_price: Nullable(DecimalString),
  trailing_distance: Nullable(DecimalString),
  trigger_price: Nullable(DecimalString),
  offset_ticks: Nullable(Type.Integer()),
  order_id: Nullable(Type.String()),
  status: lit('pending', 'placed'),
});

export const Order = obj(
  {
    id: Type.String(),
    client_order_id: Nullable(Type.String()),
    account_id: Type.String(),
    market: Type.String(),
    side: Nullable(lit('buy', 'sell')),
    type: lit('market', 'limit', 'stop_market', 'stop_limit', 'take_market', 'take_limit'),
    status: lit('pending', 'working', 'filled', 'canceled', 'rejected', 'expired', 'unconfirmed'),
    size: DecimalString,
    filled_size: DecimalString,
    limit_price: Nullable(DecimalString),
    stop_price: Nullable(DecimalString),
    worst_price: Nullable(DecimalString),
    average_fill_price: Nullable(DecimalString),
    fee: Nullable(DecimalString),
    reduce_only: Nullable(Type.Boolean()),
    post_only: Type.Boolean(),
    time_in_force: lit('gtc', 'gtd', 'ioc', 'fok'),
    expires_at: Nullable(TimeMs),
    origin: lit('api', 'platform', 'strategy', 'tradingview', 'system'),
    exit_of_position: Nullable(lit('take_profit', 'stop_loss')),
    exits: Type.Array(Exit),
    cancel_reason: Nullable(Type.String()),
    reject: Nullable(obj({ code: Type.String(), message: Type.String() })),
    created_at: TimeMs,
    filled_at: Nullable(TimeMs),
    canceled_at: Nullable(TimeMs),
    updated_at: TimeMs,
  },
  'An order',
);

export const Fill = obj({
  id: Type.String(),
  order_id: Type.String(),
  account_id: Type.String(),
  market: Type.String(),
  side: lit('buy', 'sell'),
  size: DecimalString,
  price: DecimalString,
  fee: DecimalString,
  liquidation: Type.Boolean(),
  realized_pnl: DecimalString,
  filled_at: TimeMs,
});

export const Position = obj({
  market: Type.String(),
  side: lit('long', 'short'),
  size: DecimalString,
  entry_price: DecimalString,
  mark_price: DecimalString,
  unrealized_pnl: DecimalString,
  realized_pnl: DecimalString,
  leverage: Type.Integer(),
  margin_mode: lit('isolated', 'cross'),
  margin: DecimalString,
  liquidation_price: Nullable(DecimalString),
  liquidating: Type.Boolean(),
  exits: obj({
    take_profit: Nullable(obj({ order_id: Type.String(), price: Nullable(DecimalString), limit_price: Nullable(DecimalString) })),
    stop_loss: Nullable(obj({ order_id: Type.String(), price: Nullable(DecimalString), trailing_distance: Nullable(DecimalString) })),
    break_even: Nullable(obj({ trigger_price: DecimalString, offset_ticks: Type.Integer(), done: Type.Boolean() })),
  }),
  opened_at: TimeMs,
  updated_at: TimeMs,
});

export const Preview = obj({
  outcome: lit('would_fill', 'would_rest', 'would_reject'),
  reject: Nullable(obj({ code: Type.String(), message: Type.String(), details: Type.Optional(Type.Object({}, { additionalProperties: true })) })),
  market: Type.String(),
  side: lit('buy', 'sell'),
  type: lit('market', 'limit', 'stop_market', 'stop_limit'),
  size: Nullable(DecimalString),
  price: obj({ fills_immediately: Type.Boolean(), price: Nullable(DecimalString), worst_price: Nullable(DecimalString) }),
  value_usd: Nullable(DecimalString),
  fee: Nullable(DecimalString),
  margin: obj({
    mode: lit('isolated', 'cross'),
    leverage: Type.Integer(),
    required: Nullable(DecimalString),
    available: DecimalString,
    remaining: Nullable(DecimalString),
  }),
  position_after: Nullable(obj({ size: DecimalString, side: lit('long', 'short'), entry_price: DecimalString })),
  exposure: obj({ cap_usd: DecimalString, open_usd: DecimalString, room_usd: DecimalString }),
  rule_impact: Type.Union(
    [
      obj({
        breaches: Type.Array(obj({ rule: lit('daily_loss', 'drawdown'), by_usd: DecimalString }), {
          description: "The account rule's limits the order would reach at once (its fee, and its price against the mark), and by how much",
        }),
        breach_prices: Type.Array(obj({ rule: lit('daily_loss', 'drawdown'), price: Nullable(DecimalString) }), {
          description: 'For the position after the order: the price of this market at which each limit would be reached (other positions as marked now); null when no price of it reaches it (flat, or reached already)',
        }),
      }),
      Type.Null(),
    ],
    { description: "What the order would do to the account rule's daily loss and drawdown; null when the rule has neither or the order would be refused (docs/RULES.md)" },
  ),
  risk_at_stop: Type.Union(
    [obj({ stop_price: DecimalString, risk_usd: DecimalString, max_risk_usd: Nullable(DecimalString) }), Type.Null()],
    {
      description:
        "The position after the order at its stop (the order's stop_loss, else the stop of the position it adds to): the price, what it would lose from the entry after the order, and the account rule's limit per trade (null without one). null when no stop would protect it (docs/RULES.md)",
    },
  ),
});

export const CancelAllAnswer = obj({ account_id: Type.String(), market: Nullable(Type.String()), canceled_count: Type.Integer({ minimum: 0 }) });
