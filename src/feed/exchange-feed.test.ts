import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MarketConfig } from '../config/markets.js';
import { ManualClock } from '../engine/clock.js';
import { fmt } from '../engine/decimal.js';
import { FakeSources } from '../../test/helpers/fake-sources.js';
import { ExchangeFeed, REFRESH_MS } from './exchange-feed.js';
import { parseFeedsConfig } from '../config/feeds.js';
import { FeedStatusBoard } from './feed-status.js';
import { QuoteBook, type Quote } from './quotes.js';
import type { TickRecord } from './tick-log.js';

const markets = (JSON.parse(readFileSync(resolve(import.meta.dirname, '../../config/markets.json'), 'utf8')) as MarketConfig[]).filter((m) => m.id === 'BTC-USD');
const T0 = 1_000_000;

function logger() {
  const lines: { level: string; msg: string; obj: Record<string, unknown> }[] = [];
  const at = (level: string) => (obj: Record<string, unknown>, msg: string) => void lines.push({ level, msg, obj });
  const log = { warn: at('warn'), info: at('info'), error: at('error'), debug: at('debug'), child: () => log } as never;
  return { log, lines };
}

function setup(integrity: Record<string, unknown> = {}) {
  const feeds = parseFeedsConfig(
    { sources: ['a', 'b', 'c'].map((id) => ({ id, exchange: 'kraken', url: 'ws://127.0.0.1:9/', markets: { 'BTC-USD': 'BTC/USD' } })), integrity },
    'feeds.json',
    ['BTC-USD'],
  );
  const clock = new ManualClock(T0);
  const book = new QuoteBook();
  const quotes: Quote[] = [];
  book.onQuote((q) => quotes.push(q));
  const records: TickRecord[] = [];
  const board = new FeedStatusBoard();
  const fake = new FakeSources();
  const { log, lines } = logger();
  const statuses: unknown[] = [];
  const feed = new ExchangeFeed(feeds, markets, book, clock, log, {
    board,
    createSource: fake.factory,
    tickSink: { record: (r) => records.push(r) },
    onStatus: (s) => statuses.push(s),
  });
  feed.start();
  feeds_.push(feed);
  return { feed, fake, clock, book, quotes, records, board, lines, statuses };
}
const feeds_: ExchangeFeed[] = [];
afterEach(() => {
  for (const f of feeds_.splice(0)) f.stop();
});

describe('ExchangeFeed', () => {
  it('records every source tick with its raw message and publishes the composite with its origin', () => {
    const { fake, quotes, records } = setup();
    fake.tick('a', 'BTC-USD', '60000', '60001');
    fake.tick('b', 'BTC-USD', '60010', '60011');
    fake.tick('c', 'BTC-USD', '66000', '66001');
    expect(records.map((r) => r.kind === 'source' && [r.source, fmt(r.bid), r.raw.length > 0])).toEqual([
      ['a', '60000', true],
      ['b', '60010', true],
      ['c', '66000', true],
    ]);
    const q = quotes.at(-1)!;
    expect([fmt(q.bid), fmt(q.ask), q.time]).toEqual(['60005', '60006', T0]);
    expect(q.origin).toEqual({ source: 'composite', used: ['a', 'b'], setAside: [{ source: 'c', reason: 'strays_from_median' }] });
  });

  it('an unchanged composite is published again only after REFRESH_MS of Clock time', () => {
    const { fake, clock, quotes } = setup();
    fake.tick('a', 'BTC-USD', '60000', '60001');
    fake.tick('a', 'BTC-USD', '60000', '60001');
    expect(quotes).toHaveLength(1);
    clock.advance(REFRESH_MS - 1);
    fake.tick('a', 'BTC-USD', '60000', '60001');
    expect(quotes).toHaveLength(1);
    clock.advance(1);
    fake.tick('a', 'BTC-USD', '60000', '60001');
    expect(quotes.map((q) => q.time)).toEqual([T0, T0 + REFRESH_MS]);
    fake.tick('a', 'BTC-USD', '60000.5', '60001');
    expect(quotes).toHaveLength(3);
  });

  it('a heartbeat keeps a source fresh; silence makes it stale on the next check, logged once', () => {
    const { fake, clock, board, lines } = setup();
    fake.tick('a', 'BTC-USD', '60000', '60001');
    fake.tick('b', 'BTC-USD', '60000', '60001');
    clock.advance(9000);
    fake.event({ kind: 'alive', source: 'a', market: 'BTC-USD', received: clock.now() });
    clock.advance(2000);
    clock.advance(1000);
    const stale = (id: string) => board.snapshot.sources.find((s) => s.id === id)!.stale;
    expect([stale('a'), stale('b'), stale('c')]).toEqual([[], ['BTC-USD'], ['BTC-USD']]);
    expect(lines.filter((l) => l.msg === 'price source silent').map((l) => l.obj.source)).toEqual(['b', 'c']);
  });

  it('halts once, publishes nothing while halted, counts unusable prices and hands its status on at each change', () => {
    const { fake, quotes, board, lines, statuses } = setup({ resume_after_ms: 0 });
    fake.tick('a', 'BTC-USD', '60000', '60001');
    fake.tick('b', 'BTC-USD', '62000', '62001');
    fake.tick('b', 'BTC-USD', '62000', '62001');
    expect(quotes).toHaveLength(1);
    expect(board.halt('BTC-USD')).toEqual({ market: 'BTC-USD', reason: 'sources_disagree', since: T0 });
    expect(lines.filter((l) => l.msg.startsWith('market halted'))).toHaveLength(1);
    fake.tick('c', 'BTC-USD', '60001', '60000'); // crossed
    expect(board.snapshot.sources.find((s) => s.id === 'c')!.garbled).toBe(1);
    fake.tick('b', 'BTC-USD', '60000', '60001');
    expect(board.halt('BTC-USD')).toBeUndefined();
    expect(quotes).toHaveLength(2);
    expect(lines.filter((l) => l.msg.startsWith('market resumed'))).toHaveLength(1);
    expect(statuses.length).toBeGreaterThanOrEqual(3);
    expect(statuses.at(-1)).toMatchObject({ halts: [] });
  });

  it('the connection state of each source as its adapter reports it; stopped after stop', () => {
    const { feed, fake, board } = setup();
    fake.state('a', 'connected');
    fake.state('b', 'reconnecting');
    expect(board.snapshot.sources.map((s) => s.state)).toEqual(['connected', 'reconnecting', 'connecting']);
    feed.stop();
    expect(feed.snapshot().sources.map((s) => s.state)).toEqual(['stopped', 'stopped', 'stopped']);
  });
});
