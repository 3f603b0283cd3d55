import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { FastifyBaseLogger } from 'fastify';
import type { BucketConfig } from '../../config/markets.js';
import { ApiError } from '../../errors/api-error.js';
import { windowOf, type BudgetView, type Limiter, type Scope, type Spend } from './rate-limit.js';

/** A Redis command not answered within this is a Redis that is down: requests must not hang on it. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/** How long a client is told to wait when the limiter cannot answer (reconnection is tried at least this often). */
const UNAVAILABLE_RETRY_AFTER_S = 1;
const RECONNECT_MAX_MS = 1000;

const SCOPES: readonly Scope[] = ['ip', 'key', 'account_orders', 'oauth', 'sign_in'];

function unavailable(): ApiError {
  return new ApiError('limiter_unavailable', {
    message: 'The rate limiter (Redis) did not answer; no request is served unmeasured. Retry shortly.',
    retryAfter: UNAVAILABLE_RETRY_AFTER_S,
  });
}

/**
 * Budgets shared by every node through one Redis (rate-limiter-flexible's RateLimiterRedis on ioredis). Nothing
 * waits on a Redis that is gone: no offline queue (a command while disconnected fails at once), every command
 * bounded by REDIS_COMMAND_TIMEOUT_MS; ioredis reconnects by itself, so serving resumes when Redis is back.
 */
export class RedisRateLimiter implements Limiter {
  readonly shared = true;
  readonly client: Redis;
  private readonly limiters: Record<Scope, RateLimiterRedis>;
  private readonly windows: Record<Scope, BudgetView & { window_seconds: number }>;
  /** Starts down: the first connection is announced like a recovery only if an outage was logged before it. */
  private down = false;

  constructor(url: string, prefix: string, config: Readonly<Record<Scope, BucketConfig>>, log: FastifyBaseLogger) {
    this.client = new Redis(url, {
      enableOfflineQueue: false,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 2000,
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => Math.min(times * 100, RECONNECT_MAX_MS),
    });
    // Logged once per outage (a lost connection or a failed attempt, whichever comes first), not once per request.
    const lost = (reason: string) => {
      if (!this.down) log.error({ reason }, 'rate limiter: Redis unreachable; answering 503 limiter_unavailable until it is back');
      this.down = true;
    };
    this.client.on('error', (err: Error) => lost(err.message));
    this.client.on('close', () => lost('connection closed'));
    this.client.on('ready', () => {
      if (this.down) log.warn('rate limiter: Redis reachable again; serving resumes');
      this.down = false;
    });
    const windows = {} as Record<Scope, BudgetView & { window_seconds: number }>;
    const limiters = {} as Record<Scope, RateLimiterRedis>;
    for (const scope of SCOPES) {
      const w = windowOf(config[scope]);
      windows[scope] = w;
      limiters[scope] = new RateLimiterRedis({
        storeClient: this.client,
        keyPrefix: `${prefix}:${scope}`,
        points: w.capacity,
        duration: w.window_seconds,
        rejectIfRedisNotReady: true,
      });
    }
    this.windows = windows;
    this.limiters = limiters;
  }

  async spend(scope: Scope, subject: string): Promise<Spend> {
    try {
      return this.report(scope, true, await this.limiters[scope].consume(subject, 1));
    } catch (err) {
      // The library rejects with the window's state when it is spent, and with an Error when Redis failed.
      if (err instanceof RateLimiterRes) return this.report(scope, false, err);
      throw unavailable();
    }
  }

  async peek(scope: Scope, subject: string): Promise<Spend> {
    let res: RateLimiterRes | null;
    try {
      res = await this.limiters[scope].get(subject);
    } catch {
      throw unavailable();
    }
    if (!res) return { ok: true, scope, limit: this.windows[scope].capacity, remaining: this.windows[scope].capacity, reset: 0, retryAfter: 0 };
    return this.report(scope, res.remainingPoints > 0, res);
  }

  /**
   * Resolves once connected, or after `withinMs` (start-up waits for this, bounded: a Redis that is down at start
   * leaves the node serving 503 limiter_unavailable rather than not starting).
   */
  connected(withinMs: number): Promise<void> {
    if (this.client.status === 'ready') return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.client.off('ready', done);
        resolve();
      };
      const timer = setTimeout(done, withinMs);
      this.client.once('ready', done);
    });
  }

  async reachable(): Promise<boolean> {
    try {
      return (await this.client.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }

  private report(scope: Scope, ok: boolean, res: RateLimiterRes): Spend {
    const limit = this.windows[scope].capacity;
    // The window is whole again when it ends: that is both when the budget is full and when one more passes.
    const untilEnd = Math.max(0, Math.ceil(res.msBeforeNext / 1000));
    return { ok, scope, limit, remaining: Math.max(0, res.remainingPoints), reset: untilEnd, retryAfter: ok ? 0 : Math.max(1, untilEnd) };
  }
}
