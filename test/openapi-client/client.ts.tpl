// A small typed Rampart client, as an integrator would write it on types generated from GET /v1/openapi.json.
// test/integration/openapi-client.test.ts copies it next to the generated schema.d.ts, type-checks both with tsc
// (strict) and runs it against a real server. It is a template (.tpl), not part of the project's own tsc run,
// because schema.d.ts exists only once the test has generated it.
import createClient from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type Order = components['schemas']['Order'];
export type Event = components['schemas']['Event'];

export function rampart(baseUrl: string, key: string) {
  return createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${key}` } });
}
type Client = ReturnType<typeof rampart>;

/** Places a resting limit buy; a refusal comes back as its code, narrowed from the operation's own codes. */
export async function placeLimitBuy(client: Client, accountId: string, size: string, idempotencyKey: string): Promise<{ order: Order } | { code: string; nearest: string[] }> {
  const { data, error } = await client.POST('/v1/accounts/{account_id}/orders', {
    params: { path: { account_id: accountId }, header: { 'Idempotency-Key': idempotencyKey } },
    body: { market: 'BTC-USD', side: 'buy', type: 'limit', size, limit_price: '59000', time_in_force: 'gtc' },
  });
  if (data) return { order: data };
  // `code` is a union of this operation's codes; each narrows `details` to its keys.
  const e = error.error;
  if (e.code === 'invalid_size_step') return { code: e.code, nearest: e.details?.nearest ?? [] };
  return { code: e.code, nearest: [] };
}

/** One line per event: `data` narrows by `type` to the order, fill, position, restart or rule breach it carries. */
export function describeEvent(e: Event): string {
  switch (e.type) {
    case 'order.created':
    case 'order.edited':
    case 'order.filled':
    case 'order.canceled':
    case 'order.expired':
    case 'order.rejected':
      return `${e.type} ${e.data.id} ${e.data.status} ${e.data.limit_price ?? '-'}`;
    case 'fill.created':
      return `${e.type} ${e.data.order_id} ${e.data.price}`;
    case 'position.opened':
    case 'position.changed':
    case 'position.closed':
      return `${e.type} ${e.data.market} ${e.data.entry_price}`;
    case 'engine.restarted':
      return `${e.type} ${e.data.canceled_orders}`;
    case 'account.rule_breach':
      return `${e.type} ${e.data.rule} ${e.data.status} ${e.data.correct_by}`;
    case 'account.rule_version':
      return `${e.type} ${e.data.product} ${e.data.from_version} → ${e.data.to_version}`;
    case 'signal.alert':
      return `${e.type} ${e.data.signal_id} ${e.data.outcome} ${e.data.code ?? '-'}`;
  }
}

export async function events(client: Client, accountId: string): Promise<string[]> {
  const { data, error } = await client.GET('/v1/events', { params: { query: { account_id: accountId, limit: 100 } } });
  if (error) throw new Error(error.error.code);
  return data.data.map(describeEvent);
}
