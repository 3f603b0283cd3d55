import { Agent, request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES, errorType, isErrorCode } from '../../src/errors/codes.js';
import type { RouteDef } from '../../src/http/route.js';
import { apiRoutes } from '../../src/http/routes/index.js';
import { hashSecret } from '../../src/services/credentials.js';
import { place, TEMPLATES, type Ctx } from '../helpers/route-templates.js';
import { TestServer } from '../helpers/server.js';

/**
 * Hostile input at every route (issue 7), on both hosts: a valid request for the route, then one hostile change —
 * to a body field (wrong types, huge numbers, exponent notation, negative zero, unicode, __proto__ and constructor
 * keys, deep nesting, duplicate keys, unknown and missing fields), to the query string, a header, the method or a
 * path segment. Whatever arrives: never a 500, never a body that is not the envelope, never a state change on a
 * 4xx, and the server keeps answering. Decimal fields take canonical decimal strings only; structural attacks on
 * the JSON (__proto__, deep nesting, duplicate keys) are refused as invalid_json before anything reads the body.
 *
 * HOSTILE_RUNS (default 2000) and HOSTILE_SEED explore further; the garbage test adds its own runs on top.
 */

type Env = 'live' | 'sandbox';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

const ENVELOPE_KEYS = ['type', 'code', 'message', 'request_id', 'retryable', 'doc_url', 'details'];
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

let s: TestServer;

const ctx = {} as Record<Env, Ctx>;

function send(base: string, method: string, path: string, headers: OutgoingHttpHeaders, body?: string): Promise<Raw> {
  const url = new URL(base);
  if (body !== undefined) headers = { ...headers, 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers, agent, timeout: 10_000 }, (res) => {
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
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

/** Resources and money, as stored: what a 4xx must leave exactly as it was. */
async function fingerprint(): Promise<string> {
  const one = async (sql: string) => JSON.stringify(await s.rawQuery(sql));
  return (await Promise.all([
    one('SELECT id, status, balance, parked, paused_until FROM accounts ORDER BY id'),
    one('SELECT id, status, updated_at FROM orders ORDER BY id'),
    one('SELECT COUNT(*) AS n FROM fills'),
    one('SELECT account_id, market, data FROM positions ORDER BY account_id, market'),
    one('SELECT account_id, market, leverage, mode FROM margin_settings ORDER BY account_id, market'),
    one('SELECT COALESCE(MAX(seq), 0) AS n FROM events'),
    one('SELECT id FROM webhooks ORDER BY id'),
    one('SELECT id, api_enabled FROM customers ORDER BY id'),
    one("SELECT id, revoked_at FROM credentials WHERE kind = 'key' ORDER BY id"),
  ])).join('\n');
}

// ---- valid requests, one per route -----------------------------------------------------------------------

/** A JSON value whose objects may hold a key twice and whose leaves may be raw JSON text (numbers as written). */
type Node = null | boolean | number | string | Raw_ | Node[] | Obj;
class Raw_ {
  constructor(readonly text: string) {}
}
class Obj {
  constructor(readonly entries: [string, Node][]) {}
}
const toNode = (v: unknown): Node => {
  if (Array.isArray(v)) return v.map(toNode);
  if (v !== null && typeof v === 'object') return new Obj(Object.entries(v).map(([k, x]) => [k, toNode(x)]));
  return v as Node;
};
function serialize(n: Node): string {
  if (n instanceof Raw_) return n.text;
  if (n instanceof Obj) return `{${n.entries.map(([k, v]) => `${JSON.stringify(k)}:${serialize(v)}`).join(',')}}`;
  if (Array.isArray(n)) return `[${n.map(serialize).join(',')}]`;
  return JSON.stringify(n);
}


interface Target {
  env: Env;
  def: RouteDef;
}
const targets: Target[] = (['sandbox', 'live'] as const).flatMap((env) =>
  apiRoutes.filter((d) => !d.environments || d.environments.includes(env)).map((def) => ({ env, def })),
);

/** Routes after which a 2xx changed something (a fuzzed request that is still valid may do that). */
const writes = (def: RouteDef) => def.method !== 'GET' && !def.url.endsWith('/orders/test');

// ---- hostile values ----------------------------------------------------------------------------------------

const HUGE = ['1e400', '-1e400', '123456789012345678901234567890', '9007199254740993', '1e308', '0.0000000000000000000000001', '0.0000000000000000001', '1.0000000000000000001', '1' + '0'.repeat(80)];
const EXPONENT = ['6e4', '6E4', '1e-3', '5.9e+4', '0e0', '1E0'];
const NEGZERO = ['-0', '-0.0', '-0e0', '-0.000'];
const UNICODE = [
  'BTC\u2010USD',
  '\uff16\uff10\uff10\uff10\uff10',
  '\u0660\u0661',
  '60000\u200b',
  '\u202e0006',
  'e\u0301',
  '\ud83d\ude80',
  '\u0000',
  'a\u0000b',
  '\ufeff60000',
  '\u00a060000',
  'ＢＴＣ-USD',
  '\u2028',
];
const LONE_SURROGATE = ['"\\ud800"', '"a\\udfffb"', '"\\ud83d"'];

/** Decimal strings that are not canonical (each must be refused where a decimal belongs). */
const NOT_DECIMAL = fc.oneof(
  fc.constantFrom(...EXPONENT, ...UNICODE, '', ' 1', '1 ', '+1', '.5', '5.', '0x10', '1_000', '1,5', 'NaN', 'Infinity', '-Infinity', '--1', '1..2', '١٢٣'),
  fc.string({ unit: 'binary', maxLength: 12 }).filter((t) => !/^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/.test(t)),
);

type Category =
  | 'wrong_type'
  | 'null'
  | 'huge'
  | 'exponent'
  | 'negative_zero'
  | 'unicode'
  | 'lone_surrogate'
  | 'not_decimal'
  | 'proto'
  | 'constructor'
  | 'deep'
  | 'duplicate'
  | 'unknown_field'
  | 'missing'
  | 'whole_body';

const bodyMutation = fc.record({
  category: fc.constantFrom<Category>(
    'wrong_type',
    'null',
    'huge',
    'exponent',
    'negative_zero',
    'unicode',
    'lone_surrogate',
    'not_decimal',
    'proto',
    'constructor',
    'deep',
    'duplicate',
    'unknown_field',
    'missing',
    'whole_body',
  ),
  /** Which value (or object) of the body, as an index into its paths. */
  at: fc.nat(),
  asString: fc.boolean(),
  pick: fc.nat(),
  wrong: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant([]), fc.constant({}), fc.array(fc.string(), { maxLength: 2 }), fc.string({ maxLength: 8 })),
  notDecimal: NOT_DECIMAL,
  depth: fc.integer({ min: 1, max: 400 }),
  unknownKey: fc.oneof(fc.constantFrom('x', 'Market', 'market ', 'prototype', 'toString', 'hasOwnProperty', '__defineGetter__', 'valueOf', '\u0000', ''), fc.string({ maxLength: 10 })),
  whole: fc.constantFrom('null', '[]', '"x"', '0', 'true', '-0', '1e400', '{}', '[{}]', '{"a":1}x', '{"a":1,}', "{'a':1}", '\uFEFF{}', '{"a":1}{"a":2}', '{"\\u0000":1}', ' '),
});

const QUERY_VALUES = fc.oneof(
  fc.constantFrom(...HUGE, ...EXPONENT, ...NEGZERO, ...UNICODE, '', ' 5', '5 ', '+5', '05', '0x10', '1.5', '-1', '0', '1001', 'null', 'undefined', '[]', '{}', 'true'),
  fc.string({ unit: 'binary', maxLength: 16 }),
);
const queryMutation = fc.record({
  kind: fc.constantFrom('value', 'key', 'repeat', 'bracket', 'encoding'),
  at: fc.nat(),
  value: QUERY_VALUES,
  key: fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'LIMIT', 'limit ', 'limit[]', 'limit[0]', 'a[b]', '', '%00'), fc.string({ maxLength: 8 })),
  encoding: fc.constantFrom('%ZZ', '%', '%E0%A4%A', '%C0%AF', '%00', '%FF%FE', '+', '&&&', '=', '==', '?', '#'),
});

