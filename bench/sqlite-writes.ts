// What SQLite spends on a placed market order's writes, statement by statement, away from HTTP and the engine:
//   node --import tsx bench/sqlite-writes.ts [orders=20000] [rounds=2] [page sizes=4096,2048]
// A server places market orders over 50 accounts for 4 s and is stopped; its database (real rows: orders, fills,
// events, accounts as the engine wrote them) is copied once per page size (VACUUM), and each copy replays `orders`
// more orders as the store writes them — the same statements (src/store/sql), in group-commit batches of 25, each
// order in its savepoint — with synchronous=OFF (the sync is the disk's, not CPU) and a checkpoint every 1,000
// orders, as the checkpointer's worker would. Prints µs of CPU per order, by statement, and the WAL bytes per order.
// One process, no other load, steadier than the HTTP runs (±2% between rounds where those move ±20%): compare
// schemas, indexes or pragmas with it. SQLITE_WRITES_SQL='DROP INDEX …' runs that SQL on each copy before its
// replay: what an index (or pragma) costs is the difference with a run without it. docs/PERFORMANCE.md runs 20 and
// 21 have what it found.
import Database from 'better-sqlite3';
import autocannon from 'autocannon';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ORDER_SQL } from '../src/store/sql/orders.js';
import { EVENT_SQL } from '../src/store/sql/events.js';
import { SETTING_SQL } from '../src/store/sql/settings.js';
import { accountUpdate } from '../src/store/sql/accounts.js';
import { liveAccounts, startRampart } from './lib.js';

const ORDERS = Number(process.argv[2] ?? 20_000);
const ROUNDS = Number(process.argv[3] ?? 2);
const PAGE_SIZES = (process.argv[4] ?? '4096,2048').split(',').map(Number);
const BATCH = 25;

/** A database a server filled with market orders (its own rows to copy from). */
async function filled(dir: string): Promise<string> {
  const server = await startRampart({}, dir);
  const { key, accounts } = await liveAccounts(server, 50);
  let n = 0;
  const next = () => {
    const i = n++;
    const side = Math.floor(i / accounts.length) % 2 === 0 ? 'buy' : 'sell';
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': `w-${i}` };
    return { method: 'POST' as const, path: `/v1/accounts/${accounts[i % accounts.length]}/orders`, headers, body: JSON.stringify({ market: 'BTC-USD', side, type: 'market', size: '0.001' }) };
  };
  await autocannon({ url: server.url.live, connections: 50, duration: 4, requests: [{ method: 'POST', path: '/', setupRequest: (r: autocannon.Request) => ({ ...r, ...next() }) }] });
  server.proc.kill('SIGTERM');
  await new Promise((r) => server.proc.once('exit', r));
  return join(dir, 'rampart.db');
}

type Row = Record<string, unknown>;
const STEPS = ['savepoint', 'order', 'fill', 'position', 'account', 'equity', 'events', 'idempotency', 'commit', 'checkpoint'] as const;

