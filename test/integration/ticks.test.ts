import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceOn, expectError, T0, TestServer } from '../helpers/server.js';

/** Writes what every node buffered (the record is batched; a list reads the store, and may be served by any node). */
async function flushAll(s: TestServer): Promise<void> {
  for (const n of s.nodes) await n.app.services.tickLog.flush();
}

const ticks = (s: TestServer, market: string, query: string) => s.admin('GET', `/admin/v1/markets/${market}/ticks?${query}`);

describe('the tick record of operator prices', () => {
  let s: TestServer;
  const prices = [
    { bid: '60000', ask: '60000.5', last: '60000.5' },
    { bid: '60100.5', ask: '60101', last: '60101' },
    { bid: '59999.5', ask: '60000', last: '59999.5' },
  ];

  beforeAll(async () => {
    s = await TestServer.start();
    for (const p of prices) {
      await advanceOn(s, 1000);
      expect((await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', p)).status).toBe(200);
    }
    expect((await s.admin('PUT', '/admin/v1/markets/ETH-USD/price', { bid: '3000.05', ask: '3000.1', last: '3000.1' })).status).toBe(200);
    await flushAll(s);
  });
  afterAll(() => s.close());

  it('lists each price once, however many nodes it reached, as a quote of origin operator with its exact decimals', async () => {
    const r = await ticks(s, 'BTC-USD', `from=${T0}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      data: prices.map((p, i) => ({
        id: expect.any(Number),
        market: 'BTC-USD',
        time: T0 + 1000 * (i + 1),
        kind: 'quote',
        source: 'operator',
        ...p,
        exchange_time: null,
        raw: null,
        used: null,
        set_aside: null,
      })),
      next_cursor: null,
      has_more: false,
    });
    const eth = (await ticks(s, 'ETH-USD', `from=${T0}`)).body.data;
    expect(eth.map((t: { last: string; time: number }) => [t.last, t.time])).toEqual([['3000.1', T0 + 3000]]);
  });

  it('pages oldest first with the cursor until there is no more', async () => {
    const first = (await ticks(s, 'BTC-USD', `from=${T0}&limit=2`)).body;
    expect(first.data.map((t: { last: string }) => t.last)).toEqual(['60000.5', '60101']);
    expect(first.has_more).toBe(true);
    expect(typeof first.next_cursor).toBe('string');
    const second = (await ticks(s, 'BTC-USD', `from=${T0}&limit=2&cursor=${first.next_cursor}`)).body;
    expect(second.data.map((t: { last: string }) => t.last)).toEqual(['59999.5']);
    expect(second).toMatchObject({ next_cursor: null, has_more: false });
  });

  it('keeps to from ≤ time ≤ to, to being now when left out', async () => {
    const middle = (await ticks(s, 'BTC-USD', `from=${T0 + 2000}&to=${T0 + 2000}`)).body.data;
    expect(middle.map((t: { time: number }) => t.time)).toEqual([T0 + 2000]);
    expect((await ticks(s, 'BTC-USD', `from=${T0 + 2001}`)).body.data.map((t: { time: number }) => t.time)).toEqual([T0 + 3000]);
    expect((await ticks(s, 'BTC-USD', `from=${T0 + 3001}&to=${T0 + 9000}`)).body.data).toEqual([]);
    expect((await ticks(s, 'BTC-USD', `from=0&to=${T0 + 1000}`)).body.data.map((t: { time: number }) => t.time)).toEqual([T0 + 1000]);
  });

  it('refuses an unknown market, a range that ends before it starts, a changed cursor and a missing from', async () => {
    expectError(await ticks(s, 'DOGE-USD', `from=${T0}`), 404, 'market_not_found', { market: 'DOGE-USD' });
    expectError(await ticks(s, 'BTC-USD', `from=${T0 + 10}&to=${T0}`), 400, 'invalid_request', { field: 'to' });
    expectError(await ticks(s, 'BTC-USD', `from=${T0}&cursor=not-a-cursor`), 400, 'invalid_cursor', { cursor: 'not-a-cursor' });
    expectError(await ticks(s, 'BTC-USD', 'limit=5'), 400, 'invalid_parameter', { parameter: 'from' });
    expectError(await ticks(s, 'BTC-USD', `from=${T0}&limit=1001`), 400, 'invalid_parameter');
  });
});

describe('the tick record of a replayed file', () => {
  let s: TestServer;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rampart-replay-'));
    const file = join(dir, 'session.ndjson');
    const lines = [
      { market: 'BTC-USD', bid: '61000', ask: '61000.5', last: '61000.5', time: 1_000, source: 'composite', sources: { kraken: '61000' } },
      { market: 'ETH-USD', bid: '3100', ask: '3100.05', last: '3100', time: 1_500 },
      { market: 'BTC-USD', bid: '61001', ask: '61001.5', last: '61001', time: 2_000 },
    ];
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    s = await TestServer.start({ env: { RAMPART_PRICE_FEED: `replay:${file}`, RAMPART_REPLAY_SPEED: 'max' } });
  });
  afterAll(async () => {
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records every replayed quote once, of origin replay, in the order of the file', async () => {
    await expect
      .poll(async () => {
        await flushAll(s);
        return (await ticks(s, 'BTC-USD', 'from=0')).body.data.length;
      })
      .toBe(2);
    const btc = (await ticks(s, 'BTC-USD', 'from=0')).body.data;
    expect(btc.map((t: { source: string; last: string; kind: string }) => [t.kind, t.source, t.last])).toEqual([
      ['quote', 'replay', '61000.5'],
      ['quote', 'replay', '61001'],
    ]);
    expect(btc[0].id).toBeLessThan(btc[1].id);
    const eth = (await ticks(s, 'ETH-USD', 'from=0')).body.data;
    expect(eth.map((t: { source: string; last: string }) => [t.source, t.last])).toEqual([['replay', '3100']]);
  });
});
