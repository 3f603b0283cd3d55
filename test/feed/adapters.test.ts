import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/engine/clock.js';
import { fmt } from '../../src/engine/decimal.js';
import { createSource, type FeedLog } from '../../src/feed/exchanges/index.js';
import { type ConnectionOptions, type ExchangeSource, type SourceEvent, type SourceTick } from '../../src/feed/exchanges/types.js';
import { FakeExchange, waitUntil, type FakeProtocol } from '../helpers/fake-exchange.js';

const MARKETS: Record<FakeProtocol, Record<string, string>> = {
  coinbase: { 'BTC-USD': 'BTC-USD', 'ETH-USD': 'ETH-USD', 'SOL-USD': 'SOL-USD' },
  binance: { 'BTC-USD': 'BTCUSDT', 'ETH-USD': 'ETHUSDT', 'SOL-USD': 'SOLUSDT' },
  kraken: { 'BTC-USD': 'BTC/USD', 'ETH-USD': 'ETH/USD', 'SOL-USD': 'SOL/USD' },
};

/** Small backoff so reconnects are quick; silence long enough that a busy machine never trips it by accident. */
const FAST: ConnectionOptions = { initialBackoffMs: 20, maxBackoffMs: 80, silenceMs: 10_000, pingIntervalMs: 5_000 };
const WAIT = 10_000;
const quiet: FeedLog = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

