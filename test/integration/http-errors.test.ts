import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, TestServer } from '../helpers/server.js';

let s: TestServer;
let key: string;

beforeAll(async () => {
  s = await TestServer.start();
  key = (await s.trader()).key;
});
afterAll(() => s.close());

describe('one error path for every failure', () => {
  it('answers route_not_found for an unknown path', async () => {
    const r = await s.sandboxCall('GET', '/v1/nothing-here', { key });
    expectError(r, 404, 'route_not_found', { path: '/v1/nothing-here' });
    expect(r.body.error.type).toBe('not_found');
  });

  it('answers method_not_allowed with Allow for a known path', async () => {
    const r = await s.sandboxCall('DELETE', '/v1/markets', { key });
    expectError(r, 405, 'method_not_allowed');
    expect(r.headers.get('allow')).toBe('GET, HEAD');
    expect(r.body.error.type).toBe('invalid_request');
  });

  it('answers 405 for opening an account on the live host (sandbox only)', async () => {
    const r = await s.liveCall('POST', '/v1/accounts', { key, idempotencyKey: 'x' });
    expectError(r, 405, 'method_not_allowed');
    expect(r.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers payload_too_large for a body over 64 KiB', async () => {
    const r = await s.sandboxCall('POST', '/v1/accounts', { key, idempotencyKey: 'big', raw: JSON.stringify({ product: 'x'.repeat(70_000) }) });
    expectError(r, 413, 'payload_too_large', { max_bytes: 65536 });
  });

  it('answers uri_too_long for a URL over 8 KiB', async () => {
    const r = await s.sandboxCall('GET', `/v1/markets?${'a'.repeat(9000)}=1`, { key });
    expectError(r, 414, 'uri_too_long', { max_bytes: 8192 });
  });

  it('answers unsupported_media_type for a body that is not JSON', async () => {
    const r = await s.sandboxCall('POST', '/v1/accounts', { key, idempotencyKey: 'm1', raw: 'product=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expectError(r, 415, 'unsupported_media_type');
  });

  it('answers invalid_json for a body that does not parse', async () => {
    const r = await s.sandboxCall('POST', '/v1/accounts', { key, idempotencyKey: 'j1', raw: '{"product":' });
    expectError(r, 400, 'invalid_json');
  });

  it('answers invalid_json for nesting deeper than 32', async () => {
    const deep = `${'['.repeat(40)}${']'.repeat(40)}`;
    const r = await s.sandboxCall('POST', '/v1/accounts', { key, idempotencyKey: 'j2', raw: `{"product":${deep}}` });
    expectError(r, 400, 'invalid_json', { max_depth: 32 });
  });

  it('answers invalid_json for a __proto__ key', async () => {
    const r = await s.sandboxCall('POST', '/v1/accounts', { key, idempotencyKey: 'j3', raw: '{"__proto__":{"admin":true}}' });
    expectError(r, 400, 'invalid_json');
  });

  it('refuses unknown body fields instead of stripping them', async () => {
    const r = await s.sandboxCall('POST', '/v1/accounts', { key, idempotencyKey: 'u1', body: { product: 'evaluation-50k', colour: 'red' } });
    expectError(r, 400, 'unknown_field', { fields: ['colour'] });
    const list = await s.sandboxCall('GET', '/v1/accounts', { key });
    expect(list.body.data).toHaveLength(1);
  });

  it('refuses a JSON number where a string belongs, without coercing', async () => {
    const r = await s.sandboxCall('POST', '/v1/accounts', { key, idempotencyKey: 'n1', body: { product: 5 } });
    expectError(r, 400, 'invalid_request', { field: 'product' });
  });

  it('refuses unknown and repeated query parameters', async () => {
    expectError(await s.sandboxCall('GET', '/v1/accounts?colour=red', { key }), 400, 'unknown_field', { fields: ['colour'] });
    expectError(await s.sandboxCall('GET', '/v1/accounts?limit=5&limit=6', { key }), 400, 'unknown_field', { fields: ['limit'] });
  });

  it('answers invalid_parameter for a parameter out of range', async () => {
    expectError(await s.sandboxCall('GET', '/v1/accounts?limit=0', { key }), 400, 'invalid_parameter', { parameter: 'limit' });
    expectError(await s.sandboxCall('GET', '/v1/accounts?limit=abc', { key }), 400, 'invalid_parameter');
    expectError(await s.sandboxCall('GET', '/v1/accounts?limit=1001', { key }), 400, 'invalid_parameter');
  });

  it('answers internal_error without leaking a stack', async () => {
    await s.fault({ kind: 'store_error', enabled: true });
    const r = await s.sandboxCall('GET', '/v1/accounts', { key });
    await s.fault({ kind: 'clear' });
    expectError(r, 500, 'internal_error');
    expect(JSON.stringify(r.body)).not.toMatch(/at .*\.ts|Error:/);
    expect(r.body.error.retryable).toBe(true);
  });

  it('answers state_unavailable when the store fails', async () => {
    await s.fault({ kind: 'store_failing', enabled: true });
    const r = await s.sandboxCall('GET', '/v1/accounts', { key });
    await s.fault({ kind: 'clear' });
    expectError(r, 503, 'state_unavailable');
    expect(r.body.error.type).toBe('engine');
  });

  it('puts X-Request-Id on successful answers too', async () => {
    const r = await s.sandboxCall('GET', '/v1/markets', { key });
    expect(r.status).toBe(200);
    expect(r.headers.get('x-request-id')).toMatch(/^req_/);
  });
});
