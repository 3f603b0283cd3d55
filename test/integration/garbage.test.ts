import { Agent, request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES, errorType, isErrorCode } from '../../src/errors/codes.js';
import type { RouteDef } from '../../src/http/route.js';
import { apiRoutes } from '../../src/http/routes/index.js';
import { rawExchange, type RawAnswer } from '../helpers/raw-http.js';
import { TestServer } from '../helpers/server.js';

/**
 * Garbage at every public route, on both hosts: whatever arrives, the answer is a 2xx (for a harmless read) or the
 * error envelope, never a 5xx we do not expect, always with X-Request-Id, and nothing is created.
 */

type Env = 'live' | 'sandbox';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** 503s the service may answer under load; nothing else 5xx is acceptable for garbage. */
const EXPECTED_503 = new Set(['capacity']);
const ENVELOPE_KEYS = ['type', 'code', 'message', 'request_id', 'retryable', 'doc_url', 'details'];
const REQUIRED_KEYS = ['type', 'code', 'message', 'request_id', 'retryable', 'doc_url'];

let s: TestServer;
let keys: { sandboxTrade: string; sandboxRead: string; liveRead: string };
let accounts: { sandbox: string; live: string };
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

function send(base: string, method: string, path: string, headers: OutgoingHttpHeaders, body?: string): Promise<Raw> {
  const url = new URL(base);
  // Framed, so a body on GET or DELETE is a body and not the next request on the connection.
  if (body !== undefined) headers = { ...headers, 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers, agent, timeout: 10_000 }, (res) => {
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        // An account stream does not end: its status and headers are the whole answer.
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: '' });
        req.destroy();
        return;
      }
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

