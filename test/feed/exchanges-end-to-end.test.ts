import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG_DIR } from '../../src/config/config.js';
import { FakeExchange, type FakeQuote } from '../helpers/fake-exchange.js';
import { advanceOn, expectError, TestServer } from '../helpers/server.js';

/**
 * The exchanges feed end to end: the real adapters (Coinbase, Binance, Kraken) over real WebSockets to local fake
 * exchanges speaking each protocol, the composite, and the API. Prices travel over sockets, so each step waits
 * until the API shows what the exchanges sent (never a fixed sleep); freshness and resumes run on the manual clock.
 */
let s: TestServer;
let dir: string;
let coinbase: FakeExchange;
let binance: FakeExchange;
let kraken: FakeExchange;
let n = 0;
const ik = () => `e2e-${++n}`;
const MAX_BACKOFF_MS = 200;

async function until<T>(what: string, fn: () => Promise<T | undefined | null | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== null && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let t: Awaited<ReturnType<TestServer['trader']>>;
const status = async () => (await s.sandboxCall('GET', '/v1/status', { key: t.key })).body;
const market = async () => (await s.sandboxCall('GET', '/v1/markets/BTC-USD', { key: t.key })).body;
const source = (body: { price_feed: { sources: { id: string }[] } }, id: string) => body.price_feed.sources.find((x) => x.id === id) as Record<string, unknown>;
/** The feed's own view (what /v1/status reports), read in process while waiting: polling over HTTP would spend the key's budget. */
const board = (id: string) => s.services.markets.feedStatus.snapshot.sources.find((x) => x.id === id)!;
const position = () => s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key });

/**
 * Sends the quote from the given exchanges and waits until the feed's sources have each taken it in as a tick (so
 * each step changes every price it sends: Binance reports an unchanged book as alive, not as a tick).
 */
async function quote(exchanges: FakeExchange[], q: FakeQuote): Promise<void> {
  const before = new Map<FakeExchange, unknown>();
  for (const x of exchanges) before.set(x, board(x.protocol).last_tick_at);
  // Each source's tick is stamped with the manual clock: move it a little so "took it in" is visible.
  await advanceOn(s, 1);
  for (const x of exchanges) x.price('BTC-USD', q);
  await until(`${exchanges.map((x) => x.protocol).join(', ')} quoting ${q.bid}`, async () => exchanges.every((x) => board(x.protocol).last_tick_at !== before.get(x)));
  await s.settleTrading();
}

beforeAll(async () => {
  [coinbase, binance, kraken] = await Promise.all([
    FakeExchange.start('coinbase', { 'BTC-USD': 'BTC-USD' }),
    FakeExchange.start('binance', { 'BTC-USD': 'BTCUSDT' }),
    FakeExchange.start('kraken', { 'BTC-USD': 'BTC/USD' }),
  ]);
  dir = mkdtempSync(join(tmpdir(), 'rampart-e2e-feeds-'));
  cpSync(DEFAULT_CONFIG_DIR, dir, { recursive: true });
  const markets = JSON.parse(readFileSync(join(dir, 'markets.json'), 'utf8')) as { id: string }[];
  writeFileSync(join(dir, 'markets.json'), JSON.stringify(markets.filter((m) => m.id === 'BTC-USD')));
  const file = join(dir, 'feeds.json');
  writeFileSync(
    file,
    JSON.stringify({
      sources: [coinbase, binance, kraken].map((x) => ({ id: x.protocol, exchange: x.protocol, url: x.url, markets: x.markets })),
      connection: { initial_backoff_ms: 20, max_backoff_ms: MAX_BACKOFF_MS, silence_ms: 60_000, ping_interval_ms: 30_000 },
      integrity: { stray_band_pct: '1', resume_after_ms: 5000, min_sources: 1 },
    }),
  );
  s = await TestServer.start({ env: { RAMPART_PRICE_FEED: 'exchanges', RAMPART_FEEDS_FILE: file, RAMPART_CONFIG_DIR: dir } });
  t = await s.trader();
});

