import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig, parseReplaySpeed } from '../config/config.js';
import { ManualClock } from '../engine/clock.js';
import { fmt, parseDec } from '../engine/decimal.js';
import type { Quote, QuoteSink } from './quotes.js';
import { ReplayFeed, type ReplayOptions } from './replay.js';

const T0 = Date.parse('2026-03-02T12:00:00Z');
const MARKETS = new Set(['BTC-USD', 'ETH-USD']);
const log = pino({ level: 'silent' });

let dir: string;
let clock: ManualClock;
let got: Quote[];
const sink: QuoteSink = { get: () => undefined, set: (q) => void got.push(q) };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rampart-replay-'));
  clock = new ManualClock(T0);
  got = [];
});

afterEach(() => {
  vi.useRealTimers();
  rmSync(dir, { recursive: true, force: true });
});

const line = (market: string, last: string, time: number, extra: Record<string, unknown> = {}) => JSON.stringify({ market, bid: last, ask: last, last, time, ...extra });

function file(lines: string[]): string {
  const path = join(dir, 'session.ndjson');
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

const feed = (path: string, opts: Partial<ReplayOptions> = {}) => new ReplayFeed(path, sink, clock, MARKETS, { speed: 1, log, ...opts });
const lasts = () => got.map((q) => fmt(q.last));

describe('RAMPART_REPLAY_SPEED', () => {
  it('is 1 unless set, a positive number, or max', () => {
    expect(parseReplaySpeed(undefined)).toBe(1);
    expect(parseReplaySpeed('')).toBe(1);
    expect(parseReplaySpeed('10')).toBe(10);
    expect(parseReplaySpeed('0.5')).toBe(0.5);
    expect(parseReplaySpeed('max')).toBe('max');
    expect(loadConfig({ RAMPART_PRICE_FEED: 'replay:x.ndjson', RAMPART_REPLAY_SPEED: '60' }).priceFeed).toEqual({ kind: 'replay', file: 'x.ndjson', speed: 60 });
  });

  it.each(['0', '-2', 'fast', '1e3', 'Infinity', '2x', '.5'])('refuses %j at start-up', (value) => {
    expect(() => parseReplaySpeed(value)).toThrow(ConfigError);
    expect(() => loadConfig({ RAMPART_PRICE_FEED: 'replay:x.ndjson', RAMPART_REPLAY_SPEED: value })).toThrow(/RAMPART_REPLAY_SPEED/);
  });

  it('goes with RAMPART_TICK_RETENTION_HOURS, a whole number of hours, 168 unless set', () => {
    expect(loadConfig({}).tickRetentionHours).toBe(168);
    expect(loadConfig({ RAMPART_TICK_RETENTION_HOURS: '24' }).tickRetentionHours).toBe(24);
    for (const bad of ['0', '1.5', 'week']) expect(() => loadConfig({ RAMPART_TICK_RETENTION_HOURS: bad })).toThrow(/RAMPART_TICK_RETENTION_HOURS/);
  });
});

describe('ReplayFeed', () => {
  it('refuses a file with a bad line at construction, naming file and line', () => {
    const bad = file([line('BTC-USD', '1', 0), '', line('BTC-USD', '2', 1), '{"market":']);
    expect(() => feed(bad)).toThrow(`${bad}:4: not JSON`);
    const unknown = file([line('BTC-USD', '1', 0), line('DOGE-USD', '2', 1)]);
    expect(() => feed(unknown)).toThrow(`${unknown}:2: not a quote of a known market`);
    const noTime = file([JSON.stringify({ market: 'BTC-USD', bid: '1', ask: '1', last: '1' })]);
    expect(() => feed(noTime)).toThrow(`${noTime}:1:`);
  });

  it('paces the lines by their times divided by the speed, one timer at a time, stamped by the clock with origin replay', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
    const f = feed(file([line('BTC-USD', '1', 5_000), line('ETH-USD', '2', 5_000), line('BTC-USD', '3', 6_000), line('BTC-USD', '4', 15_000)]), { speed: 10 });
    f.start();
    // The first time is the start: both lines of it at once, then one timer for the next.
    expect(lasts()).toEqual(['1', '2']);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(99);
    expect(lasts()).toEqual(['1', '2']);
    clock.advance(7);
    vi.advanceTimersByTime(1);
    expect(lasts()).toEqual(['1', '2', '3']);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(900);
    expect(lasts()).toEqual(['1', '2', '3', '4']);
    expect(got.map((q) => [q.market, q.time, q.origin])).toEqual([
      ['BTC-USD', T0, { source: 'replay' }],
      ['ETH-USD', T0, { source: 'replay' }],
      ['BTC-USD', T0 + 7, { source: 'replay' }],
      ['BTC-USD', T0 + 7, { source: 'replay' }],
    ]);
    // At the end of the file the feed stops: nothing is left scheduled.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('takes the extra fields of a recording and ignores them', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
    const f = feed(file([line('BTC-USD', '60000.5', 0, { source: 'composite', sources: { kraken: '60000' }, kind: 'quote' })]));
    f.start();
    const price = parseDec('60000.5');
    expect(got).toEqual([{ market: 'BTC-USD', bid: price, ask: price, last: price, time: T0, origin: { source: 'replay' } }]);
  });

  it('streams a long file with one timer pending, however many lines', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
    const n = 20_000;
    const f = feed(file(Array.from({ length: n }, (_, i) => line('BTC-USD', String(i + 1), i * 10))), { speed: 1 });
    f.start();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(50_000);
    expect(got.length).toBe(5_001);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(n * 10);
    expect(got.length).toBe(n);
    expect(got.every((q, i) => q.last === got[0]!.last * BigInt(i + 1))).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('at max sends the next line only once the engines acted on the last', async () => {
    let release: () => void = () => undefined;
    const settled = () => new Promise<void>((r) => (release = r));
    const f = feed(file([line('BTC-USD', '1', 0), line('BTC-USD', '2', 60_000), line('BTC-USD', '3', 3_600_000)]), { speed: 'max', settled });
    f.start();
    expect(lasts()).toEqual(['1']);
    await new Promise((r) => setImmediate(r));
    expect(lasts()).toEqual(['1']);
    release();
    await expect.poll(lasts).toEqual(['1', '2']);
    release();
    await expect.poll(lasts).toEqual(['1', '2', '3']);
    release();
    f.stop();
  });

  it('stops at a line spoiled after the check at start-up, and the process carries on', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
    const path = file([line('BTC-USD', '1', 0), line('BTC-USD', '2', 1_000)]);
    const f = feed(path);
    writeFileSync(path, [line('BTC-USD', '1', 0), 'garbage'].join('\n'));
    f.start();
    expect(() => vi.advanceTimersByTime(5_000)).not.toThrow();
    expect(lasts()).toEqual(['1']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts again from the top of the file, and sends nothing once stopped', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
    const f = feed(file([line('BTC-USD', '1', 0), line('BTC-USD', '2', 1_000)]));
    f.start();
    f.stop();
    vi.advanceTimersByTime(5_000);
    expect(lasts()).toEqual(['1']);
    f.start();
    vi.advanceTimersByTime(5_000);
    expect(lasts()).toEqual(['1', '1', '2']);
  });
});
