// One request to Rampart, with what every call needs: the credential, an Idempotency-Key kept across retries, a
// timeout per attempt, retries of retryable answers, and the error class of a refusal.
import { randomUUID } from 'node:crypto';
import { errorFromAnswer, RampartConnectionError, RampartTimeoutError, type RampartError } from './errors.js';
import { OPERATIONS } from './generated/operations.js';
import { DEFAULT_RETRY, retryDelay, safeToRepeat, sleep as realSleep, type RetryPolicy } from './retry.js';
import type { OperationId, Result } from './types.js';

export const SDK_VERSION = '0.1.0';

/** Per-call options, the last argument of every method. */
export interface RequestOptions {
  /** Your own Idempotency-Key (1 to 128 printable ASCII); by default a random UUID on calls that take one. */
  idempotencyKey?: string;
  /** Overrides the client's maxRetries for this call. */
  maxRetries?: number;
  /** Overrides the client's timeoutMs for this call (per attempt). */
  timeoutMs?: number;
  /** Aborts the call (and any wait before a retry). */
  signal?: AbortSignal;
  /** Extra headers. */
  headers?: Record<string, string>;
}

export interface TransportConfig {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  retry: RetryPolicy;
  fetch: typeof fetch;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  headers: Record<string, string>;
}

export interface CallInput {
  path?: Record<string, string>;
  query?: object;
  body?: unknown;
}

/** Fills the path template and appends the query (absent values left out; arrays repeated). */
export function buildUrl(baseUrl: string, template: string, path: Record<string, string> = {}, query: object = {}): string {
  const filled = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = path[name];
    if (v === undefined || v === '') throw new TypeError(`missing path parameter ${name}`);
    return encodeURIComponent(v);
  });
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) qs.append(k, String(item));
  }
  const q = qs.toString();
  return `${baseUrl.replace(/\/+$/, '')}${filled}${q ? `?${q}` : ''}`;
}

export class Transport {
  constructor(readonly config: TransportConfig) {}

  /** Calls an operation; resolves with its answer's JSON, or throws a RampartError (or a connection error). */
  async call<K extends OperationId>(operationId: K, input: CallInput = {}, options: RequestOptions = {}): Promise<Result<K>> {
    const spec = OPERATIONS[operationId];
    const url = buildUrl(this.config.baseUrl, spec.path, input.path, input.query);
    // One key for the whole call: a retry after a lost answer must be recognized as the same request.
    const idempotencyKey = options.idempotencyKey ?? (spec.idempotencyKey ? randomUUID() : undefined);
    const headers: Record<string, string> = { ...this.headers(), ...options.headers };
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    let body: string | undefined;
    if (input.body !== undefined) {
      body = JSON.stringify(input.body);
      headers['content-type'] = 'application/json';
    }
    const maxRetries = options.maxRetries ?? this.config.retry.maxRetries;
    const timeoutMs = options.timeoutMs ?? this.config.timeoutMs;
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      let text: string;
      try {
        ({ res, text } = await this.attempt(url, { method: spec.method, headers, ...(body !== undefined ? { body } : {}) }, timeoutMs, options.signal));
      } catch (err) {
        if (options.signal?.aborted || !(err instanceof RampartConnectionError)) throw err;
        // No answer: the request may or may not have been done, so only a request safe to repeat is repeated.
        if (attempt >= maxRetries || !safeToRepeat(spec.method, idempotencyKey)) throw err;
        await this.config.sleep(retryDelay(this.config.retry, attempt + 1, undefined)!, options.signal);
        continue;
      }
      const parsed = parse(text);
      if (res.ok) return parsed as Result<K>;
      const error = errorFromAnswer(res.status, parsed, res.headers);
      const delay = attempt < maxRetries && this.retryable(error, spec.method, idempotencyKey) ? retryDelay(this.config.retry, attempt + 1, error.retryAfter) : undefined;
      if (delay === undefined) throw error;
      await this.config.sleep(delay, options.signal);
    }
  }

  /**
   * A retryable answer is retried when repeating cannot do the work twice: the method is idempotent or the
   * Idempotency-Key makes it so, or the answer says nothing was done (429 and 503 refuse before any work).
   */
  private retryable(error: RampartError, method: string, idempotencyKey: string | undefined): boolean {
    if (!error.retryable) return false;
    return safeToRepeat(method, idempotencyKey) || error.status === 429 || error.status === 503;
  }

  /** The headers of every request: the credential, what is accepted, who asks. */
  headers(): Record<string, string> {
    return { authorization: `Bearer ${this.config.token}`, accept: 'application/json', 'user-agent': `rampart-sdk-node/${SDK_VERSION}`, ...this.config.headers };
  }

  /** One attempt, its answer read whole within the timeout. */
  private async attempt(url: string, init: RequestInit, timeoutMs: number, signal: AbortSignal | undefined): Promise<{ res: Response; text: string }> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new RampartTimeoutError(`no answer within ${timeoutMs} ms`)), timeoutMs);
    const both = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
    try {
      const res = await this.config.fetch(url, { ...init, signal: both });
      return { res, text: await res.text() };
    } catch (err) {
      if (signal?.aborted) throw signal.reason ?? err;
      if (timeout.signal.aborted) throw timeout.signal.reason as RampartTimeoutError;
      throw new RampartConnectionError(`request to ${new URL(url).origin} failed: ${(err as Error).message}`, { cause: err });
    } finally {
      clearTimeout(timer);
    }
  }
}

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function defaultTransportConfig(): Pick<TransportConfig, 'timeoutMs' | 'retry' | 'sleep' | 'headers'> {
  return { timeoutMs: 30_000, retry: { ...DEFAULT_RETRY }, sleep: realSleep, headers: {} };
}
