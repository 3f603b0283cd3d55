import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, createLogger } from '../../src/app.js';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { fmt } from '../../src/engine/decimal.js';
import { freshSchema, postgresAvailable, type FreshSchema } from '../helpers/postgres.js';
import { rawExchange, expectRawError } from '../helpers/raw-http.js';
import { advanceOn, expectError, markReached, T0, TEST_ADMIN_TOKEN, TEST_STORE, TestServer } from '../helpers/server.js';
import { sendForwarded, sendInternal, sendSigned, signature, signatureOf } from '../helpers/internal-signing.js';

/**
 * docs/SECURITY.md item 5: the internal listener (node to node) takes only requests signed with the node secret —
 * not the fixed token every node once derived from the operator token — fresh, once, for this node, with the
 * body, method, path and the forwarded client's address inside the signature; anything else answers a clean 4xx
 * envelope. The listener exists on PostgreSQL (several nodes); this file brings its own schema and runs in the
 * sqlite project (the postgres project runs every HTTP suite on three nodes already).
 */
const pgReachable = await postgresAvailable();
const pgUp = TEST_STORE === 'sqlite' && pgReachable;
if (TEST_STORE === 'sqlite' && !pgReachable) {
  if (process.env.CI === 'true') throw new Error('internal-auth: PostgreSQL does not answer, and CI=true requires it');
  console.warn('SKIPPED the internal listener tests: PostgreSQL does not answer (set CI=true to make this a failure)');
  markReached('excused:invalid_node_signature');
}

const run = promisify(execFile);
const BIN = resolve(import.meta.dirname, '../../bin/rampart.mjs');
const SECRET = 'node-secret-for-tests-0123456789abcdefghijklmnop';
/** The token every node presented before (HMAC of a fixed text under the operator token). */
const OLD_TOKEN = createHmac('sha256', TEST_ADMIN_TOKEN).update('rampart node-to-node v1').digest('base64url');

let s: TestServer;
let schema: FreshSchema;
/** The node's internal listener, as advertised to the others. */
let internal: string;
let trader: Awaited<ReturnType<TestServer['trader']>>;

async function price(last: string) {
  const r = await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: last, ask: last, last });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await s.settleTrading();
}

const lastPrice = async (): Promise<string> => (await s.sandboxCall('GET', '/v1/markets/BTC-USD', { key: trader.key })).body.last;

async function openOrders(): Promise<string[]> {
  const r = await s.sandboxCall('GET', `/v1/accounts/${trader.accountId}/orders?status=open`, { key: trader.key });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.map((o: { id: string }) => o.id);
}

const cancelAll = () => ({ environment: 'sandbox', command: { kind: 'cancel_all', account_id: trader.accountId, market: null, markets: null }, timeout_ms: 2000 });

