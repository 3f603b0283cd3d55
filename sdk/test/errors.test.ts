import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../../test/helpers/server.js';
import {
  AuthenticationError,
  ConflictError,
  EngineError,
  InvalidRequestError,
  NotFoundError,
  PermissionError,
  Rampart,
  RampartError,
  RateLimitError,
  RuleRejectionError,
  ServerError,
} from '../src/index.js';
import { client, pricedServer, refusal } from './support.js';

/** Each error class, produced by a real refusal of a started server, with the envelope's fields. */
let s: TestServer;
let t: Awaited<ReturnType<TestServer['trader']>>;
beforeAll(async () => {
  s = await pricedServer();
  t = await s.trader();
});
afterAll(async () => {
  await s.close();
});

describe('credentials', () => {
  it('an app access token works as the key does (Bearer); a read token is refused trading', async () => {
    const issue = async (access: string) => {
      const r = await s.admin('POST', `/admin/v1/customers/${t.customer.id}/tokens`, { environment: 'sandbox', kind: 'app', access });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.token as string;
    };
    const trade = new Rampart({ accessToken: await issue('trade'), baseUrl: s.url.sandbox });
    expect(trade.environment).toBe('sandbox');
    expect((await trade.accounts.list()).data.map((a) => a.id)).toEqual([t.accountId]);
    const order = await trade.orders.place(t.accountId, { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000' });
    expect(order.limit_price).toBe('59000');
    const read = new Rampart({ accessToken: await issue('read'), baseUrl: s.url.sandbox });
    expect(await refusal(read.orders.cancel(t.accountId, order.id))).toBeInstanceOf(PermissionError);
  });
});

describe('a refusal throws the class of its type', () => {
  it('InvalidRequestError: invalid_size_step, its nearest sizes as strings', async () => {
    const { rampart } = client(s, t.key);
    const e = await refusal(rampart.orders.place(t.accountId, { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.00001', limit_price: '59000' }));
    expect(e).toBeInstanceOf(InvalidRequestError);
    expect(e).toMatchObject({ name: 'InvalidRequestError', status: 400, code: 'invalid_size_step', type: 'invalid_request', retryable: false });
    // is() narrows details to the code's own: nearest is a list of decimal strings.
    expect(e.is('invalid_size_step')).toBe(true);
    expect(e.is('invalid_price_tick')).toBe(false);
    const nearest: string[] = e.is('invalid_size_step') ? (e.details.nearest ?? []) : [];
    expect(nearest.length).toBeGreaterThan(0);
    for (const n of nearest) expect(typeof n).toBe('string');
  });

  it('AuthenticationError: an unknown key', async () => {
    const { rampart } = client(s, 'rk_test_000000000000000000000000000000000000');
    const e = await refusal(rampart.accounts.list());
    expect(e).toBeInstanceOf(AuthenticationError);
    expect(e).toMatchObject({ status: 401, code: 'invalid_api_key', type: 'authentication' });
  });

  it('PermissionError: a read key placing an order', async () => {
    const read = await s.key(t.customer.id, { access: 'read' });
    const { rampart } = client(s, read.key);
    const e = await refusal(rampart.orders.place(t.accountId, { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' }));
    expect(e).toBeInstanceOf(PermissionError);
    expect(e).toMatchObject({ status: 403, code: 'insufficient_permission', type: 'permission' });
  });

  it('NotFoundError: a market not offered', async () => {
    const { rampart } = client(s, t.key);
    const e = await refusal(rampart.markets.get('NOPE-USD'));
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e).toMatchObject({ status: 404, code: 'market_not_found', type: 'not_found' });
  });

  it('ConflictError: canceling an order twice', async () => {
    const { rampart } = client(s, t.key);
    const order = await rampart.orders.place(t.accountId, { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000' });
    await rampart.orders.cancel(t.accountId, order.id);
    const e = await refusal(rampart.orders.cancel(t.accountId, order.id));
    expect(e).toBeInstanceOf(ConflictError);
    expect(e).toMatchObject({ status: 409, code: 'order_not_working', type: 'conflict' });
  });

  it('RuleRejectionError: a limit outside the price band', async () => {
    const { rampart } = client(s, t.key);
    const e = await refusal(rampart.orders.place(t.accountId, { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '1000' }));
    expect(e).toBeInstanceOf(RuleRejectionError);
    expect(e).toMatchObject({ status: 422, code: 'price_out_of_band', type: 'rule_rejection', retryable: false });
  });

  it('ServerError: the store failing (retryable, not retried with maxRetries 0)', async () => {
    const { rampart, waits } = client(s, t.key, { maxRetries: 0 });
    await s.fault({ kind: 'store_error', enabled: true });
    const e = await refusal(rampart.accounts.open()).finally(() => s.fault({ kind: 'clear' }));
    expect(e).toBeInstanceOf(ServerError);
    expect(e).toMatchObject({ status: 500, code: 'internal_error', type: 'server', retryable: true });
    expect(waits).toEqual([]);
  });

  it('EngineError: the engine busy, with its Retry-After', async () => {
    const { rampart } = client(s, t.key, { maxRetries: 0 });
    await s.fault({ kind: 'engine_busy', enabled: true });
    const e = await refusal(rampart.orders.place(t.accountId, { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' })).finally(() => s.fault({ kind: 'clear' }));
    expect(e).toBeInstanceOf(EngineError);
    expect(e).toMatchObject({ status: 503, code: 'engine_busy', type: 'engine', retryable: true });
    expect(e.retryAfter).toBeGreaterThanOrEqual(1);
  });

  it('RateLimitError: a used-up key budget, with its scope and Retry-After', async () => {
    const limited = await TestServer.start({ nodes: 1, limits: { rate_limits: { key: { capacity: 1, refill_per_second: 1 } } } });
    try {
      const lt = await limited.trader();
      const { rampart } = client(limited, lt.key, { maxRetries: 0 });
      await rampart.markets.list();
      const e = await refusal(rampart.markets.list());
      expect(e).toBeInstanceOf(RateLimitError);
      expect(e).toBeInstanceOf(RampartError);
      expect(e).toMatchObject({ status: 429, code: 'rate_limited', type: 'rate_limit', retryable: true, details: expect.objectContaining({ scope: 'key' }) });
      expect(e.retryAfter).toBeGreaterThanOrEqual(1);
    } finally {
      await limited.close();
    }
  });
});
