import { CODES, type ErrorCode } from './codes.js';

export type Details = Record<string, unknown>;

/** A refusal the API answers with its envelope. Thrown only across the HTTP boundary; the engine returns values. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: Details | undefined;
  /** Seconds for Retry-After when the default of the code does not fit (rate limits). */
  readonly retryAfter: number | undefined;
  /** Extra headers the answer carries (Allow on a 405). */
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    options: { message?: string; details?: Details; retryAfter?: number; headers?: Record<string, string> } = {},
  ) {
    super(options.message ?? CODES[code].message);
    this.name = 'ApiError';
    this.code = code;
    this.details = options.details;
    this.retryAfter = options.retryAfter;
    this.headers = options.headers;
  }

  get status(): number {
    return CODES[this.code].status;
  }
}

/** A refusal as a value, for domain code that must not throw (STYLE: expected refusals are values). */
export interface Rejection {
  readonly code: ErrorCode;
  readonly message?: string;
  readonly details?: Details;
}

export function rejectionToError(r: Rejection): ApiError {
  return new ApiError(r.code, {
    ...(r.message !== undefined ? { message: r.message } : {}),
    ...(r.details !== undefined ? { details: r.details } : {}),
  });
}