/** Every property the brief and CONTRACT §5 ask of any answer to anything. */
function checkAnswer(r: Raw, method: string, def: RouteDef | undefined, where: string): void {
  const requestId = r.headers['x-request-id'];
  expect(requestId, `${where}: X-Request-Id`).toMatch(/^req_/);
  if (r.status >= 200 && r.status < 300) {
    // Garbage may only succeed where nothing can change.
    expect(def ? harmless(method, def) : method === 'GET' || method === 'HEAD', `${where}: ${r.status} ${r.text.slice(0, 200)}`).toBe(true);
    return;
  }
  expect(r.status, `${where}: ${r.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(String(r.headers['content-type']), where).toMatch(/^application\/json/);
  if (method === 'HEAD') return; // no body to read
  let body: any;
  try {
    body = JSON.parse(r.text);
  } catch {
    throw new Error(`${where}: ${r.status} body is not JSON: ${r.text.slice(0, 300)}`);
  }
  expect(body && typeof body === 'object' && !Array.isArray(body), where).toBe(true);
  expect(Object.keys(body), `${where}: ${r.text}`).toEqual(['error']);
  const e = body.error;
  for (const k of Object.keys(e)) expect(ENVELOPE_KEYS, `${where}: key ${k}`).toContain(k);
  for (const k of REQUIRED_KEYS) expect(e, `${where}: ${r.text}`).toHaveProperty(k);
  expect(isErrorCode(e.code), `${where}: code ${e.code}`).toBe(true);
  expect(r.status, `${where}: ${e.code}`).toBe(CODES[e.code as keyof typeof CODES].status);
  expect(e.type, where).toBe(errorType(e.code));
  expect(e.retryable, where).toBe(CODES[e.code as keyof typeof CODES].retryable);
  expect(typeof e.message === 'string' && e.message.length > 0, where).toBe(true);
  expect(e.request_id, where).toBe(requestId);
  expect(e.doc_url, where).toBe(`https://docs.rampart.dev/reference/errors#${e.code}`);
  if (e.details !== undefined) expect(typeof e.details === 'object' && e.details !== null && !Array.isArray(e.details), where).toBe(true);
  if (e.retryable) expect(Number(r.headers['retry-after']), where).toBeGreaterThanOrEqual(1);
  if (r.status === 405) expect(r.headers.allow, where).toBeTruthy();
  if (r.status >= 500) expect(r.status === 503 && EXPECTED_503.has(e.code), `${where}: unexpected ${r.status} ${e.code}`).toBe(true);
  expect(JSON.stringify(body), where).not.toMatch(/\bat .*\.(ts|js):\d+|FST_ERR|statusCode/);
}

/** What garbage must not change: the accounts on both hosts and, where the routes exist, their orders, positions and fills. */
async function snapshot(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const lists = ['/v1/accounts/:account_id/orders', '/v1/accounts/:account_id/positions', '/v1/accounts/:account_id/fills'].filter((url) =>
    apiRoutes.some((d) => d.method === 'GET' && d.url === url),
  );
  for (const env of ['sandbox', 'live'] as const) {
    const call = env === 'sandbox' ? s.sandboxCall.bind(s) : s.liveCall.bind(s);
    const key = env === 'sandbox' ? keys.sandboxTrade : keys.liveRead;
    const accountList = await call('GET', '/v1/accounts?limit=1000', { key });
    expect(accountList.status).toBe(200);
    out[`${env} accounts`] = accountList.body.data.map((a: any) => `${a.id}:${a.status}:${a.balance}`);
    for (const a of accountList.body.data) {
      for (const url of lists) {
        const r = await call('GET', url.replace(':account_id', a.id), { key });
        out[`${env} ${a.id} ${url}`] = r.status === 200 ? r.body.data.map((x: any) => `${x.id ?? x.market}:${x.status ?? x.size}`) : r.status;
      }
    }
  }
  return out;
}

beforeAll(async () => {
  const big = { capacity: 1_000_000, refill_per_second: 1_000_000 };
  s = await TestServer.start({ limits: { rate_limits: { ip: big, key: big, account_orders: big } } });
  const trader = await s.trader();
  const read = await s.key(trader.customer.id, { access: 'read' });
  const liveCustomer = await s.customer('live trader');
  const liveKey = await s.key(liveCustomer.id, { environment: 'live', access: 'read' });
  const opened = await s.admin('POST', `/admin/v1/customers/${liveCustomer.id}/accounts`, { product: 'evaluation-50k' });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  await s.settle();
  keys = { sandboxTrade: trader.key, sandboxRead: read.key, liveRead: liveKey.key };
  accounts = { sandbox: trader.accountId, live: opened.body.id };
}, 30_000);
afterAll(async () => {
  agent.destroy();
  await s.close();
});

// ---- the garbage -------------------------------------------------------------------------------------------

interface Target {
  env: Env;
  def: RouteDef;
  /** Methods registered on this path on this host (HEAD with GET). */
  allowed: Set<string>;
}

const targets: Target[] = (['sandbox', 'live'] as const).flatMap((env) => {
  const here = apiRoutes.filter((d) => !d.environments || d.environments.includes(env));
  return here.map((def) => {
    const allowed = new Set<string>(here.filter((d) => d.url === def.url).map((d) => d.method));
    if (allowed.has('GET')) allowed.add('HEAD');
    return { env, def, allowed };
  });
});

/** Route patterns per host, to know every method a concrete path routes to (patterns overlap: DELETE
 * /v1/accounts/A/orders/cancel-all is DELETE …/orders/:order_id). */
const patterns = (['sandbox', 'live'] as const).map((env) => ({
  env,
  routes: apiRoutes
    .filter((d) => !d.environments || d.environments.includes(env))
    // A parameter may be empty: the router matches /v1/accounts//orders with account_id ''.
    .map((d) => ({ method: d.method as string, re: new RegExp(`^${d.url.replace(/:[A-Za-z0-9_]+/g, '[^/?]*')}$`) })),
}));
function methodsFor(env: Env, path: string): Set<string> {
  const bare = path.split('?')[0]!;
  const out = new Set<string>();
  for (const r of patterns.find((p) => p.env === env)!.routes) if (r.re.test(bare)) out.add(r.method);
  if (out.has('GET')) out.add('HEAD');
  return out;
}

/** Answers that may be 2xx for garbage: reads, and the order preview, which sends nothing anywhere. */
const harmless = (method: string, def: RouteDef) => method === 'GET' || method === 'HEAD' || (def.method === 'POST' && def.url.endsWith('/orders/test'));

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'PURGE', 'LOCK', 'MKCOL', 'SEARCH', 'REPORT', 'COPY'];

