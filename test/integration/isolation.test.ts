import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import type { RouteDef } from '../../src/http/route.js';
import { apiRoutes } from '../../src/http/routes/index.js';
import { WebhookReceiver } from '../helpers/receiver.js';
import { TEMPLATES, validRequest, type Ctx, type Env } from '../helpers/route-templates.js';
import { expectError, TestServer, type Answer } from '../helpers/server.js';
import { SseClient } from '../helpers/sse.js';

/**
 * Tenant isolation (issue 7), for every route of apiRoutes: customer A's key aimed at customer B's accounts,
 * orders, positions, fills, events, streams and webhooks answers not_found — exactly as for something that does
 * not exist — and changes nothing of B's; A's lists, stream and webhooks never carry B's data; a key works on its
 * own host only (wrong_environment); a read key is refused on every trading route (insufficient_permission);
 * the operator API answers nothing without its token and listens on loopback by default; no key, token or webhook
 * secret is ever written to the log (at trace level) or into an answer that is not its creation.
 */

let s: TestServer;
const ENVS: Env[] = ['sandbox', 'live'];

interface Customer {
  id: string;
  ctx: Record<Env, Ctx>;
  /** Secrets only this customer holds. */
  secrets: string[];
  fills: Record<Env, string>;
}
let A: Customer;
let B: Customer;
/** Every answer body seen, but the ones that create a secret (they show it once, by design). */
const bodies: string[] = [];

const base = (env: Env) => (env === 'sandbox' ? s.url.sandbox : s.url.live);

async function send(env: Env, req: { method: string; path: string; headers: Record<string, string>; body: string | undefined }): Promise<Answer> {
  const res = await fetch(`${base(env)}${req.path}`, { method: req.method, headers: req.headers, ...(req.body !== undefined ? { body: req.body } : {}) });
  const type = res.headers.get('content-type') ?? '';
  // An account stream does not end: its status and headers are the answer.
  const text = type.startsWith('text/event-stream') ? (await res.body?.cancel(), '') : await res.text();
  bodies.push(text);
  return { status: res.status, headers: res.headers, body: text === '' ? undefined : JSON.parse(text) };
}

const routes = (env: Env) => apiRoutes.filter((d) => !d.environments || d.environments.includes(env));
const name = (d: RouteDef) => `${d.method} ${d.url}`;

/** Everything stored about customer B: what no call of A may change. */
async function stateOf(c: Customer): Promise<string> {
  const accounts = Object.values(c.ctx).map((x) => x.account);
  const inList = `(${accounts.map(() => '?').join(',')})`;
  const q = async (sql: string, ...args: unknown[]) => JSON.stringify(await s.rawQuery(sql, args));
  return (await Promise.all([
    q(`SELECT id, status, balance, paused_until, rule_state FROM accounts WHERE customer_id = ? ORDER BY id`, c.id),
    q(`SELECT id, status, data FROM orders WHERE account_id IN ${inList} ORDER BY id`, ...accounts),
    q(`SELECT id FROM fills WHERE account_id IN ${inList} ORDER BY id`, ...accounts),
    q(`SELECT account_id, market, data FROM positions WHERE account_id IN ${inList} ORDER BY account_id, market`, ...accounts),
    q(`SELECT account_id, market, leverage, mode FROM margin_settings WHERE account_id IN ${inList} ORDER BY account_id, market`, ...accounts),
    q(`SELECT id FROM events WHERE account_id IN ${inList} ORDER BY seq`, ...accounts),
    q(`SELECT id, url FROM webhooks WHERE customer_id = ? ORDER BY id`, c.id),
    q(`SELECT id, revoked_at FROM signals WHERE customer_id = ? ORDER BY id`, c.id),
    q(`SELECT id, revoked_at FROM credentials WHERE customer_id = ? AND kind = 'key' ORDER BY id`, c.id),
  ])).join('\n');
}

