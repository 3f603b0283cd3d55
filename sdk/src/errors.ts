// Errors: one class per error `type` of Rampart's envelope, all under RampartError, so a caller catches broadly
// (RampartError), by kind (RuleRejectionError) or by `code` (narrowed to the catalogue's codes).
import type { ErrorCode, ErrorDetails, ErrorType } from './types.js';

/** The `error` object of Rampart's envelope, as the server writes it. */
export interface ErrorBody {
  type: ErrorType;
  code: ErrorCode;
  message: string;
  request_id: string;
  retryable: boolean;
  doc_url: string;
  details?: Record<string, unknown>;
}

/** An answer of Rampart refusing the request (any non-2xx). */
export class RampartError extends Error {
  override readonly name: string = 'RampartError';
  /** HTTP status of the answer. */
  readonly status: number;
  readonly code: ErrorCode;
  readonly type: ErrorType;
  /** The request's id (also the X-Request-Id header): quote it to support. */
  readonly requestId: string | undefined;
  /** True when the same request may succeed later (the client already retried it, up to maxRetries). */
  readonly retryable: boolean;
  /** Code-specific facts: `nearest` sizes, the rate limit's `scope`, the margin `required`… (decimals as strings). */
  readonly details: Record<string, unknown>;
  readonly docUrl: string | undefined;
  /** Seconds the server asked to wait (Retry-After), when it said. */
  readonly retryAfter: number | undefined;
  /** The answer's headers. */
  readonly headers: Headers;

  constructor(status: number, body: ErrorBody, headers: Headers) {
    super(body.message);
    this.status = status;
    this.code = body.code;
    this.type = body.type;
    this.requestId = body.request_id || headers.get('x-request-id') || undefined;
    this.retryable = body.retryable;
    this.details = body.details ?? {};
    this.docUrl = body.doc_url;
    this.retryAfter = retryAfterSeconds(headers);
    this.headers = headers;
  }

  /** Whether it is this code; if so, `details` is typed as the document gives that code's details. */
  is<C extends ErrorCode>(code: C): this is this & { code: C; details: ErrorDetails<C> } {
    return this.code === code;
  }
}

/** 400: malformed request, bad parameter, size or price off the market's steps. */
export class InvalidRequestError extends RampartError {
  override readonly name = 'InvalidRequestError';
}
/** 401: missing, unknown, expired or revoked key or token, or the other environment's. */
export class AuthenticationError extends RampartError {
  override readonly name = 'AuthenticationError';
}
/** 403: a read key trading, an address off the allowlist, API access off. */
export class PermissionError extends RampartError {
  override readonly name = 'PermissionError';
}
/** 404: account, order, position, market or webhook not found (or not reachable by this key). */
export class NotFoundError extends RampartError {
  override readonly name = 'NotFoundError';
}
/** 409: the state does not allow it now (order no longer working, Idempotency-Key still running…). */
export class ConflictError extends RampartError {
  override readonly name = 'ConflictError';
}
/** 422: a trading rule refused it (margin, price band, key fences, market closed…). */
export class RuleRejectionError extends RampartError {
  override readonly name = 'RuleRejectionError';
}
/** 429: a request budget is used up; `retryAfter` says when it refills. */
export class RateLimitError extends RampartError {
  override readonly name = 'RateLimitError';
}
/** 500 and the service's 503s. */
export class ServerError extends RampartError {
  override readonly name = 'ServerError';
}
/** 503 from the engine: busy, no price yet, stale quote, no answer in time. */
export class EngineError extends RampartError {
  override readonly name = 'EngineError';
}

const CLASSES: Record<ErrorType, new (status: number, body: ErrorBody, headers: Headers) => RampartError> = {
  invalid_request: InvalidRequestError,
  authentication: AuthenticationError,
  permission: PermissionError,
  not_found: NotFoundError,
  conflict: ConflictError,
  rule_rejection: RuleRejectionError,
  rate_limit: RateLimitError,
  server: ServerError,
  engine: EngineError,
};

/** The request never got an answer: the connection failed or the timeout passed. */
export class RampartConnectionError extends Error {
  override readonly name: string = 'RampartConnectionError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
export class RampartTimeoutError extends RampartConnectionError {
  override readonly name = 'RampartTimeoutError';
}

/** What the status alone says, for an answer without Rampart's envelope (a proxy's page, say). */
function bare(status: number): Pick<ErrorBody, 'type' | 'code' | 'retryable'> {
  if (status === 401) return { type: 'authentication', code: 'invalid_api_key', retryable: false };
  if (status === 403) return { type: 'permission', code: 'insufficient_permission', retryable: false };
  if (status === 404) return { type: 'not_found', code: 'route_not_found', retryable: false };
  if (status === 429) return { type: 'rate_limit', code: 'rate_limited', retryable: true };
  if (status === 503 || status === 502 || status === 504) return { type: 'server', code: 'temporarily_unavailable', retryable: true };
  if (status >= 500) return { type: 'server', code: 'internal_error', retryable: true };
  return { type: 'invalid_request', code: 'invalid_request', retryable: false };
}

function isEnvelope(v: unknown): v is { error: ErrorBody } {
  const e = (v as { error?: Partial<ErrorBody> } | null)?.error;
  return typeof e === 'object' && e !== null && typeof e.code === 'string' && typeof e.type === 'string';
}

/** The error for a non-2xx answer and its parsed body (undefined when it was not JSON). */
export function errorFromAnswer(status: number, body: unknown, headers: Headers): RampartError {
  if (isEnvelope(body)) {
    const Class = CLASSES[body.error.type] ?? RampartError;
    return new Class(status, body.error, headers);
  }
  const b = bare(status);
  const Class = CLASSES[b.type];
  const requestId = headers.get('x-request-id') ?? '';
  return new Class(status, { ...b, message: `HTTP ${status} without an error body`, request_id: requestId, doc_url: '' }, headers);
}

/** Retry-After in seconds (delta-seconds, or an HTTP date read against `now`). */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const v = headers.get('retry-after');
  if (v === null || v.trim() === '') return undefined;
  if (/^\d+$/.test(v.trim())) return Number(v.trim());
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