const safeEncode = (v: string): string => {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ZZ'; // a lone surrogate: send a bad escape instead
  }
};

const anyText = fc.string({ unit: 'binary', maxLength: 40 });
const hugeNumber = fc.constantFrom('1e400', '-1e400', '123456789012345678901234567890', '0.000000000000000000000000001', '9007199254740993', 'NaN', 'Infinity', '-0', '1e-400');

/** A path segment where a parameter goes: the real value is not in here. */
const badSegment = fc.oneof(
  anyText.map(safeEncode),
  fc.constantFrom('%E0%A4%A', '%', '%00', '%2F', '..', '%2e%2e', '%C0%AF', 'a'.repeat(1100), '%FF%FE', '?', '*', 'BTC-USD%00', 'SANDBOX-1-1;x=1', ' '.replace(' ', '%20')),
);

const query = fc.oneof(
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom('limit', 'after', 'x', '__proto__', 'constructor', 'limit[]', ''), anyText), fc.oneof(anyText, hugeNumber)), {
      minLength: 1,
      maxLength: 4,
    })
    .map((pairs) => pairs.map(([k, v]) => `${safeEncode(k)}=${safeEncode(v)}`).join('&')),
  fc.constantFrom('%ZZ=1', 'limit=5&limit=5', 'limit=1e400', 'limit=99999999999999999999', 'limit=-1', 'limit=0x10', 'limit=%20', 'a[b][c]=1', '=', 'x', 'after=%E0%A4%A'),
);

/** Bodies POST /v1/accounts must refuse (so no garbage opens an account). */
const badBody = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }).filter((t) => {
    if (t.trim() === '') return false;
    try {
      JSON.parse(t.replace(/^\uFEFF/, '')); // the parser ignores a leading BOM (RFC 8259 §8.1 allows it)
      return false;
    } catch {
      return true;
    }
  }),
  fc.constantFrom('null', 'true', '0', '"evaluation-50k"', '[]', '[{}]', '{"product":null}', '{"product":""}', '{"product":["evaluation-50k"]}', '{"product":"nope"}'),
  hugeNumber,
  hugeNumber.map((n) => `{"product":${n}}`),
  fc.jsonValue({ maxDepth: 3 }).filter((v) => Array.isArray(v) || v === null || typeof v !== 'object').map((v) => JSON.stringify(v)),
  fc
    .dictionary(
      fc.string({ maxLength: 12 }).filter((k) => k !== 'product'),
      fc.jsonValue({ maxDepth: 2 }),
      { minKeys: 1, maxKeys: 4 },
    )
    .map((extra) => JSON.stringify({ product: 'evaluation-50k', ...extra })),
  fc.integer({ min: 33, max: 60 }).map((d) => `{"product":${'['.repeat(d)}${']'.repeat(d)}}`),
  fc.constantFrom('{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '{"product":"evaluation-50k",}', "{'product':'evaluation-50k'}", '\uFEFF[]', '{"product":"\\ud800"}x'),
);

const badContentType = fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', 'json', '', 'application/xml', 'application/*', '*/*');

type AuthKind = 'none' | 'empty' | 'scheme' | 'garbage' | 'unknownKey' | 'token' | 'read' | 'otherEnv' | 'suffix' | 'repeated';
const badAuth = fc.tuple(fc.constantFrom<AuthKind>('none', 'empty', 'scheme', 'garbage', 'unknownKey', 'token', 'read', 'otherEnv', 'suffix', 'repeated'), fc.string({ maxLength: 50 }));

const badIdempotencyKey = fc.oneof(fc.constantFrom('', 'x'.repeat(129), 'k'.repeat(5000), '\u00e9t\u00e9', 'ab\u00ffcd', '\t'), fc.string({ minLength: 129, maxLength: 300 }));

type Mutation = 'method' | 'path' | 'query' | 'repeat' | 'body' | 'contentType' | 'auth' | 'idempotency';
const MUTATIONS: Mutation[] = ['method', 'path', 'query', 'repeat', 'body', 'contentType', 'auth', 'idempotency'];

