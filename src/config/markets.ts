import { Type, type Static } from 'typebox';
import { PositiveDecimal } from '../schemas/common.js';

export const MarketConfig = Type.Object(
  {
    id: Type.String({ pattern: '^[A-Z0-9]{1,16}-USD$' }),
    base_asset: Type.String(),
    quote_asset: Type.Literal('USD'),
    size_step: PositiveDecimal,
    tick_size: PositiveDecimal,
    min_notional_usd: PositiveDecimal,
    max_leverage: Type.Integer({ minimum: 1 }),
    default_leverage: Type.Integer({ minimum: 1 }),
    max_slippage_pct: Type.Object(
      { default: PositiveDecimal, min: PositiveDecimal, max: PositiveDecimal },
      { additionalProperties: false },
    ),
    price_band_pct: PositiveDecimal,
    exposure_cap_usd: PositiveDecimal,
    maker_fee_rate: PositiveDecimal,
    taker_fee_rate: PositiveDecimal,
    maintenance_margin_rate: PositiveDecimal,
    stale_after_ms: Type.Integer({ minimum: 1 }),
    simulation: Type.Object(
      { start: PositiveDecimal, spread_ticks: Type.Integer({ minimum: 1 }), max_step_ticks: Type.Integer({ minimum: 1 }) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type MarketConfig = Static<typeof MarketConfig>;

const Bucket = Type.Object(
  { capacity: Type.Integer({ minimum: 1 }), refill_per_second: Type.Number({ exclusiveMinimum: 0 }) },
  { additionalProperties: false },
);
export type BucketConfig = Static<typeof Bucket>;

export const LimitsConfig = Type.Object(
  {
    /** `oauth`: the dashboard host's /oauth/* endpoints, per address; `sign_in`: the dashboard's sign-in, sign-up and
     * confirmation, per client network (docs/SECURITY.md items 6 and 12). */
    rate_limits: Type.Object({ ip: Bucket, key: Bucket, account_orders: Bucket, oauth: Bucket, sign_in: Bucket }, { additionalProperties: false }),
    /** Password hashing (scrypt, 32 MiB each) in flight per process and waiting; past both, 503 capacity. */
    password_hashing: Type.Object(
      { max_in_flight: Type.Integer({ minimum: 1, maximum: 64 }), max_queued: Type.Integer({ minimum: 0, maximum: 10_000 }) },
      { additionalProperties: false },
    ),
    working_orders: Type.Object(
      { per_account: Type.Integer({ minimum: 1 }), per_customer: Type.Integer({ minimum: 1 }) },
      { additionalProperties: false },
    ),
    sandbox_accounts_per_customer: Type.Integer({ minimum: 1 }),
    sandbox_default_product: Type.String(),
    sandbox_park_after_ms: Type.Integer({ minimum: 1 }),
    body_max_bytes: Type.Integer({ minimum: 1024 }),
    url_max_bytes: Type.Integer({ minimum: 256 }),
    json_max_depth: Type.Integer({ minimum: 1 }),
    idempotency_ttl_ms: Type.Integer({ minimum: 1 }),
    /** How far ahead of the Clock an expires_at (orders, keys, tokens) or paused_until may lie. */
    max_expires_in_ms: Type.Integer({ minimum: 1 }),
    capacity: Type.Object(
      { max_in_flight: Type.Integer({ minimum: 1 }), max_event_loop_delay_ms: Type.Integer({ minimum: 1 }) },
      { additionalProperties: false },
    ),
    timeouts: Type.Object(
      { headers_ms: Type.Integer({ minimum: 1 }), request_ms: Type.Integer({ minimum: 1 }), keep_alive_ms: Type.Integer({ minimum: 1 }) },
      { additionalProperties: false },
    ),
    /** Events older than this are pruned from the log (list, stream resume and webhook fan-out read the log). */
    events_retention_ms: Type.Integer({ minimum: 1 }),
    /** Account streams: a comment every heartbeat; a client that takes nothing for two is cut off (slow_consumer). */
    stream: Type.Object({ heartbeat_ms: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    webhooks: Type.Object(
      {
        per_customer: Type.Integer({ minimum: 1 }),
        timeout_ms: Type.Integer({ minimum: 1 }),
        /** Retries stop this long after the event (CONTRACT: 24 h). */
        retry_for_ms: Type.Integer({ minimum: 1 }),
        backoff_first_ms: Type.Integer({ minimum: 1 }),
        backoff_max_ms: Type.Integer({ minimum: 1 }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type LimitsConfig = Static<typeof LimitsConfig>;
