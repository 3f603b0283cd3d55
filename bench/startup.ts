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
  const perAccount = 400;
  const { key, accounts } = await liveAccounts(first, Math.ceil(workingOrders / perAccount));
  let placed = 0;
  const place = async (account: string, i: number) => {
    const r = await fetch(`${first.url.live}/v1/accounts/${account}/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': `s-${account}-${i}` },
      body: JSON.stringify({ market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.001', limit_price: String(55000 + (i % 4000)) }),
    });
    if (r.status === 201) placed++;
  };
  for (const account of accounts) {
    for (let i = 0; i < perAccount && placed < workingOrders; i += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, j) => place(account, i + j)));
    }
  }
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
