import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_CONFIG_DIR, loadConfig } from './config.js';
import { loadFeedsConfig, parseFeedsConfig, unmappedMarkets } from './feeds.js';

const MARKETS = ['BTC-USD', 'ETH-USD', 'SOL-USD'];
const source = (over: Record<string, unknown> = {}) => ({ id: 'cb', exchange: 'coinbase', url: 'wss://example.test/ws', markets: { 'BTC-USD': 'BTC-USD' }, ...over });
const parse = (raw: unknown) => parseFeedsConfig(raw, 'feeds.json', MARKETS);

describe('config/feeds.json', () => {
  it('the shipped file maps every market to coinbase, binance and kraken with the defaults', () => {
    const feeds = loadFeedsConfig(join(DEFAULT_CONFIG_DIR, 'feeds.json'), MARKETS);
    expect(feeds.sources.map((s) => [s.id, s.exchange, s.url, s.markets['BTC-USD']])).toEqual([
      ['coinbase', 'coinbase', 'wss://advanced-trade-ws.coinbase.com', 'BTC-USD'],
      ['binance', 'binance', 'wss://stream.binance.com:9443', 'BTCUSDT'],
      ['kraken', 'kraken', 'wss://ws.kraken.com/v2', 'BTC/USD'],
    ]);
    expect(unmappedMarkets(feeds, MARKETS)).toEqual([]);
    expect(feeds.integrity['ETH-USD']).toEqual({ strayBandPct: '1', resumeAfterMs: 5000, minSources: 1 });
  });

  it('defaults, file-wide settings and per-market overrides, in that order', () => {
    const feeds = parse({
      sources: [source({ markets: { 'BTC-USD': 'BTC-USD', 'ETH-USD': 'ETH-USD' } }), source({ id: 'cb2' })],
      connection: { silence_ms: 5000 },
      integrity: { stray_band_pct: '0.5', markets: { 'BTC-USD': { stray_band_pct: '2', min_sources: 2 } } },
    });
    expect(feeds.integrity['BTC-USD']).toEqual({ strayBandPct: '2', resumeAfterMs: 5000, minSources: 2 });
    expect(feeds.integrity['ETH-USD']).toEqual({ strayBandPct: '0.5', resumeAfterMs: 5000, minSources: 1 });
    expect(feeds.connection).toEqual({ initialBackoffMs: 500, maxBackoffMs: 30_000, silenceMs: 5000, pingIntervalMs: 10_000 });
    expect(unmappedMarkets(feeds, MARKETS)).toEqual(['SOL-USD']);
  });

  it.each([
    ['a market not in markets.json', { sources: [source({ markets: { 'DOGE-USD': 'DOGE-USD' } })] }, 'source "cb" maps market "DOGE-USD", which is not in markets.json'],
    ['two sources with one id', { sources: [source(), source()] }, 'source id "cb" is used twice'],
    ['an http url', { sources: [source({ url: 'https://example.test' })] }, 'source "cb" url must be a ws:// or wss:// address'],
    ['no url at all', { sources: [source({ url: 'not a url' })] }, 'source "cb" url must be a ws:// or wss:// address'],
    ['an unknown exchange', { sources: [source({ exchange: 'mtgox' })] }, 'feeds.json is invalid: /sources/0/exchange'],
    ['no market', { sources: [source({ markets: {} })] }, 'source "cb" maps no market'],
    ['an override of an unknown market', { sources: [source()], integrity: { markets: { 'X-USD': { min_sources: 1 } } } }, 'integrity.markets names "X-USD"'],
    ['more sources needed than map the market', { sources: [source()], integrity: { min_sources: 2 } }, 'BTC-USD needs min_sources 2 but only 1 source(s) map it'],
    ['a zero band', { sources: [source()], integrity: { stray_band_pct: '0' } }, 'stray_band_pct must be above 0'],
    ['an unknown setting', { sources: [source()], integrity: { stray_band: '1' } }, 'feeds.json is invalid'],
  ])('refuses %s', (_name, raw, message) => {
    expect(() => parse(raw)).toThrow(message);
  });
});

describe('RAMPART_PRICE_FEED=exchanges', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rampart-feeds-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads config/feeds.json, or the file RAMPART_FEEDS_FILE names', () => {
    const shipped = loadConfig({ RAMPART_PRICE_FEED: 'exchanges' }).priceFeed;
    expect(shipped.kind === 'exchanges' && shipped.feeds.sources.length).toBe(3);
    const file = join(dir, 'one.json');
    writeFileSync(file, JSON.stringify({ sources: [source()] }));
    const own = loadConfig({ RAMPART_PRICE_FEED: 'exchanges', RAMPART_FEEDS_FILE: file }).priceFeed;
    expect(own.kind === 'exchanges' && own.feeds.sources.map((s) => s.id)).toEqual(['cb']);
  });

  it('a bad feeds file stops the start with a ConfigError naming the file', () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ sources: [source(), source()] }));
    expect(() => loadConfig({ RAMPART_PRICE_FEED: 'exchanges', RAMPART_FEEDS_FILE: file })).toThrow(ConfigError);
    expect(() => loadConfig({ RAMPART_PRICE_FEED: 'exchanges', RAMPART_FEEDS_FILE: file })).toThrow(`${file}: source id "cb" is used twice`);
    expect(() => loadConfig({ RAMPART_PRICE_FEED: 'exchanges', RAMPART_FEEDS_FILE: join(dir, 'missing.json') })).toThrow(/cannot read .*missing\.json/);
  });

  it('names every allowed value when RAMPART_PRICE_FEED is unknown', () => {
    expect(() => loadConfig({ RAMPART_PRICE_FEED: 'exchange' })).toThrow('RAMPART_PRICE_FEED must be simulated, manual, exchanges or replay:<file>, got "exchange"');
  });
});
