import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, T0, TestServer } from '../helpers/server.js';

let s: TestServer;

beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(() => s.close());

describe('operator API', () => {
  it('refuses any request without its bearer token', async () => {
    expectError(await s.call(s.url.admin, 'GET', '/admin/v1/customers'), 401, 'missing_api_key');
    expectError(await s.call(s.url.admin, 'GET', '/admin/v1/customers', { key: 'radm_wrong' }), 401, 'invalid_api_key');
    expectError(await s.call(s.url.admin, 'POST', '/admin/v1/customers', { key: 'rk_test_x', body: { name: 'x' } }), 401, 'invalid_api_key');
    const list = await s.admin('GET', '/admin/v1/customers');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
  });

  it('moves the manual clock forward only', async () => {
    expect((await s.admin('GET', '/admin/v1/clock')).body).toEqual({ kind: 'manual', now: T0 });
    expect((await s.admin('POST', '/admin/v1/clock', { advance_ms: 1500 })).body).toEqual({ now: T0 + 1500 });
    expectError(await s.admin('POST', '/admin/v1/clock', { now: T0 }), 400, 'invalid_request', { now: T0 + 1500 });
    expectError(await s.admin('POST', '/admin/v1/clock', { now: T0, advance_ms: 1 }), 400, 'unknown_field');
  });

  it('validates key fences and changes nothing on a refusal', async () => {
    const c = await s.customer();
    expectError(await s.admin('POST', `/admin/v1/customers/${c.id}/keys`, { environment: 'sandbox', access: 'trade', ip_allowlist: ['not-an-ip'] }), 400, 'invalid_request', { field: 'ip_allowlist' });
    expectError(await s.admin('POST', `/admin/v1/customers/${c.id}/keys`, { environment: 'sandbox', access: 'trade', max_order_usd: 100 }), 400, 'invalid_request');
    expectError(await s.admin('POST', `/admin/v1/customers/${c.id}/keys`, { environment: 'sandbox', access: 'admin' }), 400, 'invalid_request');
    expectError(await s.admin('POST', `/admin/v1/customers/${c.id}/keys`, { environment: 'sandbox', access: 'read', expires_at: T0 - 1 }), 400, 'invalid_request', { field: 'expires_at' });
    expectError(await s.admin('POST', '/admin/v1/customers/cus_nobody/keys', { environment: 'sandbox', access: 'read' }), 404, 'route_not_found');
    expect((await s.admin('GET', `/admin/v1/customers/${c.id}/keys`)).body.data).toEqual([]);
  });

  it('suspends and closes accounts: account_not_tradable with the reason, readable still', async () => {
    const t = await s.trader();
    const r = await s.admin('PATCH', `/admin/v1/accounts/${t.accountId}`, { status: 'suspended' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: t.accountId, status: 'suspended', status_reason: 'suspended' });
    const read = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}`, { key: t.key });
    expect(read.body.status).toBe('suspended');
    expect((await s.admin('PATCH', `/admin/v1/accounts/${t.accountId}`, { status: 'active' })).body.status).toBe('active');
    expectError(await s.admin('PATCH', '/admin/v1/accounts/NOPE', { status: 'closed' }), 404, 'account_not_found');
  });

  it('answers 404 for unknown operator routes with the envelope', async () => {
    expectError(await s.admin('GET', '/admin/v1/nothing'), 404, 'route_not_found');
  });
});