/** A customer with, on both hosts, a trade and a read key, an account with a position, a working order and a fill, and a webhook. */
async function customer(label: string): Promise<Customer> {
  const c = await s.customer(label);
  const ctx = {} as Record<Env, Ctx>;
  const fills = {} as Record<Env, string>;
  const secrets: string[] = [];
  for (const env of ENVS) {
    const trade = await s.key(c.id, { environment: env, access: 'trade' });
    const read = await s.key(c.id, { environment: env, access: 'read' });
    let account = trade.opened_account_id;
    if (env === 'live') {
      const opened = await s.admin('POST', `/admin/v1/customers/${c.id}/accounts`, { product: 'funded-100k' });
      expect(opened.status).toBe(201);
      account = opened.body.id;
      await s.settle();
    }
    const call = env === 'sandbox' ? s.sandboxCall.bind(s) : s.liveCall.bind(s);
    const isolated = await call('PUT', `/v1/accounts/${account}/margin/BTC-USD`, { key: trade.key, body: { margin_mode: 'isolated' } });
    expect(isolated.status, JSON.stringify(isolated.body)).toBe(200);
    const bought = await call('POST', `/v1/accounts/${account}/orders`, { key: trade.key, idempotencyKey: `${label}-${env}-buy`, body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.05' } });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const resting = await call('POST', `/v1/accounts/${account}/orders`, {
      key: trade.key,
      idempotencyKey: `${label}-${env}-rest`,
      body: { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000', time_in_force: 'gtd', expires_at: 1_800_000_000_000, client_order_id: `${label}-${env}` },
    });
    expect(resting.status, JSON.stringify(resting.body)).toBe(201);
    const hook = await call('POST', '/v1/webhooks', { key: trade.key, idempotencyKey: `${label}-${env}-hook`, body: { url: `https://hooks.example.com/${label}` } });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const events = await call('GET', `/v1/events?account_id=${account}`, { key: trade.key });
    const fill = await call('GET', `/v1/accounts/${account}/fills`, { key: trade.key });
    fills[env] = fill.body.data[0].id;
    // A signal: through the API in sandbox; in live, written as the API would (a live one needs an emailed code).
    let signal: string;
    if (env === 'sandbox') {
      const made = await call('POST', '/v1/signals', { key: trade.key, idempotencyKey: `${label}-${env}-signal`, body: { name: label, accounts: [{ account_id: account }] } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      signal = made.body.id;
      secrets.push(made.body.url.split('/').pop());
    } else {
      signal = `sig_${label}live0000000000000`;
      await s.rawQuery(
        'INSERT INTO signals (id, customer_id, environment, name, secret_hash, secret_hint, accounts, markets, max_order_usd, reduce_only, no_hedging, expires_at, created_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL, 0, 0, NULL, 0, NULL)',
        [signal, c.id, 'live', label, `${label}-hash`.padEnd(64, '0'), 'abcd', JSON.stringify([{ account_id: account, multiplier: '1' }])],
      );
    }
    secrets.push(trade.key, read.key, hook.body.secret);
    ctx[env] = { env, base: base(env), key: trade.key, readKey: read.key, account: account!, order: resting.body.id, webhook: hook.body.id, eventId: events.body.data[0].id, signal };
  }
  const token = await s.admin('POST', `/admin/v1/customers/${c.id}/tokens`, { environment: 'sandbox', kind: 'app', access: 'trade' });
  expect(token.status).toBe(201);
  secrets.push(token.body.token);
  return { id: c.id, ctx, secrets, fills };
}

beforeAll(async () => {
  s = await TestServer.start({ env: { RAMPART_LOG_LEVEL: 'trace' } });
  await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
  await s.admin('PUT', '/admin/v1/markets/SOL-USD/price', { bid: '150', ask: '150.02', last: '150.01' });
  await s.settleTrading();
  A = await customer('alice');
  B = await customer('bob');
  await s.settleTrading();
}, 60_000);

afterAll(async () => {
  await s?.close();
});

/** A's key, B's resources: the route's request built around B's account, order, webhook and event. */
const aimedAtB = (env: Env): Ctx => ({ ...B.ctx[env], key: A.ctx[env].key, readKey: A.ctx[env].readKey });
/** The same, around ids that exist nowhere. */
const aimedAtNothing = (env: Env): Ctx => ({
  ...A.ctx[env],
  account: env === 'sandbox' ? 'SANDBOX-999999-1' : '99999999',
  order: 'ord_doesnotexist000000',
  webhook: 'whk_doesnotexist000000',
  signal: 'sig_doesnotexist000000',
});

/** What A aimed at B's things must get: the code for the first of B's ids in the path, query or body. */
function expectedFor(d: RouteDef): { status: number; code: string } | undefined {
  if (d.url.includes(':account_id')) return { status: 404, code: 'account_not_found' };
  if (d.url.includes(':webhook_id')) return { status: 404, code: 'webhook_not_found' };
  if (d.url.includes(':signal_id') || d.url.includes(':secret')) return { status: 404, code: 'signal_not_found' };
  if (name(d) === 'GET /v1/events' || name(d) === 'POST /v1/webhooks' || name(d) === 'POST /v1/signals') return { status: 404, code: 'account_not_found' };
  return undefined; // a route about nobody's resources (or only the caller's)
}

/** The answer without what echoes the request (ids, request id): a refusal must not tell B's ids from none. */
const shape = (r: Answer) => ({ status: r.status, code: r.body?.error?.code, message: r.body?.error?.message, details: Object.keys(r.body?.error?.details ?? {}) });

describe("a key of customer A aimed at customer B's resources", () => {
  it.each(ENVS.flatMap((env) => routes(env).map((d) => [env, name(d), d] as const)))('%s %s: not found, as for nothing, and nothing of B changes', async (env, _n, d) => {
    const before = await stateOf(B);
    const r = await send(env, validRequest(d, aimedAtB(env)));
    const expected = expectedFor(d);
    if (expected) {
      expectError(r, expected.status, expected.code);
      // Indistinguishable from an id that does not exist.
      const none = await send(env, validRequest(d, aimedAtNothing(env)));
      expect(shape(r)).toEqual(shape(none));
    } else {
      expect(r.status, `${name(d)}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
    }
    // Nothing of B's in any answer.
    const text = JSON.stringify(r.body ?? '');
    for (const id of [B.id, ...ENVS.flatMap((e) => [B.ctx[e].account, B.ctx[e].order, B.ctx[e].webhook, B.ctx[e].eventId, B.fills[e], B.ctx[e].signal!])]) {
      if (expected && (id === B.ctx[env].account || id === B.ctx[env].webhook || id === B.ctx[env].signal)) continue; // details echo the id asked for
      expect(text.includes(id), `${name(d)} answered ${id} of B: ${text.slice(0, 300)}`).toBe(false);
    }
    expect(await stateOf(B)).toBe(before);
  });

  it.each(ENVS.flatMap((env) => routes(env).filter((d) => d.url.includes(':order_id')).map((d) => [env, name(d), d] as const)))(
    "%s %s with A's own account and B's order: order_not_found",
    async (env, _n, d) => {
      const before = await stateOf(B);
      const r = await send(env, validRequest(d, { ...A.ctx[env], order: B.ctx[env].order }));
      expectError(r, 404, 'order_not_found');
      expect(shape(r)).toEqual(shape(await send(env, validRequest(d, { ...A.ctx[env], order: 'ord_doesnotexist000000' }))));
      expect(await stateOf(B)).toBe(before);
    },
  );

  it.each(ENVS)("%s: B's ids as cursors in A's lists and stream are invalid_cursor, never a page", async (env) => {
    const a = A.ctx[env];
    const b = B.ctx[env];
    const cursors: [string, string][] = [
      [`/v1/accounts?after=${encodeURIComponent(b.account)}`, 'account'],
      [`/v1/accounts/${a.account}/orders?after=${b.order}`, 'order'],
      [`/v1/accounts/${a.account}/fills?after=${B.fills[env]}`, 'fill'],
      [`/v1/events?after=${b.eventId}`, 'event'],
      [`/v1/events?account_id=${a.account}&after=${b.eventId}`, 'event, filtered'],
      [`/v1/accounts/${a.account}/stream?resume=${b.eventId}`, 'stream resume'],
    ];
    for (const [path, what] of cursors) {
      const r = await send(env, { method: 'GET', path, headers: { authorization: `Bearer ${a.key}` }, body: undefined });
      expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(400);
      expectError(r, 400, 'invalid_cursor');
    }
  });

  it("A's lists carry only A's own", async () => {
    for (const env of ENVS) {
      const key = A.ctx[env].key;
      const accounts = await send(env, { method: 'GET', path: '/v1/accounts?limit=1000', headers: { authorization: `Bearer ${key}` }, body: undefined });
      const ids = accounts.body.data.map((x: { id: string }) => x.id);
      expect(ids).toContain(A.ctx[env].account);
      expect(ids).not.toContain(B.ctx[env].account);
      for (const a of accounts.body.data) expect(a.customer_id ?? A.id).toBe(A.id);
      const events = await send(env, { method: 'GET', path: '/v1/events?limit=1000', headers: { authorization: `Bearer ${key}` }, body: undefined });
      for (const e of events.body.data) expect(ids).toContain(e.account_id);
      const hooks = await send(env, { method: 'GET', path: '/v1/webhooks', headers: { authorization: `Bearer ${key}` }, body: undefined });
      expect(hooks.body.data.map((h: { id: string }) => h.id)).toContain(A.ctx[env].webhook);
      expect(hooks.body.data.map((h: { id: string }) => h.id)).not.toContain(B.ctx[env].webhook);
    }
  });

  it("A's stream and A's webhooks carry none of B's events", async () => {
    const rcv = await WebhookReceiver.start();
    try {
      const hook = await s.sandboxCall('POST', '/v1/webhooks', { key: A.ctx.sandbox.key, idempotencyKey: 'iso-hook', body: { url: rcv.url } });
      expect(hook.status).toBe(201);
      const stream = await SseClient.open(s.url.sandbox, `/v1/accounts/${A.ctx.sandbox.account}/stream`, { key: A.ctx.sandbox.key });
      expect(stream.status).toBe(200);
      for (const [who, n] of [
        [B, 1],
        [A, 1],
        [B, 2],
      ] as const) {
        const r = await s.sandboxCall('POST', `/v1/accounts/${who.ctx.sandbox.account}/orders`, {
          key: who.ctx.sandbox.key,
          idempotencyKey: `iso-${who.id}-${n}`,
          body: { market: 'SOL-USD', side: 'buy', type: 'market', size: '1' },
        });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
      }
      await stream.waitFor((c) => c.events.some((e) => e.type === 'position.opened'), "A's own events");
      await s.drainWebhooks();
      stream.drop();
      expect(stream.events.length).toBeGreaterThan(0);
      for (const e of stream.events) expect(e.data.account_id).toBe(A.ctx.sandbox.account);
      expect(rcv.requests.length).toBeGreaterThan(0);
      for (const q of rcv.requests) expect(JSON.parse(q.body).account_id).toBe(A.ctx.sandbox.account);
      const bodyText = rcv.requests.map((q) => q.body).join('\n');
      for (const id of [B.ctx.sandbox.account, B.id]) expect(bodyText.includes(id)).toBe(false);
    } finally {
      await rcv.close();
    }
  });
});

describe('keys work on their own host only', () => {
  it.each(ENVS.flatMap((env) => routes(env).map((d) => [env, name(d), d] as const)))('%s key on the other host, %s: wrong_environment', async (env, _n, d) => {
    const other: Env = env === 'sandbox' ? 'live' : 'sandbox';
    if (d.environments && !d.environments.includes(other)) return; // not routed there (405): nothing to authenticate
    const req = validRequest(d, { ...A.ctx[other], key: A.ctx[env].key });
    const r = await send(other, req);
    if (d.access === 'none') {
      // Keyless: the key is not read (the alert URL's template aims at a secret that exists nowhere).
      expect(r.status).toBe(d.url.includes(':secret') ? 404 : 200);
      return;
    }
    expectError(r, 401, 'wrong_environment');
    expect(r.body.error.details.expected_host).toBe(new URL(s.services.config.publicUrl[env]).host);
  });
});

describe('a read key', () => {
  it.each(ENVS.flatMap((env) => routes(env).map((d) => [env, name(d), d] as const)))('%s %s: refused on a trading route only', async (env, _n, d) => {
    const before = await stateOf(A);
    const r = await send(env, validRequest(d, A.ctx[env], A.ctx[env].readKey));
    if (d.access === 'none') {
      // Keyless (the alert URL, at a secret that exists nowhere): no key is read, nothing changes.
      expect(r.status).toBe(d.url.includes(':secret') ? 404 : 200);
      expect(await stateOf(A)).toBe(before);
      return;
    }
    if (d.access === 'trade') {
      expectError(r, 403, 'insufficient_permission');
      expect(await stateOf(A)).toBe(before);
    } else {
      // Every GET and the order preview (CONTRACT §5).
      expect(d.method === 'GET' || d.url.endsWith('/orders/test')).toBe(true);
      expect(r.status, `${name(d)}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
    }
  });
});

/** The operator routes, read from the operator listener itself. */
function adminRoutes(): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of s.app.admin.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const path = `${stack[depth - 1] ?? ''}${m[2]}`;
    stack.push(path);
    for (const method of (m[3] ?? '').split(', ').filter(Boolean)) out.push({ method, path: path.replace(/:[a-z_]+/g, 'x') });
  }
  return out;
}

describe('the operator API', () => {
  it('answers nothing on any route without its token: missing, wrong, or an API key or app token', async () => {
    // The probes and the scrape answer without the token, by decision (docs/DEVIATIONS.md); everything else refuses.
    const open = new Set(['/healthz', '/readyz', '/metrics']);
    const all = adminRoutes();
    expect(all.filter((r) => open.has(r.path)).map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      ['GET /healthz', 'GET /metrics', 'GET /readyz', 'HEAD /healthz', 'HEAD /metrics', 'HEAD /readyz'],
    );
    const list = all.filter((r) => !open.has(r.path));
    expect(list.length).toBeGreaterThan(15);
    for (const { method, path } of list) {
      for (const authorization of [undefined, 'Bearer radm_wrong', `Bearer ${A.ctx.sandbox.key}`, `Bearer ${A.secrets.at(-1)}`, 'radm_test_admin_token_0123456789abcdef', 'Basic cmFkbV90ZXN0X2FkbWluX3Rva2Vu']) {
        const headers: Record<string, string> = authorization ? { authorization } : {};
        const body = method === 'GET' || method === 'HEAD' ? undefined : '{}';
        if (body) headers['content-type'] = 'application/json';
        const res = await fetch(`${s.url.admin}${path}`, { method, headers, ...(body ? { body } : {}) });
        expect(res.status, `${method} ${path} with ${authorization}`).toBe(401);
        if (method !== 'HEAD') {
          const e = ((await res.json()) as { error: { code: string } }).error;
          expect(e.code).toBe(authorization ? 'invalid_api_key' : 'missing_api_key');
        }
      }
    }
  });

  it('is not served on the public hosts, token or not', async () => {
    for (const env of ENVS) {
      for (const path of ['/admin/v1/customers', '/admin/v1/faults', '/admin/v1/clock']) {
        const r = await send(env, { method: 'GET', path, headers: { authorization: 'Bearer radm_test_admin_token_0123456789abcdef' }, body: undefined });
        expectError(r, 404, 'route_not_found');
      }
    }
  });

  it('listens on loopback by default, as the public listeners do', () => {
    const { listen } = loadConfig({});
    expect(listen.admin).toEqual({ host: '127.0.0.1', port: 8090 });
    expect(listen.live.host).toBe('127.0.0.1');
    expect(listen.sandbox.host).toBe('127.0.0.1');
  });
});

describe('secrets', () => {
  it('no key, token, webhook secret or operator token in the log (trace level) or in any answer but its creation', async () => {
    // An unexpected error is logged with its request: the secret of the request must not be in it.
    await s.fault({ kind: 'store_error', enabled: true });
    const failed = await send('sandbox', { method: 'GET', path: '/v1/accounts', headers: { authorization: `Bearer ${B.ctx.sandbox.key}` }, body: undefined });
    // The alert URL is its own secret: neither a failed alert nor a worked one writes it to the log.
    const alertPath = `/v1/alerts/${A.secrets.find((x) => x.startsWith('rsig_'))!}`;
    const failedAlert = await send('sandbox', { method: 'POST', path: alertPath, headers: { 'content-type': 'text/plain' }, body: 'cancel SOLUSDT' });
    await s.fault({ kind: 'clear' });
    expectError(failed, 500, 'internal_error');
    expect(failedAlert.status).toBeGreaterThanOrEqual(500);
    expect((await send('sandbox', { method: 'POST', path: alertPath, headers: { 'content-type': 'text/plain' }, body: 'cancel SOLUSDT' })).status).toBe(202);
    expect((await send('sandbox', { method: 'POST', path: alertPath, headers: { 'content-type': 'text/plain' }, body: 'nonsense' })).status).toBe(400);
    await s.settleTrading();
    // A secret sent where it does not belong (a query, a header, a body field) is not echoed either.
    const echoed = await send('sandbox', {
      method: 'POST',
      path: `/v1/accounts/${A.ctx.sandbox.account}/orders?key=${B.ctx.sandbox.key}`,
      headers: { authorization: `Bearer ${A.ctx.sandbox.key}`, 'idempotency-key': 'echo', 'content-type': 'application/json', 'x-api-key': B.ctx.sandbox.key },
      body: JSON.stringify({ market: 'BTC-USD', secret: B.secrets[2] }),
    });
    expect(echoed.status).toBe(400);
    const listed = await send('sandbox', { method: 'GET', path: '/v1/webhooks', headers: { authorization: `Bearer ${A.ctx.sandbox.key}` }, body: undefined });
    expect(listed.status).toBe(200);

    const log = s.logs.join('');
    expect(log.length).toBeGreaterThan(0);
    const secrets = [...A.secrets, ...B.secrets, 'radm_test_admin_token_0123456789abcdef'];
    expect(secrets.filter((x) => x.startsWith('whsec_'))).toHaveLength(4);
    for (const secret of secrets) {
      expect(log.includes(secret.slice(-20)), `${secret.slice(0, 10)}… in the log`).toBe(false);
      for (const body of bodies) {
        // The unknown_field refusal names the field, not its value; nothing else may carry a secret.
        expect(body.includes(secret.slice(-20)), `${secret.slice(0, 10)}… in ${body.slice(0, 200)}`).toBe(false);
      }
    }
  });
});

it('every route has a template (so the tables above cover every route)', () => {
  for (const d of apiRoutes) expect(TEMPLATES[name(d)], name(d)).toBeDefined();
});
