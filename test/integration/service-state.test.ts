import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { expectError, T0, TestServer } from '../helpers/server.js';

const servers: TestServer[] = [];
/** One node: loading, capacity and the host switches are judged per process here (cluster-nodes.test.ts covers several). */
async function start(opts: Parameters<typeof TestServer.start>[0] = {}): Promise<TestServer> {
  const s = await TestServer.start({ nodes: 1, ...opts });
  servers.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const clockNow = async (s: TestServer): Promise<number> => (await s.admin('GET', '/admin/v1/clock')).body.now;
const advance = async (s: TestServer, ms: number) => expect((await s.admin('POST', '/admin/v1/clock', { advance_ms: ms })).status).toBe(200);
const MARKETS = ['BTC-USD', 'ETH-USD', 'SOL-USD'];
const PRICES: Record<string, { bid: string; ask: string; last: string }> = {
  'BTC-USD': { bid: '60000', ask: '60001', last: '60000.5' },
  'ETH-USD': { bid: '3000', ask: '3000.1', last: '3000.05' },
  'SOL-USD': { bid: '150', ask: '150.02', last: '150.01' },
};
async function priceAll(s: TestServer): Promise<void> {
  for (const m of MARKETS) expect((await s.admin('PUT', `/admin/v1/markets/${m}/price`, PRICES[m])).status).toBe(200);
}

describe('start-up: not_ready until keys and state are loaded', () => {
  it('answers 503 not_ready on every API route (the OpenAPI document too), then serves', async () => {
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const s = await start({ holdLoading: hold, noWait: true });
    try {
      expect(s.app.isReady()).toBe(false);
      for (const [call, path] of [
        [s.sandboxCall.bind(s), '/v1/markets'],
        [s.sandboxCall.bind(s), '/v1/openapi.json'],
        [s.sandboxCall.bind(s), '/v1/status'],
        [s.sandboxCall.bind(s), '/v1/accounts'],
        [s.liveCall.bind(s), '/v1/markets'],
        [s.liveCall.bind(s), '/v1/openapi.json'],
      ] as const) {
        // Before authentication: a key-less call is not_ready too, not 401.
        const r = await call('GET', path, { key: 'rk_test_whatever' });
        expectError(r, 503, 'not_ready');
        expect(r.body.error.type).toBe('server');
        expect(r.body.error.retryable).toBe(true);
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
      // The route check still comes first.
      expectError(await s.sandboxCall('GET', '/v1/nothing-here'), 404, 'route_not_found');
      expectError(await s.sandboxCall('DELETE', '/v1/markets'), 405, 'method_not_allowed');
    } finally {
      release();
    }
    await s.app.loaded;
    expect(s.app.isReady()).toBe(true);
    expect((await s.sandboxCall('GET', '/v1/openapi.json')).status).toBe(200);
    const { key } = await s.trader();
    const r = await s.sandboxCall('GET', '/v1/markets', { key });
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(3);
  });
});

describe('environment_disabled', () => {
  it('a disabled live host refuses everything but GET /v1/status and the OpenAPI document; sandbox goes on', async () => {
    const s = await start();
    const { key: sandboxKey } = await s.trader();
    const liveCustomer = await s.customer('live');
    const { key: liveKey } = await s.key(liveCustomer.id, { environment: 'live', access: 'read' });

    const off = await s.admin('PATCH', '/admin/v1/environments/live', { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ environment: 'live', enabled: false });

    const refused = await s.liveCall('GET', '/v1/accounts', { key: liveKey });
    expectError(refused, 503, 'environment_disabled', { status_url: 'http://live.rampart.test/v1/status' });
    expect(refused.body.error.type).toBe('server');
    expect(refused.body.error.retryable).toBe(false);
    expectError(await s.liveCall('GET', '/v1/markets', { key: liveKey }), 503, 'environment_disabled');
    // Before authentication: no key, a wrong key, same answer.
    expectError(await s.liveCall('GET', '/v1/accounts'), 503, 'environment_disabled');
    expectError(await s.liveCall('GET', '/v1/accounts', { key: sandboxKey }), 503, 'environment_disabled');

    const status = await s.liveCall('GET', '/v1/status', { key: liveKey });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ environment: 'live', status: 'degraded', accepting_requests: false });
    expect((await s.liveCall('GET', '/v1/openapi.json')).status).toBe(200);

    // The sandbox host is not affected.
    expect((await s.sandboxCall('GET', '/v1/accounts', { key: sandboxKey })).status).toBe(200);
    const sandboxStatus = await s.sandboxCall('GET', '/v1/status', { key: sandboxKey });
    expect(sandboxStatus.body).toMatchObject({ environment: 'sandbox', accepting_requests: true });

    expect((await s.admin('PATCH', '/admin/v1/environments/live', { enabled: true })).status).toBe(200);
    expect((await s.liveCall('GET', '/v1/accounts', { key: liveKey })).status).toBe(200);
    expect((await s.liveCall('GET', '/v1/status', { key: liveKey })).body.accepting_requests).toBe(true);
  });
});