const headerMutation = fc.record({
  kind: fc.constantFrom('content_type', 'idempotency', 'authorization', 'extra'),
  repeat: fc.boolean(),
  contentType: fc.constantFrom(
    'application/json; charset=utf-16',
    'APPLICATION/JSON',
    'application/json;;',
    'application/json, text/plain',
    'application/json; charset=latin1',
    'text/json',
    'application/json\t',
    'application/vnd.api+json',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
  ),
  idempotency: fc.oneof(fc.constantFrom('', ' ', 'x'.repeat(129), '\u00e9', 'a\tb', '\t', 'k'.repeat(5000)), fc.string({ unit: fc.constantFrom(...'\u0080\u00ff\u00e9\u00a0'), minLength: 1, maxLength: 5 })),
  authorization: fc.constantFrom('bearer', 'Bearer  ', 'BEARER', 'Bearer\t', 'Token', 'Bearer "', 'Bearer \u00e9'),
  extra: fc.constantFrom<[string, string]>(
    ['transfer-encoding', 'identity'],
    ['content-encoding', 'gzip'],
    ['x-http-method-override', 'DELETE'],
    ['x-forwarded-for', '127.0.0.1, 10.0.0.1'],
    ['expect', '100-continue'],
    ['accept', 'application/xml'],
    ['x-request-id', 'req_forged'],
    ['last-event-id', '\u00ff'],
    ['cookie', '__proto__=1'],
  ),
});

const pathMutation = fc.record({
  segment: fc.oneof(
    fc.constantFrom('%E0%A4%A', '%', '%00', '%2F', '..', '%2e%2e', '.', '%C0%AF', 'a'.repeat(2000), '%FF%FE', '*', '__proto__', 'constructor', 'SANDBOX-1-1%00', '%F0%9F%9A%80', 'BTC%E2%80%90USD', '-0', '1e400', 'null', '%20'),
    fc.string({ maxLength: 20 }).map((t) => encodeURIComponent(t.replace(/[\ud800-\udfff]/g, 'x'))),
  ),
  shape: fc.constantFrom('param', 'trailing_slash', 'double_slash', 'case', 'dot_segment', 'suffix'),
  at: fc.nat(),
});

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'TRACE', 'CONNECT_X', 'get'];

const hostile = fc.record({
  target: fc.integer({ min: 0, max: targets.length - 1 }),
  area: fc.constantFrom('body', 'body', 'body', 'body', 'query', 'query', 'header', 'path', 'method'),
  body: bodyMutation,
  query: queryMutation,
  header: headerMutation,
  path: pathMutation,
  method: fc.constantFrom(...METHODS),
});
type Hostile = typeof hostile extends fc.Arbitrary<infer T> ? T : never;