function replay(source: string, pageSize: number): { cpu: number; walKb: number; steps: Record<string, number> } {
  const dir = mkdtempSync(join(tmpdir(), 'rampart-writes-'));
  try {
    const file = join(dir, 'r.db');
    copyFileSync(source, file);
    const db = new Database(file);
    db.pragma('journal_mode = DELETE');
    db.pragma(`page_size = ${pageSize}`);
    db.exec('VACUUM');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = OFF');
    db.pragma('foreign_keys = ON');
    if (process.env.SQLITE_WRITES_SQL) db.exec(process.env.SQLITE_WRITES_SQL);
    db.pragma('cache_size = -65536');
    db.pragma('wal_autocheckpoint = 0');
    const order = db.prepare('SELECT * FROM orders ORDER BY seq DESC LIMIT 1').get() as Row;
    const fill = db.prepare('SELECT * FROM fills ORDER BY seq DESC LIMIT 1').get() as Row;
    const position = db.prepare("SELECT data FROM positions WHERE data IS NOT NULL LIMIT 1").get() as Row | undefined;
    const events = (db.prepare('SELECT * FROM events ORDER BY seq DESC LIMIT 4').all() as Row[]).reverse();
    const account = db.prepare('SELECT * FROM accounts WHERE id = ?').get(order.account_id) as Row;
    const accounts = (db.prepare('SELECT id FROM accounts WHERE customer_id = ? AND environment = ?').all(account.customer_id, 'live') as Row[]).map((r) => r.id as string);
    let cseq = (db.prepare('SELECT MAX(cseq) AS n FROM events').get() as Row).n as number;
    let seq = (order.seq as number) + 1;
    const s = {
      order: db.prepare(ORDER_SQL.upsert),
      fill: db.prepare(ORDER_SQL.insertFill),
      position: db.prepare(ORDER_SQL.putPosition),
      equity: db.prepare(ORDER_SQL.insertEquity),
      events: db.prepare(EVENT_SQL.insert(4)),
      idempotency: db.prepare(SETTING_SQL.putIdempotency),
      begin: db.prepare('BEGIN'),
      commit: db.prepare('COMMIT'),
      savepoint: db.prepare('SAVEPOINT m'),
      release: db.prepare('RELEASE m'),
    };
    // The account's UPDATE as a fill patches it (balance, status, reason, pause, rule state).
    const update = accountUpdate(account.id as string, { balance: '1', status: 'active', status_reason: null, paused_until: null, rule_state: account.rule_state as string }, 0)!;
    const accountStmt = db.prepare(update.sql);
    const spent: Record<string, bigint> = Object.fromEntries(STEPS.map((k) => [k, 0n]));
    const timed = (step: (typeof STEPS)[number], f: () => unknown) => {
      const t = process.hrtime.bigint();
      f();
      spent[step]! += process.hrtime.bigint() - t;
    };
    let frames = 0;
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < ORDERS; ) {
      s.begin.run();
      for (let k = 0; k < BATCH; k++, i++) {
        const acc = accounts[i % accounts.length]!;
        const id = `ord_replay${String(i).padStart(10, '0')}`;
        const at = 1_900_000_000_000 + i;
        timed('savepoint', () => s.savepoint.run());
        timed('order', () => s.order.run(id, seq++, 'live', acc, account.customer_id, null, 'BTC-USD', 'filled', at, at, order.data));
        timed('fill', () => s.fill.run(`fil_replay${String(i).padStart(10, '0')}`, acc, id, at, fill.data));
        timed('position', () => s.position.run(acc, 'BTC-USD', position?.data ?? '{}'));
        timed('account', () => accountStmt.run(String(100_000 + i), 'active', null, null, account.rule_state, at, acc));
        // One closing trade in two writes an equity point (as the bench's buy / sell passes do).
        if (i % 2 === 1) timed('equity', () => s.equity.run(acc, 'trade', at, '100000', '100000'));
        const values: unknown[] = [];
        for (const e of events) {
          cseq++;
          values.push(cseq, `evt_live_${account.customer_id}_${String(cseq).padStart(12, '0')}`, 'live', acc, account.customer_id, e.type, at, e.data);
        }
        timed('events', () => s.events.run(values));
        timed('idempotency', () => s.idempotency.run(`${account.customer_id}:live`, `replay-${i}`, 'f'.repeat(64), 201, 'order', id, null, at));
        timed('savepoint', () => s.release.run());
      }
      timed('commit', () => s.commit.run());
      if (i % 1000 === 0) timed('checkpoint', () => (frames += (db.pragma('wal_checkpoint(RESTART)') as { log: number }[])[0]!.log));
    }
    const used = process.cpuUsage(cpu0);
    db.close();
    const steps = Object.fromEntries(STEPS.map((k) => [k, Number(spent[k]!) / 1000 / ORDERS]));
    return { cpu: (used.user + used.system) / ORDERS, walKb: (frames * pageSize) / 1024 / ORDERS, steps };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const dir = mkdtempSync(join(tmpdir(), 'rampart-writes-src-'));
try {
  const source = await filled(dir);
  console.log(`| page | round | CPU µs/order | WAL kB/order | ${STEPS.join(' | ')} |`);
  console.log(`|---:|---:|---:|---:|${STEPS.map(() => '---:').join('|')}|`);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const page of PAGE_SIZES) {
      const r = replay(source, page);
      console.log(`| ${page} | ${round} | ${r.cpu.toFixed(1)} | ${r.walKb.toFixed(1)} | ${STEPS.map((k) => r.steps[k]!.toFixed(1)).join(' | ')} |`);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
