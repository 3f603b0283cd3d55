import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, TestServer } from '../helpers/server.js';

/** URL limits and shape (CONTRACT §5): a path over 8 KiB is 414 like a query; a trailing slash changes nothing. */

let s: TestServer;
let t: { key: string; accountId: string };

beforeAll(async () => {
  s = await TestServer.start();
  t = await s.trader();
});
afterAll(() => s.close());

describe('URL length', () => {
  it('answers 414 uri_too_long to a path over 8 KiB, a long path parameter included', async () => {
    expectError(await s.sandboxCall('GET', `/v1/accounts/${'a'.repeat(9000)}`, { key: t.key }), 414, 'uri_too_long', { max_bytes: 8192 });
    expectError(await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders/${'o'.repeat(9000)}`, { key: t.key }), 414, 'uri_too_long', { max_bytes: 8192 });
    expectError(await s.sandboxCall('GET', `/v1/${'x'.repeat(9000)}`, { key: t.key }), 414, 'uri_too_long', { max_bytes: 8192 });
  });

  it('answers 414 before authentication, as for a long query', async () => {
    expectError(await s.sandboxCall('GET', `/v1/accounts/${'a'.repeat(9000)}`), 414, 'uri_too_long');
  });

  it('answers 414 on the operator listener too, before its token is looked at', async () => {
    expectError(await s.call(s.url.admin, 'GET', `/admin/v1/customers/${'c'.repeat(9000)}/keys`), 414, 'uri_too_long', { max_bytes: 8192 });
    expectError(await s.admin('GET', `/admin/v1/customers?x=${'q'.repeat(9000)}`), 414, 'uri_too_long', { max_bytes: 8192 });
  });

  it('takes a long parameter under the URL limit to the route, which says what is wrong with it', async () => {
    const r = await s.sandboxCall('GET', `/v1/accounts/${'a'.repeat(2000)}`, { key: t.key });
    expectError(r, 400, 'invalid_parameter', { parameter: 'account_id' });
  });
});

describe('trailing slash', () => {
  it('answers GET /v1/accounts/ as GET /v1/accounts', async () => {
    const plain = await s.sandboxCall('GET', '/v1/accounts', { key: t.key });
    const slash = await s.sandboxCall('GET', '/v1/accounts/', { key: t.key });
    expect(slash.status, JSON.stringify(slash.body)).toBe(200);
    expect(slash.body).toEqual(plain.body);
  });

  it('answers a resource path with a trailing slash as without it', async () => {
    const slash = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/`, { key: t.key });
    expect(slash.status, JSON.stringify(slash.body)).toBe(200);
    expect(slash.body.id).toBe(t.accountId);
    const market = await s.sandboxCall('GET', '/v1/markets/BTC-USD/', { key: t.key });
    expect(market.status).toBe(200);
    expect(market.body.id).toBe('BTC-USD');
  });

  it('keeps 405 with Allow and 404 for paths with a trailing slash', async () => {
    const wrong = await s.sandboxCall('DELETE', `/v1/accounts/${t.accountId}/`, { key: t.key });
    expectError(wrong, 405, 'method_not_allowed');
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
    const list = await s.sandboxCall('PUT', '/v1/accounts/', { key: t.key });
    expectError(list, 405, 'method_not_allowed');
    expect(list.headers.get('allow')).toContain('POST');
    expectError(await s.sandboxCall('GET', '/v1/nowhere/', { key: t.key }), 404, 'route_not_found');
  });

  it('lists each path once in the OpenAPI document, without trailing slashes', async () => {
    const r = await s.sandboxCall('GET', '/v1/openapi.json/');
    expect(r.status).toBe(200);
    const paths = Object.keys(r.body.paths as Record<string, unknown>);
    expect(paths).toContain('/v1/accounts');
    expect(paths.filter((p) => p.endsWith('/'))).toEqual([]);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
