import { Agent, request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorType, isErrorCode } from '../../src/errors/codes.js';
import { sessionRoutes } from '../../src/dashboard/server.js';
import type { SessionRouteDef } from '../../src/dashboard/session-route.js';
import { DASHBOARD_URL, SANDBOX_URL, TestServer } from '../helpers/server.js';
import type { DashboardClient } from '../helpers/dashboard.js';

/**
 * The security regression suite's hostile input on the people-facing surfaces (docs/SECURITY.md): every /session
 * route, the OAuth endpoints and POST /mcp, each fed a valid request with one hostile change (body, raw bytes,
 * headers, cookie, CSRF token, Origin, path segment, query, method). Whatever arrives: never a 5xx, never a stack
 * or a file path, a 4xx is the surface's error shape — Rampart's envelope on /session and /mcp's host checks, an
 * OAuth error object (RFC 6749 §5.2) on /oauth, a JSON-RPC error on /mcp's protocol — and a refused /session call
 * changes nothing. HOSTILE_RUNS (default 250 per surface) and HOSTILE_SEED explore further.
 */

const RUNS = Number(process.env.HOSTILE_RUNS ?? '250');
const SEED = process.env.HOSTILE_SEED === undefined ? undefined : Number(process.env.HOSTILE_SEED);
const PASSWORD = 'correct horse battery staple';
const ENVELOPE_KEYS = ['type', 'code', 'message', 'request_id', 'retryable', 'doc_url', 'details'];
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