beforeAll(async () => {
  if (!pgUp) return;
  schema = await freshSchema();
  s = await TestServer.start({ env: { RAMPART_DATABASE_URL: schema.url, RAMPART_NODE_SECRET: SECRET } });
  internal = (await s.admin('GET', '/admin/v1/cluster')).body.nodes[0].internal_url;
  await price('60000');
  trader = await s.trader();
  const placed = await s.sandboxCall('POST', `/v1/accounts/${trader.accountId}/orders`, {
    key: trader.key,
    idempotencyKey: 'ia-resting',
    body: { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000', time_in_force: 'gtc' },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
});
afterAll(async () => {
  if (!pgUp) return;
  await s.close();
  await schema.drop();
});

describe.runIf(pgUp)('the internal listener authenticates every request (docs/SECURITY.md item 5)', { timeout: 60_000 }, () => {
  it('refuses the old fixed node token: no command for an account, no clock move', async () => {
    const before = await openOrders();
    expect(before).toHaveLength(1);
    const execute = await sendInternal(internal, '/internal/v1/execute', { body: JSON.stringify(cancelAll()), headers: { 'x-rampart-internal': OLD_TOKEN } });
    expectError(execute, 401, 'invalid_node_signature', { reason: 'missing' });
    const clock = await sendInternal(internal, '/internal/v1/ops', { body: JSON.stringify({ kind: 'clock', now: T0 + 86_400_000 }), headers: { 'x-rampart-internal': OLD_TOKEN } });
    expectError(clock, 401, 'invalid_node_signature', { reason: 'missing' });
    expect(await openOrders()).toEqual(before);
    expect(s.services.clock.now()).toBeLessThan(T0 + 86_400_000);
  });

  it('takes a request signed with the node secret: an engine command and an operator op act', async () => {
    const query = await sendSigned(SECRET, internal, '/internal/v1/query', { environment: 'sandbox', query: { kind: 'positions', account_id: trader.accountId } });
    expect(query.status, JSON.stringify(query.body)).toBe(200);
    expect(query.body).toEqual({ outcome: 'done', result: { positions: [] } });
    const op = await sendSigned(SECRET, internal, '/internal/v1/ops', { kind: 'price', market: 'BTC-USD', bid: '60100', ask: '60100', last: '60100', environment: 'live' });
    expect(op.status, JSON.stringify(op.body)).toBe(200);
    expect(op.body).toEqual({ ok: true });
    expect(await lastPrice()).toBe('60100');
  });

  it('refuses a replay of a signed request (the same nonce) while its timestamp is still fresh', async () => {
    const body = JSON.stringify({ kind: 'price', market: 'BTC-USD', bid: '60200', ask: '60200', last: '60200', environment: 'live' });
    const headers = { 'x-rampart-signature': signature({ secret: SECRET, to: internal, path: '/internal/v1/ops', body }) };
    expect((await sendInternal(internal, '/internal/v1/ops', { body, headers })).status).toBe(200);
    await price('60300');
    expectError(await sendInternal(internal, '/internal/v1/ops', { body, headers }), 401, 'invalid_node_signature', { reason: 'replayed' });
    expect(await lastPrice()).toBe('60300');
  });

  it('refuses a body, method, path or receiver other than the one signed', async () => {
    const signedBody = JSON.stringify({ kind: 'price', market: 'BTC-USD', bid: '60400', ask: '60400', last: '60400', environment: 'live' });
    const changed = signedBody.replaceAll('60400', '99999');
    const sig = (o: { path?: string; method?: string; to?: string } = {}) => ({
      'x-rampart-signature': signature({ secret: SECRET, to: o.to ?? internal, path: o.path ?? '/internal/v1/ops', body: signedBody, ...(o.method ? { method: o.method } : {}) }),
    });
    expectError(await sendInternal(internal, '/internal/v1/ops', { body: changed, headers: sig() }), 401, 'invalid_node_signature', { reason: 'mismatch' });
    expectError(await sendInternal(internal, '/internal/v1/query', { body: signedBody, headers: sig() }), 401, 'invalid_node_signature', { reason: 'mismatch' });
    expectError(await sendInternal(internal, '/internal/v1/ops', { body: signedBody, headers: sig({ method: 'PUT' }) }), 401, 'invalid_node_signature', { reason: 'mismatch' });
    // Signed for another node: a request taken from one node's traffic does not play on the next.
    expectError(await sendInternal(internal, '/internal/v1/ops', { body: signedBody, headers: sig({ to: 'http://10.9.9.9:8091' }) }), 401, 'invalid_node_signature', { reason: 'mismatch' });
    // Another secret: the operator token, or the old token, as a key.
    for (const secret of [TEST_ADMIN_TOKEN, OLD_TOKEN]) {
      const headers = { 'x-rampart-signature': signature({ secret, to: internal, path: '/internal/v1/ops', body: signedBody }) };
      expectError(await sendInternal(internal, '/internal/v1/ops', { body: signedBody, headers }), 401, 'invalid_node_signature', { reason: 'mismatch' });
    }
    expect(await lastPrice()).toBe('60300');
  });

  it('refuses a timestamp more than 30 s from the wall clock, either way', async () => {
    const body = { kind: 'price', market: 'BTC-USD', bid: '60500', ask: '60500', last: '60500', environment: 'live' };
    for (const at of [Date.now() - 31_000, Date.now() + 31_000, 0, 999_999_999_999_999]) {
      expectError(await sendSigned(SECRET, internal, '/internal/v1/ops', body, { at }), 401, 'invalid_node_signature', { reason: 'stale' });
    }
    expect(await lastPrice()).toBe('60300');
    // Within the window a little skew between nodes is fine.
    expect((await sendSigned(SECRET, internal, '/internal/v1/ops', body, { at: Date.now() - 10_000 })).status).toBe(200);
    expect(await lastPrice()).toBe('60500');
  });

  it('keeps the forwarded request — its client address, headers and body — inside the signature', async () => {
    const c = await s.customer('allowlisted');
    const k = await s.key(c.id, { ip_allowlist: ['203.0.113.0/24'] });
    const account = k.opened_account_id;
    const get = (client: string, extra: string[] = []) => ({
      secret: SECRET,
      to: internal,
      method: 'GET',
      path: `/v1/accounts/${account}`,
      headers: ['Authorization', `Bearer ${k.key}`, ...extra, 'x-rampart-forward', `sandbox ${account} ${client}`],
    });
    // What a node sends: the owner's public API answers as if the request had landed there, from the address named.
    const outside = await sendForwarded(get('198.51.100.7'));
    expectError(outside, 403, 'ip_not_allowed');
    expect(outside.headers.get('x-rampart-node-refusal')).toBeNull();
    const inside = await sendForwarded(get('203.0.113.7'));
    expect(inside.status, JSON.stringify(inside.body)).toBe(200);
    expect(inside.body.id).toBe(account);
    expect(inside.headers.get('ratelimit-limit')).not.toBeNull();
    // A repeated header reaches the owner's checks as it was sent.
    const twice = await sendForwarded(get('203.0.113.7', ['Authorization', `Bearer ${k.key}`]));
    expectError(twice, 400, 'invalid_request');
    // Another address, a header added or a body changed after signing, no signature: the listener refuses it.
    const refusedWith = (r: Awaited<ReturnType<typeof sendForwarded>>, reason: string) => {
      expectError(r, 401, 'invalid_node_signature', { reason });
      expect(r.headers.get('x-rampart-node-refusal')).toBe('invalid_node_signature');
    };
    const signedFor = get('198.51.100.8');
    const moved = { ...signedFor, headers: signedFor.headers.map((h) => h.replace('198.51.100.8', '203.0.113.8')) };
    const sig = signatureOf(signedFor);
    refusedWith(await sendForwarded({ ...moved, signatureHeader: sig }), 'mismatch');
    refusedWith(await sendForwarded({ ...get('203.0.113.7'), unsigned: ['Idempotency-Key', 'added-later'] }), 'mismatch');
    refusedWith(await sendForwarded({ ...get('203.0.113.7'), signatureHeader: null }), 'missing');
    const order = { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000', time_in_force: 'gtc' };
    const post = {
      secret: SECRET,
      to: internal,
      method: 'POST',
      path: `/v1/accounts/${trader.accountId}/orders`,
      headers: ['Authorization', `Bearer ${trader.key}`, 'Content-Type', 'application/json', 'Idempotency-Key', 'fw-1', 'x-rampart-forward', `sandbox ${trader.accountId} 127.0.0.1`],
      body: JSON.stringify(order),
    };
    refusedWith(await sendForwarded({ ...post, signatureHeader: signatureOf(post), body: JSON.stringify({ ...order, size: '5' }) }), 'mismatch');
    const placed = await sendForwarded(post);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.size).toBe('0.01');
    // The same signed request again: a replay, refused before the API sees it (no second order, no replayed answer).
    const before = (await openOrders()).length;
    refusedWith(await sendForwarded({ ...post, signatureHeader: placed.sentSignature }), 'replayed');
    expect((await openOrders()).length).toBe(before);
    // The forward header is judged too, and an account this node does not hold is refused for the sender to ask again.
    const bad = await sendForwarded({ ...get('203.0.113.7'), headers: ['x-rampart-forward', `staging ${account} 1.2.3.4`] });
    expectError(bad, 400, 'invalid_request');
    expect(bad.headers.get('x-rampart-node-refusal')).toBe('invalid_request');
    // A body over the listener's limit (4 MiB at least) is refused before the MAC is judged or the API sees it.
    const huge = await sendForwarded({ ...post, body: `{"pad":"${'x'.repeat(5 * 1024 * 1024)}"}` });
    expectError(huge, 413, 'payload_too_large');
    expect(huge.headers.get('x-rampart-node-refusal')).toBe('payload_too_large');
    expect(huge.body.error.details.max_bytes).toBeGreaterThanOrEqual(4 * 1024 * 1024);
    const elsewhere = await sendForwarded({ ...get('203.0.113.7'), headers: ['x-rampart-forward', 'sandbox acc_unknown 1.2.3.4'] });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.headers.get('x-rampart-node-refusal')).toBe('not_owner');
    expect(elsewhere.body).toEqual({ error: 'not_owner' });
  });

  it('answers hostile requests with a clean 4xx envelope, never a 5xx nor a stack', async () => {
    const signedOps = (body: string, o: { type?: string; path?: string; method?: string } = {}) =>
      sendInternal(internal, o.path ?? '/internal/v1/ops', {
        method: o.method ?? 'POST',
        ...(body !== '' ? { body } : {}),
        headers: {
          'x-rampart-signature': signature({ secret: SECRET, to: internal, path: o.path ?? '/internal/v1/ops', method: o.method ?? 'POST', body }),
          ...(o.type ? { 'content-type': o.type } : {}),
        },
      });
    const fresh = signature({ secret: SECRET, to: internal, path: '/internal/v1/ops', body: '{}' });
    const malformed = [
      'garbage',
      fresh.replace('t=', 'ts='),
      fresh.replace(/v1=.*/, 'v1=short'),
      fresh.replace(/t=\d+/, 't=soon'),
      fresh.replace(/node=[^,]+/, 'node=has space'),
      `${fresh},extra=1`,
      fresh.replace(/,/g, ';'),
    ];
    for (const header of malformed) {
      expectError(await sendInternal(internal, '/internal/v1/ops', { body: '{}', headers: { 'x-rampart-signature': header } }), 401, 'invalid_node_signature', { reason: 'malformed' });
    }
    // Unsigned: every path, known or not, any method.
    expectError(await sendInternal(internal, '/', { method: 'GET' }), 401, 'invalid_node_signature', { reason: 'missing' });
    expectError(await sendInternal(internal, '/internal/v1/nope', { body: '{}' }), 401, 'invalid_node_signature', { reason: 'missing' });
    expectError(await sendInternal(internal, '/internal/v1/ops', { body: 'x'.repeat(5 * 1024 * 1024) }), 401, 'invalid_node_signature', { reason: 'missing' });
    // Signed, but not a message of this listener.
    expectError(await signedOps('{}', { path: '/internal/v1/nope' }), 404, 'route_not_found');
    expectError(await signedOps('', { path: '/internal/v1/ops', method: 'GET' }), 405, 'method_not_allowed');
    expectError(await signedOps('not json'), 400, 'invalid_json');
    expectError(await signedOps('{"__proto__":{"x":1}}'), 400, 'invalid_json');
    expectError(await signedOps('{"kind":"clock"}', { type: 'text/plain' }), 415, 'unsupported_media_type');
    for (const body of ['[]', '{}', '"x"', '{"kind":"nope"}', '{"kind":"clock","now":"soon"}', '']) expectError(await signedOps(body), 400, 'invalid_request');
    for (const [path, body] of [
      ['/internal/v1/execute', '{"environment":"sandbox","command":{"kind":"drop_tables"},"timeout_ms":1}'],
      ['/internal/v1/execute', '{"environment":"staging","command":{"kind":"restart"},"timeout_ms":1}'],
      ['/internal/v1/query', '{"environment":"sandbox","query":{"kind":"figures"}}'],
    ] as const) {
      expectError(await signedOps(body, { path }), 400, 'invalid_request');
    }
    // A signed body without a Content-Type, sent as is.
    const bare = '{"kind":"access"}';
    const bareSig = signature({ secret: SECRET, to: internal, path: '/internal/v1/ops', body: bare });
    const host = new URL(internal).host;
    const raw = await rawExchange(internal, `POST /internal/v1/ops HTTP/1.1\r\nHost: ${host}\r\nx-rampart-signature: ${bareSig}\r\nContent-Length: ${bare.length}\r\nConnection: close\r\n\r\n${bare}`);
    expectRawError(raw, 415, 'unsupported_media_type', { content_type: null });
    // Not HTTP at all.
    expectRawError(await rawExchange(internal, 'HELLO\r\n\r\n'), 400, 'invalid_request');
    expect(await lastPrice()).toBe('60500');
  });
});

describe.runIf(pgUp)('the node secret without RAMPART_NODE_SECRET', { timeout: 60_000 }, () => {
  it('is made once, kept sealed in the store, not derived from the operator token, every node signs with it, and a key rotation reseals it', async () => {
    const own = await freshSchema();
    const t = await TestServer.start({ nodes: 2, env: { RAMPART_DATABASE_URL: own.url } });
    try {
      const [row] = await t.rawQuery<{ value: string }>('SELECT value FROM settings WHERE name = ?', ['cluster.node_secret']);
      expect(row?.value).toMatch(/^sealed:v1:[0-9a-f]{16}:/);
      expect(row?.value).not.toContain(OLD_TOKEN);
      // The old token is refused by both nodes; their own traffic (an operator price reaching the other) passes.
      const status = (await t.admin('GET', '/admin/v1/cluster')).body;
      for (const n of status.nodes) {
        expectError(await sendInternal(n.internal_url, '/internal/v1/ops', { body: '{"kind":"access"}', headers: { 'x-rampart-internal': OLD_TOKEN } }), 401, 'invalid_node_signature');
      }
      const set = await t.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '61000', ask: '61000', last: '61000' });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expect(t.nodes.map((n) => fmt(n.app.services.prices.live.get('BTC-USD')!.last))).toEqual(['61000', '61000']);
      await advanceOn(t, 1000);
      expect(t.nodes.map((n) => n.app.services.clock.now())).toEqual([T0 + 1000, T0 + 1000]);

      // rampart secrets rotate seals it again under the new key: the nodes start again and still reach each other.
      const config = t.services.config;
      const env = { ...process.env, RAMPART_DATABASE_URL: config.databaseUrl, RAMPART_DATA_DIR: config.dataDir, RAMPART_LOG_LEVEL: 'silent' };
      const rotated = JSON.parse((await run(process.execPath, [BIN, 'secrets', 'rotate'], { env })).stdout) as { key_id: string };
      const [after] = await t.rawQuery<{ value: string }>('SELECT value FROM settings WHERE name = ?', ['cluster.node_secret']);
      expect(after?.value.startsWith(`sealed:v1:${rotated.key_id}:`)).toBe(true);
      await t.restart();
      const again = await t.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '61500', ask: '61500', last: '61500' });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(t.nodes.map((n) => fmt(n.app.services.prices.live.get('BTC-USD')!.last))).toEqual(['61500', '61500']);
    } finally {
      await t.close();
      await own.drop();
    }
  });
});

describe.runIf(pgUp)('a node secret that is the operator token', { timeout: 60_000 }, () => {
  it('stops the start, also when the operator token comes from its file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rampart-node-secret-'));
    const own = await freshSchema();
    try {
      const token = 'radm_from_the_token_file_0123456789abcdefgh';
      writeFileSync(join(dir, 'admin-token'), `${token}\n`, { mode: 0o600 });
      const config = loadConfig({ RAMPART_DATABASE_URL: own.url, RAMPART_DATA_DIR: dir, RAMPART_NODE_SECRET: token, RAMPART_PRICE_FEED: 'manual' });
      await expect(build({ config, logger: createLogger('silent') })).rejects.toThrow(
        new ConfigError('RAMPART_NODE_SECRET must not be the operator token: whoever holds that token is not thereby a node'),
      );
    } finally {
      await own.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

