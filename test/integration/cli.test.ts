import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliOn } from '../helpers/cli.js';
import { expectError, TestServer } from '../helpers/server.js';

let s: TestServer;
const cli = (...args: string[]) => cliOn(s, ...args);

beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(() => s.close());

// Each CLI call starts a Node process that compiles the sources: seconds each on a busy 2-core machine.
describe('rampart CLI against the store of a running server', { timeout: 90_000 }, () => {
  it('creates a customer and a sandbox key that works on the server at once', async () => {
    const c = await cli('customers', 'create', '--name', 'Ada');
    expect(c.code, c.stderr).toBe(0);
    expect(c.out).toMatchObject({ name: 'Ada', api_enabled: true });
    const k = await cli('keys', 'create', '--customer', c.out.id, '--env', 'sandbox', '--access', 'trade', '--markets', 'BTC-USD,ETH-USD', '--max-order-usd', '5000');
    expect(k.code, k.stderr).toBe(0);
    expect(k.out.key).toMatch(/^rk_test_[0-9A-Za-z]{32,}$/);
    expect(k.out).toMatchObject({ environment: 'sandbox', access: 'trade', markets: ['BTC-USD', 'ETH-USD'], max_order_usd: '5000', opened_account_id: `SANDBOX-${c.out.number}-1` });
    await s.settle();
    const r = await s.sandboxCall('GET', '/v1/accounts', { key: k.out.key });
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(1);
    expect(r.body.data[0]).toMatchObject({ id: `SANDBOX-${c.out.number}-1`, status: 'active', balance: '100000' });

    const listed = await cli('keys', 'list', '--customer', c.out.id);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.stringify(listed.out)).not.toContain(k.out.key);
    expect(listed.out[0]).not.toHaveProperty('hash');
    expect(listed.out[0].prefix).toBe(k.out.key.slice(0, 12));

    const revoked = await cli('keys', 'revoke', k.out.id);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.out.revoked_at).toBeTypeOf('number');
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: k.out.key }), 401, 'revoked_api_key');
  });

  it('opens a live account from a product and switches API access off', async () => {
    const c = await cli('customers', 'create', '--name', 'Grace');
    const k = await cli('keys', 'create', '--customer', c.out.id, '--env', 'live', '--access', 'read');
    const a = await cli('accounts', 'create', '--customer', c.out.id, '--product', 'funded-100k');
    expect(a.code, a.stderr).toBe(0);
    expect(a.out).toMatchObject({ environment: 'live', stage: 'funded', product: 'funded-100k', balance: '100000' });
    expect(a.out.id).toMatch(/^\d+$/);
    await s.settle();
    const r = await s.liveCall('GET', `/v1/accounts/${a.out.id}`, { key: k.out.key });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('active');

    const off = await cli('customers', 'set', c.out.id, '--api-enabled', 'false');
    expect(off.out.api_enabled).toBe(false);
    expectError(await s.liveCall('GET', '/v1/accounts', { key: k.out.key }), 403, 'api_disabled');
  });

  it('keeps the news calendar: add (ISO or ms), list, remove; refuses a time without its zone and an unknown id', async () => {
    const added = await cli('news', 'add', '--title', 'US CPI', '--at', '2026-03-02T13:30:00Z', '--markets', 'BTC-USD', '--before', '2', '--after', '3');
    expect(added.code, added.stderr).toBe(0);
    const at = Date.parse('2026-03-02T13:30:00Z');
    expect(added.out).toMatchObject({ title: 'US CPI', at, markets: ['BTC-USD'], from: at - 120_000, until: at + 180_000 });
    const listed = await cli('news', 'list', '--from', String(at));
    expect(listed.out.map((n: { id: string }) => n.id)).toEqual([added.out.id]);
    // The running server's operator API reads it from the store.
    expect((await s.admin('GET', '/admin/v1/news')).body.data.map((n: { id: string }) => n.id)).toEqual([added.out.id]);
    const local = await cli('news', 'add', '--title', 'x', '--at', '2026-03-02T13:30:00');
    expect(local.code).not.toBe(0);
    expect(local.stderr).toContain('ISO 8601 time with its zone');
    const removed = await cli('news', 'remove', added.out.id);
    expect(removed.code, removed.stderr).toBe(0);
    const again = await cli('news', 'remove', added.out.id);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('route_not_found');
    expect((await s.admin('GET', '/admin/v1/news')).body.data).toEqual([]);
  });

  it('issues an assistant token that lasts one hour', async () => {
    const c = await cli('customers', 'create', '--name', 'Linus');
    const t = await cli('tokens', 'issue', '--customer', c.out.id, '--env', 'sandbox', '--kind', 'assistant');
    expect(t.code, t.stderr).toBe(0);
    expect(t.out.token).toMatch(/^rat_test_/);
    expect(t.out.expires_at - t.out.created_at).toBe(3_600_000);
    const ok = await s.sandboxCall('GET', '/v1/accounts', { key: t.out.token });
    expect(ok.status).toBe(200);
    const revoked = await cli('tokens', 'revoke', t.out.id);
    expect(revoked.code, revoked.stderr).toBe(0);
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: t.out.token }), 401, 'revoked_token');
  });

  it('refuses bad input with a clear message and exit code 2, changing nothing', async () => {
    const before = await cli('customers', 'list');
    const bad = await cli('keys', 'create', '--customer', before.out[0].id, '--env', 'sandbox', '--access', 'trade', '--markets', 'DOGE-USD');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('invalid_request: unknown markets: DOGE-USD');
    const wrong = await cli('keys', 'create', '--customer', before.out[0].id, '--env', 'moon', '--access', 'trade');
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain('must be one of sandbox, live');
    const keys = await cli('keys', 'list', '--customer', before.out[0].id);
    expect(keys.out).toHaveLength(1);
  });

  it('prints the OpenAPI document', async () => {
    const r = await cli('openapi');
    expect(r.code, r.stderr).toBe(0);
    expect(r.out.openapi).toBe('3.1.0');
    expect(Object.keys(r.out.paths)).toContain('/v1/accounts');
  });
});