// ---- building the request -----------------------------------------------------------------------------------

interface Slot {
  /** Where the value sits, for messages. */
  path: string;
  get(): Node;
  set(v: Node): void;
  remove(): void;
}

/** Every value of the body (not the body itself), depth first. */
function slots(root: Obj): Slot[] {
  const out: Slot[] = [];
  const walk = (n: Node, path: string) => {
    if (n instanceof Obj) {
      n.entries.forEach((entry, i) => {
        out.push({ path: `${path}.${entry[0]}`, get: () => entry[1], set: (v) => (entry[1] = v), remove: () => n.entries.splice(i, 1) });
        walk(entry[1], `${path}.${entry[0]}`);
      });
    } else if (Array.isArray(n)) {
      n.forEach((x, i) => {
        out.push({ path: `${path}[${i}]`, get: () => n[i]!, set: (v) => (n[i] = v), remove: () => n.splice(i, 1) });
        walk(x, `${path}[${i}]`);
      });
    }
  };
  walk(root, '');
  return out;
}

/** Every object of the body, the body itself included. */
function objects(root: Obj): Obj[] {
  const out: Obj[] = [root];
  for (const sl of slots(root)) {
    const v = sl.get();
    if (v instanceof Obj) out.push(v);
  }
  return out;
}

/** Body fields that hold a price, size or amount (decimal strings, CONTRACT conventions). */
const DECIMAL_FIELDS = new Set(['size', 'notional_usd', 'limit_price', 'stop_price', 'worst_price', 'max_slippage_pct', 'price', 'distance', 'trigger_price', 'amount']);
const isDecimalField = (sl: Slot) => DECIMAL_FIELDS.has(sl.path.slice(sl.path.lastIndexOf('.') + 1));
/** What a decimal field takes: a decimal string of at most 18 places and 40 characters (engine/decimal.ts). */
const takesAsDecimal = (v: Node) => typeof v === 'string' && v.length <= 40 && /^-?(0|[1-9][0-9]*)(\.[0-9]{1,18})?$/.test(v);

interface Built {
  env: Env;
  def: RouteDef;
  method: string;
  path: string;
  headers: OutgoingHttpHeaders;
  body: string | undefined;
  what: string;
  /** The answer this request must get, when the change decides it. */
  expect: { status?: number[]; codes?: string[] };
}

let seq = 0;

