import { spawn } from 'node:child_process';
import type autocannon from 'autocannon';
import { rmSync } from 'node:fs';
import { bundled, liveAccounts, load, startRampart, type Load } from './lib.js';
import { openLoop } from './open-loop.js';

export interface HttpResults {
  baseline: Load;
  /**
   * The same bare route answering an account as `GET /v1/accounts/{id}` does (≈1.3 kB instead of ≈80 bytes): the
   * account read beside a bare route with its own body (docs/PERFORMANCE.md run 20).
   */
  baselineAccountBody?: Load;
  placeMarket: Load;
  placeLimit?: Load;
  readAccount: Load;
  readOrders?: Load;
  /** Market orders offered at a fixed rate by an open-loop generator: the latency a trader sees below saturation. */
  placeMarketAt?: (Load & { offered: number })[];
  /**
   * The same, offered at half the rate the closed loop above placed (`placeMarket`, rounded to tens): issue 28's
   * measure of the latency at half of the measured capacity, whatever the box.
   */
  placeMarketAtHalf?: Load & { offered: number };
}

/** Seconds of the same load before each measured run (not measured): the JIT settles, pools and caches fill. */
const WARMUP = 2;

/**
 * Offered rates for the fixed-rate placement runs, after the one at half the closed-loop rate (`placeMarketAtHalf`,
 * issue 28's target: p99 ≤ 5 ms there); issue 16's older target is p99 ≤ 5 ms at 2,000 orders/s.
 */
export const OFFERED_RATES = [500, 1000, 2000];

/**
 * The bare Fastify route (bench/baseline-server.ts) in its own process, same load; with `accountBody`, then the same
 * process answering an account's body (`baselineAccountBody`).
 */
export async function baseline(duration: number, accountBody = false): Promise<Load & { accountBody?: Load }> {
  const port = 20000 + Math.floor(Math.random() * 9000);
  // Bundled and run by plain node, like the service (dist/rampart.mjs).
  const { file, dir } = await bundled('bench/baseline-server.ts');
  const proc = spawn(process.execPath, [file], { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => proc.stdout!.once('data', () => resolve()));
  try {
    const constant = await load({ url: `http://127.0.0.1:${port}/v1/constant`, duration }, { pid: proc.pid!, warmup: WARMUP });
    if (!accountBody) return constant;
    return { ...constant, accountBody: await load({ url: `http://127.0.0.1:${port}/v1/account-sized`, duration }, { pid: proc.pid!, warmup: WARMUP }) };
  } finally {
    proc.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Baseline, order placement (market fills, limits that rest) and reads, each in its own fresh server; each closed-loop
 * run also measures the server's CPU per request. `cpuOnly`: only the bare route, market orders and the account read
 * (the CPU figures of issue 28, a short run to profile by).
 */
export async function httpBenchmarks(duration = 8, cpuOnly = false): Promise<HttpResults> {
  const { accountBody, ...base } = await baseline(duration, true);
  const bare = { baseline: base, ...(accountBody ? { baselineAccountBody: accountBody } : {}) };

  const server = await startRampart();
  const measured = { pid: server.proc.pid!, warmup: WARMUP };
  try {
    const { key, accounts } = await liveAccounts(server, 50);
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    let n = 0;
    // The next market order: round-robin over the accounts, buying on one pass and selling on the next.
    const nextMarketOrder = () => {
      const i = n++;
      const side = Math.floor(i / accounts.length) % 2 === 0 ? 'buy' : 'sell';
      return {
        method: 'POST' as const,
        path: `/v1/accounts/${accounts[i % accounts.length]}/orders`,
        headers: { ...auth, 'idempotency-key': `m-${i}` },
        body: JSON.stringify({ market: 'BTC-USD', side, type: 'market', size: '0.001' }),
      };
    };
    const placeMarket = await load({
      url: server.url.live,
      duration,
      requests: [{ method: 'POST', path: '/', setupRequest: (req: autocannon.Request) => ({ ...req, ...nextMarketOrder() }) }],
    }, measured);
    if (cpuOnly) {
      const { key: readerKey, accounts: readers } = await liveAccounts(server, 1);
      const readAccount = await load({ url: `${server.url.live}/v1/accounts/${readers[0]}`, headers: { authorization: `Bearer ${readerKey}` }, duration }, measured);
      return { ...bare, placeMarket, readAccount };
    }
    // The same orders offered at fixed rates by an open-loop generator (bench/open-loop.ts).
    const placeMarketAtHalf = await openLoop(server.url.live, Math.max(10, Math.round(placeMarket.rps / 20) * 10), duration, nextMarketOrder);
    const placeMarketAt: HttpResults['placeMarketAt'] = [];
    for (const offered of OFFERED_RATES) placeMarketAt.push(await openLoop(server.url.live, offered, duration, nextMarketOrder));
    // Resting limits pile up against the working-order caps (500 per account, 5,000 per customer): spread over 16
    // customers of 10 accounts each (80,000 orders; 8 would be reached past ≈4,000 orders/s over a run and its
    // warm-up, and the refusals are cheaper than placements), so none is reached within the run.
    const resting: { key: string; account: string }[] = [];
    for (let c = 0; c < 16; c++) {
      const { key: k, accounts: mine } = await liveAccounts(server, 10);
      for (const account of mine) resting.push({ key: k, account });
    }
    const placeLimit = await load({
      url: server.url.live,
      duration,
      requests: [
        {
          method: 'POST',
          path: '/',
          setupRequest: (req: autocannon.Request) => {
            const i = n++;
            const { key: k, account } = resting[i % resting.length]!;
            return {
              ...req,
              path: `/v1/accounts/${account}/orders`,
              headers: { authorization: `Bearer ${k}`, 'content-type': 'application/json', 'idempotency-key': `l-${i}` },
              body: JSON.stringify({ market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.001', limit_price: '57000' }),
            };
          },
        },
      ],
    }, measured);
    // Reads: one account, and the orders list of an account holding 100 working orders.
    const { key: readerKey, accounts: readers } = await liveAccounts(server, 1);
    const reader = readers[0]!;
    for (let i = 0; i < 100; i++) {
      const r = await fetch(`${server.url.live}/v1/accounts/${reader}/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${readerKey}`, 'content-type': 'application/json', 'idempotency-key': `r-${i}` },
        body: JSON.stringify({ market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.001', limit_price: '57000' }),
      });
      if (r.status !== 201) throw new Error(`could not place reader order: ${r.status} ${await r.text()}`);
    }
    const readAuth = { authorization: `Bearer ${readerKey}` };
    const readAccount = await load({ url: `${server.url.live}/v1/accounts/${reader}`, headers: readAuth, duration }, measured);
    const readOrders = await load({ url: `${server.url.live}/v1/accounts/${reader}/orders?status=open&limit=100`, headers: readAuth, duration }, measured);
    return { ...bare, placeMarket, placeLimit, readAccount, readOrders, placeMarketAt, placeMarketAtHalf };
  } finally {
    await server.stop();
  }
}
