// When to try a request again and how long to wait first: exponential backoff with jitter, and never sooner than
// the server's Retry-After.

export interface RetryPolicy {
  /** Retries after the first attempt (default 2). */
  maxRetries: number;
  /** The first backoff in ms (default 500), doubled per retry. */
  initialDelayMs: number;
  /** Cap of the backoff in ms (default 8000). */
  maxDelayMs: number;
  /** A Retry-After longer than this (ms, default 60 000) is not waited for: the error is thrown instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 2, initialDelayMs: 500, maxDelayMs: 8000, maxRetryAfterMs: 60_000 };

/**
 * The wait before retry number `retry` (1-based): the backoff doubles from initialDelayMs up to maxDelayMs, with up
 * to a quarter taken off at random (so clients refused together do not come back together), and never less than
 * Retry-After. Undefined when Retry-After asks for longer than the policy waits.
 */
export function retryDelay(policy: RetryPolicy, retry: number, retryAfterSeconds: number | undefined, random: () => number = Math.random): number | undefined {
  const backoff = Math.min(policy.initialDelayMs * 2 ** (retry - 1), policy.maxDelayMs);
  const jittered = Math.round(backoff * (1 - 0.25 * random()));
  if (retryAfterSeconds === undefined) return jittered;
  const asked = retryAfterSeconds * 1000;
  if (asked > policy.maxRetryAfterMs) return undefined;
  return Math.max(jittered, asked);
}

/** Methods a repeat cannot do twice (HTTP semantics): a network failure on them may be retried. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

export function safeToRepeat(method: string, idempotencyKey: string | undefined): boolean {
  return IDEMPOTENT_METHODS.has(method) || idempotencyKey !== undefined;
}

/** The standard sleep; tests give their own (RampartOptions.sleep) to move a manual clock instead of waiting. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