afterAll(async () => {
  await s?.close();
  await Promise.all([coinbase, binance, kraken].map((x) => x?.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe('the exchanges feed over the real adapters and local fake exchanges', { timeout: 60_000 }, () => {
  it('connects to every exchange, subscribes with its symbols, and prices the market from their composite', async () => {
    expectError(
      await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' } }),
      503,
      'no_price',
      { market: 'BTC-USD' },
    );
    for (const x of [coinbase, binance, kraken]) await x.subscribed(1);
    expect(coinbase.subscriptions.map((x) => [x.channel, x.symbols])).toContainEqual(['ticker', ['BTC-USD']]);
    expect(binance.subscriptions.flatMap((x) => x.symbols).map((x) => x.toUpperCase())).toContain('BTCUSDT');
    expect(kraken.subscriptions.map((x) => [x.channel, x.symbols])).toContainEqual(['ticker', ['BTC/USD']]);
    await until('every source connected', async () => ['coinbase', 'binance', 'kraken'].every((id) => board(id).state === 'connected'));
    expect((await status()).price_feed.sources.map((x: { state: string }) => x.state)).toEqual(['connected', 'connected', 'connected']);

    await quote([coinbase, binance, kraken], { bid: '60000', ask: '60001', last: '60000.5' });
    expect(await market()).toMatchObject({ status: 'open', halt_reason: null, bid: '60000', ask: '60001', last: '60000.5' });
    expect(await status()).toMatchObject({ status: 'operational', price_feed: { source: 'exchanges', markets_quoted: 1, markets_stale: [], markets_halted: [] } });
  });

  it('a dropped connection is made again within the backoff bound and subscribes again; a gap reconnects too', async () => {
    const connections = coinbase.connections;
    coinbase.drop();
    // The first retry waits at most the initial bound; the test gives it far longer than MAX_BACKOFF_MS to show up.
    await coinbase.subscribed(connections + 1);
    await until('coinbase connected again', async () => board('coinbase').state === 'connected');
    // A sequence gap: the message is not trusted, the source reconnects and resubscribes, and the status counts it.
    const again = coinbase.connections;
    coinbase.price('BTC-USD', { bid: '60000', ask: '60001', last: '60000.5' }, { sequence: 'gap' });
    await coinbase.subscribed(again + 1);
    await until('the gap counted', async () => board('coinbase').gaps >= 1);
    expect(source(await status(), 'coinbase')).toMatchObject({ gaps: 1 });
    // Garbage is counted and the connection stays.
    const open = coinbase.connections;
    coinbase.garbage();
    await until('the garbled message counted', async () => board('coinbase').garbled >= 1);
    expect(source(await status(), 'coinbase')).toMatchObject({ garbled: 1, state: 'connected' });
    expect(coinbase.connections).toBe(open);
  });

  it('a feed gone quiet: after stale_after_ms the market is stale and orders answer stale_quote', async () => {
    await advanceOn(s, 10_001);
    const st = await status();
    expect(st).toMatchObject({ status: 'degraded', price_feed: { markets_stale: ['BTC-USD'] } });
    expectError(
      await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' } }),
      503,
      'stale_quote',
      { market: 'BTC-USD' },
    );
    await quote([coinbase, binance, kraken], { bid: '60000.5', ask: '60001.5', last: '60001' });
    expect(await status()).toMatchObject({ status: 'operational', price_feed: { markets_stale: [] } });
    expect(await market()).toMatchObject({ status: 'open', bid: '60000.5', ask: '60001.5', last: '60001' });
  });

  it('one exchange printing 10% off is set aside: the stop below the market does not fire on it', async () => {
    const opened = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, {
      key: t.key,
      idempotencyKey: ik(),
      body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1', stop_loss: { price: '59000' } },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    await quote([kraken], { bid: '54000', ask: '54001', last: '54000' });
    const st = await status();
    expect(source(st, 'kraken')).toMatchObject({ set_aside: ['BTC-USD'] });
    expect(source(st, 'binance')).toMatchObject({ set_aside: [] });
    expect(await market()).toMatchObject({ status: 'open', bid: '60000.5', ask: '60001.5' });
    const held = await position();
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({ size: '0.1', exits: { stop_loss: { price: '59000' } } });
    // The tick record explains it: the quote the engine acted on was made of the two others, kraken set aside.
    const ticks = await s.admin('GET', `/admin/v1/markets/BTC-USD/ticks?from=0&limit=1000`);
    const quotes = ticks.body.data.filter((r: { kind: string }) => r.kind === 'quote');
    expect(quotes.at(-1)).toMatchObject({ source: 'composite', bid: '60000.5', set_aside: [{ source: 'kraken', reason: 'strays_from_median' }] });
    expect(ticks.body.data.filter((r: { kind: string; source: string }) => r.kind === 'source' && r.source === 'kraken').at(-1)).toMatchObject({ bid: '54000' });
    await quote([kraken], { bid: '60000', ask: '60001', last: '60000.5' });
    expect(source(await status(), 'kraken')).toMatchObject({ set_aside: [] });
  });

  it('two exchanges that disagree halt the market; agreement for resume_after_ms resumes it', async () => {
    // Kraken goes quiet: coinbase and binance are the fresh ones, 3% apart (more than twice the 1% band).
    await advanceOn(s, 10_001);
    await quote([coinbase], { bid: '60000', ask: '60001', last: '60000.5' });
    await quote([binance], { bid: '58000', ask: '58001', last: '58000' });
    const st = await status();
    expect(st).toMatchObject({ status: 'degraded', price_feed: { markets_halted: [{ market: 'BTC-USD', reason: 'sources_disagree' }] } });
    expect(await market()).toMatchObject({ status: 'halted', halt_reason: 'sources_disagree' });
    expectError(
      await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' } }),
      422,
      'market_halted',
      { market: 'BTC-USD' },
    );
    expect((await position()).body).toMatchObject({ size: '0.1', exits: { stop_loss: { price: '59000' } } });

    await quote([coinbase, binance], { bid: '60000', ask: '60001', last: '60000.5' });
    expect(await market()).toMatchObject({ status: 'halted' });
    await advanceOn(s, 5000);
    await quote([coinbase, binance], { bid: '60000.5', ask: '60001.5', last: '60001' });
    expect(await market()).toMatchObject({ status: 'open', halt_reason: null, bid: '60000.5', ask: '60001.5' });
    expect(await status()).toMatchObject({ status: 'operational', price_feed: { markets_halted: [] } });
    // The stop still guards the position: on a price the sources agree on, it fires.
    await quote([coinbase, binance], { bid: '59500', ask: '59501', last: '59500' });
    await quote([coinbase, binance], { bid: '58900', ask: '58901', last: '58900' });
    expectError(await position(), 404, 'position_not_found');
  });
});
