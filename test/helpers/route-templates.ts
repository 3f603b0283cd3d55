import type { RouteDef } from '../../src/http/route.js';

/**
 * A valid request for every public route (apiRoutes), built around a context: the host, a key, and the account,
 * order, webhook and event it aims at. Tests that must reach a route's own checks (hostile input, isolation)
 * start from these; a test checks that every route has one.
 */

export type Env = 'live' | 'sandbox';

export interface Ctx {
  env: Env;
  base: string;
  key: string;
  readKey: string;
  account: string;
  order: string;
  webhook: string;
  eventId: string;
  /** A signal (default: an id that exists nowhere) and the secret of its alert URL (default: one that exists nowhere). */
  signal?: string;
  signalSecret?: string;
}

export interface Template {
  params?: Record<string, string>;
  body?: Record<string, unknown>;
  /** A body sent as text/plain, as it is (an alert): the JSON fuzzing of bodies leaves it alone. */
  raw?: string;
  query?: [string, string][];
}

let cid = 0;
/** A resting limit buy; its client_order_id is new each time (a fuzzed order may be placed for real). */
export const place = () => ({ market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000', time_in_force: 'gtc', client_order_id: `hostile-${++cid}` });
export const TEMPLATES: Record<string, (c: Ctx) => Template> = {
  'GET /v1/openapi.json': () => ({}),
  'GET /v1/status': () => ({}),
  'GET /v1/limits': () => ({}),
  'GET /v1/markets': () => ({}),
  'GET /v1/markets/:market': () => ({ params: { market: 'BTC-USD' } }),
  'GET /v1/products': () => ({}),
  'POST /v1/accounts': () => ({ body: { product: 'evaluation-50k' } }),
  'GET /v1/accounts': () => ({ query: [['limit', '10']] }),
  'GET /v1/accounts/:account_id': () => ({}),
  'POST /v1/accounts/:account_id/orders': () => ({
    body: { ...place(), take_profit: { price: '61000' }, stop_loss: { price: '58000', trailing: { distance: '500' } }, break_even: { trigger_price: '60500', offset_ticks: 2 } },
  }),
  'POST /v1/accounts/:account_id/orders/test': () => ({ body: { ...place(), reduce_only: false, post_only: true } }),
  'POST /v1/accounts/:account_id/orders/cancel-all': () => ({ body: { market: 'SOL-USD' } }),
  // An hour: a fuzzed arm may be taken for real, and it must not fire under the tests that follow.
  'POST /v1/accounts/:account_id/orders/cancel-all-after': () => ({ body: { timeout_ms: 3_600_000 } }),
  'GET /v1/accounts/:account_id/orders/cancel-all-after': () => ({}),
  'GET /v1/accounts/:account_id/orders': () => ({ query: [['status', 'working'], ['market', 'BTC-USD'], ['limit', '5']] }),
  'GET /v1/accounts/:account_id/orders/:order_id': (c) => ({ params: { order_id: c.order } }),
  'DELETE /v1/accounts/:account_id/orders/:order_id': (c) => ({ params: { order_id: c.order } }),
  'PATCH /v1/accounts/:account_id/orders/:order_id': (c) => ({ params: { order_id: c.order }, body: { size: '0.02', limit_price: '58500', expires_at: 1_800_000_000_000 } }),
  'GET /v1/accounts/:account_id/positions': () => ({}),
  'POST /v1/accounts/:account_id/positions/close-all': () => ({ body: {} }),
  'GET /v1/accounts/:account_id/positions/:market': () => ({ params: { market: 'BTC-USD' } }),
  'DELETE /v1/accounts/:account_id/positions/:market': () => ({ params: { market: 'BTC-USD' } }),
  'PUT /v1/accounts/:account_id/positions/:market/exits': () => ({
    params: { market: 'BTC-USD' },
    body: { take_profit: { price: '70000', limit_price: '69000' }, stop_loss: { price: '50000', trailing: { distance: '1000' } }, break_even: { trigger_price: '65000', offset_ticks: 2 } },
  }),
  'POST /v1/accounts/:account_id/positions/:market/margin': () => ({ params: { market: 'BTC-USD' }, body: { amount: '10' } }),
  'GET /v1/accounts/:account_id/fills': () => ({ query: [['limit', '3']] }),
  'GET /v1/accounts/:account_id/history/equity': () => ({ query: [['resolution', 'trade']] }),
  'GET /v1/accounts/:account_id/margin': () => ({}),
  'PUT /v1/accounts/:account_id/margin/:market': () => ({ params: { market: 'SOL-USD' }, body: { leverage: 5, margin_mode: 'cross' } }),
  'GET /v1/events': (c) => ({ query: [['account_id', c.account], ['after', c.eventId], ['limit', '5']] }),
  'GET /v1/accounts/:account_id/stream': (c) => ({ query: [['resume', c.eventId]] }),
  'POST /v1/webhooks': (c) => ({ body: { url: c.env === 'live' ? 'https://hooks.example.com/rampart' : 'http://127.0.0.1:9/hook', types: ['order.created', 'fill.created'], account_id: c.account } }),
  'GET /v1/webhooks': () => ({ query: [['limit', '5']] }),
  'DELETE /v1/webhooks/:webhook_id': (c) => ({ params: { webhook_id: c.webhook } }),
  'GET /v1/webhooks/:webhook_id/deliveries': (c) => ({ params: { webhook_id: c.webhook }, query: [['limit', '5']] }),
  'POST /v1/signals': (c) => ({ body: { name: 'template', accounts: [{ account_id: c.account, multiplier: '1' }], markets: ['BTC-USD'], reduce_only: true } }),
  'GET /v1/signals': () => ({ query: [['limit', '5']] }),
  'DELETE /v1/signals/:signal_id': (c) => ({ params: { signal_id: c.signal ?? NO_SIGNAL } }),
  'GET /v1/signals/:signal_id/deliveries': (c) => ({ params: { signal_id: c.signal ?? NO_SIGNAL }, query: [['limit', '5']] }),
  // The URL is the credential. The alert cancels SOL-USD orders (the fixtures hold none).
  'POST /v1/alerts/:secret': (c) => ({ params: { secret: c.signalSecret ?? `rsig_${'0'.repeat(32)}` }, raw: 'cancel SOLUSDT' }),
};

const NO_SIGNAL = 'sig_doesnotexist000000';

let idem = 0;

/** The template's request for a route, as sent: method, path with parameters and query, headers and body text. */
export function validRequest(def: RouteDef, c: Ctx, key = c.key): { method: string; path: string; headers: Record<string, string>; body: string | undefined } {
  const t = TEMPLATES[`${def.method} ${def.url}`]!(c);
  const params: Record<string, string> = { account_id: c.account, ...t.params };
  let path = def.url.replace(/:([a-z_]+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? 'x'));
  if (t.query && t.query.length > 0) path += `?${new URLSearchParams(t.query)}`;
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (def.idempotencyKey) headers['idempotency-key'] = `template-${process.pid}-${++idem}`;
  const body = t.raw ?? (t.body ? JSON.stringify(t.body) : undefined);
  if (body !== undefined) headers['content-type'] = t.raw !== undefined ? 'text/plain' : 'application/json';
  return { method: def.method, path, headers, body };
}
