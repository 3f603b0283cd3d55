import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeExchange } from '../helpers/fake-exchange.js';
import { TestServer } from '../helpers/server.js';

const BIN = resolve(import.meta.dirname, '../../bin/rampart.mjs');
let dir: string;
let coinbase: FakeExchange;
let binance: FakeExchange;

function rampart(args: string[], env: Record<string, string> = {}) {
  return promisify(execFile)(process.execPath, [BIN, ...args], {
    env: { ...process.env, RAMPART_DATABASE_URL: `sqlite:${join(dir, 'unused.db')}`, ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rampart-record-'));
  [coinbase, binance] = await Promise.all([FakeExchange.start('coinbase', { 'BTC-USD': 'BTC-USD' }), FakeExchange.start('binance', { 'BTC-USD': 'BTCUSDT' })]);
  writeFileSync(
    join(dir, 'feeds.json'),
    JSON.stringify({
      sources: [coinbase, binance].map((x) => ({ id: x.protocol, exchange: x.protocol, url: x.url, markets: x.markets })),
      connection: { initial_backoff_ms: 20, max_backoff_ms: 200 },
    }),
  );
});

afterAll(async () => {
  await Promise.all([coinbase?.close(), binance?.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('rampart record', { timeout: 90_000 }, () => {
  it('records the composite of the exchanges as NDJSON that the replay feed plays back', async () => {
    const file = join(dir, 'sessions', 'btc.ndjson');
    const run = rampart(['record', '--market', 'BTC-USD', '--minutes', '0.05', '--out', file], { RAMPART_FEEDS_FILE: join(dir, 'feeds.json') });
    let done = false;
    void run.finally(() => (done = true)).catch(() => undefined);
    // Both exchanges quote, the price rising a tick at a time, until the recording ends (3 s after it started).
    let bid = 60000;
    while (!done) {
      if (coinbase.open > 0 && binance.open > 0) {
        bid += 1;
        for (const x of [coinbase, binance]) x.price('BTC-USD', { bid: String(bid), ask: String(bid + 1), last: `${bid}.5` });
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const { stdout } = await run;
    const summary = JSON.parse(stdout);
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(summary).toMatchObject({ market: 'BTC-USD', file, quotes: lines.length });
    expect(summary.sources.map((x: { id: string }) => x.id)).toEqual(['coinbase', 'binance']);
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      expect(Object.keys(l)).toEqual(['market', 'bid', 'ask', 'last', 'time', 'sources', 'set_aside']);
      expect(l.market).toBe('BTC-USD');
      expect(l.bid).toMatch(/^\d+(\.\d+)?$/);
      expect(Number.isSafeInteger(l.time)).toBe(true);
    }
    // Times only go forward; the prices are the exchanges' (the bids sent were whole numbers from 60001 up).
    expect(lines.map((l) => l.time)).toEqual([...lines.map((l) => l.time)].sort((a, b) => a - b));
    expect(Number(lines.at(-1).bid)).toBeGreaterThan(60000);

    // The recording plays back: the market ends at the last recorded quote.
    const s = await TestServer.start({ env: { RAMPART_PRICE_FEED: `replay:${file}`, RAMPART_REPLAY_SPEED: 'max' } });
    try {
      const last = lines.at(-1);
      for (let i = 0; i < 500; i++) {
        if (s.services.prices.live.get('BTC-USD')?.last !== undefined && (await s.admin('GET', '/admin/v1/markets/BTC-USD/ticks?from=0&limit=1000')).body.data.length === lines.length) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      const market = (await s.admin('GET', '/admin/v1/markets/BTC-USD/ticks?from=0&limit=1000')).body.data;
      expect(market.map((r: { bid: string }) => r.bid)).toEqual(lines.map((l) => l.bid));
      expect(market.at(-1)).toMatchObject({ kind: 'quote', source: 'replay', bid: last.bid, ask: last.ask, last: last.last });
    } finally {
      await s.close();
    }
  });

  it('refuses an unknown market, a bad duration, and a market no source prices', async () => {
    const fail = async (args: string[], env: Record<string, string> = {}) => {
      const err = (await rampart(args, env).then(
        () => undefined,
        (e: unknown) => e,
      )) as { code: number; stderr: string } | undefined;
      expect(err?.code).toBe(2);
      return err!.stderr;
    };
    const feeds = { RAMPART_FEEDS_FILE: join(dir, 'feeds.json') };
    expect(await fail(['record', '--market', 'DOGE-USD', '--minutes', '1'], feeds)).toMatch(/unknown market "DOGE-USD"/);
    expect(await fail(['record', '--market', 'BTC-USD', '--minutes', '0'], feeds)).toMatch(/--minutes must be/);
    expect(await fail(['record', '--market', 'BTC-USD', '--minutes', '1e3'], feeds)).toMatch(/--minutes must be/);
    expect(await fail(['record', '--market', 'ETH-USD', '--minutes', '1'], feeds)).toMatch(/no source in the feeds file prices ETH-USD/);
    expect(existsSync(join(dir, 'unused.db'))).toBe(false);
  });
});