describe('overload: 503 capacity', () => {
  it('sheds requests past max_in_flight with a retryable 503 capacity, serves the others', async () => {
    const s = await start({ limits: { capacity: { max_in_flight: 2 } } });
    const { key } = await s.trader();
    await s.fault({ kind: 'store_delay', ms: 400 });
    let answers;
    try {
      answers = await Promise.all(Array.from({ length: 6 }, () => s.sandboxCall('GET', '/v1/markets', { key })));
    } finally {
      await s.fault({ kind: 'clear' });
    }
    const shed = answers.filter((r) => r.status === 503);
    const served = answers.filter((r) => r.status === 200);
    expect(shed.length + served.length).toBe(6);
    expect(shed.length).toBeGreaterThanOrEqual(1);
    expect(served.length).toBeGreaterThanOrEqual(1);
    for (const r of shed) {
      expectError(r, 503, 'capacity');
      expect(r.body.error.type).toBe('server');
      expect(r.body.error.retryable).toBe(true);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // Every slot was given back: two at once pass again.
    const after = await Promise.all([s.sandboxCall('GET', '/v1/markets', { key }), s.sandboxCall('GET', '/v1/markets', { key })]);
    expect(after.map((r) => r.status)).toEqual([200, 200]);
  });

  it('gives the slot back when the client hangs up mid-request (no permanent 503)', async () => {
    const s = await start({ limits: { capacity: { max_in_flight: 2 } } });
    const { key } = await s.trader();
    await s.fault({ kind: 'store_delay', ms: 300 });
    const server = s.app.sandbox.server;
    const hangUps = 3;
    // Each request's connection is dropped once the server has it in hand (after its onRequest hooks ran).
    const gone = new Promise<void>((resolve) => {
      let closed = 0;
      const onRequest = (req: IncomingMessage, res: ServerResponse) => {
        res.once('close', () => {
          if (++closed === hangUps) {
            server.off('request', onRequest);
            resolve();
          }
        });
        setImmediate(() => req.socket.destroy());
      };
      server.on('request', onRequest);
    });
    const url = new URL(s.url.sandbox);
    for (let i = 0; i < hangUps; i++) {
      const sock = connect(Number(url.port), url.hostname, () => sock.write(`GET /v1/markets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n\r\n`));
      sock.on('error', () => undefined);
    }
    await gone;
    await s.fault({ kind: 'clear' });
    const after = await Promise.all([s.sandboxCall('GET', '/v1/markets', { key }), s.sandboxCall('GET', '/v1/markets', { key })]);
    expect(after.map((r) => r.status)).toEqual([200, 200]);
  });
});

describe('GET /v1/status', () => {
  it('reports environment, engine, price feed and the manual clock', async () => {
    const s = await start();
    const { key } = await s.trader();
    const liveCustomer = await s.customer('live');
    const { key: liveKey } = await s.key(liveCustomer.id, { environment: 'live', access: 'read' });

    // No price yet: every market stale, so degraded.
    const first = await s.sandboxCall('GET', '/v1/status', { key });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      environment: 'sandbox',
      status: 'degraded',
      engine: 'up',
      price_feed: { source: 'manual', markets_quoted: 0, markets_stale: MARKETS, markets_halted: [], sources: [] },
      accepting_requests: true,
      sandbox_opening: true,
      time: T0,
    });

    await priceAll(s);
    await advance(s, 2500);
    const ok = await s.sandboxCall('GET', '/v1/status', { key });
    expect(ok.body).toMatchObject({ status: 'operational', engine: 'up', price_feed: { source: 'manual', markets_quoted: 3, markets_stale: [] } });
    expect(ok.body.time).toBe(T0 + 2500);
    expect(ok.body.time).toBe(await clockNow(s));
    const live = await s.liveCall('GET', '/v1/status', { key: liveKey });
    expect(live.body).toMatchObject({ environment: 'live', status: 'operational', engine: 'up', sandbox_opening: false });

    // The engine of one environment down: that one is degraded.
    await s.fault({ kind: 'engine_down', environment: 'sandbox', enabled: true });
    const down = await s.sandboxCall('GET', '/v1/status', { key });
    expect(down.body).toMatchObject({ status: 'degraded', engine: 'down' });
    expect((await s.liveCall('GET', '/v1/status', { key: liveKey })).body).toMatchObject({ status: 'operational', engine: 'up' });
    await s.fault({ kind: 'clear' });
    expect((await s.sandboxCall('GET', '/v1/status', { key })).body).toMatchObject({ status: 'operational', engine: 'up' });

    // Quotes older than stale_after_ms (10 s in config) are stale.
    await advance(s, 10_000);
    const stale = await s.sandboxCall('GET', '/v1/status', { key });
    expect(stale.body).toMatchObject({ status: 'degraded', price_feed: { markets_quoted: 3, markets_stale: MARKETS } });
    expect(stale.body.time).toBe(T0 + 12_500);
  });

  it('reports sandbox_opening as the operator set it', async () => {
    const s = await start();
    const { key } = await s.trader();
    expect((await s.admin('PATCH', '/admin/v1/environments/sandbox', { sandbox_opening: false })).status).toBe(200);
    expect((await s.sandboxCall('GET', '/v1/status', { key })).body.sandbox_opening).toBe(false);
  });

  it('needs a key', async () => {
    const s = await start();
    expectError(await s.sandboxCall('GET', '/v1/status'), 401, 'missing_api_key');
  });
});

