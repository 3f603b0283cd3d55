import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { ConfigError, loadConfig } from '../../src/config/config.js';
import { fmt, parseDec } from '../../src/engine/decimal.js';
import { banner } from '../../src/server.js';
import { expectError, TestServer } from '../helpers/server.js';

/**
 * RAMPART_SANDBOX_PRICE_FEED (docs/PRICE-FEEDS.md "Sandbox prices"): by default the sandbox prices from the live
 * book itself; with a feed of its own, each host shows, and each environment's engines act on, that environment's
 * prices only. Manual clock; the live feed is manual.
 */

let n = 0;
const ik = () => `sp-${++n}`;
const quote = (p: string) => ({ bid: p, ask: p, last: p });

async function setPrice(s: TestServer, market: string, p: string, environment?: 'live' | 'sandbox') {
  const r = await s.admin('PUT', `/admin/v1/markets/${market}/price${environment ? `?environment=${environment}` : ''}`, quote(p));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await s.settleTrading();
}

/** A customer with a live account (funded product) and a live trade key, and a sandbox trader. */
async function traders(s: TestServer) {
  const sandbox = await s.trader();
  const c = await s.customer('live-trader');
  const opened = await s.admin('POST', `/admin/v1/customers/${c.id}/accounts`, { product: 'funded-100k' });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  await s.settle();
  const k = await s.key(c.id, { environment: 'live' });
  return { sandbox: { key: sandbox.key, accountId: sandbox.accountId }, live: { key: k.key, accountId: opened.body.id as string } };
}

/** BTC-USD as each node's host of `env` shows it (every node: a price handed on must have reached them all). */
async function marketOnEveryNode(s: TestServer, env: 'live' | 'sandbox', key: string) {
  const views = [];
  for (const node of s.nodes) {
    const r = await s.call(node.url[env], 'GET', '/v1/markets/BTC-USD', { key });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    views.push(r.body as { bid: string | null; ask: string | null; last: string | null });
  }
  return views;
}

describe('RAMPART_SANDBOX_PRICE_FEED=live (the default)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await TestServer.start();
  });
  afterAll(() => s.close());

  it('is one book: a manual price, for either environment, shows on both hosts', async () => {
    const t = await traders(s);
    expect(s.services.prices.for('sandbox')).toBe(s.services.prices.for('live'));
    await setPrice(s, 'BTC-USD', '60000');
    for (const v of [...(await marketOnEveryNode(s, 'live', t.live.key)), ...(await marketOnEveryNode(s, 'sandbox', t.sandbox.key))]) {
      expect(v).toMatchObject(quote('60000'));
    }
    await setPrice(s, 'BTC-USD', '60100', 'sandbox');
    for (const v of [...(await marketOnEveryNode(s, 'live', t.live.key)), ...(await marketOnEveryNode(s, 'sandbox', t.sandbox.key))]) {
      expect(v).toMatchObject(quote('60100'));
    }
    const live = await s.liveCall('GET', '/v1/status', { key: t.live.key });
    const sandbox = await s.sandboxCall('GET', '/v1/status', { key: t.sandbox.key });
    expect(live.body.price_feed).toEqual(sandbox.body.price_feed);
    expect(sandbox.body.price_feed).toMatchObject({ source: 'manual', markets_quoted: 1 });
  });
});

