import { ApiError } from '../errors/api-error.js';

/**
 * Why a time that must lie ahead is refused (after the Clock's now, at most maxAheadMs later), or undefined. Shared
 * by the HTTP check (http/plugins/time-fields.ts) and the operator CLI, which write the same fields.
 */
export function futureTimeFault(field: string, value: number, now: number, maxAheadMs: number): ApiError | undefined {
  if (!Number.isSafeInteger(value) || value <= now) {
    return new ApiError('invalid_request', { message: `${field} must be a time after now (Unix ms, now is ${now})`, details: { field, reason: 'not_in_future', now } });
  }
  if (value > now + maxAheadMs) {
    return new ApiError('invalid_request', {
      message: `${field} must be at most ${maxAheadMs} ms ahead (max_expires_in_ms of GET /v1/limits)`,
      details: { field, reason: 'too_far_ahead', now, max_expires_in_ms: maxAheadMs, latest: now + maxAheadMs },
    });
  }
  return undefined;
}
