import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG_DIR } from '../../src/config/config.js';
import { fmt } from '../../src/engine/decimal.js';
import { FakeSources, writeFeedsFile } from '../helpers/fake-sources.js';
import { advanceOn, expectError, TestServer } from '../helpers/server.js';

/**
 * The exchanges feed over HTTP, with sources the test drives (test/helpers/fake-sources.ts) in place of the real
 * adapters: staleness, a source set aside, a halt when the sources disagree, and the resume. The same scenarios
 * over the real adapters and local fake exchange servers belong beside this file once the adapters are in.
 */
let s: TestServer;
let dir: string;
const fake = new FakeSources();
const ALL = ['a', 'b', 'c'];
let n = 0;
const ik = () => `xf-${++n}`;

/**
 * The feed runs on one node; its quotes and status reach the other nodes of a cluster as they are made. Waits
 * until every node shows what the feed's node shows, then until the engines acted on it.
 */
async function synced(): Promise<void> {
  const view = (i: number) => {
    const r = s.nodes[i]!.app.services;
    const q = r.prices.live.get('BTC-USD');
    // (The sources' last tick times reach the other nodes within a second, not with every tick.)
    const sources = r.markets.feedStatus.snapshot.sources.map((x) => ({ ...x, last_tick_at: undefined }));
    return JSON.stringify([q ? [fmt(q.bid), fmt(q.ask), fmt(q.last), q.time] : null, r.markets.halts(), sources]);
  };
  for (let round = 0; round < 500; round++) {
    const views = s.nodes.map((_, i) => view(i));
    if (views.every((v) => v === views[0])) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await s.settleTrading();
}

async function push(ids: readonly string[], bid: string, ask: string, last = bid): Promise<void> {
  fake.ticks(ids, 'BTC-USD', bid, ask, last);
  await synced();
}

async function advance(ms: number): Promise<void> {
  await advanceOn(s, ms);
  await synced();
}

let t: Awaited<ReturnType<TestServer['trader']>>;
const status = async () => (await s.sandboxCall('GET', '/v1/status', { key: t.key })).body;
const market = async () => (await s.sandboxCall('GET', '/v1/markets/BTC-USD', { key: t.key })).body;
const source = (body: { price_feed: { sources: { id: string }[] } }, id: string) => body.price_feed.sources.find((x) => x.id === id);

beforeAll(async () => {
  // BTC-USD alone, so the service's status speaks of the one market the test prices.
  dir = mkdtempSync(join(tmpdir(), 'rampart-feeds-'));
  cpSync(DEFAULT_CONFIG_DIR, dir, { recursive: true });
  const markets = JSON.parse(readFileSync(join(dir, 'markets.json'), 'utf8')) as { id: string }[];
  writeFileSync(join(dir, 'markets.json'), JSON.stringify(markets.filter((m) => m.id === 'BTC-USD')));
  const file = writeFeedsFile(join(dir, 'test-feeds.json'), ALL, ['BTC-USD'], { stray_band_pct: '1', resume_after_ms: 5000 });
  s = await TestServer.start({ env: { RAMPART_PRICE_FEED: 'exchanges', RAMPART_FEEDS_FILE: file, RAMPART_CONFIG_DIR: dir }, createSource: fake.factory });
  await synced();
});

afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the exchanges feed', () => {
  const order = (body: Record<string, unknown> = {}) =>
    s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, {
      key: t.key,
      idempotencyKey: ik(),
      body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01', ...body },
    });

  it('no price before the first tick; the sources are listed as they connect', async () => {
    t = await s.trader();
    expectError(await order(), 503, 'no_price', { market: 'BTC-USD' });
    const st = await status();
    expect(st.price_feed).toMatchObject({ source: 'exchanges', markets_quoted: 0, markets_halted: [] });
    expect(st.price_feed.sources).toEqual(
      ALL.map((id) => ({ id, exchange: 'coinbase', state: 'connecting', last_tick_at: null, set_aside: [], stale: [], gaps: 0, garbled: 0 })),
    );
    fake.state('a', 'connected');
    await synced();
    expect(source(await status(), 'a')).toMatchObject({ state: 'connected' });
  });

  it('the composite of the sources, rounded outward to the tick, reaches the market and the engine', async () => {
    await push(ALL, '60000.2', '60000.8', '60000.4');
    const m = await market();
    expect(m).toMatchObject({ status: 'open', halt_reason: null, bid: '60000', ask: '60001', last: '60000.5' });
    const st = await status();
    expect(st).toMatchObject({ status: 'operational', price_feed: { markets_quoted: 1, markets_stale: [], markets_halted: [] } });
    expect(source(st, 'b')).toMatchObject({ set_aside: [], stale: [] });
    // The feed's node knows the last tick times at once; the others with its next check (every move of the clock).
    await advance(1);
    const tickAt = (i: number) => s.nodes[i]!.app.services.markets.feedStatus.snapshot.sources.find((x) => x.id === 'b')?.last_tick_at;
    for (let round = 0; round < 500 && !s.nodes.every((_, i) => tickAt(i) === st.time); round++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(source(await status(), 'b')).toMatchObject({ last_tick_at: st.time });
  });

  it('a feed gone silent: after stale_after_ms the market is stale and orders answer stale_quote', async () => {
    await advance(10_001);
    const st = await status();
    expect(st).toMatchObject({ status: 'degraded', price_feed: { markets_stale: ['BTC-USD'] } });
    expect(st.price_feed.sources.map((x: { stale: string[] }) => x.stale)).toEqual([['BTC-USD'], ['BTC-USD'], ['BTC-USD']]);
    expectError(await order(), 503, 'stale_quote');
    await push(ALL, '60000', '60001');
    expect(await status()).toMatchObject({ status: 'operational', price_feed: { markets_stale: [] } });
    expect(source(await status(), 'a')).toMatchObject({ stale: [] });
  });

  it('one source of three 10% off is set aside: the price comes from the other two and a stop does not fire', async () => {
    const opened = await order({ size: '1', stop_loss: { price: '59000' } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    await push(['c'], '54000', '54001');
    const st = await status();
    expect(source(st, 'c')).toMatchObject({ set_aside: ['BTC-USD'] });
    expect(source(st, 'a')).toMatchObject({ set_aside: [] });
    expect(st).toMatchObject({ status: 'operational', price_feed: { markets_halted: [] } });
    expect(await market()).toMatchObject({ status: 'open', bid: '60000', ask: '60001' });
    const position = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key });
    expect(position.status).toBe(200);
    expect(position.body.exits.stop_loss).toMatchObject({ price: '59000' });
    await push(['c'], '60000', '60001');
    expect(source(await status(), 'c')).toMatchObject({ set_aside: [] });
  });

  it('two sources that disagree halt the market: no quote, orders answer market_halted, the stop does not fire', async () => {
    // c falls silent; a and b are the fresh ones, 3% apart (more than twice the 1% band).
    await advance(10_001);
    await push(['a'], '60000', '60001');
    await push(['b'], '58000', '58001');
    const st = await status();
    expect(st).toMatchObject({ status: 'degraded', price_feed: { markets_halted: [{ market: 'BTC-USD', reason: 'sources_disagree', since: st.time }] } });
    expect(source(st, 'a')).toMatchObject({ set_aside: ['BTC-USD'] });
    expect(source(st, 'b')).toMatchObject({ set_aside: ['BTC-USD'] });
    expect(await market()).toMatchObject({ status: 'halted', halt_reason: 'sources_disagree', bid: '60000' });
    expectError(await order(), 422, 'market_halted', { market: 'BTC-USD' });
    // An operator change meanwhile keeps the operator's own status (open): the feed's halt is not stored.
    expect((await s.admin('PATCH', '/admin/v1/markets/BTC-USD', { offered: false })).status).toBe(200);
    expect(await s.rawQuery("SELECT status FROM market_states WHERE market = 'BTC-USD'")).toEqual([{ status: 'open' }]);
    expect((await s.admin('PATCH', '/admin/v1/markets/BTC-USD', { offered: true })).status).toBe(200);
    await synced();
    expect(await market()).toMatchObject({ status: 'halted', halt_reason: 'sources_disagree', offered: true });
    // A price reaching the engine while halted (the operator's, on top of the feed) does not trigger the stop.
    expect((await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '58000', ask: '58001', last: '58000' })).status).toBe(200);
    await s.settleTrading();
    const position = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key });
    expect(position.status).toBe(200);
    expect(position.body.exits.stop_loss).toMatchObject({ price: '59000' });
  });

  it('the sources agreeing for resume_after_ms ends the halt; the operator state was never touched', async () => {
    await push(['a', 'b'], '60000', '60001');
    await advance(4999);
    expect(await market()).toMatchObject({ status: 'halted', halt_reason: 'sources_disagree' });
    await push(['a', 'b'], '60000', '60001');
    // A disagreement meanwhile starts the wait over.
    await push(['b'], '58000', '58001');
    await push(['b'], '60000', '60001');
    await advance(4999);
    expect(await market()).toMatchObject({ status: 'halted' });
    await advance(1);
    await push(['a', 'b'], '60000', '60001');
    expect(await market()).toMatchObject({ status: 'open', halt_reason: null, bid: '60000', ask: '60001' });
    expect(await status()).toMatchObject({ status: 'operational', price_feed: { markets_halted: [] } });
    expect((await order()).status).toBe(201);
    const rows = await s.rawQuery<{ status: string }>("SELECT status FROM market_states WHERE market = 'BTC-USD'");
    expect(rows.map((r) => r.status)).not.toContain('halted');
    // The stop that held through the stray source and the halt fires on a price the sources agree on.
    // (In steps: one source a tick ahead of the other more than twice the band away would halt the market.)
    await push(['a', 'b'], '59500', '59501');
    await push(['a', 'b'], '58900', '58901');
    expectError(await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key }), 404, 'position_not_found');
  });

  it('an operator halt shows with its own reason and is kept apart from the feed', async () => {
    await s.admin('PATCH', '/admin/v1/markets/BTC-USD', { status: 'halted' });
    await synced();
    const st = await status();
    expect(st.price_feed.markets_halted).toEqual([{ market: 'BTC-USD', reason: 'operator', since: null }]);
    expect(st.status).toBe('operational');
    expect(await market()).toMatchObject({ status: 'halted', halt_reason: 'operator' });
    await s.admin('PATCH', '/admin/v1/markets/BTC-USD', { status: 'open' });
    await synced();
    expect(await market()).toMatchObject({ status: 'open', halt_reason: null });
  });
});
