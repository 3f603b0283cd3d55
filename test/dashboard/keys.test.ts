import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollEvents } from '../helpers/events.js';
import { advanceOn, expectError, TestServer } from '../helpers/server.js';
import type { DashboardClient } from '../helpers/dashboard.js';

let s: TestServer;
const PASSWORD = 'correct horse battery';
let n = 0;

beforeAll(async () => {
  s = await TestServer.start();
});

/** A fresh price (earlier tests move the manual clock past the quote's freshness). */
async function price(): Promise<void> {
  const r = await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
  expect(r.status).toBe(200);
}
afterAll(() => s.close());

/** Moves the manual clock of every node (the operator's route). */
const advance = (ms: number) => advanceOn(s, ms);

async function person(): Promise<{ d: DashboardClient; email: string; customerId: string }> {
  const d = s.dashboard();
  const email = `keys${++n}@example.com`;
  const r = await d.signUp(email, PASSWORD);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { d, email, customerId: r.body.customer.id };
}

/** The code of the newest mail kept in the store for an address. */
async function mailedCode(email: string): Promise<string> {
  const mail = (await s.services.store.listMails(100)).find((m) => m.to_address === email);
  const code = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

describe('the dashboard: keys, emailed codes, dashboard tokens', { timeout: 90_000 }, () => {
  it('creates a sandbox key without a code, shown once; it opens the first sandbox account and works on the API', async () => {
    const { d, customerId } = await person();
    const r = await d.call('POST', '/session/keys', { body: { environment: 'sandbox', access: 'trade', name: 'bot', max_order_usd: '5000' } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ customer_id: customerId, environment: 'sandbox', access: 'trade', name: 'bot', max_order_usd: '5000', key: expect.stringMatching(/^rk_test_/) });
    expect(r.body.opened_account).toMatchObject({ environment: 'sandbox', id: expect.stringMatching(/^SANDBOX-/) });
    await s.settle();
    const accounts = await fetch(`${s.url.sandbox}/v1/accounts`, { headers: { authorization: `Bearer ${r.body.key}` } });
    expect(accounts.status).toBe(200);
    expect(((await accounts.json()) as { data: { id: string }[] }).data.map((a) => a.id)).toEqual([r.body.opened_account.id]);
    const list = await d.call('GET', '/session/keys');
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(r.body.key);
    expect(list.body.data[0]).toMatchObject({ id: r.body.id, prefix: r.body.key.slice(0, 12) });
  });

  it('revokes a key: the API refuses it at once; another customer cannot revoke it', async () => {
    const { d } = await person();
    const k = await d.call('POST', '/session/keys', { body: { environment: 'sandbox', access: 'read' } });
    const other = await person();
    expectError(await other.d.call('DELETE', `/session/keys/${k.body.id}`), 404, 'route_not_found');
    const r = await d.call('DELETE', `/session/keys/${k.body.id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.revoked_at).toBe(s.services.clock.now());
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: k.body.key }), 401, 'revoked_api_key');
  });

  it('needs the emailed code for a live key: required, wrong, expired, used; mailed to the store without SMTP', async () => {
    const { d, email } = await person();
    const live = { environment: 'live', access: 'read' };
    expectError(await d.call('POST', '/session/keys', { body: live }), 422, 'email_code_required');
    const sent = await d.call('POST', '/session/email-codes', { body: { purpose: 'live_key' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body).toEqual({ sent_to: `k***@example.com`, expires_at: s.services.clock.now() + 600_000 });
    const code = await mailedCode(email);
    // Only the code's hash is stored.
    expect(JSON.stringify(await s.rawQuery('SELECT * FROM email_codes'))).not.toContain(`"${code}"`);
    const wrong = code === '000000' ? '000001' : '000000';
    expectError(await d.call('POST', '/session/keys', { body: { ...live, email_code: wrong } }), 422, 'invalid_email_code', { reason: 'wrong' });
    const made = await d.call('POST', '/session/keys', { body: { ...live, email_code: code } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ environment: 'live', key: expect.stringMatching(/^rk_live_/), opened_account: null });
    expectError(await d.call('POST', '/session/keys', { body: { ...live, email_code: code } }), 422, 'invalid_email_code', { reason: 'used' });

    // One code a minute.
    await advance(60_000);
    expect((await d.call('POST', '/session/email-codes', { body: { purpose: 'live_key' } })).status).toBe(202);
    const late = await mailedCode(email);
    await advance(600_000);
    expectError(await d.call('POST', '/session/keys', { body: { ...live, email_code: late } }), 422, 'invalid_email_code', { reason: 'expired' });
  });

  it('spends a code after 5 wrong tries', async () => {
    const { d, email } = await person();
    await d.call('POST', '/session/email-codes', { body: { purpose: 'live_key' } });
    const code = await mailedCode(email);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expectError(await d.call('POST', '/session/keys', { body: { environment: 'live', access: 'read', email_code: wrong } }), 422, 'invalid_email_code');
    expectError(await d.call('POST', '/session/keys', { body: { environment: 'live', access: 'read', email_code: code } }), 422, 'invalid_email_code', { reason: 'used' });
  });

  it('accepts only the newest code: an older one is a wrong try of the newest, and every wrong try counts', async () => {
    const { d, email } = await person();
    const live = { environment: 'live', access: 'read' };
    await d.call('POST', '/session/email-codes', { body: { purpose: 'live_key' } });
    const older = await mailedCode(email);
    await advance(60_000);
    await d.call('POST', '/session/email-codes', { body: { purpose: 'live_key' } });
    const newest = await mailedCode(email);
    const wrong = ['000000', '000001', '000002'].find((c) => c !== older && c !== newest)!;
    // The older code (unless it happens to be the newest's six digits) is refused and charged like any wrong one.
    if (older !== newest) expectError(await d.call('POST', '/session/keys', { body: { ...live, email_code: older } }), 422, 'invalid_email_code', { reason: 'wrong' });
    const tries = older !== newest ? 4 : 5;
    for (let i = 0; i < tries; i++) expectError(await d.call('POST', '/session/keys', { body: { ...live, email_code: wrong } }), 422, 'invalid_email_code', { reason: 'wrong' });
    // Five wrong tries: the newest is spent too, so no code of this user opens a live key now.
    expectError(await d.call('POST', '/session/keys', { body: { ...live, email_code: newest } }), 422, 'invalid_email_code', { reason: 'used' });
    expectError(await d.call('POST', '/session/keys', { body: { ...live, email_code: older } }), 422, 'invalid_email_code', { reason: 'used' });
  });

  it('sends one code a minute and five an hour per user and purpose: 429 rate_limited with Retry-After', async () => {
    const { d, email } = await person();
    const send = (purpose = 'live_key') => d.call('POST', '/session/email-codes', { body: { purpose } });
    expect((await send()).status).toBe(202);
    const soon = await send();
    expectError(soon, 429, 'rate_limited', { scope: 'email', limit: 1 });
    expect(Number(soon.headers.get('retry-after'))).toBe(60);
    // Another purpose has its own count.
    expect((await send('live_trade')).status).toBe(202);
    for (let i = 0; i < 4; i++) {
      await advance(60_000);
      expect((await send()).status).toBe(202);
    }
    await advance(60_000);
    const hourly = await send();
    expectError(hourly, 429, 'rate_limited', { scope: 'email', limit: 5 });
    expect(Number(hourly.headers.get('retry-after'))).toBe(3600 - 5 * 60);
    expect((await s.mailsTo(email)).filter((m) => /^Your Rampart code/.test(m.subject))).toHaveLength(6);
    await advance(3600_000 - 5 * 60_000);
    expect((await send()).status).toBe(202);
  });

  it('gives a live dashboard token that only reads until an emailed code is given; with the newest live_trade code it trades', async () => {
    const { d, email, customerId } = await person();
    const opened = await s.admin('POST', `/admin/v1/customers/${customerId}/accounts`, { product: 'funded-100k' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    await s.settle();
    await price();
    const order = (token: string) =>
      s.liveCall('POST', `/v1/accounts/${opened.body.id}/orders`, { key: token, idempotencyKey: randomUUID(), body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' } });
    const reading = await d.call('POST', '/session/api-tokens', { body: { environment: 'live' } });
    expect(reading.status, JSON.stringify(reading.body)).toBe(201);
    expect(reading.body).toMatchObject({ token: expect.stringMatching(/^rat_live_/), access: 'read' });
    expect((await s.liveCall('GET', '/v1/accounts', { key: reading.body.token })).status).toBe(200);
    expectError(await order(reading.body.token), 403, 'insufficient_permission');
    // A code of another purpose, a wrong one, or none at all: no trading token.
    expectError(await d.call('POST', '/session/api-tokens', { body: { environment: 'live', email_code: '123456' } }), 422, 'invalid_email_code', { reason: 'wrong' });
    expect((await d.call('POST', '/session/email-codes', { body: { purpose: 'live_key' } })).status).toBe(202);
    const keyCode = await mailedCode(email);
    expectError(await d.call('POST', '/session/api-tokens', { body: { environment: 'live', email_code: keyCode } }), 422, 'invalid_email_code');
    expectError(await d.call('POST', '/session/api-tokens', { body: { environment: 'sandbox', email_code: keyCode } }), 400, 'invalid_request', { field: 'email_code' });
    expect((await d.call('POST', '/session/email-codes', { body: { purpose: 'live_trade' } })).status).toBe(202);
    const trading = await d.call('POST', '/session/api-tokens', { body: { environment: 'live', email_code: await mailedCode(email) } });
    expect(trading.status, JSON.stringify(trading.body)).toBe(201);
    expect(trading.body).toMatchObject({ token: expect.stringMatching(/^rat_live_/), access: 'trade', expires_at: s.services.clock.now() + 3_600_000 });
    const placed = await order(trading.body.token);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body).toMatchObject({ origin: 'platform', status: 'filled' });
  });

  it('issues a dashboard token for one API host, an hour at most; its orders carry origin platform', async () => {
    const { d } = await person();
    const k = await d.call('POST', '/session/keys', { body: { environment: 'sandbox', access: 'read' } });
    await s.settle();
    const accountId = k.body.opened_account.id as string;
    const t = await d.call('POST', '/session/api-tokens', { body: { environment: 'sandbox' } });
    expect(t.status, JSON.stringify(t.body)).toBe(201);
    expect(t.body).toEqual({ token: expect.stringMatching(/^rat_test_/), expires_at: s.services.clock.now() + 3_600_000, api_url: s.services.config.publicUrl.sandbox, access: 'trade' });
    expectError(await s.liveCall('GET', '/v1/accounts', { key: t.body.token }), 401, 'wrong_resource');
    await price();
    const order = await fetch(`${s.url.sandbox}/v1/accounts/${accountId}/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.body.token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' }),
    });
    const placed = (await order.json()) as { origin: string; status: string };
    expect(order.status, JSON.stringify(placed)).toBe(201);
    expect(placed).toMatchObject({ origin: 'platform', status: 'filled' });
    const events = (await pollEvents(s, t.body.token)).events;
    expect(events.map((e) => `${e.type}/${e.source}`)).toEqual(['order.created/platform', 'order.filled/platform', 'fill.created/platform', 'position.opened/engine']);
    // Tokens are not keys: the key list shows none.
    expect((await d.call('GET', '/session/keys')).body.data).toHaveLength(1);
    await advance(3_600_001);
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: t.body.token }), 401, 'expired_token');
  });

  it('revokes the dashboard tokens of a session at sign-out', async () => {
    const { d } = await person();
    const token = await d.apiToken('sandbox');
    expect((await s.sandboxCall('GET', '/v1/accounts', { key: token })).status).toBe(200);
    expect((await d.call('POST', '/session/sign-out')).status).toBe(204);
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: token }), 401, 'revoked_token');
  });

  it('changes the password: other sessions end, the dashboard tokens are revoked, this session stays', async () => {
    const { d, email } = await person();
    const other = s.dashboard();
    expect((await other.signIn(email, PASSWORD)).status).toBe(200);
    const mine = await d.apiToken('sandbox');
    const theirs = await other.apiToken('live');
    expectError(await d.call('POST', '/session/password', { body: { current_password: 'not it at all', new_password: 'a new long password' } }), 401, 'invalid_credentials');
    expectError(await d.call('POST', '/session/password', { body: { current_password: PASSWORD, new_password: 'short' } }), 422, 'weak_password', { field: 'new_password' });
    const r = await d.call('POST', '/session/password', { body: { current_password: PASSWORD, new_password: 'a new long password' } });
    expect(r.status, JSON.stringify(r.body)).toBe(204);
    expect((await d.call('GET', '/session')).status).toBe(200);
    expectError(await other.call('GET', '/session'), 401, 'session_required');
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: mine }), 401, 'revoked_token');
    expectError(await s.liveCall('GET', '/v1/accounts', { key: theirs }), 401, 'revoked_token');
    expectError(await s.dashboard().signIn(email, PASSWORD), 401, 'invalid_credentials');
    expect((await s.dashboard().signIn(email, 'a new long password')).status).toBe(200);
    // A token made after the change works.
    expect((await s.sandboxCall('GET', '/v1/accounts', { key: await d.apiToken('sandbox') })).status).toBe(200);
  });

  it('needs a session for every route but its configuration, sign-up and sign-in', async () => {
    const anonymous = s.dashboard();
    for (const [method, path] of [
      ['GET', '/session'],
      ['GET', '/session/keys'],
      ['POST', '/session/keys'],
      ['DELETE', '/session/keys/key_x'],
      ['POST', '/session/api-tokens'],
      ['POST', '/session/email-codes'],
      ['POST', '/session/password'],
      ['POST', '/session/sign-out'],
    ] as const) {
      const body = path === '/session/api-tokens' ? { environment: 'sandbox' } : path === '/session/email-codes' ? { purpose: 'live_key' } : path === '/session/password' ? { current_password: 'x', new_password: 'y' } : path === '/session/keys' && method === 'POST' ? { environment: 'sandbox', access: 'read' } : undefined;
      expectError(await anonymous.call(method, path, body ? { body } : {}), 401, 'session_required');
    }
  });
});