const garbage = fc.record({
  /** Index into targets (a route on a host); an index keeps counterexamples short. */
  target: fc.integer({ min: 0, max: targets.length - 1 }),
  mutations: fc.uniqueArray(fc.constantFrom(...MUTATIONS), { minLength: 1, maxLength: 3 }),
  method: fc.constantFrom(...METHODS),
  segment: badSegment,
  suffix: badSegment,
  query,
  body: badBody,
  contentType: badContentType,
  auth: badAuth,
  idempotencyKey: badIdempotencyKey,
  extraHeader: fc.option(
    fc.constantFrom<[string, string]>(
      ['x-http-method-override', 'DELETE'],
      ['x-forwarded-for', '1.2.3.4, garbage'],
      ['accept', 'text/html'],
      ['content-encoding', 'gzip'],
      ['range', 'bytes=0-1'],
      ['x-request-id', 'req_forged'],
    ),
  ),
});

type Garbage = typeof garbage extends fc.Arbitrary<infer T> ? T : never;

let seq = 0;

/** Builds the request: a valid one for the route, then at least one mutation that makes it garbage. */
function build(g: Garbage): { env: Env; def: RouteDef; mutations: Mutation[]; method: string; path: string; headers: OutgoingHttpHeaders; body: string | undefined } {
  const target = targets[g.target]!;
  const { env, def } = target;
  const mutations = [...g.mutations];
  // A writing route must meet at least one mutation it cannot ignore.
  const ignorable = (m: Mutation) => m === 'query' || (m === 'idempotency' && !def.idempotencyKey);
  if (!harmless(def.method, def) && mutations.every(ignorable)) mutations.push('repeat');
  const has = (m: Mutation) => mutations.includes(m);
  const validKey = env === 'sandbox' ? keys.sandboxTrade : keys.liveRead;

  const paramNames = [...def.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  const garbled = has('path') && paramNames.length > 0 ? paramNames[0] : undefined;
  let path = def.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    if (name === garbled) return g.segment;
    if (name === 'account_id') return accounts[env];
    if (name === 'market') return 'BTC-USD';
    return 'x';
  });
  // A route without parameters gets a garbage segment after its path (an unknown route).
  if (has('path') && paramNames.length === 0) path = `${path}/${g.suffix}`;

  let method: string = def.method;
  if (has('method')) {
    const routed = methodsFor(env, path);
    const pool = METHODS.filter((m) => !routed.has(m));
    method = pool[METHODS.indexOf(g.method) % pool.length]!;
  }
  const queries: string[] = [];
  if (has('query')) queries.push(g.query);
  if (has('repeat')) queries.push('limit=1&limit=2', 'x=1&x=1');
  if (queries.length > 0) path += `?${queries.join('&')}`;

  const headers: Record<string, string | string[]> = {};
  const [authKind, authText] = g.auth;
  if (!has('auth')) headers.authorization = `Bearer ${validKey}`;
  else if (authKind === 'empty') headers.authorization = '';
  else if (authKind === 'scheme') headers.authorization = `Basic ${Buffer.from(`u:${authText}`).toString('base64')}`;
  else if (authKind === 'garbage') headers.authorization = authText.trim() === '' ? 'x' : authText;
  else if (authKind === 'unknownKey') headers.authorization = `Bearer rk_${env === 'live' ? 'live' : 'test'}_${'A'.repeat(32)}${safeEncode(authText).slice(0, 8)}`;
  else if (authKind === 'token') headers.authorization = `Bearer rat_test_${safeEncode(authText)}`;
  else if (authKind === 'read') headers.authorization = `Bearer ${keys.sandboxRead}`;
  else if (authKind === 'otherEnv') headers.authorization = `Bearer ${env === 'sandbox' ? keys.liveRead : keys.sandboxTrade}`;
  else if (authKind === 'suffix') headers.authorization = `Bearer ${validKey} ${authText.trim() || 'x'}`;
  else if (authKind === 'repeated') headers.authorization = [`Bearer ${authText.trim() || 'x'}`, `Bearer ${validKey}`]; // Node keeps the first
  // 'none': no header

  if (def.idempotencyKey) headers['idempotency-key'] = has('idempotency') ? g.idempotencyKey : `garbage-${++seq}`;
  else if (has('idempotency')) headers['idempotency-key'] = g.idempotencyKey;
  if (g.extraHeader) headers[g.extraHeader[0]] = g.extraHeader[1];

  let body: string | undefined = def.schema.body ? '{}' : undefined;
  if (has('body')) body = g.body;
  if (has('contentType')) body ??= '{}';
  if (body !== undefined && method !== 'HEAD') headers['content-type'] = has('contentType') ? g.contentType : 'application/json';
  if (method === 'HEAD') body = undefined;
  return { env, def, mutations, method, path, headers, body };
}

