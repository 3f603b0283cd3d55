import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { admin, liveAccounts, startRampart } from './lib.js';

export interface StartupResult {
  events: number;
  workingOrders: number;
  startMs: number;
}

/**
 * Start-up with a large store: a server is prepared with accounts and working orders through the API, then
 * stopped; `events` synthetic events are added to its log; the time to answer again is measured — the
 * engine-restart transition (every working order canceled, every position closed) included.
 */
export async function startupBenchmark(events: number, workingOrders: number): Promise<StartupResult> {
  const dir = mkdtempSync(join(tmpdir(), 'rampart-start-'));
  const first = await startRampart({ RAMPART_PRICE_FEED: 'manual' }, dir);
  await admin(first, 'PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
  // Working orders are capped per customer (limits.working_orders.per_customer): 10 accounts of 400 per customer.
  const perAccount = 400;
  const customers: { key: string; accounts: string[] }[] = [];
  for (let n = Math.ceil(workingOrders / perAccount); n > 0; n -= 10) customers.push(await liveAccounts(first, Math.min(10, n)));
  const accounts = customers.flatMap((c) => c.accounts);
  let placed = 0;
  const place = async (key: string, account: string, i: number) => {
    const r = await fetch(`${first.url.live}/v1/accounts/${account}/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': `s-${account}-${i}` },
      body: JSON.stringify({ market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.001', limit_price: String(57500 + (i % 2000)) }),
    });
    if (r.status === 201) placed++;
    else if (process.env.BENCH_DEBUG) console.error(r.status, await r.text());
  };
  for (const { key, accounts: mine } of customers) {
    for (const account of mine) {
      // The manual price goes stale after a few seconds (stale_quote): set it again as the filling goes on.
      await admin(first, 'PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
      for (let i = 0; i < perAccount && placed < workingOrders; i += 50) {
        await Promise.all(Array.from({ length: 50 }, (_, j) => place(key, account, i + j)));
      }
    }
  }
  if (process.env.BENCH_DEBUG) console.error({ customers: customers.length, accounts: accounts.length, placed });
  first.proc.kill('SIGKILL');
  await new Promise((r) => first.proc.once('exit', r));
  const db = new Database(join(dir, 'rampart.db'));
  const base = Number((db.prepare('SELECT COALESCE(MAX(seq), 0) AS n FROM events').get() as { n: number }).n);
  const insert = db.prepare('INSERT INTO events (seq, id, environment, account_id, type, created_at, data) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const data = JSON.stringify({ type: 'order.created', data: { id: 'ord_x', status: 'working' } });
  const now = Date.now(); // recent: events inside the retention, so the start-up measures loading, not pruning
  db.transaction(() => {
    for (let i = 1; i <= events; i++) insert.run(base + i, `evt_live_${String(base + i).padStart(12, '0')}`, 'live', accounts[i % accounts.length], 'order.created', now, data);
  })();
  db.close();
  const second = await startRampart({ RAMPART_PRICE_FEED: 'manual' }, dir);
  const startMs = second.startMs;
  await second.stop();
  return { events: events + base, workingOrders: placed, startMs };
}
