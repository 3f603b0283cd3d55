import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceOn, DASHBOARD_URL, expectError, TestServer } from '../helpers/server.js';

let s: TestServer;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(() => s.close());

/** Moves the manual clock of every node (the operator's route). */
const advance = (ms: number) => advanceOn(s, ms);

let n = 0;
const email = () => `person${++n}@example.com`;

describe('the dashboard: sign-up, sign-in, sessions', { timeout: 60_000 }, () => {
  it('answers its configuration without a session', async () => {
    const r = await s.dashboard().call('GET', '/session/config');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ signup: 'open', api: { live: s.rampart.config.publicUrl.live, sandbox: s.rampart.config.publicUrl.sandbox } });
  });

  it('signs up a new customer with its user, sets an HttpOnly SameSite=Lax cookie, and knows the session', async () => {
    const d = s.dashboard();
    const address = email();
    const r = await d.signUp(address.toUpperCase(), PASSWORD);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.user).toMatchObject({ email: address, id: expect.stringMatching(/^usr_/) });
    expect(r.body.user).not.toHaveProperty('password_hash');
    expect(r.body.customer).toMatchObject({ id: r.body.user.customer_id, name: address, api_enabled: true });
    expect(typeof r.body.csrf_token).toBe('string');
    const cookie = r.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^rampart_session=[A-Za-z0-9_-]{43}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/);
    // Only the secret's hash is stored.
    const rows = await s.rawQuery<{ hash: string }>('SELECT hash FROM sessions');
    expect(rows.map((x) => x.hash)).not.toContain(d.cookie);
    const me = await d.call('GET', '/session');
    expect(me.status).toBe(200);
    expect(me.body).toEqual(r.body);
    const stored = await s.rawQuery<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = ?', [address]);
    expect(stored[0]!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a taken email, a weak password, and input it does not know', async () => {
    const address = email();
    expect((await s.dashboard().signUp(address, PASSWORD)).status).toBe(201);
    expectError(await s.dashboard().signUp(address, PASSWORD), 409, 'email_taken');
    expectError(await s.dashboard().signUp(email(), 'short'), 422, 'weak_password', { field: 'password', min_length: 10 });
    expectError(await s.dashboard().signUp(email(), 'qwertyuiop'), 422, 'weak_password');
    const same = email();
    expectError(await s.dashboard().signUp(same, same), 422, 'weak_password');
    expectError(await s.dashboard().call('POST', '/session/sign-up', { body: { email: email(), password: PASSWORD, admin: true } }), 400, 'unknown_field');
    expectError(await s.dashboard().call('POST', '/session/sign-in', { body: { email: 'x@example.com', password: 1234567890 } }), 400, 'invalid_request');
    expectError(await s.dashboard().call('GET', '/session/config?x=1'), 400, 'unknown_field');
    expectError(await s.dashboard().call('PUT', '/session'), 405, 'method_not_allowed');
    expectError(await s.dashboard().call('GET', '/session/nothing'), 404, 'route_not_found');
  });

  it('takes JSON only, within the body limit, and no body where the route takes none', async () => {
    const post = async (path: string, body: string, contentType = 'application/json') => {
      const res = await fetch(`${s.dashboardUrl}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });
      return { status: res.status, headers: res.headers, body: (await res.json()) as any };
    };
    expectError(await post('/session/sign-in', '{"email":'), 400, 'invalid_json');
    expectError(await post('/session/sign-in', 'email=a', 'application/x-www-form-urlencoded'), 415, 'unsupported_media_type');
    const max = s.rampart.config.limits.body_max_bytes;
    expectError(await post('/session/sign-in', JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(max) })), 413, 'payload_too_large');
    const d = s.dashboard();
    await d.signUp(email(), PASSWORD);
    expectError(await d.call('POST', '/session/sign-out', { body: {} }), 400, 'invalid_request');
  });

  it('signs in, and refuses a wrong password or an unknown email alike', async () => {
    const address = email();
    await s.dashboard().signUp(address, PASSWORD);
    const d = s.dashboard();
    const r = await d.signIn(` ${address.toUpperCase()} `, PASSWORD);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.user.email).toBe(address);
    expect((await d.call('GET', '/session')).status).toBe(200);
    expectError(await s.dashboard().signIn(address, 'not the password'), 401, 'invalid_credentials');
    expectError(await s.dashboard().signIn('nobody@example.com', PASSWORD), 401, 'invalid_credentials');
  });

  it('locks an email for 15 minutes after 5 failed sign-ins, with Retry-After, on the Clock', async () => {
    const address = email();
    await s.dashboard().signUp(address, PASSWORD);
    for (let i = 0; i < 5; i++) expectError(await s.dashboard().signIn(address, 'wrong password!'), 401, 'invalid_credentials');
    const locked = await s.dashboard().signIn(address, PASSWORD);
    expectError(locked, 429, 'too_many_attempts');
    expect(Number(locked.headers.get('retry-after'))).toBe(900);
    await advance(14 * 60_000);
    const still = await s.dashboard().signIn(address, PASSWORD);
    expectError(still, 429, 'too_many_attempts');
    expect(Number(still.headers.get('retry-after'))).toBe(60);
    await advance(60_000);
    expect((await s.dashboard().signIn(address, PASSWORD)).status).toBe(200);
    // The count starts again after a success.
    for (let i = 0; i < 4; i++) expectError(await s.dashboard().signIn(address, 'wrong password!'), 401, 'invalid_credentials');
    expect((await s.dashboard().signIn(address, PASSWORD)).status).toBe(200);
  });

  it('takes parallel sign-ins of one user safely: each gets its own session', async () => {
    const address = email();
    await s.dashboard().signUp(address, PASSWORD);
    const clients = Array.from({ length: 4 }, () => s.dashboard());
    const answers = await Promise.all(clients.map((d) => d.signIn(address, PASSWORD)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(clients.map((d) => d.cookie)).size).toBe(4);
    for (const d of clients) expect((await d.call('GET', '/session')).status).toBe(200);
    // Parallel wrong ones are all counted: the email is locked after them.
    const wrong = await Promise.all(Array.from({ length: 5 }, () => s.dashboard().signIn(address, 'wrong password!')));
    for (const w of wrong) expectError(w, 401, 'invalid_credentials');
    expectError(await s.dashboard().signIn(address, PASSWORD), 429, 'too_many_attempts');
  });

  it('signs out: the cookie is cleared and the session ends', async () => {
    const d = s.dashboard();
    await d.signUp(email(), PASSWORD);
    const secret = d.cookie;
    const r = await d.call('POST', '/session/sign-out');
    expect(r.status).toBe(204);
    expect(r.headers.getSetCookie()[0]).toMatch(/^rampart_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(d.cookie).toBeUndefined();
    d.cookie = secret;
    expectError(await d.call('GET', '/session'), 401, 'session_required');
    expectError(await s.dashboard().call('GET', '/session'), 401, 'session_required');
  });

  it('ends a session after 12 hours unused, or 7 days in all, on the Clock', async () => {
    const d = s.dashboard();
    await d.signUp(email(), PASSWORD);
    await advance(11 * 3_600_000);
    expect((await d.call('GET', '/session')).status).toBe(200);
    await advance(11 * 3_600_000);
    expect((await d.call('GET', '/session')).status).toBe(200);
    await advance(12 * 3_600_000);
    expectError(await d.call('GET', '/session'), 401, 'session_required', { reason: 'expired' });

    const w = s.dashboard();
    await w.signUp(email(), PASSWORD);
    // Used every 11 hours: 165 hours in, it still answers; 176 hours in, past 7 days (168), it does not.
    for (let i = 0; i < 15; i++) {
      await advance(11 * 3_600_000);
      expect((await w.call('GET', '/session')).status).toBe(200);
    }
    await advance(11 * 3_600_000);
    expectError(await w.call('GET', '/session'), 401, 'session_required', { reason: 'expired' });
  });

  it('refuses a change without the CSRF token, with a wrong one, or from another origin', async () => {
    const d = s.dashboard();
    await d.signUp(email(), PASSWORD);
    expectError(await d.call('POST', '/session/api-tokens', { body: { environment: 'sandbox' }, csrf: false }), 403, 'csrf_failed', { reason: 'token' });
    expectError(await d.call('POST', '/session/api-tokens', { body: { environment: 'sandbox' }, csrf: 'x'.repeat(43) }), 403, 'csrf_failed');
    expectError(
      await d.call('POST', '/session/api-tokens', { body: { environment: 'sandbox' }, headers: { origin: 'https://evil.example' } }),
      403,
      'csrf_failed',
      { reason: 'origin' },
    );
    expectError(await s.dashboard().call('POST', '/session/sign-in', { body: { email: 'a@example.com', password: PASSWORD }, headers: { origin: 'https://evil.example' } }), 403, 'csrf_failed');
    const ok = await d.call('POST', '/session/api-tokens', { body: { environment: 'sandbox' }, headers: { origin: DASHBOARD_URL } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it('serves a page at /', async () => {
    const res = await fetch(`${s.dashboardUrl}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('the dashboard with invite-only sign-up', { timeout: 60_000 }, () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await TestServer.start({ env: { RAMPART_SIGNUP: 'invite' } });
  });
  afterAll(() => t.close());

  it('refuses sign-up without an invitation, takes one once, for its email, within 7 days', async () => {
    expect((await t.dashboard().call('GET', '/session/config')).body.signup).toBe('invite');
    expectError(await t.dashboard().signUp('new@example.com', PASSWORD), 403, 'signup_closed');
    const customer = await t.customer('Acme');
    const inv = await t.admin('POST', '/admin/v1/invitations', { email: 'New@Example.com', customer_id: customer.id });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    expect(inv.body).toMatchObject({ email: 'new@example.com', customer_id: customer.id, token: expect.stringMatching(/^rinv_/) });
    expectError(await t.dashboard().signUp('other@example.com', PASSWORD, inv.body.token), 422, 'invalid_invitation', { reason: 'other_email' });
    expectError(await t.dashboard().signUp('new@example.com', PASSWORD, 'rinv_made_up'), 422, 'invalid_invitation', { reason: 'unknown' });
    const r = await t.dashboard().signUp('new@example.com', PASSWORD, inv.body.token);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.customer.id).toBe(customer.id);
    expectError(await t.dashboard().signUp('new@example.com', PASSWORD, inv.body.token), 409, 'email_taken');
    const again = await t.admin('POST', '/admin/v1/invitations', { email: 'late@example.com' });
    await advanceOn(t, 7 * 24 * 3_600_000 + 1);
    expectError(await t.dashboard().signUp('late@example.com', PASSWORD, again.body.token), 422, 'invalid_invitation', { reason: 'expired' });
    const fresh = await t.admin('POST', '/admin/v1/invitations', { email: 'fresh@example.com' });
    const made = await t.dashboard().signUp('fresh@example.com', PASSWORD, fresh.body.token);
    expect(made.status).toBe(201);
    expect(made.body.customer.id).not.toBe(customer.id);
    expectError(await t.admin('POST', '/admin/v1/invitations', { email: 'x@example.com', customer_id: 'cus_nope' }), 404, 'route_not_found');
  });
});

describe('the dashboard under the API rate limiter', { timeout: 60_000 }, () => {
  let t: TestServer;
  beforeAll(async () => {
    // One node: without Redis each node keeps its own buckets.
    t = await TestServer.start({ nodes: 1, limits: { rate_limits: { ip: { capacity: 3, refill_per_second: 1 } } } });
  });
  afterAll(() => t.close());

  it('spends the caller IP budget on sign-in: guessing is slowed per address as well as per email', async () => {
    for (let i = 0; i < 3; i++) expectError(await t.dashboard().signIn(`nobody${i}@example.com`, PASSWORD), 401, 'invalid_credentials');
    const r = await t.dashboard().signIn('nobody@example.com', PASSWORD);
    expectError(r, 429, 'rate_limited', { scope: 'ip', limit: 3 });
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
