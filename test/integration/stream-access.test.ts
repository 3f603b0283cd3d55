import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, reached, SANDBOX_URL, TestServer } from '../helpers/server.js';
import { SseClient } from '../helpers/sse.js';

/** An open stream ends within this long of the change that ended its access. */
const WITHIN_MS = 1000;

let s: TestServer;
let n = 0;
const ik = () => `sa-${++n}`;
const streamPath = (accountId: string) => `/v1/accounts/${accountId}/stream`;
const resting = { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '58000' };

beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(() => s.close());

/** Places a resting order at a fresh price (the tests move the clock, which makes the last one stale). */
async function place(key: string, accountId: string): Promise<void> {
  await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
  await s.settleTrading();
  const r = await s.sandboxCall('POST', `/v1/accounts/${accountId}/orders`, { key, idempotencyKey: ik(), body: resting });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}

/** Opens a stream and waits until the server holds it (so a change made next happens while it is open). */
async function open(key: string, accountId: string): Promise<SseClient> {
  const before = s.streamCount(accountId);
  const c = await SseClient.open(s.url.sandbox, streamPath(accountId), { key });
  expect(c.status).toBe(200);
  const deadline = Date.now() + 5000;
  while (s.streamCount(accountId) === before) {
    if (Date.now() > deadline) throw new Error('the stream did not open');
    await new Promise((r) => setTimeout(r, 10));
  }
  return c;
}

/**
 * Waits for the stream's final error frame (at most WITHIN_MS after `since`), checks it is the error a new request
 * gets — the envelope's error object, code first, the stream's request id — and that the connection is closed.
 */
async function expectEnded(c: SseClient, since: number, code: string, type: string, details?: Record<string, unknown>): Promise<any> {
  await c.waitFor((x) => x.frames.some((f) => f.event === 'error'), `event: error ${code}`);
  expect(Date.now() - since).toBeLessThan(WITHIN_MS);
  const frame = c.frames.at(-1)!;
  expect(frame.event).toBe('error');
  expect(frame.id).toBeUndefined();
  const data = JSON.parse(frame.data);
  expect(Object.keys(data)[0]).toBe('code');
  expect(data).toMatchObject({ code, type, retryable: false, request_id: c.headers['x-request-id'], doc_url: `https://docs.rampart.dev/reference/errors#${code}` });
  expect(typeof data.message).toBe('string');
  expect(data.message.length).toBeGreaterThan(0);
  if (details) expect(data.details).toEqual(details);
  else expect(data).not.toHaveProperty('details');
  expect(await c.ended).toBe('end');
  await c.socketClosed;
  expect(Date.now() - since).toBeLessThan(WITHIN_MS);
  reached.add(code);
  return data;
}