describe('garbage at every route', () => {
  it('answers the envelope (or a harmless 2xx), never an unexpected 5xx, and changes nothing', async () => {
    const before = await snapshot();
    const seen = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(garbage, async (g) => {
        const req = build(g);
        const where = `${req.env} ${req.method} ${req.path.slice(0, 200)} [${req.mutations.join(',')}] ${JSON.stringify(req.headers).slice(0, 300)} body=${JSON.stringify(req.body)?.slice(0, 200)}`;
        const r = await send(req.env === 'sandbox' ? s.url.sandbox : s.url.live, req.method, req.path, req.headers, req.body);
        seen.set(r.status, (seen.get(r.status) ?? 0) + 1);
        checkAnswer(r, req.method, req.def, where);
        // A request made garbage on the method is never answered by a route.
        if (req.mutations.includes('method')) expect([400, 404, 405, 414], where).toContain(r.status);
      }),
      // Fixed seed for a deterministic run; GARBAGE_SEED / GARBAGE_RUNS explore further.
      { numRuns: Number(process.env.GARBAGE_RUNS ?? 260), seed: Number(process.env.GARBAGE_SEED ?? 20260302), endOnFailure: true },
    );
    if (process.env.GARBAGE_DEBUG) console.log(Object.fromEntries([...seen].sort((x, y) => x[0] - y[0])));
    expect(await snapshot()).toEqual(before);
    // The garbage reached the route's own checks, not only the router.
    expect([...seen.keys()].some((st) => st >= 400 && st < 405)).toBe(true);
    expect(seen.get(405)).toBeGreaterThan(0);
  }, 60_000);

  it.each(targets.map((t) => [t.env, t.def.method, t.def.url, t] as const))('%s %s %s: each wrong method answers 405 with Allow', async (env, _m, url, t) => {
    const path = url.replace(':account_id', accounts[env]).replace(':market', 'BTC-USD');
    const base = env === 'sandbox' ? s.url.sandbox : s.url.live;
    const key = env === 'sandbox' ? keys.sandboxTrade : keys.liveRead;
    const routed = methodsFor(env, path);
    for (const method of ['PUT', 'DELETE', 'OPTIONS', 'PATCH', 'POST', 'PROPFIND'].filter((m) => !routed.has(m))) {
      // Whatever the body and its type: the route check comes first (CONTRACT §5).
      for (const contentType of ['application/json', 'text/plain', 'json', '']) {
        const r = await send(base, method, path, { authorization: `Bearer ${key}`, 'content-type': contentType }, '{"product":');
        checkAnswer(r, method, undefined, `${env} ${method} ${path} ${contentType}`);
        expect(r.status, `${method} ${contentType}`).toBe(405);
        // Allow names the methods of this path's route, and only methods the path does route to.
        const allow = String(r.headers.allow).split(', ');
        for (const m of t.allowed) expect(allow).toContain(m);
        for (const m of allow) expect(routed.has(m), `${m} in Allow of ${path}`).toBe(true);
      }
    }
  });

  it('never opens an account from a POST /v1/accounts body that is not an object', async () => {
    const before = await snapshot();
    for (const raw of ['null', '[]', '"x"', '1', 'true', '1e400', '{"product":1e400}', '[{"product":"evaluation-50k"}]']) {
      const r = await send(s.url.sandbox, 'POST', '/v1/accounts', { authorization: `Bearer ${keys.sandboxTrade}`, 'idempotency-key': `nb-${++seq}`, 'content-type': 'application/json' }, raw);
      checkAnswer(r, 'POST', undefined, raw);
      expect(r.status, raw).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });
});

// ---- below HTTP: what Node's parser refuses ----------------------------------------------------------------

