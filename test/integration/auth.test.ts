import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, LIVE_URL, SANDBOX_URL, TestServer, type Answer } from '../helpers/server.js';

let s: TestServer;

beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(() => s.close());

const LIVE_HOST = 'live.rampart.test';
const SANDBOX_HOST = 'sandbox.rampart.test';
/** Well-formed (matches the key/token formats) but never issued. */
const UNKNOWN_KEY = `rk_test_${'A'.repeat(40)}`;
const UNKNOWN_TOKEN = `rat_test_${'B'.repeat(40)}`;

async function now(): Promise<number> {
  const r = await s.admin('GET', '/admin/v1/clock');
  expect(r.status).toBe(200);
  return r.body.now as number;
}

async function advance(ms: number): Promise<void> {
  const r = await s.admin('POST', '/admin/v1/clock', { advance_ms: ms });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

async function revokeKey(id: string): Promise<void> {
  const r = await s.admin('DELETE', `/admin/v1/keys/${id}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.revoked_at).toEqual(expect.any(Number));
}

async function setApiEnabled(customerId: string, enabled: boolean): Promise<void> {
  const r = await s.admin('PATCH', `/admin/v1/customers/${customerId}`, { api_enabled: enabled });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.api_enabled).toBe(enabled);
}

async function token(customerId: string, fields: Record<string, unknown>): Promise<{ id: string; token: string; expires_at: number | null }> {
  const r = await s.admin('POST', `/admin/v1/customers/${customerId}/tokens`, fields);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

/** A 401 answers the Bearer challenge of its host (RFC 6750 §3): no error attribute when no credential was sent. */
function expectChallenge(r: Answer, host: 'live' | 'sandbox', missing = false): void {
  const metadata = `${host === 'live' ? LIVE_URL : SANDBOX_URL}/.well-known/oauth-protected-resource`;
  const error = missing ? '' : ', error="invalid_token"';
  expect(r.headers.get('www-authenticate')).toBe(`Bearer realm="rampart"${error}, resource_metadata="${metadata}"`);
}

function ok(r: Answer, status = 200): void {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
}

describe('API keys', () => {
  it('answers missing_api_key without an Authorization header', async () => {
    const r = await s.sandboxCall('GET', '/v1/accounts');
    expectError(r, 401, 'missing_api_key');
    expect(r.body.error.type).toBe('authentication');
    expect(r.body.error.retryable).toBe(false);
    expectChallenge(r, 'sandbox', true);
    const live = await s.liveCall('GET', '/v1/accounts');
    expectError(live, 401, 'missing_api_key');
    expectChallenge(live, 'live', true);
  });

  it('answers invalid_api_key for an unknown, mistyped, non-Bearer or empty key', async () => {
    const t = await s.trader();
    const unknown = await s.sandboxCall('GET', '/v1/accounts', { key: UNKNOWN_KEY });
    expectError(unknown, 401, 'invalid_api_key');
    expect(unknown.body.error.type).toBe('authentication');
    expectChallenge(unknown, 'sandbox');
    // mistyped: one character dropped, one changed, wrong kind, too short
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: t.key.slice(0, -1) }), 401, 'invalid_api_key');
    const changed = `${t.key.slice(0, -1)}${t.key.endsWith('A') ? 'B' : 'A'}`;
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: changed }), 401, 'invalid_api_key');
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: t.key.replace('rk_test_', 'rk_tset_') }), 401, 'invalid_api_key');
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: 'rk_test_short' }), 401, 'invalid_api_key');
    // not sent as Bearer
    expectError(await s.sandboxCall('GET', '/v1/accounts', { headers: { authorization: `Basic ${Buffer.from(`${t.key}:`).toString('base64')}` } }), 401, 'invalid_api_key');
    const basic = await s.sandboxCall('GET', '/v1/accounts', { headers: { authorization: 'Basic xxx' } });
    expectError(basic, 401, 'invalid_api_key');
    expectChallenge(basic, 'sandbox');
    expectError(await s.sandboxCall('GET', '/v1/accounts', { headers: { authorization: t.key } }), 401, 'invalid_api_key');
    // empty bearer
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: '' }), 401, 'invalid_api_key');
    expectError(await s.sandboxCall('GET', '/v1/accounts', { headers: { authorization: 'Bearer' } }), 401, 'invalid_api_key');
    // the real key still works, and the scheme is case-insensitive
    ok(await s.sandboxCall('GET', '/v1/accounts', { key: t.key }));
    ok(await s.sandboxCall('GET', '/v1/accounts', { headers: { authorization: `bearer ${t.key}` } }));
  });

  it('answers revoked_api_key once the key is revoked', async () => {
    const t = await s.trader();
    ok(await s.sandboxCall('GET', '/v1/accounts', { key: t.key }));
    await revokeKey(t.keyId);
    const r = await s.sandboxCall('GET', '/v1/accounts', { key: t.key });
    expectError(r, 401, 'revoked_api_key');
    expect(r.body.error.type).toBe('authentication');
    expectChallenge(r, 'sandbox');
  });

  it('answers expired_api_key once the end date has passed', async () => {
    const c = await s.customer();
    const expiresAt = (await now()) + 60_000;
    const k = await s.key(c.id, { expires_at: expiresAt });
    expect(k).toMatchObject({ expires_at: expiresAt });
    ok(await s.sandboxCall('GET', '/v1/accounts', { key: k.key }));
    await advance(59_999);
    ok(await s.sandboxCall('GET', '/v1/accounts', { key: k.key }));
    await advance(2);
    const r = await s.sandboxCall('GET', '/v1/accounts', { key: k.key });
    expectError(r, 401, 'expired_api_key');
    expect(r.body.error.type).toBe('authentication');
    expectChallenge(r, 'sandbox');
  });

  it('answers wrong_environment both ways, naming the expected host', async () => {
    const c = await s.customer();
    const sandboxKey = await s.key(c.id, { environment: 'sandbox' });
    const liveKey = await s.key(c.id, { environment: 'live' });
    expect(sandboxKey.key).toMatch(/^rk_test_/);
    expect(liveKey.key).toMatch(/^rk_live_/);

    const a = await s.liveCall('GET', '/v1/accounts', { key: sandboxKey.key });
    expectError(a, 401, 'wrong_environment', { expected_host: SANDBOX_HOST });
    expect(a.body.error.type).toBe('authentication');
    expectChallenge(a, 'live');
    const b = await s.sandboxCall('GET', '/v1/accounts', { key: liveKey.key });
    expectError(b, 401, 'wrong_environment', { expected_host: LIVE_HOST });

    ok(await s.sandboxCall('GET', '/v1/accounts', { key: sandboxKey.key }));
    ok(await s.liveCall('GET', '/v1/accounts', { key: liveKey.key }));
  });

  it('answers ip_not_allowed outside the allowlist and passes inside it (IPv4 and IPv4-mapped ranges)', async () => {
    const c = await s.customer();
    const outside = await s.key(c.id, { ip_allowlist: ['10.0.0.0/8'] });
    const r = await s.sandboxCall('GET', '/v1/accounts', { key: outside.key });
    expectError(r, 403, 'ip_not_allowed');
    expect(r.body.error.type).toBe('permission');
    expect(r.body.error.retryable).toBe(false);

    const inside = await s.key(c.id, { ip_allowlist: ['127.0.0.0/8'] });
    ok(await s.sandboxCall('GET', '/v1/accounts', { key: inside.key }));
    const mapped = await s.key(c.id, { ip_allowlist: ['::ffff:127.0.0.1/128'] });
    ok(await s.sandboxCall('GET', '/v1/accounts', { key: mapped.key }));
    const several = await s.key(c.id, { ip_allowlist: ['10.0.0.0/8', '2001:db8::/32', '127.0.0.1'] });
    ok(await s.sandboxCall('GET', '/v1/accounts', { key: several.key }));
  });

  it('refuses an allowlist entry that is not a range when the key is made', async () => {
    const c = await s.customer();
    const r = await s.admin('POST', `/admin/v1/customers/${c.id}/keys`, { environment: 'sandbox', access: 'read', ip_allowlist: ['127.0.0.0/8', '010.0.0.1', 'nope'] });
    expectError(r, 400, 'invalid_request', { field: 'ip_allowlist', invalid: ['010.0.0.1', 'nope'] });
  });

  it('answers api_disabled while API access is off, and works again once it is on', async () => {
    const t = await s.trader();
    await setApiEnabled(t.customer.id, false);
    const r = await s.sandboxCall('GET', '/v1/accounts', { key: t.key });
    expectError(r, 403, 'api_disabled');
    expect(r.body.error.type).toBe('permission');
    // A known credential refused for what it may do is no authentication challenge.
    expect(r.headers.get('www-authenticate')).toBeNull();
    expectError(await s.sandboxCall('POST', '/v1/accounts', { key: t.key, idempotencyKey: 'disabled-open' }), 403, 'api_disabled');
    await setApiEnabled(t.customer.id, true);
    ok(await s.sandboxCall('GET', '/v1/accounts', { key: t.key }));
  });

  it('answers insufficient_permission for a read key on a trading call; GET routes work', async () => {
    const c = await s.customer();
    const read = await s.key(c.id, { access: 'read' });
    const r = await s.sandboxCall('POST', '/v1/accounts', { key: read.key, idempotencyKey: 'read-open-1' });
    expectError(r, 403, 'insufficient_permission');
    expect(r.body.error.type).toBe('permission');

    const list = await s.sandboxCall('GET', '/v1/accounts', { key: read.key });
    ok(list);
    // the first sandbox key opened the first account, read key or not
    expect(list.body.data.map((a: { id: string }) => a.id)).toEqual([read.opened_account_id]);
    ok(await s.sandboxCall('GET', '/v1/markets', { key: read.key }));
    ok(await s.sandboxCall('GET', `/v1/accounts/${read.opened_account_id}`, { key: read.key }));
    // a trade key of the same customer may open an account
    const trade = await s.key(c.id, { access: 'trade' });
    ok(await s.sandboxCall('POST', '/v1/accounts', { key: trade.key, idempotencyKey: 'trade-open-1' }), 202);
  });
});

describe('order of the auth checks (CONTRACT §5)', () => {
  it('revoked before expired: a revoked key past its end date answers revoked_api_key', async () => {
    const c = await s.customer();
    const k = await s.key(c.id, { expires_at: (await now()) + 1_000 });
    await revokeKey(k.id);
    await advance(1_001);
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: k.key }), 401, 'revoked_api_key');
  });

  it('expired before wrong_environment: an expired key on the wrong host answers expired_api_key', async () => {
    const c = await s.customer();
    const k = await s.key(c.id, { environment: 'sandbox', expires_at: (await now()) + 1_000 });
    expectError(await s.liveCall('GET', '/v1/accounts', { key: k.key }), 401, 'wrong_environment', { expected_host: SANDBOX_HOST });
    await advance(1_001);
    expectError(await s.liveCall('GET', '/v1/accounts', { key: k.key }), 401, 'expired_api_key');
  });

  it('wrong_environment before ip_not_allowed: a wrong-host key with a failing allowlist answers wrong_environment', async () => {
    const c = await s.customer();
    const k = await s.key(c.id, { environment: 'live', ip_allowlist: ['10.0.0.0/8'] });
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: k.key }), 401, 'wrong_environment', { expected_host: LIVE_HOST });
    // on its own host the allowlist does fail
    expectError(await s.liveCall('GET', '/v1/accounts', { key: k.key }), 403, 'ip_not_allowed');
  });

  it('ip_not_allowed before api_disabled', async () => {
    const c = await s.customer();
    const k = await s.key(c.id, { ip_allowlist: ['10.0.0.0/8'] });
    await setApiEnabled(c.id, false);
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: k.key }), 403, 'ip_not_allowed');
  });

  it('api_disabled before insufficient_permission: a read key of a disabled customer on a trading call', async () => {
    const c = await s.customer();
    const read = await s.key(c.id, { access: 'read' });
    await setApiEnabled(c.id, false);
    expectError(await s.sandboxCall('POST', '/v1/accounts', { key: read.key, idempotencyKey: 'order-1' }), 403, 'api_disabled');
    await setApiEnabled(c.id, true);
    expectError(await s.sandboxCall('POST', '/v1/accounts', { key: read.key, idempotencyKey: 'order-1' }), 403, 'insufficient_permission');
  });
});

describe('app access tokens', () => {
  it('authenticate like keys: GET /v1/accounts answers only the customer’s accounts', async () => {
    const a = await s.trader();
    const b = await s.trader();
    const t = await token(a.customer.id, { environment: 'sandbox', kind: 'app' });
    expect(t.token).toMatch(/^rat_test_[0-9A-Za-z]{32,64}$/);
    expect(t).not.toHaveProperty('hash');
    const r = await s.sandboxCall('GET', '/v1/accounts', { key: t.token });
    ok(r);
    expect(r.body.data.map((x: { id: string }) => x.id)).toEqual([a.accountId]);
    expect(r.body.data.map((x: { id: string }) => x.id)).not.toContain(b.accountId);
    // access defaults to read: a trading call is refused
    expectError(await s.sandboxCall('POST', '/v1/accounts', { key: t.token, idempotencyKey: 'tok-open-1' }), 403, 'insufficient_permission');
    // a trade token may
    const trade = await token(a.customer.id, { environment: 'sandbox', kind: 'app', access: 'trade' });
    ok(await s.sandboxCall('POST', '/v1/accounts', { key: trade.token, idempotencyKey: 'tok-open-2' }), 202);
  });

  it('answers invalid_token for an unknown or mistyped token', async () => {
    const r = await s.sandboxCall('GET', '/v1/accounts', { key: UNKNOWN_TOKEN });
    expectError(r, 401, 'invalid_token');
    expect(r.body.error.type).toBe('authentication');
    expectChallenge(r, 'sandbox');
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: 'rat_test_short' }), 401, 'invalid_token');
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: `rat_nope_${'C'.repeat(40)}` }), 401, 'invalid_token');
  });

  it('answers expired_token one hour after an assistant token was issued', async () => {
    const c = await s.trader();
    const issuedAt = await now();
    const t = await token(c.customer.id, { environment: 'sandbox', kind: 'assistant' });
    expect(t.expires_at).toBe(issuedAt + 3_600_000);
    ok(await s.sandboxCall('GET', '/v1/accounts', { key: t.token }));
    await advance(3_600_001);
    const r = await s.sandboxCall('GET', '/v1/accounts', { key: t.token });
    expectError(r, 401, 'expired_token');
    expect(r.body.error.type).toBe('authentication');
    expectChallenge(r, 'sandbox');
  });

  it('caps an assistant token at one hour even when a later end date is asked for', async () => {
    const c = await s.trader();
    const issuedAt = await now();
    const t = await token(c.customer.id, { environment: 'sandbox', kind: 'assistant', expires_at: issuedAt + 86_400_000 });
    expect(t.expires_at).toBe(issuedAt + 3_600_000);
  });

  it('answers expired_token after an app token’s end date', async () => {
    const c = await s.trader();
    const t = await token(c.customer.id, { environment: 'sandbox', kind: 'app', expires_at: (await now()) + 5_000 });
    ok(await s.sandboxCall('GET', '/v1/accounts', { key: t.token }));
    await advance(5_001);
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: t.token }), 401, 'expired_token');
  });

  it('answers revoked_token once the token is revoked', async () => {
    const c = await s.trader();
    const t = await token(c.customer.id, { environment: 'sandbox', kind: 'app' });
    ok(await s.sandboxCall('GET', '/v1/accounts', { key: t.token }));
    const del = await s.admin('DELETE', `/admin/v1/tokens/${t.id}`);
    ok(del);
    expect(del.body.revoked_at).toEqual(expect.any(Number));
    const r = await s.sandboxCall('GET', '/v1/accounts', { key: t.token });
    expectError(r, 401, 'revoked_token');
    expect(r.body.error.type).toBe('authentication');
    expectChallenge(r, 'sandbox');
  });

  it('answers wrong_resource on the other host, naming the host the token was issued for', async () => {
    const c = await s.trader();
    const sandboxToken = await token(c.customer.id, { environment: 'sandbox', kind: 'app' });
    const r = await s.liveCall('GET', '/v1/accounts', { key: sandboxToken.token });
    expectError(r, 401, 'wrong_resource', { expected_resource: SANDBOX_HOST });
    expect(r.body.error.type).toBe('authentication');
    expectChallenge(r, 'live');
    const liveToken = await token(c.customer.id, { environment: 'live', kind: 'app' });
    expect(liveToken.token).toMatch(/^rat_live_/);
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: liveToken.token }), 401, 'wrong_resource', { expected_resource: LIVE_HOST });
    ok(await s.liveCall('GET', '/v1/accounts', { key: liveToken.token }));
  });

  it('answers api_disabled for a token of a disabled customer', async () => {
    const c = await s.trader();
    const t = await token(c.customer.id, { environment: 'sandbox', kind: 'app' });
    await setApiEnabled(c.customer.id, false);
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: t.token }), 403, 'api_disabled');
    await setApiEnabled(c.customer.id, true);
    ok(await s.sandboxCall('GET', '/v1/accounts', { key: t.token }));
  });
});

describe('secrets stay secret', () => {
  it('never writes a key or token secret to the log, nor into an error body', async () => {
    const t = await s.trader();
    const c2 = await s.customer();
    const revoked = await s.key(c2.id, { access: 'read' });
    await revokeKey(revoked.id);
    const fenced = await s.key(c2.id, { ip_allowlist: ['10.0.0.0/8'] });
    const live = await s.key(c2.id, { environment: 'live' });
    const tok = await token(t.customer.id, { environment: 'sandbox', kind: 'app' });
    const secrets = [t.key, revoked.key, fenced.key, live.key, tok.token, UNKNOWN_KEY, UNKNOWN_TOKEN];
    const bodies: string[] = [];
    const record = (r: Answer) => {
      bodies.push(JSON.stringify(r.body));
      return r;
    };

    ok(record(await s.sandboxCall('GET', '/v1/accounts', { key: t.key })));
    ok(record(await s.sandboxCall('GET', '/v1/accounts', { key: tok.token })));
    expectError(record(await s.sandboxCall('GET', '/v1/accounts', { key: UNKNOWN_KEY })), 401, 'invalid_api_key');
    expectError(record(await s.sandboxCall('GET', '/v1/accounts', { key: UNKNOWN_TOKEN })), 401, 'invalid_token');
    expectError(record(await s.sandboxCall('GET', '/v1/accounts', { headers: { authorization: `Basic ${t.key}` } })), 401, 'invalid_api_key');
    expectError(record(await s.sandboxCall('GET', '/v1/accounts', { key: revoked.key })), 401, 'revoked_api_key');
    expectError(record(await s.sandboxCall('GET', '/v1/accounts', { key: fenced.key })), 403, 'ip_not_allowed');
    expectError(record(await s.sandboxCall('GET', '/v1/accounts', { key: live.key })), 401, 'wrong_environment');
    expectError(record(await s.liveCall('GET', '/v1/accounts', { key: tok.token })), 401, 'wrong_resource');
    expectError(record(await s.sandboxCall('GET', '/v1/nothing', { key: t.key })), 404, 'route_not_found');
    expectError(record(await s.sandboxCall('POST', '/v1/accounts', { key: t.key, idempotencyKey: 'secret-j', raw: '{"product":' })), 400, 'invalid_json');
    expectError(record(await s.sandboxCall('POST', '/v1/accounts', { key: t.key, idempotencyKey: 'secret-u', body: { product: 'x', key: t.key } })), 400, 'unknown_field');
    // an unexpected error is logged (with its error object): the key still must not be in it
    const logged = s.logs.length;
    await s.fault({ kind: 'store_error', enabled: true });
    const failed = record(await s.sandboxCall('GET', '/v1/accounts', { key: t.key }));
    await s.fault({ kind: 'clear' });
    expectError(failed, 500, 'internal_error');
    expect(s.logs.length).toBeGreaterThan(logged);

    const log = s.logs.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(log.includes(secret), `secret ${secret.slice(0, 12)}… in the log`).toBe(false);
      // nor a long piece of it (a secret cut or re-encoded along the way)
      expect(log.includes(secret.slice(-24)), `tail of ${secret.slice(0, 12)}… in the log`).toBe(false);
      for (const body of bodies) expect(body.includes(secret.slice(-24)), `secret ${secret.slice(0, 12)}… in ${body}`).toBe(false);
    }
  });

  it('never shows secrets or hashes in the operator key list; prefix is the first 12 characters', async () => {
    const c = await s.customer();
    const a = await s.key(c.id, { name: 'one' });
    const b = await s.key(c.id, { environment: 'live', access: 'read', name: 'two' });
    await revokeKey(b.id);
    const r = await s.admin('GET', `/admin/v1/customers/${c.id}/keys`);
    ok(r);
    expect(r.body.data).toHaveLength(2);
    const text = JSON.stringify(r.body);
    for (const created of [a, b]) {
      const row = r.body.data.find((k: { id: string }) => k.id === created.id);
      expect(row).toBeDefined();
      expect(row).not.toHaveProperty('key');
      expect(row).not.toHaveProperty('hash');
      expect(row).not.toHaveProperty('secret');
      expect(row.prefix).toBe(created.key.slice(0, 12));
      expect(row.customer_id).toBe(c.id);
      expect(text).not.toContain(created.key);
      expect(text).not.toContain(created.key.slice(12));
      expect(text).not.toMatch(/[0-9a-f]{64}/); // no sha-256 hex anywhere
    }
    // the creation answer shows the secret once, but never the hash; the revoke answer neither
    expect(a).not.toHaveProperty('hash');
    const revoke = await s.admin('DELETE', `/admin/v1/keys/${a.id}`);
    ok(revoke);
    expect(revoke.body).not.toHaveProperty('hash');
    expect(revoke.body).not.toHaveProperty('key');
    expect(JSON.stringify(revoke.body)).not.toContain(a.key);
  });
});