describe('RAMPART_SANDBOX_PRICE_FEED=replay:<file>', () => {
  let s: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rampart-sandbox-replay-'));
    const file = join(dir, 'sandbox.ndjson');
    // One line per market (a cluster hands each on in its own message: two of a market could arrive out of order).
    const lines = [
      { market: 'BTC-USD', bid: '50000', ask: '50000', last: '50000', time: 1_700_000_000_000 },
      { market: 'ETH-USD', bid: '2500', ask: '2500.05', last: '2500', time: 1_700_000_000_000 },
    ];
    writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    s = await TestServer.start({ env: { RAMPART_SANDBOX_PRICE_FEED: `replay:${file}`, RAMPART_REPLAY_SPEED: '1000' } });
  });
  afterAll(async () => {
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("shows the replay's prices on the sandbox host and the operator's on the live host; fills, marks and stops follow each environment's own", async () => {
    const t = await traders(s);
    expect(s.services.prices.for('sandbox')).not.toBe(s.services.prices.for('live'));
    // The replay runs as the feed starts, on the node leading the feed; the others are handed its quotes (those that
    // joined after it ran, once the leader's next lease round sees them).
    const replayed = (node: (typeof s.nodes)[number]) => {
      const book = node.app.services.prices.for('sandbox');
      return book.get('BTC-USD')?.last === parseDec('50000') && book.get('ETH-USD')?.last === parseDec('2500');
    };
    for (let i = 0; !s.nodes.every(replayed); i++) {
      expect(i, 'the replay did not reach every node').toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 10));
    }
    await s.settleTrading();
    // Nothing of the replay reached the live book (the live feed is manual: no price yet).
    for (const v of await marketOnEveryNode(s, 'live', t.live.key)) expect(v).toMatchObject({ bid: null, ask: null, last: null });

    await setPrice(s, 'BTC-USD', '60000');
    for (const v of await marketOnEveryNode(s, 'live', t.live.key)) expect(v).toMatchObject(quote('60000'));
    for (const v of await marketOnEveryNode(s, 'sandbox', t.sandbox.key)) expect(v).toMatchObject(quote('50000'));
    const list = await s.sandboxCall('GET', '/v1/markets', { key: t.sandbox.key });
    expect(Object.fromEntries(list.body.data.map((m: { id: string; last: string | null }) => [m.id, m.last]))).toEqual({ 'BTC-USD': '50000', 'ETH-USD': '2500', 'SOL-USD': null });

    // GET /v1/status: each host counts its own book and names its own feed.
    const liveStatus = (await s.liveCall('GET', '/v1/status', { key: t.live.key })).body.price_feed;
    const sandboxStatus = (await s.sandboxCall('GET', '/v1/status', { key: t.sandbox.key })).body.price_feed;
    expect(liveStatus).toEqual({ source: 'manual', markets_quoted: 1, markets_stale: ['ETH-USD', 'SOL-USD'], markets_halted: [], sources: [] });
    expect(sandboxStatus).toEqual({ source: 'replay', markets_quoted: 2, markets_stale: ['SOL-USD'], markets_halted: [], sources: [] });

    // A preview and an order on the sandbox account price from the sandbox book; on the live account, from the live one.
    const sandboxAccount = (path: string, method = 'GET', body?: unknown) =>
      s.sandboxCall(method, `/v1/accounts/${t.sandbox.accountId}${path}`, { key: t.sandbox.key, ...(body ? { body } : {}), ...(method === 'POST' && path === '/orders' ? { idempotencyKey: ik() } : {}) });
    const liveAccount = (path: string, method = 'GET', body?: unknown) =>
      s.liveCall(method, `/v1/accounts/${t.live.accountId}${path}`, { key: t.live.key, ...(body ? { body } : {}), ...(method === 'POST' && path === '/orders' ? { idempotencyKey: ik() } : {}) });
    const buy = (stop: string) => ({ market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1', stop_loss: { price: stop } });

    const preview = await sandboxAccount('/orders/test', 'POST', { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1' });
    expect(preview.body, JSON.stringify(preview.body)).toMatchObject({ outcome: 'would_fill', price: { price: '50000' } });
    const sandboxBuy = await sandboxAccount('/orders', 'POST', buy('49000'));
    expect(sandboxBuy.status, JSON.stringify(sandboxBuy.body)).toBe(201);
    expect(sandboxBuy.body).toMatchObject({ status: 'filled', average_fill_price: '50000' });
    const liveBuy = await liveAccount('/orders', 'POST', buy('59000'));
    expect(liveBuy.status, JSON.stringify(liveBuy.body)).toBe(201);
    expect(liveBuy.body).toMatchObject({ status: 'filled', average_fill_price: '60000' });
    expect((await sandboxAccount('/positions/BTC-USD')).body).toMatchObject({ entry_price: '50000', mark_price: '50000' });
    expect((await liveAccount('/positions/BTC-USD')).body).toMatchObject({ entry_price: '60000', mark_price: '60000' });

    // A sandbox price under the live stop: the live stop does not fire, the live mark does not move.
    await setPrice(s, 'BTC-USD', '58000', 'sandbox');
    expect((await liveAccount('/positions/BTC-USD')).body).toMatchObject({ mark_price: '60000' });
    expect((await liveAccount('/orders?status=working')).body.data).toHaveLength(1);
    expect((await sandboxAccount('/positions/BTC-USD')).body).toMatchObject({ mark_price: '58000' });
    for (const v of await marketOnEveryNode(s, 'live', t.live.key)) expect(v).toMatchObject(quote('60000'));

    // A live price under both stops: the live one fires, the sandbox one does not.
    await setPrice(s, 'BTC-USD', '48500');
    expect((await liveAccount('/positions/BTC-USD')).status).toBe(404);
    const liveStop = (await liveAccount('/orders?status=filled')).body.data.find((o: { exit_of_position: string | null }) => o.exit_of_position === 'stop_loss');
    expect(liveStop).toMatchObject({ status: 'filled', average_fill_price: '48499.5' });
    expect((await sandboxAccount('/positions/BTC-USD')).body).toMatchObject({ mark_price: '58000' });
    expect((await sandboxAccount('/orders?status=working')).body.data).toHaveLength(1);
    for (const v of await marketOnEveryNode(s, 'sandbox', t.sandbox.key)) expect(v).toMatchObject(quote('58000'));

    // And the sandbox stop fires on a sandbox price.
    await setPrice(s, 'BTC-USD', '48500', 'sandbox');
    expect((await sandboxAccount('/positions/BTC-USD')).status).toBe(404);
    const sandboxStop = (await sandboxAccount('/orders?status=filled')).body.data.find((o: { exit_of_position: string | null }) => o.exit_of_position === 'stop_loss');
    expect(sandboxStop).toMatchObject({ status: 'filled', average_fill_price: '48499.5' });
  });

  it("keeps the sandbox book out of the store: only the live book's quotes are stored", async () => {
    await setPrice(s, 'BTC-USD', '61000');
    await setPrice(s, 'BTC-USD', '51000', 'sandbox');
    for (const node of s.nodes) await node.app.services.engineHost.storeQuotes();
    // BTC-USD at its live price; ETH-USD, quoted in the sandbox only (by the replay), not at all.
    const rows = await s.rawQuery<{ market: string; last: string }>('SELECT market, last FROM quotes ORDER BY market');
    expect(rows.map((r) => [r.market, String(r.last)])).toEqual([['BTC-USD', '61000']]);
  });
});

describe('RAMPART_SANDBOX_PRICE_FEED=simulated', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await TestServer.start({ env: { RAMPART_SANDBOX_PRICE_FEED: 'simulated', RAMPART_PRICE_INTERVAL_MS: '20' } });
  });
  afterAll(() => s.close());

  it('walks the sandbox book (one walk, on every node) and leaves the live book to the operator', async () => {
    const t = await traders(s);
    await setPrice(s, 'BTC-USD', '70000');
    const lasts = (env: 'live' | 'sandbox') => s.nodes.map((node) => node.app.services.prices.for(env).get('BTC-USD')?.last);
    // Ticks go on while we look: the nodes agree once one tick has reached all of them, within a bound.
    const seen = new Set<bigint>();
    for (let i = 0; ; i++) {
      const now = lasts('sandbox');
      for (const l of now) if (l !== undefined) seen.add(l);
      if (seen.size >= 3 && now[0] !== undefined && now.every((l) => l === now[0])) break;
      expect(i, `the sandbox walk did not reach every node: ${String(now)}`).toBeLessThan(1000);
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(lasts('live').every((l) => l === parseDec('70000'))).toBe(true);
    // Near the configured start (60000), far from the live price.
    const walked = Number(fmt(lasts('sandbox')[0]!));
    expect(Math.abs(walked - 60000)).toBeLessThan(5000);
    const sandboxStatus = (await s.sandboxCall('GET', '/v1/status', { key: t.sandbox.key })).body.price_feed;
    expect(sandboxStatus).toMatchObject({ source: 'simulated', markets_quoted: 3 });
    expect((await s.liveCall('GET', '/v1/status', { key: t.live.key })).body.price_feed).toMatchObject({ source: 'manual', markets_quoted: 1 });
  });
});