describe('markets', () => {
  it('lists the markets with a null quote before the first price, then the quote with its time', async () => {
    const s = await start();
    const { key } = await s.trader();
    const list = await s.sandboxCall('GET', '/v1/markets', { key });
    expect(list.status).toBe(200);
    expect(list.body.data.map((m: any) => m.id)).toEqual(MARKETS);
    for (const m of list.body.data) {
      expect(m).toMatchObject({ quote_asset: 'USD', status: 'open', offered: true, bid: null, ask: null, last: null, price_time: null });
      for (const f of ['size_step', 'tick_size', 'min_notional_usd', 'price_band_pct', 'exposure_cap_usd', 'maker_fee_rate', 'taker_fee_rate', 'maintenance_margin_rate']) {
        expect(m[f], `${m.id}.${f}`).toMatch(/^(0|[1-9][0-9]*)(\.[0-9]*[1-9])?$/);
      }
      expect(Number.isInteger(m.max_leverage)).toBe(true);
      expect(m.max_slippage_pct).toEqual({ default: expect.any(String), min: expect.any(String), max: expect.any(String) });
    }
    const btc = await s.sandboxCall('GET', '/v1/markets/BTC-USD', { key });
    expect(btc.status).toBe(200);
    expect(btc.body).toMatchObject({ id: 'BTC-USD', base_asset: 'BTC', tick_size: '0.5', bid: null, ask: null, last: null, price_time: null });

    await advance(s, 1234);
    const set = await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
    expect(set.status).toBe(200);
    const quoted = await s.sandboxCall('GET', '/v1/markets/BTC-USD', { key });
    expect(quoted.body).toMatchObject({ bid: '60000', ask: '60001', last: '60000.5', price_time: T0 + 1234 });
    const listed = (await s.sandboxCall('GET', '/v1/markets', { key })).body.data.find((m: any) => m.id === 'BTC-USD');
    expect(listed).toMatchObject({ bid: '60000', ask: '60001', last: '60000.5', price_time: T0 + 1234 });
    // Same prices on the live host: one feed.
    const liveCustomer = await s.customer('live');
    const { key: liveKey } = await s.key(liveCustomer.id, { environment: 'live', access: 'read' });
    expect((await s.liveCall('GET', '/v1/markets/BTC-USD', { key: liveKey })).body).toMatchObject({ last: '60000.5', price_time: T0 + 1234 });
    // Canonical decimals on output.
    await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000.00', ask: '60001.0', last: '060000.5' });
    expect((await s.sandboxCall('GET', '/v1/markets/BTC-USD', { key })).body).toMatchObject({ bid: '60000', ask: '60001' });
  });

  it('answers market_not_found for a market that does not exist', async () => {
    const s = await start();
    const { key } = await s.trader();
    expectError(await s.sandboxCall('GET', '/v1/markets/NOPE-USD', { key }), 404, 'market_not_found', { market: 'NOPE-USD' });
  });

  it('shows the state the operator sets (halted, not offered), and back', async () => {
    const s = await start();
    const { key } = await s.trader();
    const patched = await s.admin('PATCH', '/admin/v1/markets/BTC-USD', { status: 'halted', offered: false });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: 'BTC-USD', status: 'halted', offered: false });
    expect((await s.sandboxCall('GET', '/v1/markets/BTC-USD', { key })).body).toMatchObject({ status: 'halted', halt_reason: 'operator', offered: false });
    const others = (await s.sandboxCall('GET', '/v1/markets', { key })).body.data.filter((m: any) => m.id !== 'BTC-USD');
    for (const m of others) expect(m).toMatchObject({ status: 'open', offered: true });
    await s.admin('PATCH', '/admin/v1/markets/BTC-USD', { status: 'closed' });
    expect((await s.sandboxCall('GET', '/v1/markets/BTC-USD', { key })).body).toMatchObject({ status: 'closed', halt_reason: null, offered: false });
    await s.admin('PATCH', '/admin/v1/markets/BTC-USD', { status: 'open', offered: true });
    expect((await s.sandboxCall('GET', '/v1/markets/BTC-USD', { key })).body).toMatchObject({ status: 'open', offered: true });
    expectError(await s.admin('PATCH', '/admin/v1/markets/NOPE-USD', { status: 'open' }), 404, 'market_not_found');
  });

  it('refuses a price that is not whole ticks, a crossed quote, or a number (400 invalid_request)', async () => {
    const s = await start();
    const { key } = await s.trader();
    expectError(await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000.25', ask: '60001', last: '60000.5' }), 400, 'invalid_request', { field: 'bid' });
    expectError(await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.3' }), 400, 'invalid_request', { field: 'last' });
    expectError(await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60002', ask: '60001', last: '60001' }), 400, 'invalid_request');
    expectError(await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '0', ask: '60001', last: '60001' }), 400, 'invalid_request');
    expectError(await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: 60000, ask: '60001', last: '60000.5' }), 400, 'invalid_request');
    // Nothing was set.
    expect((await s.sandboxCall('GET', '/v1/markets/BTC-USD', { key })).body).toMatchObject({ bid: null, price_time: null });
  });
});

