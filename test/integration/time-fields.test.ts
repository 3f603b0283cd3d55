import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, T0, TEST_ADMIN_TOKEN, TestServer } from '../helpers/server.js';

/**
 * Times taken as input (an order's gtd expires_at, an edit's expires_at, a key's or token's expires_at, an
 * account's paused_until) are integer Unix ms after now (the Clock) and at most max_expires_in_ms ahead. Every other
 * form is 400 invalid_request naming the field, and nothing is stored: no `1e+300` order or key to be found later.
 */

let s: TestServer;
let t: { key: string; accountId: string; customer: { id: string } };
let n = 0;
const ik = () => `tf-${++n}`;
const MAX = 63_072_000_000;

/** The bad forms, as raw JSON text (JSON.stringify cannot write 1e300 or 9007199254740993 as sent). */
const BAD: [string, string, string | undefined][] = [
  ['1e300', '1e300', 'not_an_integer'],
  ['1e21', '1e21', 'not_an_integer'],
  ['1.7e12 (an exponent whose value is an integer)', '1.7e12', 'not_an_integer'],
  ['9007199254740993 (read as …992 by JSON.parse)', '9007199254740993', 'unsafe_integer'],
  ['1.5', '1.5', undefined],
  ['1800000000000.0', '1800000000000.0', 'not_an_integer'],
  ['-1', '-1', undefined],
  ['"123"', '"123"', undefined],
  ['now (not after now)', String(T0), 'not_in_future'],
  ['beyond max_expires_in_ms', String(T0 + MAX + 1), 'too_far_ahead'],
];

const gtdBody = (expires: string) =>
  `{"market":"BTC-USD","side":"buy","type":"limit","size":"0.01","limit_price":"59000","time_in_force":"gtd","expires_at":${expires}}`;

async function orders(): Promise<unknown[]> {
  return (await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders`, { key: t.key })).body.data;
}

beforeAll(async () => {
  s = await TestServer.start();
  expect((await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000' })).status).toBe(200);
  await s.settleTrading();
  t = await s.trader();
});
afterAll(() => s.close());

describe('time fields taken as input', () => {
  it('GET /v1/limits reports how far ahead an expires_at may lie', async () => {
    const r = await s.sandboxCall('GET', '/v1/limits', { key: t.key });
    expect(r.status).toBe(200);
    expect(r.body.max_expires_in_ms).toBe(MAX);
  });

  it.each(BAD)('refuses a gtd order with expires_at %s, and places nothing', async (_name, raw, reason) => {
    const before = await orders();
    const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), raw: gtdBody(raw) });
    expectError(r, 400, 'invalid_request', { field: 'expires_at', ...(reason ? { reason } : {}) });
    expect(r.body.error.message).toContain('expires_at');
    expect(JSON.stringify(r.body)).not.toContain('e+');
    expect(await orders()).toEqual(before);
  });

  it('places a gtd order expiring at the far end of the window, and echoes its expires_at exactly', async () => {
    const at = T0 + MAX;
    const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), raw: gtdBody(String(at)) });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.expires_at).toBe(at);
  });

  it.each(BAD)('refuses an edit to expires_at %s, and the order stays as it was', async (_name, raw, reason) => {
    const placed = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), raw: gtdBody(String(T0 + 60_000)) });
    expect(placed.status).toBe(201);
    const path = `/v1/accounts/${t.accountId}/orders/${placed.body.id}`;
    const r = await s.sandboxCall('PATCH', path, { key: t.key, idempotencyKey: ik(), raw: `{"expires_at":${raw}}` });
    expectError(r, 400, 'invalid_request', { field: 'expires_at', ...(reason ? { reason } : {}) });
    const after = await s.sandboxCall('GET', path, { key: t.key });
    expect(after.body.expires_at).toBe(T0 + 60_000);
    expect(after.body.updated_at).toBe(placed.body.updated_at);
  });

  it('refuses a number written with an exponent anywhere in a body, naming its path', async () => {
    const r = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, {
      key: t.key,
      idempotencyKey: ik(),
      raw: '{"market":"BTC-USD","side":"buy","type":"market","size":"0.01","take_profit":{"price":"63000"},"break_even":{"trigger_price":"60500","offset_ticks":2e0}}',
    });
    expectError(r, 400, 'invalid_request', { field: 'break_even.offset_ticks', reason: 'not_an_integer' });
  });

  it.each(BAD)('refuses an operator key with expires_at %s, and creates no key', async (_name, raw, reason) => {
    // last_used_at is written after a key's use, apart from the request (a use by an earlier test may land between the reads).
    const keys = async () =>
      ((await s.admin('GET', `/admin/v1/customers/${t.customer.id}/keys`)).body.data as Record<string, unknown>[]).map(({ last_used_at: _used, ...k }) => k);
    const before = await keys();
    const r = await s.call(s.url.admin, 'POST', `/admin/v1/customers/${t.customer.id}/keys`, {
      key: TEST_ADMIN_TOKEN,
      raw: `{"environment":"sandbox","access":"read","expires_at":${raw}}`,
    });
    expectError(r, 400, 'invalid_request', { field: 'expires_at', ...(reason ? { reason } : {}) });
    expect(await keys()).toEqual(before);
  });

  it('refuses an app token and a pause that end too far ahead or in the past', async () => {
    const token = await s.admin('POST', `/admin/v1/customers/${t.customer.id}/tokens`, { environment: 'sandbox', kind: 'app', expires_at: T0 + MAX + 1 });
    expectError(token, 400, 'invalid_request', { field: 'expires_at', reason: 'too_far_ahead', max_expires_in_ms: MAX });
    const pause = await s.admin('PATCH', `/admin/v1/accounts/${t.accountId}`, { paused_until: T0 - 1 });
    expectError(pause, 400, 'invalid_request', { field: 'paused_until', reason: 'not_in_future' });
    expect((await s.sandboxCall('GET', `/v1/accounts/${t.accountId}`, { key: t.key })).body.paused_until).toBeNull();
  });

  it('judges "after now" by the service Clock, not the machine time', async () => {
    await s.admin('POST', '/admin/v1/clock', { advance_ms: 3_600_000 });
    const r = await s.admin('POST', `/admin/v1/customers/${t.customer.id}/keys`, { environment: 'sandbox', access: 'read', expires_at: T0 + 1_000 });
    expectError(r, 400, 'invalid_request', { field: 'expires_at', reason: 'not_in_future', now: T0 + 3_600_000 });
    const ok = await s.admin('POST', `/admin/v1/customers/${t.customer.id}/keys`, { environment: 'sandbox', access: 'read', expires_at: T0 + 3_600_000 + MAX });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.expires_at).toBe(T0 + 3_600_000 + MAX);
  });
});
