import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODES, errorType, type ErrorCode } from './codes.js';
import specCodes from '../../test/fixtures/spec-error-codes.json' with { type: 'json' };

/** SPEC beside the project; RAMPART_SPEC_PATH names another copy. */
const SPEC = process.env.RAMPART_SPEC_PATH ?? resolve(import.meta.dirname, '../../../shared/spec/SPEC.md');
/** The rows of SPEC's error table: code, status, retryable. */
function specRows(text: string): { code: string | undefined; status: number; retryable: boolean }[] {
  return [...text.matchAll(/^\| ([a-z_]+) \| (\d{3}) \| (.*) \|$/gm)].map((m) => ({
    code: m[1],
    status: Number(m[2]),
    retryable: (m[3] ?? '').includes('retryable'),
  }));
}

/** Codes CONTRACT adds to SPEC's table. */
const ADDED = [
  'webhook_not_found',
  // Signals (docs/SIGNALS.md).
  'signal_not_found',
  'signal_expired',
  // The dashboard's session routes (docs/DASHBOARD.md).
  'session_required',
  'invalid_credentials',
  'csrf_failed',
  'signup_closed',
  'invalid_invitation',
  'weak_password',
  'too_many_attempts',
  'email_code_required',
  'invalid_email_code',
  // The internal listener (node to node).
  'invalid_node_signature',
  // The OAuth consent routes (docs/OAUTH.md).
  'authorization_request_not_yours',
];

describe('error catalogue', () => {
  it('holds every code of SPEC with its status and retryability, and only those (plus CONTRACT additions)', () => {
    for (const s of specCodes) {
      const info = CODES[s.code as ErrorCode];
      expect(info, s.code).toBeDefined();
      expect(info.status, s.code).toBe(s.status);
      expect(info.retryable, s.code).toBe(s.retryable);
    }
    const extra = Object.keys(CODES).filter((c) => !specCodes.some((s) => s.code === c));
    expect(extra.sort()).toEqual([...ADDED].sort());
  });

  // SPEC lives beside the project (../shared). Without it the catalogue is still compared with the fixture above;
  // in CI its absence fails the run, elsewhere the skipped test's name says what was not compared.
  const specPresent = existsSync(SPEC);
  const inCi = /^(1|true)$/i.test(process.env.CI ?? '');
  if (!specPresent && !inCi) console.warn(`SPEC.md not found at ${SPEC}: the error catalogue is compared with test/fixtures/spec-error-codes.json only.`);

  it('finds SPEC beside the project in CI (CI=true)', () => {
    if (inCi) expect(specPresent, `SPEC.md must be at ${SPEC} in CI`).toBe(true);
  });

  it.skipIf(!specPresent)(
    specPresent ? 'keeps the fixture equal to the table of SPEC' : `keeps the fixture equal to SPEC — NOT COMPARED: ${SPEC} is missing (fixture used)`,
    () => {
      expect(specRows(readFileSync(SPEC, 'utf8'))).toEqual(specCodes);
    },
  );

  it('gives each status its type, with the engine 503s apart', () => {
    expect(errorType('invalid_json')).toBe('invalid_request');
    expect(errorType('method_not_allowed')).toBe('invalid_request');
    expect(errorType('missing_api_key')).toBe('authentication');
    expect(errorType('ip_not_allowed')).toBe('permission');
    expect(errorType('account_not_found')).toBe('not_found');
    expect(errorType('client_order_id_conflict')).toBe('conflict');
    expect(errorType('key_reduce_only')).toBe('rule_rejection');
    expect(errorType('rate_limited')).toBe('rate_limit');
    expect(errorType('internal_error')).toBe('server');
    expect(errorType('engine_busy')).toBe('engine');
    expect(errorType('stale_quote')).toBe('engine');
    expect(errorType('capacity')).toBe('server');
  });

  it('documents the code no route answers yet (temporarily_unavailable) and when limiter_unavailable is answered', () => {
    const deviations = readFileSync(resolve(import.meta.dirname, '../../docs/DEVIATIONS.md'), 'utf8');
    for (const code of ['limiter_unavailable', 'temporarily_unavailable'] as const) {
      expect(CODES[code]).toMatchObject({ status: 503, retryable: true });
      expect(deviations).toContain(`\`${code}\``);
    }
  });
});