function send(base: string, method: string, path: string, headers: OutgoingHttpHeaders, body?: string | Buffer): Promise<Raw> {
  const url = new URL(base);
  const all = body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers: all, agent, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`no answer to ${method} ${path}`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** No stack trace, source file or dependency path in any answer. */
function expectNoInternals(r: Raw, what: string): void {
  expect(r.text, what).not.toMatch(/\n\s+at [^\n]+[(:]/);
  expect(r.text, what).not.toMatch(/node_modules|\/src\/|\.ts:\d+|\.js:\d+/);
}

function expectEnvelope(r: Raw, what: string): void {
  const body = JSON.parse(r.text) as { error: Record<string, unknown> };
  expect(Object.keys(body), what).toEqual(['error']);
  expect(Object.keys(body.error), what).toEqual(expect.arrayContaining(ENVELOPE_KEYS.filter((k) => k !== 'details')));
  const code = String(body.error.code);
  expect(isErrorCode(code), `${what}: unknown code ${code}`).toBe(true);
  expect(body.error.type, what).toBe(errorType(code as never));
  expect(body.error.request_id, what).toBe(r.headers['x-request-id']);
  if (body.error.retryable === true) expect(Number(r.headers['retry-after']), what).toBeGreaterThanOrEqual(1);
}

/** Judges one answer of a surface: never 5xx, no internals, and its error shape on a 4xx. */
function judge(r: Raw, what: string, shape: 'envelope' | 'oauth' | 'mcp'): void {
  expect(r.status, `${what} → ${r.status} ${r.text.slice(0, 300)}`).toBeLessThan(500);
  expectNoInternals(r, what);
  if (r.status < 400) return;
  expect(String(r.headers['content-type']), what).toMatch(/^application\/json/);
  if (shape === 'envelope') return expectEnvelope(r, what);
  const body = JSON.parse(r.text) as Record<string, unknown>;
  if ('error' in body && typeof body.error === 'object' && body.error !== null && 'request_id' in body.error) return expectEnvelope(r, what);
  if (shape === 'oauth') {
    expect(body.error, what).toMatch(/^[a-z_]+$/);
    if (body.error_description !== undefined) expect(typeof body.error_description, what).toBe('string');
    return;
  }
  expect(body, what).toMatchObject({ jsonrpc: '2.0', error: { code: expect.any(Number), message: expect.any(String) } });
}

// ---- hostile values --------------------------------------------------------------------------------------

const WHOLE_BODIES = ['null', '[]', '"x"', '0', 'true', '1e400', '{}', '[{}]', '{"a":1}x', '{"a":1,}', "{'a':1}", '\uFEFF{}', '{"a":1}{"a":2}', '{"\\u0000":1}', ' ', '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', '['.repeat(3000), '{"a":'.repeat(2000)];
const STRINGS = fc.oneof(
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\u202e', '\ud83d\ude80', '%00', '../../etc/passwd', '<script>alert(1)</script>', "' OR 1=1 --", '${7*7}', '{{7*7}}', 'x'.repeat(5000), 'rk_test_' + 'A'.repeat(40), 'rat_live_x'),
  fc.string({ maxLength: 24 }),
  fc.string({ unit: 'binary', maxLength: 16 }),
);
const VALUES: fc.Arbitrary<unknown> = fc.oneof(STRINGS, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(STRINGS, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 6 }), STRINGS, { maxKeys: 3 }), fc.constant({ __proto__: null }));
const HEADER_TEXT = fc.oneof(fc.constantFrom('', 'null', 'http://evil.test', 'x'.repeat(3000), '%00', 'a,b', '"quoted"'), fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }));
const CONTENT_TYPES = fc.constantFrom('text/plain', 'application/json; charset=utf-16', 'APPLICATION/JSON', 'application/json;;', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/xml', '*/*', 'application/jsonx');

type Change =
  | { kind: 'body'; key: string; value: unknown; keep: boolean }
  | { kind: 'whole'; text: string }
  | { kind: 'content_type'; value: string }
  | { kind: 'cookie'; value: string }
  | { kind: 'csrf'; value: string }
  | { kind: 'origin'; value: string }
  | { kind: 'segment'; value: string }
  | { kind: 'query'; value: string }
  | { kind: 'method'; value: string }
  | { kind: 'huge' };

const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('body' as const), key: fc.oneof(fc.constantFrom('email', 'password', 'environment', 'purpose', 'access', 'name', 'markets', 'code', 'current_password', 'new_password', 'invitation', '__proto__', 'constructor'), fc.string({ maxLength: 8 })), value: VALUES, keep: fc.boolean() }),
  fc.record({ kind: fc.constant('whole' as const), text: fc.oneof(fc.constantFrom(...WHOLE_BODIES), fc.string({ maxLength: 40 })) }),
  fc.record({ kind: fc.constant('content_type' as const), value: CONTENT_TYPES }),
  fc.record({ kind: fc.constant('cookie' as const), value: HEADER_TEXT }),
  fc.record({ kind: fc.constant('csrf' as const), value: HEADER_TEXT }),
  fc.record({ kind: fc.constant('origin' as const), value: HEADER_TEXT }),
  fc.record({ kind: fc.constant('segment' as const), value: fc.oneof(fc.constantFrom('%ZZ', '%', '%C0%AF', '%FF%FE', '..%2F..', '%2e%2e', 'x'.repeat(300), '%00', '__proto__'), fc.string({ maxLength: 20 }).map(encodeURIComponent)) }),
  fc.record({ kind: fc.constant('query' as const), value: fc.constantFrom('a=1', '__proto__=x', 'email=a&email=b', '%ZZ=1', 'x'.repeat(9000), '=', '&&') }),
  fc.record({ kind: fc.constant('method' as const), value: fc.constantFrom('PUT', 'PATCH', 'DELETE', 'POST', 'GET', 'OPTIONS') }),
  fc.constant({ kind: 'huge' as const }),
);

// ---- the server and its people ---------------------------------------------------------------------------

let s: TestServer;
let d: DashboardClient;
let key: string;
let account: string;

beforeAll(async () => {
  s = await TestServer.start();
  d = s.dashboard();
  const r = await d.signUp('hostile@example.com', PASSWORD);
  expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
  ({ key, accountId: account } = await s.trader());
});
afterAll(() => s.close());

/** What a refused /session call must leave as it was: the people, their sessions, keys and OAuth records. */
async function fingerprint(): Promise<string> {
  const one = async (sql: string) => JSON.stringify(await s.rawQuery(sql));
  return (await Promise.all([
    one('SELECT id, email, password_hash FROM users ORDER BY id'),
    one('SELECT id, revoked_at FROM sessions ORDER BY id'),
    one('SELECT id, revoked_at FROM credentials ORDER BY id'),
    one('SELECT COUNT(*) AS n FROM customers'),
  ])).join('\n');
}

/** A request to a session route as the page sends it, with one hostile change. */
function sessionRequest(def: SessionRouteDef, c: Change): { method: string; path: string; headers: OutgoingHttpHeaders; body?: string } {
  const segment = c.kind === 'segment' ? c.value : 'abc123';
  let path = def.url.replace(/:[a-z_]+/g, segment);
  if (c.kind === 'query') path += `?${c.value}`;
  const headers: OutgoingHttpHeaders = { origin: c.kind === 'origin' ? c.value : new URL(DASHBOARD_URL).origin };
  headers.cookie = c.kind === 'cookie' ? c.value : `rampart_session=${d.cookie}`;
  headers['x-csrf-token'] = c.kind === 'csrf' ? c.value : d.csrfToken!;
  const method = c.kind === 'method' ? c.value : def.method;
  if (def.method === 'GET' && c.kind !== 'whole' && c.kind !== 'huge') return { method, path, headers };
  headers['content-type'] = c.kind === 'content_type' ? c.value : 'application/json';
  // The least body the route takes, so one change is what is judged (values that would act are left out).
  const base: Record<string, unknown> = def.url.endsWith('/api-tokens') ? { environment: 'sandbox' } : def.url.endsWith('/email-codes') ? { purpose: 'live_key' } : {};
  if (c.kind === 'whole') return { method, path, headers, body: c.text };
  if (c.kind === 'huge') return { method, path, headers, body: JSON.stringify({ email: 'x'.repeat(2_000_000) }) };
  if (c.kind === 'body') {
    const body = c.keep ? { ...base, [c.key]: c.value } : { [c.key]: c.value };
    return { method, path, headers, body: JSON.stringify(body) };
  }
  return { method, path, headers, body: JSON.stringify(base) };
}

describe('the security regression suite: hostile input on the people-facing surfaces', { timeout: 300_000 }, () => {
  it('every /session route answers a hostile change with a clean 4xx envelope (or a harmless success), and a refusal changes nothing', async () => {
    // Sign-out and the password change would end the session every later run needs; their hostile forms are
    // still sent, without a session cookie or with the wrong CSRF token, below.
    const targets = sessionRoutes.filter((def) => !def.url.endsWith('/sign-out') && !def.url.endsWith('/password'));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), change, async (def, c) => {
        const before = await fingerprint();
        const req = sessionRequest(def, c);
        const r = await send(s.url.dashboard, req.method, req.path, req.headers, req.body);
        const what = `${req.method} ${req.path.slice(0, 80)} ${JSON.stringify(c).slice(0, 200)}`;
        judge(r, what, 'envelope');
        if (r.status >= 400) expect(await fingerprint(), what).toBe(before);
      }),
      { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
    );
    const still = await d.call('GET', '/session');
    expect(still.status).toBe(200);
  });

  it('sign-out and the password change refuse a forged call (no cookie, another origin, a wrong CSRF token) and keep the session', async () => {
    const ends = sessionRoutes.filter((def) => def.url.endsWith('/sign-out') || def.url.endsWith('/password'));
    const before = await fingerprint();
    for (const def of ends) {
      const body = JSON.stringify(def.url.endsWith('/password') ? { current_password: PASSWORD, new_password: 'another good passphrase' } : {});
      const forged: OutgoingHttpHeaders[] = [
        { 'content-type': 'application/json', 'x-csrf-token': d.csrfToken! },
        { 'content-type': 'application/json', cookie: `rampart_session=${d.cookie}`, origin: 'http://evil.test', 'x-csrf-token': d.csrfToken! },
        { 'content-type': 'application/json', cookie: `rampart_session=${d.cookie}`, 'x-csrf-token': 'x'.repeat(d.csrfToken!.length) },
        { 'content-type': 'text/plain', cookie: `rampart_session=${d.cookie}` },
      ];
      for (const headers of forged) {
        const r = await send(s.url.dashboard, def.method, def.url, headers, body);
        judge(r, `${def.method} ${def.url} ${JSON.stringify(headers)}`, 'envelope');
        expect(r.status).toBeGreaterThanOrEqual(400);
      }
    }
    expect(await fingerprint()).toBe(before);
    expect((await d.call('GET', '/session')).status).toBe(200);
  });

  it('the OAuth endpoints answer hostile requests with OAuth errors, never a 5xx or a stack', async () => {
    const params = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'resource', 'prompt', 'request', 'request_uri', 'grant_type', 'code', 'code_verifier', 'refresh_token', 'token', 'token_type_hint', 'nonce', 'response_mode'];
    const form = fc.dictionary(fc.oneof(fc.constantFrom(...params), fc.string({ maxLength: 6 })), fc.oneof(STRINGS, fc.constantFrom(SANDBOX_URL, 'http://127.0.0.1:1/cb', 'S256', 'plain', 'code', 'authorization_code', 'refresh_token', 'read trade')), { maxKeys: 6 });
    const metadata = fc.dictionary(
      fc.oneof(fc.constantFrom('redirect_uris', 'client_name', 'token_endpoint_auth_method', 'grant_types', 'response_types', 'rampart_kind', 'jwks', 'jwks_uri', 'logo_uri', 'client_uri', 'scope', 'software_statement', '__proto__'), fc.string({ maxLength: 6 })),
      VALUES,
      { maxKeys: 5 },
    );
    const request = fc.oneof(
      form.map((q) => ({ method: 'GET', path: `/oauth/authorize?${new URLSearchParams(q as Record<string, string>).toString()}`, type: undefined, body: undefined })),
      fc.tuple(fc.constantFrom('/oauth/token', '/oauth/revoke'), form).map(([path, f]) => ({ method: 'POST', path, type: 'application/x-www-form-urlencoded', body: new URLSearchParams(f as Record<string, string>).toString() })),
      fc.tuple(fc.constantFrom('/oauth/token', '/oauth/revoke', '/oauth/register'), fc.oneof(fc.constantFrom(...WHOLE_BODIES), fc.string({ maxLength: 30 })), CONTENT_TYPES).map(([path, body, type]) => ({ method: 'POST', path, type, body })),
      metadata.map((m) => ({ method: 'POST', path: '/oauth/register', type: 'application/json', body: JSON.stringify(m) })),
      fc.tuple(fc.constantFrom('GET', 'PUT', 'DELETE', 'OPTIONS', 'POST'), fc.constantFrom('/oauth/register/abc', '/oauth/jwks', '/oauth/unknown', '/oauth/session/end', '/oauth/userinfo', '/oauth/introspect', '/oauth/device/auth', '/oauth/par', '/oauth/%ZZ', '/oauth/..%2f..%2fsession', '/.well-known/oauth-authorization-server?x=1')).map(([method, path]) => ({ method, path, type: undefined, body: undefined })),
      fc.constantFrom('/oauth/token', '/oauth/register').map((path) => ({ method: 'POST', path, type: 'application/json', body: JSON.stringify({ client_name: 'x'.repeat(3_000_000) }) })),
    );
    await fc.assert(
      fc.asyncProperty(request, async (q) => {
        const headers: OutgoingHttpHeaders = q.type === undefined ? {} : { 'content-type': q.type };
        const r = await send(s.url.dashboard, q.method, q.path, headers, q.body);
        judge(r, `${q.method} ${q.path.slice(0, 120)} ${String(q.body).slice(0, 120)}`, 'oauth');
      }),
      { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
    );
  });

  it('POST /mcp answers hostile JSON-RPC with protocol errors or tool errors, never a 5xx or a stack', async () => {
    const message = fc.record(
      {
        jsonrpc: fc.oneof({ arbitrary: fc.constant('2.0'), weight: 4 }, { arbitrary: VALUES, weight: 1 }),
        id: fc.oneof({ arbitrary: fc.integer(), weight: 4 }, { arbitrary: fc.oneof(fc.string({ maxLength: 8 }), fc.constant(null), VALUES), weight: 1 }),
        method: fc.oneof({ arbitrary: fc.constantFrom('initialize', 'tools/list', 'tools/call', 'tools/call', 'tools/call', 'resources/list', 'prompts/get', 'notifications/initialized', 'ping', 'logging/setLevel', '__proto__'), weight: 4 }, { arbitrary: fc.string({ maxLength: 12 }), weight: 1 }),
        params: fc.oneof(
          VALUES,
          fc.record({
            name: fc.oneof({ arbitrary: fc.constantFrom('accounts', 'markets', 'preview', 'positions', 'orders', 'events', 'place', 'cancel', 'close'), weight: 6 }, { arbitrary: STRINGS, weight: 1 }),
            arguments: fc.oneof(
              VALUES,
              fc.dictionary(fc.constantFrom('account_id', 'market', 'side', 'type', 'size', 'limit_price', 'order_id', 'confirm', 'take_profit', 'stop_loss', 'cursor', 'limit'), fc.oneof(VALUES, fc.constantFrom(account, 'BTC-USD', 'buy', 'sell', 'market', 'limit', '0.01', '60000', true))),
            ),
          }),
        ),
      },
      { requiredKeys: ['jsonrpc', 'method'] },
    );
    // Mostly well-formed messages with a good credential, so most runs reach the protocol and the tools.
    const request = fc.oneof(
      { arbitrary: message.map((m) => JSON.stringify(m)), weight: 6 },
      { arbitrary: fc.array(message, { maxLength: 3 }).map((m) => JSON.stringify(m)), weight: 1 },
      { arbitrary: fc.oneof(fc.constantFrom(...WHOLE_BODIES), fc.string({ maxLength: 30 })), weight: 1 },
    );
    const headers = fc.record({
      'content-type': fc.oneof({ arbitrary: fc.constant('application/json'), weight: 8 }, { arbitrary: CONTENT_TYPES, weight: 1 }),
      accept: fc.oneof({ arbitrary: fc.constant('application/json, text/event-stream'), weight: 8 }, { arbitrary: fc.constantFrom('application/json', 'text/html', '*/*'), weight: 1 }),
      authorization: fc.oneof({ arbitrary: fc.constant(`Bearer ${key}`), weight: 8 }, { arbitrary: fc.oneof(HEADER_TEXT.map((h) => `Bearer ${h}`), fc.constant('Basic YTpi')), weight: 1 }),
    });
    await fc.assert(
      fc.asyncProperty(request, headers, fc.constantFrom('live', 'sandbox', 'sandbox', 'sandbox'), async (body, h, host) => {
        const r = await send(host === 'live' ? s.url.live : s.url.sandbox, 'POST', '/mcp', h, body);
        judge(r, `POST /mcp ${JSON.stringify(h)} ${body.slice(0, 200)}`, 'mcp');
      }),
      { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}) },
    );
  });

  it('keeps answering after all of it', async () => {
    expect((await send(s.url.dashboard, 'GET', '/session/config', {})).status).toBe(200);
    // (The key's own budget may be spent by the runs above: a fresh key shows the host serves.)
    expect((await send(s.url.sandbox, 'GET', '/v1/markets', { authorization: `Bearer ${(await s.trader()).key}` })).status).toBe(200);
    expect((await d.call('GET', '/session')).status).toBe(200);
  });
});
