import { Type } from 'typebox';
import { DecimalString, FutureTimeMs, Nullable, PositiveDecimal, TimeMs } from '../../schemas/common.js';
import { AccountId } from './resources.js';

const obj = <T extends Parameters<typeof Type.Object>[0]>(props: T, description?: string) =>
  Type.Object(props, { additionalProperties: false, ...(description ? { description } : {}) });
const lit = <const T extends readonly string[]>(...values: T) => Type.Union(values.map((v) => Type.Literal(v)));

export const SignalAccount = obj(
  {
    account_id: AccountId,
    multiplier: Type.Optional(PositiveDecimal),
  },
  "An account an alert trades and the factor its size is multiplied by on that account (default 1; rounded down to the market's size step)",
);

export const SignalBody = obj({
  name: Type.String({ minLength: 1, maxLength: 64 }),
  accounts: Type.Array(SignalAccount, { minItems: 1, maxItems: 20, description: 'The accounts each alert places an order on (each once)' }),
  markets: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 32 }), { minItems: 1, maxItems: 100, description: 'Only these markets (default: every market)' })),
  max_order_usd: Type.Optional(PositiveDecimal),
  reduce_only: Type.Optional(Type.Boolean({ description: 'Alerts may only reduce positions (exits and cancels still work)' })),
  no_hedging: Type.Optional(
    Type.Boolean({ description: "Refuse an alert's order on an account when it would open against a position you hold in the same market on another of your accounts in this environment" }),
  ),
  expires_at: Type.Optional(FutureTimeMs),
  email_code: Type.Optional(Type.String({ maxLength: 32, description: 'Live only: the newest live_signal code emailed to you (the dashboard sends it)' })),
});

export const Signal = obj(
  {
    id: Type.String(),
    object: Type.Literal('signal'),
    environment: lit('live', 'sandbox'),
    name: Type.String(),
    url: Nullable(Type.String({ description: 'The alert URL with its secret: in the answer that made the signal only, null everywhere else' })),
    url_hint: Type.String({ description: "The alert URL's last four characters, to tell signals apart" }),
    accounts: Type.Array(obj({ account_id: Type.String(), multiplier: DecimalString })),
    markets: Nullable(Type.Array(Type.String())),
    max_order_usd: Nullable(DecimalString),
    reduce_only: Type.Boolean(),
    no_hedging: Type.Boolean(),
    expires_at: Nullable(TimeMs),
    created_at: TimeMs,
    revoked_at: Nullable(TimeMs),
    tradingview_message: Type.String({ description: "A TradingView alert message for a strategy, ready to paste (docs/SIGNALS.md)" }),
  },
  'An alert URL and its fences (docs/SIGNALS.md)',
);

export const AlertResultView = obj({
  account_id: Type.String(),
  outcome: lit('placed', 'refused', 'canceled', 'nothing'),
  order_id: Nullable(Type.String()),
  code: Nullable(Type.String()),
  message: Nullable(Type.String()),
});

export const AlertView = obj(
  {
    id: Type.String(),
    object: Type.Literal('alert'),
    signal_id: Type.String(),
    received_at: TimeMs,
    status: lit('pending', 'done', 'refused'),
    duplicate_of: Nullable(Type.String({ description: 'Set on the answer to a duplicate: the alert it repeats' })),
    request: Type.Object({}, { additionalProperties: true, description: 'The alert as read, or (status refused) the error that refused it' }),
    results: Nullable(Type.Array(AlertResultView, { description: 'What the alert did on each account (null while pending)' })),
    finished_at: Nullable(TimeMs),
  },
  'An alert a signal received and what it did (docs/SIGNALS.md)',
);

export const AlertAccepted = obj(
  {
    alert_id: Type.String(),
    status: lit('pending', 'done', 'refused'),
    duplicate: Type.Boolean({ description: 'true: the alert repeats one received within the window; nothing new is done' }),
    results: Nullable(Type.Array(AlertResultView)),
  },
  'An alert taken: the work follows (GET /v1/signals/{id}/deliveries shows it)',
);

export const SignalParams = obj({ signal_id: Type.String({ minLength: 1, maxLength: 64 }) });
export const AlertParams = obj({ secret: Type.String({ minLength: 1, maxLength: 128 }) });
