import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolve } from '../../src/events/webhook-target.js';
import { WebhookReceiver } from '../helpers/receiver.js';
import { expectError, TestServer } from '../helpers/server.js';

/**
 * The webhook guard (docs/SECURITY.md, finding 1): unless the operator sets RAMPART_WEBHOOK_ALLOW_PRIVATE=1, no
 * endpoint — sandbox or live — reaches a private, loopback or link-local address. IP literals in every spelling are
 * refused at registration; names are resolved and every address checked when connecting; redirects are not
 * followed; the delivery log shows a failure class, never a socket error. Names resolve through a fixed table handed
 * to the server (no test depends on a real DNS server): `inside.rampart.test` is this machine.
 */

const NAMES: Record<string, string[]> = {
  'inside.rampart.test': ['127.0.0.1'],
  'mixed.rampart.test': ['93.184.215.14', '127.0.0.1'],
};
const resolveName: Resolve = (hostname, _options, callback) => {
  const found = NAMES[hostname];
  if (!found) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
  callback(null, found.map((address) => ({ address, family: 4 })));
};

let n = 0;
const ik = () => `guard-${++n}`;
const resting = { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000' };
const receivers: WebhookReceiver[] = [];

async function receiver(respond?: ConstructorParameters<typeof WebhookReceiver>[0]): Promise<WebhookReceiver> {
  const r = await WebhookReceiver.start(respond);
  receivers.push(r);
  return r;
}

async function withPrice(s: TestServer): Promise<void> {
  expect((await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' })).status).toBe(200);
  await s.settleTrading();
}

type Env = 'sandbox' | 'live';
const callOn = (s: TestServer, env: Env) => (env === 'sandbox' ? s.sandboxCall.bind(s) : s.liveCall.bind(s));

/** A customer with a trade key and an active account in the environment (live: a funded account). */
async function trader(s: TestServer, env: Env): Promise<{ key: string; accountId: string }> {
  if (env === 'sandbox') return s.trader();
  const c = await s.customer('live');
  const k = await s.key(c.id, { environment: 'live' });
  const opened = await s.admin('POST', `/admin/v1/customers/${c.id}/accounts`, { product: 'funded-100k' });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  await s.settle();
  return { key: k.key, accountId: opened.body.id };
}

async function register(s: TestServer, env: Env, key: string, url: string): Promise<string> {
  const r = await callOn(s, env)('POST', '/v1/webhooks', { key, idempotencyKey: ik(), body: { url } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id;
}

/** An event on the account (an order placed by the platform), and every delivery due attempted. */
async function anEvent(s: TestServer, accountId: string): Promise<void> {
  const r = await s.admin('POST', `/admin/v1/accounts/${accountId}/orders`, { ...resting, origin: 'platform' });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  await s.drainWebhooks();
}

async function attempts(s: TestServer, env: Env, key: string, webhookId: string): Promise<any[]> {
  const r = await callOn(s, env)('GET', `/v1/webhooks/${webhookId}/deliveries`, { key });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.flatMap((d: any) => d.attempts);
}

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

describe('with the guard on (RAMPART_WEBHOOK_ALLOW_PRIVATE=0, the default)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await TestServer.start({ env: { RAMPART_WEBHOOK_ALLOW_PRIVATE: '0' }, resolveName });
    await withPrice(s);
  });
  afterAll(() => s.close());

  it.each<Env>(['sandbox', 'live'])('%s: refuses the operator API and every spelling of a private, loopback or link-local address', async (env) => {
    const t = await trader(s, env);
    const operator = new URL(s.url.admin);
    const urls = [
      `http://127.0.0.1:${operator.port}/admin/v1/customers`,
      `http://2130706433:${operator.port}/admin/v1/customers`,
      'http://0x7f.1/hook',
      'http://0177.0.0.1/hook',
      'http://127.1/hook',
      'http://0/hook',
      'http://0.0.0.0/hook',
      'http://[::]/hook',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[::ffff:7f00:1]/hook',
      'http://[::127.0.0.1]/hook',
      'http://[64:ff9b::7f00:1]/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/hook',
      'http://10.0.0.8/hook',
      'http://192.168.1.1/hook',
      'http://[fd00::1]/hook',
      'http://[fe80::1]/hook',
      'http://localhost/hook',
      'http://localhost./hook',
      'http://api.localhost/hook',
    ];
    for (const url of urls) {
      const r = await callOn(s, env)('POST', '/v1/webhooks', { key: t.key, idempotencyKey: ik(), body: { url } });
      expectError(r, 400, 'invalid_request', { field: 'url', reason: 'private_target' });
      expect(r.body.error.message).toBe('url: webhooks may not target private, loopback or link-local addresses.');
    }
    // Nothing was made; a public endpoint is still taken.
    expect((await callOn(s, env)('GET', '/v1/webhooks', { key: t.key })).body.data).toEqual([]);
    await register(s, env, t.key, 'https://hooks.example.com/rampart');
  });

  it.each<Env>(['sandbox', 'live'])('%s: never connects to a name that resolves to a loopback address, and says private_address', async (env) => {
    const t = await trader(s, env);
    const rcv = await receiver();
    // A name is taken at registration: what it resolves to is judged at each connection (it may change).
    const inside = await register(s, env, t.key, `http://inside.rampart.test:${rcv.port}/hooks`);
    const mixed = await register(s, env, t.key, `http://mixed.rampart.test:${rcv.port}/hooks`);
    await anEvent(s, t.accountId);
    expect(rcv.requests).toEqual([]);
    for (const id of [inside, mixed]) {
      expect(await attempts(s, env, t.key, id)).toEqual([{ number: 1, at: expect.any(Number), status_code: null, error: 'private_address', duration_ms: expect.any(Number) }]);
    }
  });

  it('never connects to an endpoint stored with a loopback address before the guard, and shows older raw errors as their class', async () => {
    const t = await trader(s, 'sandbox');
    const rcv = await receiver();
    const id = await register(s, 'sandbox', t.key, 'https://hooks.example.com/before');
    // As an endpoint registered in the sandbox before sandbox endpoints were checked.
    await s.raw.query('UPDATE webhooks SET url = ? WHERE id = ?', [rcv.url, id]);
    await anEvent(s, t.accountId);
    expect(rcv.requests).toEqual([]);
    expect((await attempts(s, 'sandbox', t.key, id)).map((a) => a.error)).toEqual(['private_address']);
    // An attempt recorded before errors were classes held the socket's error: the log shows its class only.
    await s.raw.query("UPDATE webhook_attempts SET error = 'ECONNREFUSED: connect ECONNREFUSED 10.0.0.7:5432' WHERE error = 'private_address'");
    const shown = await attempts(s, 'sandbox', t.key, id);
    expect(shown.map((a) => a.error)).toEqual(['connection_failed']);
  });
});

describe('with RAMPART_WEBHOOK_ALLOW_PRIVATE=1 (development)', () => {
  let s: TestServer;
  let silent: Server;
  beforeAll(async () => {
    // A delivery timeout of a second: the endpoint that never answers is given up on that soon.
    s = await TestServer.start({ env: { RAMPART_WEBHOOK_ALLOW_PRIVATE: '1' }, resolveName, limits: { webhooks: { timeout_ms: 1000 } } });
    await withPrice(s);
    silent = createServer(() => undefined);
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((done) => silent.close(done));
    await s.close();
  });

  it('delivers to a name that resolves to this machine (the refusal above is the guard, not the name)', async () => {
    const t = await trader(s, 'sandbox');
    const rcv = await receiver();
    const id = await register(s, 'sandbox', t.key, `http://inside.rampart.test:${rcv.port}/hooks`);
    await anEvent(s, t.accountId);
    expect(rcv.accepted).toHaveLength(1);
    expect((await attempts(s, 'sandbox', t.key, id)).map((a) => [a.status_code, a.error])).toEqual([[204, null]]);
  });

  it('follows no redirect: a 3xx is a failed attempt, http_302, and the target of the redirect gets nothing', async () => {
    const t = await trader(s, 'sandbox');
    const elsewhere = await receiver();
    const redirecting = await receiver(() => ({ status: 302, headers: { location: elsewhere.url } }));
    const id = await register(s, 'sandbox', t.key, redirecting.url);
    await anEvent(s, t.accountId);
    expect(redirecting.requests).toHaveLength(1);
    expect(elsewhere.requests).toEqual([]);
    expect((await attempts(s, 'sandbox', t.key, id)).map((a) => [a.status_code, a.error])).toEqual([[302, 'http_302']]);
  });

  it('records an endpoint that does not answer in time as timeout', async () => {
    const t = await trader(s, 'sandbox');
    const id = await register(s, 'sandbox', t.key, `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hooks`);
    await anEvent(s, t.accountId);
    expect((await attempts(s, 'sandbox', t.key, id)).map((a) => [a.status_code, a.error])).toEqual([[null, 'timeout']]);
  });
});