function build(h: Hostile): Built {
  const { env, def } = targets[h.target]!;
  const c = ctx[env];
  const t = TEMPLATES[`${def.method} ${def.url}`]!(c);
  const params: Record<string, string> = { account_id: c.account, ...t.params };
  let segments = def.url.split('/').map((seg) => (seg.startsWith(':') ? encodeURIComponent(params[seg.slice(1)] ?? 'x') : seg));
  let method: string = def.method;
  const query: [string, string][] = [...(t.query ?? [])];
  let rawQuery: string | undefined;
  const headers: Record<string, string | string[]> = { authorization: `Bearer ${c.key}` };
  if (def.idempotencyKey) headers['idempotency-key'] = `hostile-${++seq}`;
  const bodyNode = t.body ? (toNode(t.body) as Obj) : undefined;
  // A raw template body (an alert) goes as text/plain, as it is.
  let body: string | undefined = bodyNode ? serialize(bodyNode) : t.raw;
  if (t.raw !== undefined) headers['content-type'] = 'text/plain';
  let what = `${env} ${def.method} ${def.url} [${h.area}`;
  const expectation: Built['expect'] = {};
  const area = h.area === 'body' && !bodyNode ? 'query' : h.area;

  if (area === 'body' && bodyNode) {
    const m = h.body;
    const all = slots(bodyNode);
    const slot = all.length > 0 ? all[m.at % all.length] : undefined;
    const objs = objects(bodyNode);
    const obj = objs[m.at % objs.length]!;
    what += ` ${m.category}`;
    const wasDecimal = slot ? isDecimalField(slot) : false;
    const valueCategories: Category[] = ['wrong_type', 'null', 'huge', 'exponent', 'negative_zero', 'unicode', 'lone_surrogate', 'not_decimal', 'missing'];
    if (valueCategories.includes(m.category) && !slot) {
      // An empty body has no value to change: a field it does not know instead.
      obj.entries.push([m.unknownKey || 'x', 1]);
      expectation.status = [400];
      expectation.codes = ['unknown_field'];
      what += '→unknown_field';
    } else if (m.category === 'wrong_type') {
      const before = slot!.get();
      const v = toNode(m.wrong);
      slot!.set(v);
      what += ` ${slot!.path}=${serialize(v).slice(0, 40)}`;
      const kind = (x: Node) => (x instanceof Obj ? 'object' : Array.isArray(x) ? 'array' : typeof x === 'number' && !Number.isInteger(x) ? 'double' : typeof x);
      if (kind(before) !== kind(v) && !(kind(before) === 'number' && kind(v) === 'double' && Number.isInteger(v))) expectation.status = [400];
    } else if (m.category === 'null') {
      slot!.set(null);
      what += ` ${slot!.path}=null`;
    } else if (m.category === 'huge' || m.category === 'exponent' || m.category === 'negative_zero') {
      const pool = m.category === 'huge' ? HUGE : m.category === 'exponent' ? EXPONENT : NEGZERO;
      const text = pool[m.pick % pool.length]!;
      slot!.set(m.asString ? text : new Raw_(text));
      what += ` ${slot!.path}=${m.asString ? JSON.stringify(text) : text}`;
      // Negative zero is never a price, size or amount (zero amounts are refused too).
      if (wasDecimal && m.category === 'negative_zero') expectation.status = [400];
    } else if (m.category === 'unicode') {
      const text = UNICODE[m.pick % UNICODE.length]!;
      const before = slot!.get();
      slot!.set(typeof before === 'string' && m.asString ? `${before}${text}` : text);
      what += ` ${slot!.path}=${JSON.stringify(slot!.get())}`;
    } else if (m.category === 'lone_surrogate') {
      slot!.set(new Raw_(LONE_SURROGATE[m.pick % LONE_SURROGATE.length]!));
      what += ` ${slot!.path}=${serialize(slot!.get())}`;
    } else if (m.category === 'not_decimal') {
      slot!.set(m.notDecimal);
      what += ` ${slot!.path}=${JSON.stringify(m.notDecimal)}`;
    } else if (m.category === 'missing') {
      what += ` -${slot!.path}`;
      slot!.remove();
    } else if (m.category === 'proto') {
      const variants = ['{"polluted":1}', '{"__proto__":{"x":1}}', 'null', '[]', '1'];
      obj.entries.push(['__proto__', new Raw_(variants[m.pick % variants.length]!)]);
      expectation.status = [400];
      expectation.codes = ['invalid_json'];
    } else if (m.category === 'constructor') {
      const variants: [Node, string[]][] = [
        [new Raw_('{"prototype":{"x":1}}'), ['invalid_json']],
        [new Raw_('{"prototype":null}'), ['invalid_json']],
        [1, ['unknown_field']],
        [new Raw_('{"name":"x"}'), ['unknown_field']],
      ];
      const [v, codes] = variants[m.pick % variants.length]!;
      obj.entries.push(['constructor', v]);
      expectation.status = [400];
      expectation.codes = codes;
    } else if (m.category === 'deep') {
      const depth = m.depth;
      const open = m.asString ? '{"a":'.repeat(depth) : '['.repeat(depth);
      const close = m.asString ? '}'.repeat(depth) : ']'.repeat(depth);
      const target = slot ?? undefined;
      if (target) target.set(new Raw_(`${open}1${close}`));
      else obj.entries.push(['x', new Raw_(`${open}1${close}`)]);
      what += ` depth ${depth} at ${target?.path ?? '.x'}`;
      // The body is one level; the value sits at least that deep already.
      const total = 1 + (target ? target.path.split(/[.[]/).length - 1 : 1) + depth;
      expectation.status = [400];
      if (total > 32) expectation.codes = ['invalid_json'];
    } else if (m.category === 'duplicate') {
      const existing = obj.entries.length > 0 ? obj.entries[m.pick % obj.entries.length]! : (['x', 1] as [string, Node]);
      if (obj.entries.length === 0) obj.entries.push(existing);
      const second: Node = m.asString ? existing[1] : toNode(m.wrong);
      obj.entries.push([existing[0], second]);
      what += ` ${existing[0]} twice`;
      expectation.status = [400];
      expectation.codes = ['invalid_json'];
    } else if (m.category === 'unknown_field') {
      const key = obj.entries.some(([k]) => k === m.unknownKey) || m.unknownKey === '__proto__' ? `${m.unknownKey}_x` : m.unknownKey;
      obj.entries.push([key, toNode(m.wrong)]);
      what += ` +${JSON.stringify(key)}`;
      expectation.status = [400];
      expectation.codes = ['unknown_field'];
    } else if (m.category === 'whole_body') {
      body = m.whole;
      what += ` ${JSON.stringify(m.whole)}`;
      // Not an object (or not JSON): refused, except an empty object where the body may be empty.
      if (m.whole !== '{}' && m.whole !== ' ') expectation.status = [400];
    }
    // Where a decimal string belonged, anything but one (a JSON number, exponent, unicode digits, more than 18
    // places) is refused.
    if (wasDecimal && slot && m.category !== 'missing' && m.category !== 'null' && bodyNode.entries.length > 0 && !takesAsDecimal(slot.get())) expectation.status = [400];
    if (m.category !== 'whole_body') body = serialize(bodyNode);
  } else if (area === 'query') {
    const m = h.query;
    what += ` ${m.kind}`;
    if (m.kind === 'value' && query.length > 0) {
      const i = m.at % query.length;
      query[i] = [query[i]![0], m.value];
      what += ` ${query[i]![0]}=${JSON.stringify(m.value)}`;
      const name = query[i]![0];
      // limit is an integer from 1 to 1000 written in digits; anything else is invalid_parameter.
      if (name === 'limit' && !/^([1-9][0-9]{0,2}|1000)$/.test(m.value)) {
        expectation.status = [400];
        expectation.codes = ['invalid_parameter'];
      }
    } else if (m.kind === 'repeat' && query.length > 0) {
      query.push(query[m.at % query.length]!);
      expectation.status = [400];
      expectation.codes = ['unknown_field'];
    } else if (m.kind === 'bracket' && query.length > 0) {
      const [k, v] = query[m.at % query.length]!;
      query.push([`${k}[]`, v]);
      expectation.status = [400];
      expectation.codes = ['unknown_field'];
    } else if (m.kind === 'encoding') {
      rawQuery = m.encoding;
      what += ` ${m.encoding}`;
    } else {
      query.push([m.key, m.value]);
      what += ` ${JSON.stringify(m.key)}=${JSON.stringify(m.value)}`;
      expectation.status = [400];
    }
  } else if (area === 'header') {
    const m = h.header;
    what += ` ${m.kind}`;
    if (m.kind === 'content_type') {
      if (body === undefined) {
        body = '{}';
      }
      headers['content-type'] = m.contentType;
      what += ` ${m.contentType}`;
      // GET bodies are not read; elsewhere a body that is not application/json is 415 before anything else.
      // (A route that reads its body itself, the alert URL, takes text/plain too.)
      if (method !== 'GET' && !/^application\/json\s*(;.*)?$/i.test(m.contentType) && !(def.rawBody && /^text\/plain\s*(;.*)?$/i.test(m.contentType))) {
        expectation.status = [415];
        expectation.codes = ['unsupported_media_type'];
      }
    } else if (m.kind === 'idempotency') {
      headers['idempotency-key'] = def.idempotencyKey && m.repeat ? [headers['idempotency-key'] as string, 'other'] : Buffer.from(m.idempotency, 'latin1').toString('latin1');
      what += ` ${JSON.stringify(headers['idempotency-key'])}`;
      if (def.idempotencyKey && (Array.isArray(headers['idempotency-key']) || !/^[\x20-\x7e]{1,128}$/.test(String(headers['idempotency-key'])))) expectation.status = [400];
    } else if (m.kind === 'authorization') {
      headers.authorization = m.authorization === 'Bearer  ' ? `Bearer  ${c.key}` : m.authorization === 'Bearer \u00e9' ? `Bearer ${c.key}\u00e9` : `${m.authorization} ${c.key}`;
      what += ` ${JSON.stringify(headers.authorization.slice(0, 12))}`;
    } else {
      headers[m.extra[0]] = m.extra[1];
      what += ` ${m.extra[0]}: ${m.extra[1]}`;
    }
  } else if (area === 'path') {
    const m = h.path;
    what += ` ${m.shape}`;
    const paramAt = segments.map((seg, i) => (def.url.split('/')[i]!.startsWith(':') ? i : -1)).filter((i) => i >= 0);
    if (m.shape === 'param' && paramAt.length > 0) {
      segments[paramAt[m.at % paramAt.length]!] = m.segment;
      what += ` ${m.segment.slice(0, 40)}`;
    } else if (m.shape === 'trailing_slash') segments.push('');
    else if (m.shape === 'double_slash') segments.splice(1 + (m.at % (segments.length - 1)), 0, '');
    else if (m.shape === 'case') segments = segments.map((seg, i) => (i === 1 + (m.at % (segments.length - 1)) ? seg.toUpperCase() : seg));
    else if (m.shape === 'dot_segment') segments.splice(2, 0, '.', m.segment.slice(0, 20), '..');
    else segments.push(m.segment);
  } else {
    method = h.method;
    what += ` ${method}`;
  }

  let path = segments.join('/');
  const q = rawQuery ?? query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '\ufffd'))}`).join('&');
  if (q) path += `?${q}`;
  if (body !== undefined && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
  if (method === 'HEAD' || method === 'GET') {
    if (area !== 'header') body = undefined;
    if (body === undefined) delete headers['content-type'];
  }
  return { env, def, method, path, headers, body, what: `${what}] ${method} ${path.slice(0, 160)} ${body?.slice(0, 200) ?? ''}`, expect: expectation };
}

/** The envelope, whole, for any error; a matching status and type. */
function checkAnswer(r: Raw, b: Built): void {
  const where = b.what;
  expect(r.headers['x-request-id'], `${where}: X-Request-Id`).toMatch(/^req_/);
  if (r.status >= 200 && r.status < 300) return;
  expect(r.status, `${where}: ${r.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(String(r.headers['content-type']), where).toMatch(/^application\/json/);
  if (b.method === 'HEAD') return;
  let body: any;
  try {
    body = JSON.parse(r.text);
  } catch {
    throw new Error(`${where}: ${r.status} body is not JSON: ${r.text.slice(0, 300)}`);
  }
  expect(Object.keys(body ?? {}), `${where}: ${r.text.slice(0, 300)}`).toEqual(['error']);
  const e = body.error;
  for (const k of Object.keys(e)) expect(ENVELOPE_KEYS, `${where}: key ${k}`).toContain(k);
  expect(isErrorCode(e.code), `${where}: code ${e.code}`).toBe(true);
  expect(r.status, `${where}: ${e.code}`).toBe(CODES[e.code as keyof typeof CODES].status);
  expect(e.type, where).toBe(errorType(e.code));
  expect(e.retryable, where).toBe(CODES[e.code as keyof typeof CODES].retryable);
  expect(e.request_id, where).toBe(r.headers['x-request-id']);
  expect(typeof e.message === 'string' && e.message.length > 0, where).toBe(true);
  expect(r.status >= 500 && !(r.status === 503 && e.code === 'capacity'), `${where}: ${r.status} ${e.code} ${e.message}`).toBe(false);
  expect(r.text, where).not.toMatch(/\bat .*\.(ts|js):\d+|FST_ERR|statusCode|rk_(live|test)_[A-Za-z0-9]{20}/);
}

