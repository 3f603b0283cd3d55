import { PrivateTargetError } from './webhook-target.js';

/**
 * Why a webhook attempt failed, as the customer sees it in the delivery log: a class, never the socket error. A raw
 * error names addresses, ports and resolver answers of the network the server sits in — shown to whoever registered
 * the endpoint, it made the delivery log a port scanner. The raw error goes to the operator's log only.
 *
 * - `connection_failed`: no answer — the name did not resolve, the connection was refused or reset, TLS failed, or
 *   the attempt was cut off as the node stopped;
 * - `timeout`: no connection, answer or body within the delivery timeout;
 * - `private_address`: the target is, or its name resolved to, a private or loopback address: not connected to;
 * - `signing_failed`: the endpoint's secret could not be opened to sign (the operator's key, not the receiver);
 * - `http_<status>`: the receiver answered something other than 2xx (a 3xx too: redirects are not followed).
 */
export type FailureClass = 'connection_failed' | 'timeout' | 'private_address' | 'signing_failed' | `http_${number}`;

/** Our own deadline for an attempt (the AbortSignal's reason). */
export class AttemptTimeout extends Error {
  override readonly name = 'AttemptTimeout';
}

/** The endpoint's signing secret does not open with the secrets key. */
export class SigningError extends Error {
  override readonly name = 'SigningError';
}

/** undici's and Node's own timeouts (connect, headers, body; a socket timing out). */
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

export const httpFailure = (status: number): FailureClass => `http_${status}`;

/** The class of an attempt that ended without a status (an error anywhere along its cause chain decides). */
export function failureClass(err: unknown): FailureClass {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof PrivateTargetError) return 'private_address';
    if (e instanceof AttemptTimeout) return 'timeout';
    if (e instanceof SigningError) return 'signing_failed';
    if (TIMEOUT_CODES.has((e as NodeJS.ErrnoException).code ?? '')) return 'timeout';
  }
  return 'connection_failed';
}

const CLASS = /^(connection_failed|timeout|private_address|signing_failed|http_[1-5]\d\d)$/;

/**
 * The attempt's error as the delivery log shows it. Attempts recorded before errors were classes hold the raw text
 * (`HTTP 500`, `ECONNREFUSED: connect ECONNREFUSED 10.0.0.7:5432`, …): they are shown as their class too.
 */
export function shownFailure(stored: string | null): string | null {
  if (stored === null || CLASS.test(stored)) return stored;
  const http = /^HTTP ([1-5]\d\d)$/.exec(stored);
  if (http) return `http_${http[1]}`;
  if (stored.startsWith('PrivateTargetError')) return 'private_address';
  if (stored === 'the delivery could not be signed' || stored.startsWith('Error: the delivery could not be signed')) return 'signing_failed';
  if (/timeout|timed out|no answer within/i.test(stored)) return 'timeout';
  return 'connection_failed';
}
