import { expect, it } from 'vitest';
import type { TickRow } from '../../src/store/port.js';
import { storeSuite } from './adapters.js';

type NewTick = Omit<TickRow, 'id'>;

const quote = (market: string, time: number, o: Partial<NewTick> = {}): NewTick => ({
  market,
  time,
  kind: 'quote',
  source: 'operator',
  bid: '100.5',
  ask: '100.75',
  last: '100.625',
  exchange_time: null,
  raw: null,
  used: null,
  set_aside: null,
  ...o,
});

/** The tick record over both adapters: batches in, pages by (time, id) out, retention by id. */
await storeSuite('store contract, ticks: $name', (store) => {
  it('keeps every column of a batch as written, decimals as text, ids increasing', async () => {
    const source = quote('BTC-USD', 10, {
      kind: 'source',
      source: 'binance',
      bid: '60000.10',
      exchange_time: 9,
      raw: '{"b":"60000.10"}',
    });
    const composite = quote('BTC-USD', 11, { source: 'composite', used: '["binance","kraken"]', set_aside: '[{"source":"okx","reason":"strays_from_median"}]' });
    await store.transaction((tx) => tx.insertTicks([source, composite]));
    const rows = await store.listTicks({ market: 'BTC-USD', from: 0, to: 100, limit: 10 });
    expect(rows.map(({ id: _, ...r }) => r)).toEqual([source, composite]);
    expect(rows[1]!.id).toBeGreaterThan(rows[0]!.id);
  });

  it('lists one market within from ≤ time ≤ to, by time then id, after a (time, id)', async () => {
    await store.transaction((tx) =>
      tx.insertTicks([quote('BTC-USD', 20), quote('ETH-USD', 15), quote('BTC-USD', 10), quote('BTC-USD', 20, { last: '2' }), quote('BTC-USD', 30)]),
    );
    const all = await store.listTicks({ market: 'BTC-USD', from: 10, to: 30, limit: 10 });
    expect(all.map((r) => [r.time, r.last])).toEqual([[10, '100.625'], [20, '100.625'], [20, '2'], [30, '100.625']]);
    expect((await store.listTicks({ market: 'BTC-USD', from: 11, to: 29, limit: 10 })).map((r) => r.time)).toEqual([20, 20]);
    const after = await store.listTicks({ market: 'BTC-USD', from: 10, to: 30, after: { time: all[1]!.time, id: all[1]!.id }, limit: 1 });
    expect(after.map((r) => r.last)).toEqual(['2']);
    expect(await store.listTicks({ market: 'SOL-USD', from: 0, to: 100, limit: 10 })).toEqual([]);
  });

  it('prunes the oldest rows up to the first inside the retention, a chunk at a time', async () => {
    await store.transaction((tx) => tx.insertTicks([1, 2, 3, 4, 5].map((t) => quote('BTC-USD', t * 10))));
    expect(await store.transaction((tx) => tx.deleteTicksBefore(40, 2))).toBe(2);
    expect(await store.transaction((tx) => tx.deleteTicksBefore(40, 2))).toBe(1);
    expect(await store.transaction((tx) => tx.deleteTicksBefore(40, 2))).toBe(0);
    expect((await store.listTicks({ market: 'BTC-USD', from: 0, to: 100, limit: 10 })).map((r) => r.time)).toEqual([40, 50]);
  });
});