describe('GET /v1/products', () => {
  it('lists the four products with their rules', async () => {
    const s = await start();
    const { key } = await s.trader();
    const r = await s.sandboxCall('GET', '/v1/products', { key });
    expect(r.status).toBe(200);
    expect(r.body.data.map((p: any) => p.id)).toEqual(['evaluation-50k', 'evaluation-100k', 'evaluation-200k', 'funded-100k', 'trailing-lock-50k', 'one-step-100k', 'two-step-100k-step1', 'two-step-100k-step2', 'eod-trailing-50k']);
    const byId = Object.fromEntries(r.body.data.map((p: any) => [p.id, p]));
    expect(byId['evaluation-50k']).toEqual({
      id: 'evaluation-50k',
      stage: 'evaluation',
      size: '50000',
      rule: {
        starting_balance: '50000',
        daily_loss: { amount_usd: '2500', percent: '5', basis: 'day_start_balance', action: 'flatten_and_pause' },
        drawdown: { amount_usd: '5000', percent: '10', mode: 'static' },
        profit_target: { amount_usd: '5000', percent: '10', close_positions: true },
        min_trading_days: 4,
        min_calendar_days: 0,
        overnight_allowed: true,
        weekend_allowed: false,
        inactivity_days: 30,
      },
      rule_version: 1,
    });
    expect(byId['evaluation-100k']).toMatchObject({ stage: 'evaluation', size: '100000', rule: { starting_balance: '100000', drawdown: { mode: 'static' } } });
    expect(byId['evaluation-200k']).toMatchObject({
      stage: 'evaluation',
      size: '200000',
      rule: {
        daily_loss: { amount_usd: '10000', percent: '5', basis: 'day_start_equity', action: 'fail_account' },
        drawdown: { amount_usd: '12000', percent: '6', mode: 'end_of_day' },
        profit_target: { amount_usd: '16000', percent: '8', close_positions: false },
        min_trading_days: 5,
        overnight_allowed: false,
        weekend_allowed: false,
      },
    });
    expect(byId['funded-100k']).toMatchObject({
      stage: 'funded',
      size: '100000',
      rule: { drawdown: { mode: 'intraday_equity' }, profit_target: null, min_trading_days: 0, overnight_allowed: true, weekend_allowed: true, inactivity_days: 30 },
    });
  });
});
