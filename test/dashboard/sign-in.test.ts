import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpToken } from '../helpers/dashboard.js';
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
    expect(r.body).toEqual({ signup: 'open', api: { live: s.services.config.publicUrl.live, sandbox: s.services.config.publicUrl.sandbox } });
  });

  it('signs up through the link mailed to the address: 202 first, then the link with the password makes the customer and user and a session', async () => {
    const d = s.dashboard();
    const address = email();
    const started = await d.call('POST', '/session/sign-up', { body: { email: address.toUpperCase(), password: PASSWORD } });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body).toEqual({ sent_to: 'p***@example.com' });
    expect(started.headers.getSetCookie()).toEqual([]);
    // Nothing is made before the link is opened.
    expect(await s.rawQuery('SELECT id FROM users WHERE email = ?', [address])).toEqual([]);
    const [mail] = await s.mailsTo(address);
    expect(mail).toMatchObject({ subject: 'Confirm your email for Rampart' });
    const token = signUpToken(mail)!;
    expect(mail!.body).toContain(`${DASHBOARD_URL}/verify-email#token=${token}`);
    // Only the link's hash is stored.
    expect(JSON.stringify(await s.rawQuery('SELECT * FROM sign_ups'))).not.toContain(token);
    expectError(await d.call('POST', '/session/sign-up/verify', { body: { token, password: 'not the password' } }), 401, 'invalid_credentials', { field: 'password' });
    const r = await d.call('POST', '/session/sign-up/verify', { body: { token, password: PASSWORD } });
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
    // A link works once; a made-up one is no link; both say so without a session.
    expectError(await s.dashboard().call('POST', '/session/sign-up/verify', { body: { token, password: PASSWORD } }), 422, 'invalid_email_code', { reason: 'used' });
    expectError(await s.dashboard().call('POST', '/session/sign-up/verify', { body: { token: 'rsu_made_up', password: PASSWORD } }), 422, 'invalid_email_code', { reason: 'wrong' });
  });

  it('answers a taken address exactly as a new one, mails its owner that someone tried, and changes nothing', async () => {
    const taken = email();
    const owner = await s.dashboard().signUp(taken, PASSWORD);
    expect(owner.status).toBe(201);
    const fresh = `q${taken}`;
    const answers = [];
    for (const address of [taken, fresh]) {
      const r = await s.dashboard().call('POST', '/session/sign-up', { body: { email: address, password: 'another fine passphrase' } });
      answers.push({ status: r.status, body: r.body, cookies: r.headers.getSetCookie(), keys: [...r.headers.keys()].filter((k) => k !== 'date' && k !== 'x-request-id') });
    }
    // The same status, headers and body but for the masked address's first letter.
    expect(answers[0]).toEqual({ ...answers[1], body: { sent_to: 'p***@example.com' } });
    expect(answers[1]!.body).toEqual({ sent_to: 'q***@example.com' });
    const [note] = await s.mailsTo(taken);
    expect(note).toMatchObject({ subject: 'Someone tried to sign up to Rampart with your address' });
    expect(signUpToken(note)).toBeUndefined();
    expect(signUpToken((await s.mailsTo(fresh))[0])).toBeDefined();
    // The owner's password stands; the other one opens nothing.
    expect((await s.dashboard().signIn(taken, PASSWORD)).status).toBe(200);
    expectError(await s.dashboard().signIn(taken, 'another fine passphrase'), 401, 'invalid_credentials');
  });

  it('lets no sign-up sign in before its link is opened: it fails as an unknown email does', async () => {
    const address = email();
    expect((await s.dashboard().call('POST', '/session/sign-up', { body: { email: address, password: PASSWORD } })).status).toBe(202);
    const pending = await s.dashboard().signIn(address, PASSWORD);
    const unknown = await s.dashboard().signIn(`nobody-${address}`, PASSWORD);
    expectError(pending, 401, 'invalid_credentials');
    expectError(unknown, 401, 'invalid_credentials');
    expect({ ...pending.body.error, request_id: '' }).toEqual({ ...unknown.body.error, request_id: '' });
  });

  it('makes no account from a sign-up someone else started for your address: its link needs their password', async () => {
    const victim = email();
    // The attacker signs up with the victim's address and a password of their own; the link goes to the victim.
    expect((await s.dashboard().call('POST', '/session/sign-up', { body: { email: victim, password: 'the attacker knows this' } })).status).toBe(202);
    const planted = signUpToken((await s.mailsTo(victim))[0])!;
    // The victim, opening it with their own password, is refused; their own sign-up works; the planted link is dead.
    expectError(await s.dashboard().call('POST', '/session/sign-up/verify', { body: { token: planted, password: PASSWORD } }), 401, 'invalid_credentials');
    expect((await s.dashboard().signUp(victim, PASSWORD)).status).toBe(201);
    expectError(await s.dashboard().call('POST', '/session/sign-up/verify', { body: { token: planted, password: 'the attacker knows this' } }), 422, 'invalid_email_code', { reason: 'used' });
    expectError(await s.dashboard().signIn(victim, 'the attacker knows this'), 401, 'invalid_credentials');
  });

  it('sends at most 3 sign-up mails an hour to one address, taken or not, and lets a link lapse after 24 hours', async () => {
    const taken = email();
    expect((await s.dashboard().signUp(taken, PASSWORD)).status).toBe(201);
    const fresh = email();
    for (const address of [taken, fresh]) {
      // The taken address had one already (its link).
      const sent = address === taken ? 2 : 3;
      for (let i = 0; i < sent; i++) expect((await s.dashboard().call('POST', '/session/sign-up', { body: { email: address, password: PASSWORD } })).status).toBe(202);
      const r = await s.dashboard().call('POST', '/session/sign-up', { body: { email: address, password: PASSWORD } });
      expectError(r, 429, 'rate_limited', { scope: 'email', limit: 3 });
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(3000);
      expect(await s.mailsTo(address)).toHaveLength(3);
    }
    const link = signUpToken((await s.mailsTo(fresh))[0])!;
    await advance(3_600_000);
    expect((await s.dashboard().call('POST', '/session/sign-up', { body: { email: fresh, password: PASSWORD } })).status).toBe(202);
    // 25 hours after it was sent, the first hour's link has lapsed; the new one works.
    await advance(24 * 3_600_000 - 1);
    expectError(await s.dashboard().call('POST', '/session/sign-up/verify', { body: { token: link, password: PASSWORD } }), 422, 'invalid_email_code', { reason: 'expired' });
    const last = signUpToken((await s.mailsTo(fresh))[0])!;
    expect((await s.dashboard().call('POST', '/session/sign-up/verify', { body: { token: last, password: PASSWORD } })).status).toBe(201);
  });

  it('refuses a weak password and input it does not know', async () => {
    expectError(await s.dashboard().signUp(email(), 'short'), 422, 'weak_password', { field: 'password', min_length: 10 });
    expectError(await s.dashboard().signUp(email(), 'qwertyuiop'), 422, 'weak_password');
    const same = email();
    expectError(await s.dashboard().signUp(same, same), 422, 'weak_password');
    expectError(await s.dashboard().call('POST', '/session/sign-up', { body: { email: 'not an email', password: PASSWORD } }), 400, 'invalid_request', { field: 'email' });
    expectError(await s.dashboard().call('POST', '/session/sign-up', { body: { email: email(), password: PASSWORD, admin: true } }), 400, 'unknown_field');
    expectError(await s.dashboard().call('POST', '/session/sign-up/verify', { body: { token: 'x' } }), 400, 'invalid_request');
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
    const max = s.services.config.limits.body_max_bytes;
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

  it('locks an unknown email exactly as a known one: the same answers, the same Retry-After', async () => {
    const known = email();
    await s.dashboard().signUp(known, PASSWORD);
    const unknown = `nobody-${known}`;
    const seen: Record<string, unknown[]> = {};
    for (const address of [known, unknown]) {
      for (let i = 0; i < 5; i++) expectError(await s.dashboard().signIn(address, 'wrong password!'), 401, 'invalid_credentials');
      const locked = await s.dashboard().signIn(address, PASSWORD);
      expectError(locked, 429, 'too_many_attempts');
      seen[address] = [{ ...locked.body.error, request_id: '' }, locked.headers.get('retry-after')];
    }
    expect(seen[unknown]).toEqual(seen[known]);
    expect(seen[known]![1]).toBe('900');
  });

  it('locks one network out of an email, not the email: its owner signs in from elsewhere', async () => {
    const address = email();
    await s.dashboard().signUp(address, PASSWORD);
    const guesser = s.dashboard('127.0.0.2');
    for (let i = 0; i < 5; i++) expectError(await guesser.signIn(address, 'wrong password!'), 401, 'invalid_credentials');
    expectError(await guesser.signIn(address, PASSWORD), 429, 'too_many_attempts');
    expect((await s.dashboard().signIn(address, PASSWORD)).status).toBe(200);
    await guesser.close();
  });

  it('backs an email off after 20 failures from anywhere, known or not, doubling from a minute; a network its owner used is not held back', async () => {
    const known = email();
    const owner = s.dashboard();
    expect((await owner.signUp(known, PASSWORD)).status).toBe(201);
    // The owner signed in from 127.0.0.1 (the sign-up's session is not a sign-in): that network is now known.
    expect((await owner.signIn(known, PASSWORD)).status).toBe(200);
    const unknown = `nobody-${known}`;
    const guessers = ['127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6'].map((ip) => s.dashboard(ip));
    const elsewhere = s.dashboard('127.0.0.7');
    for (const address of [known, unknown]) {
      for (const g of guessers) for (let i = 0; i < 5; i++) expectError(await g.signIn(address, 'wrong password!'), 401, 'invalid_credentials');
      // 20 failures: from a fifth network, never used, the email is held back a minute.
      const held = await elsewhere.signIn(address, PASSWORD);
      expectError(held, 429, 'too_many_attempts');
      expect(held.headers.get('retry-after')).toBe('60');
    }
    // The owner's network passes; for the unknown email no network is known, so 127.0.0.1 is held back too.
    expect((await s.dashboard().signIn(known, PASSWORD)).status).toBe(200);
    expectError(await s.dashboard().signIn(unknown, PASSWORD), 429, 'too_many_attempts');
    await advance(60_000);
    // The 21st failure holds it back two minutes.
    expectError(await elsewhere.signIn(known, 'wrong password!'), 401, 'invalid_credentials');
    const again = await elsewhere.signIn(known, PASSWORD);
    expectError(again, 429, 'too_many_attempts');
    expect(again.headers.get('retry-after')).toBe('120');
    for (const d of [...guessers, elsewhere]) await d.close();
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
    // The invitation was mailed to the address: a sign-up with it is made at once, with a session.
    const r = await t.dashboard().call('POST', '/session/sign-up', { body: { email: 'new@example.com', password: PASSWORD, invitation: inv.body.token } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.customer.id).toBe(customer.id);
    expect(r.headers.getSetCookie()[0]).toMatch(/^rampart_session=/);
    expectError(await t.dashboard().signUp('new@example.com', PASSWORD, inv.body.token), 422, 'invalid_invitation', { reason: 'used' });
    // An invitation for an address that has a user makes nothing: the neutral answer, the note to the owner.
    const twice = await t.admin('POST', '/admin/v1/invitations', { email: 'new@example.com' });
    const neutral = await t.dashboard().signUp('new@example.com', 'another fine passphrase', twice.body.token);
    expect(neutral.status, JSON.stringify(neutral.body)).toBe(202);
    expect(neutral.body).toEqual({ sent_to: 'n***@example.com' });
    expect((await t.mailsTo('new@example.com'))[0]!.subject).toBe('Someone tried to sign up to Rampart with your address');
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