beforeAll(async () => {
  const big = { capacity: 1_000_000, refill_per_second: 1_000_000 };
  s = await TestServer.start({ limits: { rate_limits: { ip: big, key: big, account_orders: big } } });
  for (const m of [
    ['BTC-USD', '60000', '60001', '60000.5'],
    ['ETH-USD', '3000', '3000.1', '3000.05'],
    ['SOL-USD', '150', '150.02', '150.01'],
  ] as const) {
    expect((await s.admin('PUT', `/admin/v1/markets/${m[0]}/price`, { bid: m[1], ask: m[2], last: m[3] })).status).toBe(200);
  }
  await s.settleTrading();
  const sandbox = await s.trader();
  const sandboxRead = await s.key(sandbox.customer.id, { access: 'read' });
  const liveCustomer = await s.customer('live');
  const liveKey = await s.key(liveCustomer.id, { environment: 'live', access: 'trade' });
  const liveRead = await s.key(liveCustomer.id, { environment: 'live', access: 'read' });
  const opened = await s.admin('POST', `/admin/v1/customers/${liveCustomer.id}/accounts`, { product: 'funded-100k' });
  expect(opened.status).toBe(201);
  await s.settle();
  for (const [env, key, read, account] of [
    ['sandbox', sandbox.key, sandboxRead.key, sandbox.accountId],
    ['live', liveKey.key, liveRead.key, opened.body.id],
  ] as const) {
    ctx[env] = { env, base: env === 'sandbox' ? s.url.sandbox : s.url.live, key, readKey: read, account, order: '', webhook: '', eventId: '' };
    await fixtures(env);
  }
}, 60_000);

