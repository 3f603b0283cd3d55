import type { BucketConfig } from '../../config/markets.js';

export type Scope = 'ip' | 'key' | 'account_orders';

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

/**
 * Token buckets per scope and subject (address, key, account). Time is the Clock's, so tests move it.
 * Buckets untouched long enough to be full again are dropped, which keeps memory bounded by recent callers.
 */
export class RateLimiter {
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