function expectRawEnvelope(r: RawAnswer, status: number, code: string): any {
  expect(r.status, r.body).toBe(status);
  expect(r.headers['content-type']).toMatch(/^application\/json/);
  expect(r.headers['x-request-id']).toMatch(/^req_/);
  const body = JSON.parse(r.body);
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error).toMatchObject({ code, type: errorType(code as keyof typeof CODES), retryable: false, request_id: r.headers['x-request-id'] });
  expect(body.error.doc_url).toBe(`https://docs.rampart.dev/reference/errors#${code}`);
  for (const k of Object.keys(body.error)) expect(ENVELOPE_KEYS).toContain(k);
  return body;
}

describe('malformed HTTP on the wire', () => {
  const close = 'Connection: close\r\n';
  it.each([
    ['a request line that is not HTTP', 'GARBAGE / HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['an unknown HTTP version', 'GET /v1/markets HTTP/9.9\r\nHost: x\r\n\r\n'],
    ['a header line without a colon', 'GET /v1/markets HTTP/1.1\r\nHost: x\r\nNoColonHere\r\n\r\n'],
    ['a Content-Length that is not a number', `POST /v1/accounts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n${close}\r\n{}`],
    ['Content-Length twice, different', `POST /v1/accounts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n${close}\r\n{}`],
    ['a broken chunk', `POST /v1/accounts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n${close}\r\nzz\r\n{}\r\n0\r\n\r\n`],
    ['a NUL in the path', `GET /v1/mar\u0000kets HTTP/1.1\r\nHost: x\r\n${close}\r\n`],
  ])('%s → 400 invalid_request in the envelope', async (_name, data) => {
    for (const base of [s.url.sandbox, s.url.live]) expectRawEnvelope(await rawExchange(base, data), 400, 'invalid_request');
  });

  it('headers over 32 KiB → 400 invalid_request with the limit', async () => {
    const r = await rawExchange(s.url.sandbox, `GET /v1/markets HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    const body = expectRawEnvelope(r, 400, 'invalid_request');
    expect(body.error.details).toEqual({ max_header_bytes: 32768 });
  });

  it('a bad percent-encoding in the path → 400 invalid_request with X-Request-Id', async () => {
    for (const path of ['/v1/%E0%A4%A', '/v1/markets/%E0%A4%A', `/v1/accounts/%E0%A4%A`, '/v1/accounts/%']) {
      expectRawEnvelope(await rawExchange(s.url.sandbox, `GET ${path} HTTP/1.1\r\nHost: x\r\n${close}\r\n`), 400, 'invalid_request');
    }
  });

  it('an HTTP/1.1 request without Host → 400 invalid_request in the envelope; HTTP/1.0 needs none', async () => {
    expectRawEnvelope(await rawExchange(s.url.sandbox, `GET /v1/markets HTTP/1.1\r\n${close}\r\n`), 400, 'invalid_request');
    const old = await rawExchange(s.url.sandbox, `GET /v1/markets HTTP/1.0\r\nAuthorization: Bearer ${keys.sandboxTrade}\r\n\r\n`);
    expect(old.status).toBe(200);
    expect(old.headers['x-request-id']).toMatch(/^req_/);
  });

  it('odd request targets answer the envelope', async () => {
    expectRawEnvelope(await rawExchange(s.url.sandbox, `GET * HTTP/1.1\r\nHost: x\r\n${close}\r\n`), 404, 'route_not_found');
    expectRawEnvelope(await rawExchange(s.url.sandbox, `GET //v1/markets HTTP/1.1\r\nHost: x\r\n${close}\r\n`), 404, 'route_not_found');
    expectRawEnvelope(await rawExchange(s.url.sandbox, `PROPFIND /v1/markets HTTP/1.1\r\nHost: x\r\n${close}\r\n`), 405, 'method_not_allowed');
    expectRawEnvelope(await rawExchange(s.url.sandbox, `GET /v1/markets?%ZZ=1 HTTP/1.1\r\nHost: x\r\n${close}\r\n`), 401, 'missing_api_key');
  });

  it('the server still answers after all that', async () => {
    const r = await s.sandboxCall('GET', '/v1/markets', { key: keys.sandboxTrade });
    expect(r.status).toBe(200);
  });
});