describe('RAMPART_SANDBOX_PRICE_FEED values', () => {
  const load = (value: string, extra: Record<string, string> = {}) => loadConfig({ RAMPART_SANDBOX_PRICE_FEED: value, ...extra }).sandboxPriceFeed;

  it('takes live (also when unset), replay:<file> and simulated with the main walk settings', () => {
    expect(loadConfig({}).sandboxPriceFeed).toEqual({ kind: 'live' });
    expect(load('live')).toEqual({ kind: 'live' });
    expect(load('replay:/tmp/prices.ndjson')).toEqual({ kind: 'replay', file: '/tmp/prices.ndjson', speed: 1 });
    expect(load('replay:/tmp/prices.ndjson', { RAMPART_REPLAY_SPEED: 'max' })).toEqual({ kind: 'replay', file: '/tmp/prices.ndjson', speed: 'max' });
    expect(load('simulated', { RAMPART_PRICE_SEED: '7', RAMPART_PRICE_INTERVAL_MS: '250' })).toEqual({ kind: 'simulated', seed: 7, intervalMs: 250 });
  });

  it('refuses anything else with a message naming the setting and the values it takes', () => {
    for (const bad of ['manual', 'replay:', 'Live', 'exchanges', 'sim']) {
      expect(() => load(bad)).toThrow(ConfigError);
      expect(() => load(bad)).toThrow(`RAMPART_SANDBOX_PRICE_FEED must be live, simulated or replay:<file>, got "${bad}"`);
    }
    expect(() => load('simulated', { RAMPART_PRICE_SEED: 'x' })).toThrow('RAMPART_PRICE_SEED must be an integer');
  });

  it('are printed in the start banner', () => {
    const app = { adminTokenGenerated: false, bootstrap: undefined } as unknown as App;
    const addresses = { live: 'l', sandbox: 's', admin: 'a', dashboard: 'd' };
    const line = (env: Record<string, string>) => banner(app, loadConfig(env), addresses).split('\n').find((l) => l.startsWith('  sandbox feed'));
    expect(line({})).toBe('  sandbox feed  the live prices (same book)');
    expect(line({ RAMPART_SANDBOX_PRICE_FEED: 'replay:/tmp/p.ndjson' })).toBe('  sandbox feed  replay of /tmp/p.ndjson');
    expect(line({ RAMPART_SANDBOX_PRICE_FEED: 'simulated', RAMPART_PRICE_SEED: '3' })).toBe('  sandbox feed  simulated (seed 3, every 1000 ms)');
  });

  it('refuses an environment other than live or sandbox on a manual price', async () => {
    const s = await TestServer.start();
    try {
      const r = await s.admin('PUT', '/admin/v1/markets/BTC-USD/price?environment=staging', quote('60000'));
      expectError(r, 400, 'invalid_parameter');
      expect(s.services.prices.for('live').get('BTC-USD')).toBeUndefined();
    } finally {
      await s.close();
    }
  });
});
