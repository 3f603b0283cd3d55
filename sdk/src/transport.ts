// One request to Rampart, with what every call needs: the credential, an Idempotency-Key kept across retries, a
// timeout per attempt, retries of retryable answers, and the error class of a refusal.
import { errorFromAnswer, RampartConnectionError, RampartTimeoutError, type RampartError } from './errors.js';
import { OPERATIONS } from './generated/operations.js';
import { newIdempotencyKey } from './ids.js';
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

/**
 * Where the Bearer credential comes from when it is not one fixed string: a short-lived token asked for when needed
 * (the dashboard's, which its session hands out). `renew` is told when the API refused the one given as expired,
 * revoked or unknown: the next `bearer()` brings a new one, and the call is tried once more with it.
 */
export interface TokenSource {
  bearer(): string | Promise<string>;
  renew?(): void;
}

/** The refusals a renewed token may cure (nothing was done: the request was not authenticated). */
const STALE_TOKEN = new Set(['expired_token', 'revoked_token', 'invalid_token']);

/** Whether an error is the API refusing a token that a renewed one may replace. */
export function isStaleToken(err: unknown): boolean {
  const e = err as RampartError | undefined;
  return e instanceof Error && (e as RampartError).status === 401 && STALE_TOKEN.has((e as RampartError).code);
}

export interface TransportConfig {
  baseUrl: string;
  token: string | TokenSource;
  /** The User-Agent sent (null: none, as in a browser, which sends its own). */
  userAgent?: string | null;
  timeoutMs: number;
  retry: RetryPolicy;
  fetch: typeof fetch;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  headers: Record<string, string>;
}

export interface CallInput {
  path?: Record<string, string> | undefined;
  query?: object | undefined;
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
    return this.request(spec.method, spec.path, input, { ...options, idempotent: spec.idempotencyKey }) as Promise<Result<K>>;
  }

  /**
   * Calls a route by method and path (a template filled from `input.path`, or a path as is): what `call` does for
   * an operation, for a caller that names routes by their path (the dashboard). `idempotent`: the route takes an
   * Idempotency-Key, made here unless `idempotencyKey` gives one.
   */
  async request(method: string, path: string, input: CallInput = {}, options: RequestOptions & { idempotent?: boolean } = {}): Promise<unknown> {
    const url = buildUrl(this.config.baseUrl, path, input.path, input.query);
    // One key for the whole call: a retry after a lost answer must be recognized as the same request.
    const idempotencyKey = options.idempotencyKey ?? (options.idempotent ? newIdempotencyKey() : undefined);
    let renewed = false;
    const body = input.body !== undefined ? JSON.stringify(input.body) : undefined;
    const maxRetries = options.maxRetries ?? this.config.retry.maxRetries;
    const timeoutMs = options.timeoutMs ?? this.config.timeoutMs;
    for (let attempt = 0; ; attempt++) {
      const headers: Record<string, string> = { ...(await this.headers()), ...options.headers };
      if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
      if (body !== undefined) headers['content-type'] = 'application/json';
      let res: Response;
      let text: string;
      try {
        ({ res, text } = await this.attempt(url, { method, headers, ...(body !== undefined ? { body } : {}) }, timeoutMs, options.signal));
      } catch (err) {
        if (options.signal?.aborted || !(err instanceof RampartConnectionError)) throw err;
        // No answer: the request may or may not have been done, so only a request safe to repeat is repeated.
        if (attempt >= maxRetries || !safeToRepeat(method, idempotencyKey)) throw err;
        await this.config.sleep(retryDelay(this.config.retry, attempt + 1, undefined)!, options.signal);
        continue;
      }
      const parsed = parse(text);
      if (res.ok) return parsed;
      const error = errorFromAnswer(res.status, parsed, res.headers);
      // A token that went stale is replaced once, and the same request (same key) sent again with the new one.
      if (isStaleToken(error) && !renewed && this.renew()) {
        renewed = true;
        attempt--;
        continue;
      }
      const delay = attempt < maxRetries && this.retryable(error, method, idempotencyKey) ? retryDelay(this.config.retry, attempt + 1, error.retryAfter) : undefined;
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
  async headers(): Promise<Record<string, string>> {
    const token = typeof this.config.token === 'string' ? this.config.token : await this.config.token.bearer();
    const ua = this.config.userAgent === undefined ? `rampart-sdk-node/${SDK_VERSION}` : this.config.userAgent;
    return { authorization: `Bearer ${token}`, accept: 'application/json', ...(ua === null ? {} : { 'user-agent': ua }), ...this.config.headers };
  }

  /** The API refused the credential as stale: a token source brings a new one next time (a fixed key cannot). */
  renew(): boolean {
    if (typeof this.config.token === 'string' || !this.config.token.renew) return false;
    this.config.token.renew();
    return true;
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