interface Harness {
  fake: FakeExchange;
  source: ExchangeSource;
  clock: ManualClock;
  ticks: SourceTick[];
  events: SourceEvent[];
  /** Waits for the nth connection to be subscribed and connected on the adapter's side. */
  connected(n: number): Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function harness(exchange: FakeProtocol, options: Partial<ConnectionOptions> = {}, random?: () => number): Promise<Harness> {
  const fake = await FakeExchange.start(exchange, MARKETS[exchange]);
  const clock = new ManualClock(1_767_225_600_000);
  const ticks: SourceTick[] = [];
  const events: SourceEvent[] = [];
  const source = createSource(
    { id: `${exchange}-main`, exchange, url: fake.url, markets: MARKETS[exchange] },
    { ...FAST, ...options },
    clock,
    { onTick: (t) => ticks.push(t), onEvent: (e) => events.push(e) },
    quiet,
    random,
  );
  cleanups.push(async () => {
    await source.stop();
    await fake.close();
  });
  source.start();
  const connected = async (n: number): Promise<void> => {
    const expected = exchange === 'coinbase' ? 2 : exchange === 'binance' ? 2 : 1;
    await waitUntil(() => fake.subscriptions.filter((s) => s.connection === n).length === expected, WAIT, `connection ${n} subscribed`);
    await waitUntil(() => states(events).filter((s) => s.state === 'connected').length >= n, WAIT, `connected #${n}`);
  };
  return { fake, source, clock, ticks, events, connected };
}

const view = (t: SourceTick) => ({ market: t.market, bid: fmt(t.bid), ask: fmt(t.ask), last: fmt(t.last), exchangeTime: t.exchangeTime, received: t.received });
const states = (events: SourceEvent[]) => events.flatMap((e) => (e.kind === 'state' ? [e] : []));
const ofKind = <K extends SourceEvent['kind']>(events: SourceEvent[], kind: K) => events.filter((e): e is Extract<SourceEvent, { kind: K }> => e.kind === kind);

/** A message of each protocol whose bid is missing. */
const NO_BID: Record<FakeProtocol, string> = {
  coinbase: JSON.stringify({ channel: 'ticker', client_id: '', timestamp: '2026-01-01T00:00:00Z', sequence_num: 0, events: [{ type: 'update', tickers: [{ type: 'ticker', product_id: 'BTC-USD', price: '60000.5', best_ask: '60001' }] }] }),
  binance: JSON.stringify({ stream: 'btcusdt@bookTicker', data: { u: 500_000_000, s: 'BTCUSDT', a: '60001', A: '1' } }),
  kraken: '{"channel":"ticker","type":"update","data":[{"symbol":"BTC/USD","ask":60001,"last":60000.5}]}',
};

describe.each(['coinbase', 'binance', 'kraken'] as const)('%s adapter', (exchange) => {
  it('subscribes with the exchange symbols of the mapped markets', async () => {
    const h = await harness(exchange);
    await h.connected(1);
    const subs = h.fake.subscriptions.map((s) => ({ channel: s.channel, symbols: s.symbols }));
    const expected = {
      coinbase: [
        { channel: 'ticker', symbols: ['BTC-USD', 'ETH-USD', 'SOL-USD'] },
        { channel: 'heartbeats', symbols: ['heartbeats'] },
      ],
      binance: [
        { channel: 'bookTicker', symbols: ['btcusdt', 'ethusdt', 'solusdt'] },
        { channel: 'aggTrade', symbols: ['btcusdt', 'ethusdt', 'solusdt'] },
      ],
      kraken: [{ channel: 'ticker', symbols: ['BTC/USD', 'ETH/USD', 'SOL/USD'] }],
    }[exchange];
    expect(subs).toEqual(expected);
    expect(h.source.state).toBe('connected');
    expect(states(h.events).map((s) => s.state)).toEqual(['connecting', 'connected']);
  });

  it('turns a garbled message into a garbled event, never a tick, and stays connected', async () => {
    const h = await harness(exchange);
    await h.connected(1);
    h.fake.garbage();
    h.fake.price('BTC-USD', { bid: '-1', ask: '60001', last: '60000.5' });
    h.fake.price('BTC-USD', { bid: '60002', ask: '60001', last: '60000.5' });
    h.fake.price('BTC-USD', { bid: '1e', ask: '60001', last: '60000.5' });
    h.fake.send(NO_BID[exchange]);
    h.fake.price('BTC-USD', { bid: '60000', ask: '60001', last: '60000.5' });
    await waitUntil(() => h.ticks.length > 0, WAIT, 'the good tick');
    const garbled = ofKind(h.events, 'garbled');
    expect(garbled.length).toBe(5);
    expect(garbled[4]?.raw).toContain('"BTC');
    expect(garbled[0]?.raw).toBe('{"channel": "ticker", "data": [oops');
    expect(garbled.every((g) => g.source === `${exchange}-main` && g.reason.length > 0)).toBe(true);
    expect(h.ticks.map(view).map(({ bid, ask }) => ({ bid, ask }))).toEqual([{ bid: '60000', ask: '60001' }]);
    expect(h.fake.connections).toBe(1);
    expect(h.source.state).toBe('connected');
  });

  it('reconnects after a drop within the backoff bound and subscribes again', async () => {
    const h = await harness(exchange, {}, () => 0.999999);
    await h.connected(1);
    h.fake.price('BTC-USD', { bid: '100', ask: '101', last: '100.5' });
    await waitUntil(() => h.ticks.some((t) => fmt(t.bid) === '100'), WAIT, 'the first tick');
    h.fake.drop();
    await h.connected(2);
    const reconnecting = states(h.events).filter((s) => s.state === 'reconnecting');
    expect(reconnecting).toEqual([{ kind: 'state', source: `${exchange}-main`, state: 'reconnecting', attempt: 1, delayMs: 20, reason: 'closed' }]);
    h.clock.advance(5);
    h.fake.price('BTC-USD', { bid: '102', ask: '103', last: '102.5' });
    await waitUntil(() => h.ticks.some((t) => fmt(t.last) === '102.5'), WAIT, 'a tick on the new connection');
    expect(view(h.ticks.at(-1)!)).toMatchObject({ bid: '102', ask: '103', last: '102.5', received: 1_767_225_600_005 });
  });

  it('pings the exchange and answers its pings, and a silent exchange is cut by the watchdog and reconnected', async () => {
    const h = await harness(exchange, { silenceMs: 300, pingIntervalMs: 40 });
    await h.connected(1);
    await waitUntil(() => h.fake.pings >= 2, WAIT, 'pings');
    // Pinged again while waiting: on a slow machine the watchdog may already have cut the first connection.
    const pinged = (): boolean => {
      h.fake.ping();
      return h.fake.pongs >= 1;
    };
    await waitUntil(pinged, WAIT, 'a pong');
    // The fake keeps answering pings while silent: pongs alone do not keep a source alive.
    h.fake.silence();
    await waitUntil(() => states(h.events).some((s) => s.state === 'reconnecting'), WAIT, 'the watchdog');
    h.fake.silence(false);
    await h.connected(2);
    expect(states(h.events).find((s) => s.state === 'reconnecting')).toMatchObject({ reason: 'silence', attempt: 1 });
    expect(h.fake.connections).toBeGreaterThanOrEqual(2);
  });

  it('stop() closes the connection and cancels every timer', async () => {
    const fakeTimers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = fakeTimers();
    const h = await harness(exchange, { initialBackoffMs: 60_000, maxBackoffMs: 60_000 }, () => 0.5);
    await h.connected(1);
    await h.source.stop();
    await h.fake.waitForOpen(0);
    expect(h.source.state).toBe('stopped');
    expect(states(h.events).at(-1)).toMatchObject({ state: 'stopped' });
    expect(fakeTimers(), JSON.stringify(process.getActiveResourcesInfo())).toBeLessThanOrEqual(before);
  });
});

describe('reconnect backoff', () => {
  it('grows the bound per failed attempt up to the maximum and starts over after a connection that delivered data', async () => {
    const h = await harness('coinbase', {}, () => 0.999999);
    await h.connected(1);
    h.fake.refuse();
    h.fake.drop();
    await waitUntil(() => states(h.events).filter((s) => s.state === 'reconnecting').length >= 5, WAIT, 'five reconnects');
    const opened = h.fake.connections + 1;
    h.fake.refuse(false);
    const delays = states(h.events)
      .filter((s) => s.state === 'reconnecting')
      .slice(0, 5)
      .map((s) => [s.attempt, s.delayMs]);
    expect(delays).toEqual([
      [1, 20],
      [2, 40],
      [3, 80],
      [4, 80],
      [5, 80],
    ]);
    await waitUntil(() => h.fake.subscriptions.filter((s) => s.connection >= opened).length === 2, WAIT, 'a connection that subscribes');
    // Data on the new connection resets the attempt count.
    h.fake.heartbeat();
    await waitUntil(() => ofKind(h.events, 'alive').length === 3, WAIT, 'the heartbeat');
    h.fake.drop();
    await waitUntil(() => states(h.events).at(-1)?.state === 'reconnecting' || states(h.events).at(-1)?.state === 'connecting', WAIT, 'another reconnect');
    const last = states(h.events).filter((s) => s.state === 'reconnecting').at(-1);
    expect(last).toMatchObject({ attempt: 1, delayMs: 20 });
  });

  it('stop() during the backoff wait cancels the pending reconnect', async () => {
    const timers = (): number => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    const h = await harness('kraken', { initialBackoffMs: 60_000, maxBackoffMs: 60_000 }, () => 0.5);
    await h.connected(1);
    h.fake.drop();
    await waitUntil(() => h.source.state === 'reconnecting', WAIT, 'reconnecting');
    expect(states(h.events).at(-1)).toMatchObject({ state: 'reconnecting', attempt: 1, delayMs: 30_000 });
    await h.source.stop();
    expect(h.source.state).toBe('stopped');
    expect(h.fake.connections).toBe(1);
    expect(timers()).toBeLessThanOrEqual(before);
  });
});

describe('coinbase sequence and heartbeats', () => {
  it('reads the recorded ticker messages into exact ticks with the exchange time', async () => {
    const h = await harness('coinbase');
    await h.connected(1);
    h.fake.play('ticker');
    await waitUntil(() => h.ticks.length === 3, WAIT, 'three ticks');
    expect(h.ticks.map(view)).toEqual([
      { market: 'BTC-USD', bid: '60012.33', ask: '60012.35', last: '60012.34', exchangeTime: Date.parse('2026-01-01T00:00:01.123Z'), received: 1_767_225_600_000 },
      { market: 'ETH-USD', bid: '3001.04', ask: '3001.06', last: '3001.05', exchangeTime: Date.parse('2026-01-01T00:00:01.123Z'), received: 1_767_225_600_000 },
      { market: 'SOL-USD', bid: '142.12', ask: '142.13', last: '142.123', exchangeTime: Date.parse('2026-01-01T00:00:02.000Z'), received: 1_767_225_600_000 },
    ]);
    expect(h.ticks[0]?.raw).toContain('"product_id":"BTC-USD"');
    expect(ofKind(h.events, 'alive').map((a) => a.market)).toEqual(['BTC-USD', 'ETH-USD', 'SOL-USD']);
  });

  it('drops a message older than the last sequence_num', async () => {
    const h = await harness('coinbase');
    await h.connected(1);
    h.fake.price('BTC-USD', { bid: '100', ask: '101', last: '100.5' });
    h.fake.price('BTC-USD', { bid: '200', ask: '201', last: '200.5' }, { sequence: 'stale' });
    h.fake.price('BTC-USD', { bid: '300', ask: '301', last: '300.5' });
    await waitUntil(() => h.ticks.length === 2, WAIT, 'two ticks');
    expect(h.ticks.map((t) => fmt(t.bid))).toEqual(['100', '300']);
    expect(ofKind(h.events, 'gap')).toEqual([]);
    expect(h.fake.connections).toBe(1);
  });

  it('on a sequence gap reports it for every market, drops the message and resubscribes on a new connection', async () => {
    const h = await harness('coinbase');
    await h.connected(1);
    h.fake.price('BTC-USD', { bid: '100', ask: '101', last: '100.5' });
    h.fake.price('BTC-USD', { bid: '200', ask: '201', last: '200.5' }, { sequence: 'gap' });
    await h.connected(2);
    // Sequence numbers 0 and 1 were the two acknowledgements, 2 the first price; 3 never came.
    expect(ofKind(h.events, 'gap')).toEqual(
      ['BTC-USD', 'ETH-USD', 'SOL-USD'].map((market) => ({ kind: 'gap', source: 'coinbase-main', market, expected: 3, got: 4 })),
    );
    expect(states(h.events).find((s) => s.state === 'reconnecting')).toMatchObject({ reason: 'gap' });
    expect(h.ticks.map((t) => fmt(t.bid))).toEqual(['100']);
  });
});

describe('binance streams', () => {
  it('reads the recorded stream messages, a tick per change once both sides of the book are known', async () => {
    const h = await harness('binance');
    await h.connected(1);
    h.fake.play('streams');
    await waitUntil(() => h.ticks.length >= 4, WAIT, 'four ticks');
    expect(h.ticks.map(view)).toEqual([
      // The book alone: no trade yet, so last is the mid.
      { market: 'BTC-USD', bid: '60012.33', ask: '60012.35', last: '60012.34', exchangeTime: null, received: 1_767_225_600_000 },
      { market: 'BTC-USD', bid: '60012.33', ask: '60012.35', last: '60012.34', exchangeTime: 1_767_225_601_120, received: 1_767_225_600_000 },
      { market: 'ETH-USD', bid: '3001.04', ask: '3001.06', last: '3001.05', exchangeTime: null, received: 1_767_225_600_000 },
      // SOL's trade came before its book: no tick until the book, which then carries the trade's price.
      { market: 'SOL-USD', bid: '142.12', ask: '142.13', last: '142.123', exchangeTime: null, received: 1_767_225_600_000 },
    ]);
  });

  it('an update that repeats the book it already has is no tick, only proof the market is alive', async () => {
    const h = await harness('binance');
    await h.connected(1);
    h.fake.price('ETH-USD', { bid: '3000', ask: '3000.1' });
    h.fake.price('ETH-USD', { bid: '3000', ask: '3000.1' });
    h.fake.price('ETH-USD', { last: '3000.05' });
    await waitUntil(() => h.ticks.length === 2, WAIT, 'two ticks');
    expect(h.ticks.map((t) => fmt(t.last))).toEqual(['3000.05', '3000.05']);
    expect(h.ticks.map((t) => t.exchangeTime)).toEqual([null, Date.UTC(2026, 0, 1)]);
    // (A size-only change at the top of the book keeps the source's quote fresh without a new price.)
    expect(ofKind(h.events, 'alive').map((a) => a.market)).toEqual(['ETH-USD']);
  });

  it('drops a bookTicker whose update id is not above the last and a trade whose id is not', async () => {
    const h = await harness('binance');
    await h.connected(1);
    h.fake.price('BTC-USD', { bid: '100', ask: '101', last: '100.5' });
    h.fake.price('BTC-USD', { bid: '200', ask: '201', last: '200.5' }, { sequence: 'stale' });
    h.fake.price('BTC-USD', { bid: '300', ask: '301' });
    await waitUntil(() => h.ticks.some((t) => fmt(t.bid) === '300'), WAIT, 'the 300 book');
    expect(h.ticks.map((t) => [fmt(t.bid), fmt(t.last)])).toEqual([
      ['100', '100.5'],
      ['100', '100.5'],
      ['300', '100.5'],
    ]);
    expect(ofKind(h.events, 'gap')).toEqual([]);
  });

  it('on an aggregate trade id gap reports it for the market and reconnects', async () => {
    const h = await harness('binance');
    await h.connected(1);
    h.fake.price('SOL-USD', { bid: '140', ask: '140.1', last: '140.05' });
    h.fake.price('SOL-USD', { last: '150' }, { sequence: 'gap' });
    await h.connected(2);
    expect(ofKind(h.events, 'gap')).toEqual([{ kind: 'gap', source: 'binance-main', market: 'SOL-USD', expected: 26129002, got: 26129003 }]);
    expect(h.ticks.map((t) => fmt(t.last))).not.toContain('150');
    // The new connection takes its first trade as the start, whatever its id.
    h.fake.price('SOL-USD', { last: '151' }, { sequence: 'gap' });
    await waitUntil(() => h.ticks.some((t) => fmt(t.last) === '151'), WAIT, 'a trade on the new connection');
    expect(ofKind(h.events, 'gap')).toHaveLength(1);
  });
});

describe('kraken ticker', () => {
  it('reads prices sent as JSON numbers exactly, never through a float', async () => {
    const h = await harness('kraken');
    await h.connected(1);
    h.fake.play('ticker');
    await waitUntil(() => h.ticks.length === 3, WAIT, 'three ticks');
    expect(h.ticks.map(view)).toEqual([
      { market: 'BTC-USD', bid: '60012.3', ask: '60012.4', last: '60012.4', exchangeTime: Date.parse('2026-01-01T00:00:01.123Z'), received: 1_767_225_600_000 },
      { market: 'ETH-USD', bid: '3001.04', ask: '3001.06', last: '3001.05', exchangeTime: null, received: 1_767_225_600_000 },
      { market: 'SOL-USD', bid: '142.123456789012345678', ask: '142.13', last: '142.125', exchangeTime: Date.parse('2026-01-01T00:00:02Z'), received: 1_767_225_600_000 },
    ]);
    expect(ofKind(h.events, 'alive').map((a) => a.market)).toEqual(['BTC-USD', 'ETH-USD', 'SOL-USD']);
  });

  it('keeps a heartbeat as alive events stamped with the clock', async () => {
    const h = await harness('kraken');
    await h.connected(1);
    h.clock.advance(250);
    h.fake.heartbeat();
    await waitUntil(() => ofKind(h.events, 'alive').length === 3, WAIT, 'alive events');
    expect(ofKind(h.events, 'alive').map((a) => a.received)).toEqual([1_767_225_600_250, 1_767_225_600_250, 1_767_225_600_250]);
  });
});

describe('createSource', () => {
  it('refuses an exchange it has no adapter for, naming the ones it has', () => {
    const make = () =>
      createSource({ id: 'x', exchange: 'bitmex', url: 'ws://127.0.0.1:1', markets: { 'BTC-USD': 'XBTUSD' } }, FAST, new ManualClock(0), { onTick: () => undefined, onEvent: () => undefined }, quiet);
    expect(make).toThrow('source x: unknown exchange "bitmex" (allowed: coinbase, binance, kraken)');
  });
});