describe('an open account stream ends when its access ends', () => {
  it('revoking its key (admin API) ends it with revoked_api_key and closes the connection; streams of other keys go on', async () => {
    const t = await s.trader();
    const other = await s.key(t.customer.id);
    const doomed = await open(t.key, t.accountId);
    const sibling = await open(other.key, t.accountId);
    await place(other.key, t.accountId);
    await doomed.waitFor((x) => x.events.length === 1, 'the first event');

    const r = await s.admin('DELETE', `/admin/v1/keys/${t.keyId}`);
    expect(r.status).toBe(200);
    await expectEnded(doomed, Date.now(), 'revoked_api_key', 'authentication');
    const framesAtEnd = doomed.frames.length;

    // Events after the revocation reach the stream of the other key, never the ended one.
    await place(other.key, t.accountId);
    await sibling.waitFor((x) => x.events.length === 2, 'the event after the revocation');
    expect(doomed.frames).toHaveLength(framesAtEnd);
    expect(doomed.events).toHaveLength(1);
    expect(s.streamCount(t.accountId)).toBe(1);
    expectError(await s.sandboxCall('GET', streamPath(t.accountId), { key: t.key }), 401, 'revoked_api_key');
    sibling.drop();
  });

  it('its key passing its end date on the clock ends it with expired_api_key (details.expired_at)', async () => {
    const c0 = await s.customer();
    const now = (await s.admin('GET', '/admin/v1/clock')).body.now as number;
    const k = await s.key(c0.id, { expires_at: now + 60_000 });
    const c = await open(k.key, k.opened_account_id!);
    await s.admin('POST', '/admin/v1/clock', { advance_ms: 60_000 });
    // At its end date it still works: access ends after it.
    expect(s.streamCount(k.opened_account_id!)).toBe(1);
    await s.admin('POST', '/admin/v1/clock', { advance_ms: 1 });
    await expectEnded(c, Date.now(), 'expired_api_key', 'authentication', { expired_at: now + 60_000 });
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: k.key }), 401, 'expired_api_key', { expired_at: now + 60_000 });
  });

  it("switching the customer's API access off (admin API) ends every stream of the customer with api_disabled", async () => {
    const t = await s.trader();
    const read = await s.key(t.customer.id, { access: 'read' });
    const a = await open(t.key, t.accountId);
    const b = await open(read.key, t.accountId);
    const r = await s.admin('PATCH', `/admin/v1/customers/${t.customer.id}`, { api_enabled: false });
    expect(r.status).toBe(200);
    const since = Date.now();
    await expectEnded(a, since, 'api_disabled', 'permission');
    await expectEnded(b, since, 'api_disabled', 'permission');
    expect(s.streamCount(t.accountId)).toBe(0);
  });

  it('switching its host off (admin API) ends it with environment_disabled, as a new request is answered', async () => {
    const t = await s.trader();
    const c = await open(t.key, t.accountId);
    const r = await s.admin('PATCH', '/admin/v1/environments/sandbox', { enabled: false });
    expect(r.status).toBe(200);
    try {
      const since = Date.now();
      await expectEnded(c, since, 'environment_disabled', 'server', { status_url: `${SANDBOX_URL}/v1/status` });
      expectError(await s.sandboxCall('GET', streamPath(t.accountId), { key: t.key }), 503, 'environment_disabled');
    } finally {
      expect((await s.admin('PATCH', '/admin/v1/environments/sandbox', { enabled: true })).status).toBe(200);
    }
    const again = await open(t.key, t.accountId);
    again.drop();
  });

  it('revoking its app token ends it with revoked_token', async () => {
    const t = await s.trader();
    const issued = await s.admin('POST', `/admin/v1/customers/${t.customer.id}/tokens`, { environment: 'sandbox', kind: 'app' });
    expect(issued.status).toBe(201);
    const c = await open(issued.body.token, t.accountId);
    const r = await s.admin('DELETE', `/admin/v1/tokens/${issued.body.id}`);
    expect(r.status).toBe(200);
    await expectEnded(c, Date.now(), 'revoked_token', 'authentication');
  });

  it("an assistant token's hour passing ends it with expired_token", async () => {
    const t = await s.trader();
    const issued = await s.admin('POST', `/admin/v1/customers/${t.customer.id}/tokens`, { environment: 'sandbox', kind: 'assistant' });
    expect(issued.status).toBe(201);
    const c = await open(issued.body.token, t.accountId);
    await s.admin('POST', '/admin/v1/clock', { advance_ms: 3_600_001 });
    await expectEnded(c, Date.now(), 'expired_token', 'authentication', { expired_at: issued.body.expires_at });
  });

  it('an account no longer reachable by the credential (changed by another connection to the store) ends it with account_not_found', async () => {
    const t = await s.trader();
    const elsewhere = await s.customer();
    const c = await open(t.key, t.accountId);
    // No operator surface moves an account today; a write from another connection (as an operator's repair
    // would be) is what reaches this process only through the store.
    await s.rawQuery('UPDATE accounts SET customer_id = ? WHERE id = ?', [elsewhere.id, t.accountId]);
    await expectEnded(c, Date.now(), 'account_not_found', 'not_found', { account_id: t.accountId });
    expectError(await s.sandboxCall('GET', `/v1/accounts/${t.accountId}`, { key: t.key }), 404, 'account_not_found');
  });

  it('keeps a stream whose access is unchanged open across re-checks and clock moves', async () => {
    const t = await s.trader();
    const c = await open(t.key, t.accountId);
    await s.admin('POST', '/admin/v1/clock', { advance_ms: 1000 });
    await s.recheckStreams();
    await s.recheckStreams();
    expect(s.streamCount(t.accountId)).toBe(1);
    await place(t.key, t.accountId);
    await c.waitFor((x) => x.events.length === 1, 'an event');
    expect(c.frames.filter((f) => f.event === 'error')).toEqual([]);
    c.drop();
  });
});
