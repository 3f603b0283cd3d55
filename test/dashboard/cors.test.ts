import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_URL, expectError, TestServer } from '../helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(() => s.close());

const preflight = (base: string, origin: string, path = '/v1/accounts') =>
  s.call(base, 'OPTIONS', path, { headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, idempotency-key' } });

describe('CORS on the API hosts for the dashboard', { timeout: 60_000 }, () => {
  it('answers a preflight from the dashboard origin on both hosts, any path', async () => {
    for (const base of [s.url.live, s.url.sandbox]) {
      for (const path of ['/v1/accounts', '/v1/accounts/SANDBOX-1-1/orders', '/v1/nothing']) {
        const r = await preflight(base, DASHBOARD_URL, path);
        expect(r.status).toBe(204);
        expect(r.headers.get('access-control-allow-origin')).toBe(DASHBOARD_URL);
        expect(r.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type, Idempotency-Key, Last-Event-ID');
        expect(r.headers.get('access-control-allow-methods')).toContain('POST');
        expect(r.headers.get('access-control-allow-credentials')).toBeNull();
        expect(r.headers.get('vary')).toMatch(/Origin/);
      }
    }
  });

  it('keeps 405 with Allow for a preflight from another origin, and for an OPTIONS without CORS headers', async () => {
    const other = await preflight(s.url.sandbox, 'https://evil.example');
    expectError(other, 405, 'method_not_allowed', { allow: ['GET', 'HEAD', 'POST'] });
    expect(other.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const plain = await s.call(s.url.sandbox, 'OPTIONS', '/v1/accounts');
    expectError(plain, 405, 'method_not_allowed');
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    // The dashboard's origin without a preflight's request method is no preflight either.
    expectError(await s.call(s.url.sandbox, 'OPTIONS', '/v1/accounts', { headers: { origin: DASHBOARD_URL } }), 405, 'method_not_allowed');
  });

  it('lets the dashboard origin read answers and errors with their headers; another origin gets none', async () => {
    const t = await s.trader();
    const ok = await s.sandboxCall('GET', '/v1/accounts', { key: t.key, headers: { origin: DASHBOARD_URL } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(DASHBOARD_URL);
    expect(ok.headers.get('access-control-expose-headers')).toMatch(/Retry-After.*RateLimit-Remaining/);
    const refused = await s.sandboxCall('GET', '/v1/accounts', { key: 'rk_test_nope', headers: { origin: DASHBOARD_URL } });
    expectError(refused, 401, 'invalid_api_key');
    expect(refused.headers.get('access-control-allow-origin')).toBe(DASHBOARD_URL);
    const other = await s.sandboxCall('GET', '/v1/accounts', { key: t.key, headers: { origin: 'https://evil.example' } });
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the demo user of a new database', { timeout: 60_000 }, () => {
  let b: TestServer;
  beforeAll(async () => {
    b = await TestServer.start({ env: { RAMPART_BOOTSTRAP: '1', RAMPART_DEMO_PASSWORD: 'demo password 123' } });
  });
  afterAll(() => b.close());

  it('belongs to the demo customer and signs in with RAMPART_DEMO_PASSWORD', async () => {
    expect(b.app.bootstrap).toMatchObject({ demo_email: 'demo@rampart.local', demo_password: undefined });
    const r = await b.dashboard().signIn('demo@rampart.local', 'demo password 123');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.customer.id).toBe(b.app.bootstrap!.customer_id);
    expect(r.body.customer.name).toBe('demo');
  });
});
