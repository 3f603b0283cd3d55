import type { Config } from '../../config/config.js';
import type { BucketConfig } from '../../config/markets.js';

/**
 * The API's budgets, and the dashboard host's own: `oauth` (its /oauth/* endpoints per address, docs/OAUTH.md) and
 * `sign_in` (sign-in, sign-up and confirmation per client network, docs/SECURITY.md item 12).
 */
export type Scope = 'ip' | 'key' | 'account_orders' | 'oauth' | 'sign_in';
/** The budgets of the public API (GET /v1/limits reports these: the dashboard host's budgets are not the API's). */
export type ApiScope = Exclude<Scope, 'oauth' | 'sign_in'>;

interface Bucket {
  tokens: number;
  updated: number;
}

export interface Spend {
  ok: boolean;
  scope: Scope;
  limit: number;
  remaining: number;
  /** Seconds until the bucket is full again. */
  reset: number;
  /** Seconds until one request is allowed again (when refused). */
  retryAfter: number;
}

/** A budget as GET /v1/limits reports it: what the limiter in force enforces. */
export interface BudgetView {
  capacity: number;
  refill_per_second: number;
  /** Shared (Redis) budgets only: the fixed window the capacity is granted per. */
  window_seconds?: number;
}

/** The budgets GET /v1/limits reports: the buckets of config/limits.json, or the shared windows standing for them. */
export function budgetsInForce(config: Config): Record<ApiScope, BudgetView> {
  const { ip, key, account_orders } = config.limits.rate_limits;
  if (!config.redisUrl) return { ip, key, account_orders };
  return { ip: windowOf(ip), key: windowOf(key), account_orders: windowOf(account_orders) };
}

/**
 * The fixed window standing for a token bucket of `capacity` refilled at `rate` per second: `capacity` per
 * ceil(capacity / rate) whole seconds (Redis expiries are whole seconds), so the sustained rate never exceeds the
 * configured one. The difference from the bucket (docs/DEVIATIONS.md): a spent window comes back whole at its end
 * rather than token by token, and two windows back to back admit up to twice the capacity across their boundary.
 */
export function windowOf(b: BucketConfig): BudgetView & { window_seconds: number } {
  const window = Math.max(1, Math.ceil(b.capacity / b.refill_per_second));
  return { capacity: b.capacity, refill_per_second: b.capacity / window, window_seconds: window };
}

/**
 * What the API listeners spend budgets through: the in-process buckets (one node) or the shared Redis windows
 * (RAMPART_REDIS_URL). A shared limiter that cannot answer rejects with ApiError limiter_unavailable.
 */
export interface Limiter {
  readonly shared: boolean;
  spend(scope: Scope, subject: string): Spend | Promise<Spend>;
  /** The budget as it stands, spending nothing (for answers refused before the budget is spent). */
  peek(scope: Scope, subject: string): Spend | Promise<Spend>;
  /** Whether the limiter can answer now (GET /readyz). */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Token buckets per scope and subject (address, key, account). Time is the Clock's, so tests move it.
 * Buckets untouched long enough to be full again are dropped, which keeps memory bounded by recent callers.
 */
export class RateLimiter implements Limiter {
  readonly shared = false;
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep = 0;

  constructor(
    private readonly config: Readonly<Record<Scope, BucketConfig>>,
    private readonly now: () => number,
  ) {}

  spend(scope: Scope, subject: string): Spend {
    const { capacity, refill_per_second: rate } = this.config[scope];
    const now = this.now();
    this.sweep(now);
    const id = `${scope}\u0000${subject}`;
    const b = this.buckets.get(id) ?? { tokens: capacity, updated: now };
    b.tokens = Math.min(capacity, b.tokens + (Math.max(0, now - b.updated) / 1000) * rate);
    b.updated = now;
    const ok = b.tokens >= 1;
    if (ok) b.tokens -= 1;
    this.buckets.set(id, b);
    return this.report(scope, ok, b.tokens);
  }

  /** The budget as it stands, spending nothing (for answers refused before the budget is spent). */
  peek(scope: Scope, subject: string): Spend {
    const { capacity, refill_per_second: rate } = this.config[scope];
    const b = this.buckets.get(`${scope}\u0000${subject}`);
    const tokens = b ? Math.min(capacity, b.tokens + (Math.max(0, this.now() - b.updated) / 1000) * rate) : capacity;
    return this.report(scope, tokens >= 1, tokens);
  }

  async reachable(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {}

  private report(scope: Scope, ok: boolean, tokens: number): Spend {
    const { capacity, refill_per_second: rate } = this.config[scope];
    return {
      ok,
      scope,
      limit: capacity,
      remaining: Math.floor(tokens),
      reset: Math.ceil((capacity - tokens) / rate),
      retryAfter: ok ? 0 : Math.max(1, Math.ceil((1 - tokens) / rate)),
    };
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [id, b] of this.buckets) {
      const scope = id.slice(0, id.indexOf('\u0000')) as Scope;
      const { capacity, refill_per_second: rate } = this.config[scope];
      if (b.tokens + ((now - b.updated) / 1000) * rate >= capacity) this.buckets.delete(id);
    }
  }
}