/** An isolated BTC-USD position, a working order (gtd) and a webhook on the context's account. */
async function fixtures(env: Env): Promise<void> {
  const c = ctx[env];
  const call = env === 'sandbox' ? s.sandboxCall.bind(s) : s.liveCall.bind(s);
  // Isolated, so that the position's own margin can be changed (POST …/positions/{market}/margin).
  const isolated = await call('PUT', `/v1/accounts/${c.account}/margin/BTC-USD`, { key: c.key, body: { margin_mode: 'isolated' } });
  expect([200, 409], JSON.stringify(isolated.body)).toContain(isolated.status);
  const bought = await call('POST', `/v1/accounts/${c.account}/orders`, { key: c.key, idempotencyKey: `setup-${++seq}`, body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.05' } });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  const resting = await call('POST', `/v1/accounts/${c.account}/orders`, {
    key: c.key,
    idempotencyKey: `setup-${++seq}`,
    body: { ...place(), time_in_force: 'gtd', expires_at: 1_800_000_000_000 },
  });
  expect(resting.status, JSON.stringify(resting.body)).toBe(201);
  const hook = await call('POST', '/v1/webhooks', { key: c.key, idempotencyKey: `setup-${++seq}`, body: { url: env === 'live' ? 'https://hooks.example.com/rampart' : 'http://127.0.0.1:9/hook' } });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
  const events = await call('GET', `/v1/events?account_id=${c.account}`, { key: c.key });
  expect(events.status).toBe(200);
  // A signal: through the API in sandbox; in live, written as the API would (a live one needs an emailed code).
  let signal: string;
  let signalSecret: string;
  if (env === 'sandbox') {
    const made = await call('POST', '/v1/signals', { key: c.key, idempotencyKey: `setup-${++seq}`, body: { name: 'fixture', accounts: [{ account_id: c.account }] } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    signal = made.body.id;
    signalSecret = made.body.url.split('/').pop();
  } else {
    const customer = (await s.services.store.getAccount(c.account))!.customer_id;
    signal = `sig_livefixture${++seq}`;
    signalSecret = `rsig_${String(seq).padStart(32, 'L')}`;
    // Through the server's own store (its writer): a second connection could wait out its busy timeout behind the
    // server's writes on a loaded machine.
    await s.services.store.transaction((tx) =>
      tx.insertSignal({
        id: signal,
        customer_id: customer,
        environment: 'live',
        name: 'fixture',
        secret_hash: hashSecret(signalSecret),
        secret_hint: 'LLLL',
        accounts: [{ account_id: c.account, multiplier: '1' }],
        markets: null,
        max_order_usd: null,
        reduce_only: false,
        no_hedging: false,
        expires_at: null,
        created_at: 0,
        revoked_at: null,
        credential_id: null,
      }),
    );
  }
  Object.assign(c, { order: resting.body.id, webhook: hook.body.id, eventId: events.body.data[0].id, signal, signalSecret });
  await s.settleTrading();
}

afterAll(async () => {
  agent.destroy();
  await s?.close();
});

/** Sends a template's request for one route with its body replaced (raw text), and checks the answer. */
async function sendBody(t: Target, body: string, what: string): Promise<any> {
  const c = ctx[t.env];
  const tpl = TEMPLATES[`${t.def.method} ${t.def.url}`]!(c);
  const params: Record<string, string> = { account_id: c.account, ...tpl.params };
  const path = t.def.url.replace(/:([a-z_]+)/g, (_m, n: string) => encodeURIComponent(params[n] ?? 'x'));
  const headers: OutgoingHttpHeaders = { authorization: `Bearer ${c.key}`, 'content-type': 'application/json' };
  if (t.def.idempotencyKey) headers['idempotency-key'] = `table-${++seq}`;
  const b: Built = { env: t.env, def: t.def, method: t.def.method, path, headers, body, what: `${t.env} ${t.def.method} ${path} ${what} ${body.slice(0, 120)}`, expect: {} };
  const r = await send(c.base, b.method, b.path, b.headers, body);
  checkAnswer(r, b);
  return { status: r.status, body: r.text ? JSON.parse(r.text) : undefined, what: b.what };
}

const bodyTargets = targets.filter((t) => t.def.schema.body && TEMPLATES[`${t.def.method} ${t.def.url}`]!(ctx[t.env] ?? ({} as Ctx)).body);

describe('hostile values where they decide the answer, at every route with a body', () => {
  it('refuses, as 400, anything but a decimal string of at most 18 places in every decimal field', async () => {
    const before = await fingerprint();
    const refused = ['"6e4"', '6e4', '60000', '-0', '"-0"', '"-0.0"', '"0.0000000000000000001"', `"1${'0'.repeat(40)}"`, '"\uff16\uff10"', '"60000\u200b"', '" 60000"', '"+60000"', '"0x10"', '"NaN"', '"\ud800"', 'null', '[]', '{}', 'true'];
    let checked = 0;
    for (const t of bodyTargets) {
      const root = toNode(TEMPLATES[`${t.def.method} ${t.def.url}`]!(ctx[t.env]).body) as Obj;
      for (const [i, slot] of slots(root).entries()) {
        if (!isDecimalField(slot)) continue;
        for (const value of refused) {
          const copy = toNode(TEMPLATES[`${t.def.method} ${t.def.url}`]!(ctx[t.env]).body) as Obj;
          const target = slots(copy)[i]!;
          // A nullable exit may be null: that is a valid body, not a refusal of the decimal.
          if (value === 'null') continue;
          target.set(new Raw_(value));
          const r = await sendBody(t, serialize(copy), `${target.path}=${value}`);
          expect(r.status, `${r.what}: ${JSON.stringify(r.body)}`).toBe(400);
          expect(['invalid_request', 'invalid_json'], r.what).toContain(r.body.error.code);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(await fingerprint()).toBe(before);
  }, 120_000);

  it('refuses a key twice, __proto__, constructor.prototype and nesting over 32 as invalid_json; unknown keys as unknown_field', async () => {
    const before = await fingerprint();
    for (const t of bodyTargets) {
      const tpl = TEMPLATES[`${t.def.method} ${t.def.url}`]!(ctx[t.env]).body!;
      const text = JSON.stringify(tpl);
      const [firstKey] = Object.keys(tpl);
      const inner = text.slice(1, -1);
      const cases: [string, string, string][] = [
        [firstKey ? `{${inner},${JSON.stringify(firstKey)}:${JSON.stringify((tpl as Record<string, unknown>)[firstKey])}}` : '{"a":1,"a":1}', 'invalid_json', 'same key twice, same value'],
        [firstKey ? `{${JSON.stringify(firstKey)}:"x",${inner}}` : '{"a":1,"\u0061":2}', 'invalid_json', 'same key twice, first one wrong'],
        [`{${inner}${inner ? ',' : ''}"__proto__":{"x":1}}`, 'invalid_json', '__proto__'],
        [`{"__proto__":null${inner ? ',' : ''}${inner}}`, 'invalid_json', '__proto__ first'],
        [`{${inner}${inner ? ',' : ''}"constructor":{"prototype":{"x":1}}}`, 'invalid_json', 'constructor.prototype'],
        [`{${inner}${inner ? ',' : ''}"x":${'['.repeat(40)}${']'.repeat(40)}}`, 'invalid_json', 'nested 41 deep'],
        [`{${inner}${inner ? ',' : ''}"x":${'{"a":'.repeat(31)}1${'}'.repeat(31)}}`, 'unknown_field', 'nested 32 deep (the limit)'],
        [`{${inner}${inner ? ',' : ''}"constructor":1}`, 'unknown_field', 'constructor as a field'],
        [`{${inner}${inner ? ',' : ''}"toString":"x"}`, 'unknown_field', 'toString as a field'],
      ];
      for (const [body, code, what] of cases) {
        const r = await sendBody(t, body, what);
        expect(r.status, `${r.what}: ${JSON.stringify(r.body)}`).toBe(400);
        expect(r.body.error.code, `${r.what}: ${JSON.stringify(r.body)}`).toBe(code);
        if (what.startsWith('same key')) expect(r.body.error.details, r.what).toEqual({ duplicate_key: firstKey ?? 'a' });
      }
    }
    expect(await fingerprint()).toBe(before);
  });

  it('takes integer query parameters written in digits only', async () => {
    const lists = targets.filter((t) => (t.def.schema.querystring as { properties?: Record<string, unknown> } | undefined)?.properties?.limit);
    expect(lists.length).toBeGreaterThan(5);
    for (const t of lists) {
      const c = ctx[t.env];
      const tpl = TEMPLATES[`${t.def.method} ${t.def.url}`]!(c);
      const params: Record<string, string> = { account_id: c.account, ...tpl.params };
      const path = t.def.url.replace(/:([a-z_]+)/g, (_m, n: string) => encodeURIComponent(params[n] ?? 'x'));
      for (const limit of ['0x10', '1e2', '1E0', ' 5', '+5', '05', '5.0', '-0', '-1', '0', '1001', '', '٥', '99999999999999999999']) {
        const r = await send(c.base, 'GET', `${path}?limit=${encodeURIComponent(limit)}`, { authorization: `Bearer ${c.key}` });
        const b = { what: `${t.env} GET ${path}?limit=${JSON.stringify(limit)}`, method: 'GET' } as Built;
        checkAnswer(r, b);
        expect(r.status, `${b.what}: ${r.text}`).toBe(400);
        expect(JSON.parse(r.text).error.code, b.what).toBe('invalid_parameter');
      }
      const ok = await send(c.base, 'GET', `${path}?limit=1000`, { authorization: `Bearer ${c.key}` });
      expect(ok.status, `${path}: ${ok.text.slice(0, 200)}`).toBe(200);
    }
  });
});

describe('hostile input at every route', () => {
  it('has a valid request for every route', () => {
    for (const d of apiRoutes) expect(TEMPLATES[`${d.method} ${d.url}`], `${d.method} ${d.url}`).toBeDefined();
  });

  it.each(targets.map((t) => [t.env, t.def.method, t.def.url, t] as const))('%s %s %s: the valid request is accepted', async (_e, _m, _u, t) => {
    // The fuzz starts from requests the route takes, so what it changes is what gets refused.
    const b = build({ target: targets.indexOf(t), area: 'method', method: t.def.method } as Hostile);
    if (writes(t.def)) return; // accepted writes would spend the fixtures; their refusals are what the fuzz checks
    const r = await send(ctx[t.env].base, b.method, b.path, b.headers, b.body);
    checkAnswer(r, b);
    expect(r.status, `${b.what}: ${r.text.slice(0, 300)}`).toBeLessThan(300);
  });

  it('never answers 500 or outside the envelope, and changes nothing when it refuses', async () => {
    let before = await fingerprint();
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(hostile, async (h) => {
        const b = build(h);
        const r = await send(ctx[b.env].base, b.method, b.path, b.headers, b.body);
        const label = `${r.status}`;
        seen.set(label, (seen.get(label) ?? 0) + 1);
        checkAnswer(r, b);
        if (b.expect.status) expect(b.expect.status, `${b.what}: ${r.status} ${r.text.slice(0, 300)}`).toContain(r.status);
        if (b.expect.codes) expect(b.expect.codes, `${b.what}: ${r.text.slice(0, 300)}`).toContain(JSON.parse(r.text).error.code);
        // An accepted write may leave work behind (a new account is opened right after its answer): let it finish.
        if (r.status < 300) {
          await s.settle();
          await s.settleTrading();
        }
        const after = await fingerprint();
        if (r.status >= 400) expect(after, `${b.what}: ${r.status} changed the stored state`).toBe(before);
        else if (!writes(b.def) || b.method === 'GET' || b.method === 'HEAD') expect(after, `${b.what}: a read changed the stored state`).toBe(before);
        before = after;
      }),
      { numRuns: Number(process.env.HOSTILE_RUNS ?? 2000), seed: Number(process.env.HOSTILE_SEED ?? 20260307), endOnFailure: true },
    );
    if (process.env.HOSTILE_DEBUG) console.log(Object.fromEntries([...seen].sort()));
    // And the server is still there.
    const r = await send(ctx.sandbox.base, 'GET', '/v1/markets', { authorization: `Bearer ${ctx.sandbox.key}` });
    expect(r.status).toBe(200);
  }, 240_000);

  it('started from writes the routes take (run last: they spend the fixtures)', async () => {
    const order = [
      'PATCH /v1/accounts/:account_id/orders/:order_id',
      'PUT /v1/accounts/:account_id/positions/:market/exits',
      'POST /v1/accounts/:account_id/positions/:market/margin',
      'PUT /v1/accounts/:account_id/margin/:market',
      'POST /v1/accounts/:account_id/orders/cancel-all',
      'POST /v1/accounts/:account_id/orders/cancel-all-after',
      'POST /v1/accounts/:account_id/orders',
      'POST /v1/accounts',
      'POST /v1/webhooks',
      'DELETE /v1/webhooks/:webhook_id',
      'DELETE /v1/accounts/:account_id/orders/:order_id',
      'DELETE /v1/accounts/:account_id/positions/:market',
      'POST /v1/accounts/:account_id/positions/close-all',
      'POST /v1/alerts/:secret',
      'POST /v1/signals',
      'DELETE /v1/signals/:signal_id',
    ];
    expect([...order].sort()).toEqual(apiRoutes.filter(writes).map((d) => `${d.method} ${d.url}`).sort());
    for (const env of ['sandbox', 'live'] as const) {
      await fixtures(env);
      for (const name of order) {
        const t = targets.find((x) => x.env === env && `${x.def.method} ${x.def.url}` === name);
        if (!t) continue;
        const b = build({ target: targets.indexOf(t), area: 'method', method: t.def.method } as Hostile);
        const r = await send(ctx[env].base, b.method, b.path, b.headers, b.body);
        checkAnswer(r, b);
        if (env === 'live' && name === 'POST /v1/signals') {
          // A live signal needs the code emailed to a person (test/integration/signals.test.ts makes one).
          expect(JSON.parse(r.text).error.code, b.what).toBe('email_code_required');
          continue;
        }
        expect(r.status, `${b.what}: ${r.text.slice(0, 300)}`).toBeLessThan(300);
      }
    }
  });
});
