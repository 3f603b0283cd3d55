import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODES, errorType, type ErrorCode } from './codes.js';
import specCodes from '../../test/fixtures/spec-error-codes.json' with { type: 'json' };

const SPEC = resolve(import.meta.dirname, '../../../shared/spec/SPEC.md');
/** Codes CONTRACT adds to SPEC's table. */
const ADDED = ['webhook_not_found'];

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

  it('keeps the fixture equal to SPEC when SPEC is beside the project', () => {
    if (!existsSync(SPEC)) return;
    const rows = [...readFileSync(SPEC, 'utf8').matchAll(/^\| ([a-z_]+) \| (\d{3}) \| (.*) \|$/gm)].map((m) => ({
      code: m[1],
      status: Number(m[2]),
      retryable: (m[3] ?? '').includes('retryable'),
    }));
    expect(rows).toEqual(specCodes);
  });

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

  it('documents the codes no route answers yet (limiter_unavailable, temporarily_unavailable)', () => {
    const deviations = readFileSync(resolve(import.meta.dirname, '../../docs/DEVIATIONS.md'), 'utf8');
    for (const code of ['limiter_unavailable', 'temporarily_unavailable'] as const) {
      expect(CODES[code]).toMatchObject({ status: 503, retryable: true });
      expect(deviations).toContain(`\`${code}\``);
    }
  });
});
