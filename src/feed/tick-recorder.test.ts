import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../engine/clock.js';
import { parseDec } from '../engine/decimal.js';
import { withFaults } from '../store/faults.js';
import { SqliteStore } from '../store/sqlite/sqlite-store.js';
import type { TickRecord } from './tick-log.js';
import { TickLog } from './tick-recorder.js';

const HOUR = 3_600_000;
const T0 = Date.parse('2026-03-02T12:00:00Z');
const log = pino({ level: 'silent' });

let dir: string;
let store: SqliteStore;
let clock: ManualClock;
let ticks: TickLog | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rampart-ticks-'));
  store = new SqliteStore(join(dir, 'rampart.db'));
  clock = new ManualClock(T0);
});

afterEach(async () => {
  await ticks?.stop();
  ticks = undefined;
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const quote = (time: number, last = '100'): Extract<TickRecord, { kind: 'quote' }> => ({
  kind: 'quote',
  market: 'BTC-USD',
  time,
  bid: parseDec('99.5')!,
  ask: parseDec('100.5')!,
  last: parseDec(last)!,
  origin: { source: 'simulated' },
});

const stored = () => store.listTicks({ market: 'BTC-USD', from: 0, to: Number.MAX_SAFE_INTEGER, limit: 100_000 });

/** A TickLog whose timers never fire within a test (flushes are the test's own). */
const open = (o: { batchRows?: number; maxBuffered?: number; retentionHours?: number } = {}, dropped: (rows: number) => void = () => undefined) =>
  (ticks = new TickLog(store, clock, { retentionMs: (o.retentionHours ?? 168) * HOUR, flushMs: HOUR, ...o }, log, { ticksDropped: dropped }));

describe('TickLog', () => {
  it('buffers records without touching the store, and writes them in order on flush', async () => {
    const t = open();
    for (let i = 0; i < 5; i++) t.record(quote(T0 + i, String(100 + i)));
    expect(t.buffered).toBe(5);
    expect(await stored()).toEqual([]);
    await t.flush();
    expect(t.buffered).toBe(0);
    expect((await stored()).map((r) => [r.time, r.last, r.kind, r.source])).toEqual(
      [0, 1, 2, 3, 4].map((i) => [T0 + i, String(100 + i), 'quote', 'simulated']),
    );
  });

  it('writes on its own once a batch is full, a transaction per batch', async () => {
    const t = open({ batchRows: 3 });
    const before = store.stats.transactions;
    for (let i = 0; i < 7; i++) t.record(quote(T0 + i));
    // The write is scheduled off the record() call; wait for it rather than for a time.
    await expect.poll(async () => (await stored()).length).toBeGreaterThanOrEqual(6);
    await t.flush();
    expect((await stored()).map((r) => r.time)).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => T0 + i));
    expect(store.stats.transactions - before).toBe(3);
  });

  it('drops the oldest unwritten rows beyond its bound, counts them and tells the observer', async () => {
    const told: number[] = [];
    const t = open({ maxBuffered: 4 }, (n) => told.push(n));
    for (let i = 0; i < 10; i++) t.record(quote(T0 + i));
    expect(t.dropped).toBe(6);
    expect(told.reduce((a, b) => a + b, 0)).toBe(6);
    await t.flush();
    expect((await stored()).map((r) => r.time)).toEqual([6, 7, 8, 9].map((i) => T0 + i));
  });

  it('keeps what a failing store refused and writes it once the store is back; record() never throws', async () => {
    const faults = withFaults(store);
    const t = open({ maxBuffered: 3 });
    faults.failing = true;
    t.record(quote(T0 + 1));
    t.record(quote(T0 + 2));
    await t.flush();
    expect(t.buffered).toBe(2);
    t.record(quote(T0 + 3));
    expect(() => t.record(quote(T0 + 4))).not.toThrow();
    expect(t.dropped).toBe(1);
    faults.clear();
    await t.flush();
    expect((await stored()).map((r) => r.time)).toEqual([T0 + 2, T0 + 3, T0 + 4]);
  });

  it('prunes rows older than the retention at start and as the clock passes each hour', async () => {
    const t = open({ retentionHours: 2 });
    t.record(quote(T0 - 3 * HOUR));
    t.record(quote(T0 - HOUR));
    t.record(quote(T0));
    await t.flush();
    t.start();
    await expect.poll(async () => (await stored()).length).toBe(2);
    clock.advance(HOUR + 1);
    await expect.poll(async () => (await stored()).map((r) => r.time)).toEqual([T0]);
  });

  it('writes what is buffered when it stops', async () => {
    const t = open();
    t.start();
    t.record(quote(T0));
    await t.stop();
    expect((await stored()).map((r) => r.time)).toEqual([T0]);
  });

  it('stores a source row with its exchange time and raw message, and a composite with what it used and set aside', async () => {
    const t = open();
    t.record({ kind: 'source', market: 'BTC-USD', time: T0, source: 'kraken', bid: parseDec('1.10')!, ask: parseDec('1.20')!, last: parseDec('1.15')!, exchangeTime: T0 - 5, raw: '{"x":1}' });
    t.record({ ...quote(T0 + 1), origin: { source: 'composite', used: ['kraken', 'binance'], setAside: [{ source: 'okx', reason: 'strays_from_median' }] } });
    await t.flush();
    const [source, composite] = await stored();
    expect(source).toMatchObject({ kind: 'source', source: 'kraken', bid: '1.1', exchange_time: T0 - 5, raw: '{"x":1}', used: null, set_aside: null });
    expect(composite).toMatchObject({
      kind: 'quote',
      source: 'composite',
      exchange_time: null,
      raw: null,
      used: '["kraken","binance"]',
      set_aside: '[{"source":"okx","reason":"strays_from_median"}]',
    });
  });
});
