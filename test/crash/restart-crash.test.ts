import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { adminCall, callShed, childEnv, nextMondayNoon, ROOT, seeded, startChild, type ChildServer } from '../helpers/child-server.js';

/**
 * Crash safety of the start-up restart transition (one transaction: count, announce, rewrite every open order, close
 * positions, engine.restarted): a server starting on a store with many working orders is killed with SIGKILL at
 * random moments of its start, several times, then started to the end. Whatever the kills cut, every order that was
 * working ends canceled system_restart exactly once, announced by exactly one order.canceled event, the log has no
 * gap and no duplicate, and each account has one engine.restarted counting its orders.
 *
 * CRASH_KILLS (default 3) and CRASH_SEED (default: random, printed on failure) replay or extend a run.
 */

const KILLS = Number(process.env.CRASH_KILLS ?? 3);
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Working orders placed through the API, then copied in the file to this many: the transition takes a while. */
const PLACED = 150;
const COPIES = 100;

const rand = seeded(SEED);
const where = () => `seed ${SEED}`;
const dir = mkdtempSync(join(tmpdir(), 'rampart-restart-crash-'));
const dbFile = join(dir, 'rampart.db');
/** Servers this test started: none is left running when it fails midway. */
const children: ChildServer[] = [];
afterAll(async () => {
  await Promise.all(children.map((c) => c.kill()));
  rmSync(dir, { recursive: true, force: true });
});

async function child(file: string): Promise<ChildServer> {
  const c = await startChild({ dbFile: file });
  children.push(c);
  return c;
}

/** `rampart serve` on dbFile, killed (SIGKILL) after `ms` whether or not it has started. */
async function startAndKill(ms: number): Promise<void> {
  const proc = spawn(process.execPath, [resolve(ROOT, 'bin/rampart.mjs'), 'serve'], {
    cwd: ROOT,
    env: childEnv(`sqlite:${dbFile}`),
    stdio: 'ignore',
  });
  const exited = new Promise((r) => proc.once('exit', r));
  await new Promise((r) => setTimeout(r, ms));
  proc.kill('SIGKILL');
  await exited;
}

describe('crash safety of the start-up restart transition', () => {
  it(`cancels and announces every working order exactly once across ${KILLS} SIGKILLs during start-up`, async () => {
    const first = await child(dbFile);
    // A weekday whatever day the suite runs: the sandbox rule refuses opening orders on weekends.
    await adminCall(first, 'POST', '/admin/v1/clock', { now: nextMondayNoon() });
    await adminCall(first, 'PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
    const customer = await adminCall(first, 'POST', '/admin/v1/customers', { name: 'restart crash' });
    const key = await adminCall(first, 'POST', `/admin/v1/customers/${customer.id}/keys`, { environment: 'sandbox', access: 'trade' });
    const account = key.opened_account_id as string;
    for (let i = 0; i < PLACED; i++) {
      const body = { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.001', limit_price: String(57500 + i) };
      // Right after its start a busy machine's server may shed load (503 capacity, retryable): asked again.
      const r = await callShed(first.url.sandbox, 'POST', `/v1/accounts/${account}/orders`, { key: key.key, idempotencyKey: `rc-${i}`, body });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    await first.kill();

    // Copies of the working orders (new ids and seqs), so that the transition is long enough for a kill to land in it.
    const db = new Database(dbFile);
    db.prepare(
      `INSERT INTO orders (id, seq, environment, account_id, customer_id, client_order_id, market, status, created_at, updated_at, data)
       WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < ?)
       SELECT o.id || '_' || n.k, o.seq + 1000 * n.k, environment, account_id, customer_id, NULL, market, status, created_at, updated_at,
              json_set(data, '$.id', o.id || '_' || n.k, '$.seq', o.seq + 1000 * n.k)
       FROM orders o, n WHERE o.status = 'working'`,
    ).run(COPIES);
    const working = db.prepare("SELECT id FROM orders WHERE status = 'working'").pluck().all() as string[];
    const lastSeq = db.prepare('SELECT MAX(seq) FROM events').pluck().get() as number;
    db.close();
    expect(working.length).toBe(PLACED * (COPIES + 1));

    // How long a whole start takes here (on a copy): the kills land anywhere in it.
    copyFileSync(dbFile, join(dir, 'timing.db'));
    const started = Date.now();
    const timing = await child(join(dir, 'timing.db'));
    const startMs = Date.now() - started;
    await timing.kill();
    for (let k = 0; k < KILLS; k++) await startAndKill(Math.floor(rand() * startMs));

    const last = await child(dbFile);
    await last.stop();
    const after = new Database(dbFile, { readonly: true });
    const orders = after.prepare(`SELECT id, status, data ->> '$.cancelReason' AS reason FROM orders WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(working)) as {
      id: string;
      status: string;
      reason: string;
    }[];
    const events = after.prepare('SELECT seq, type, account_id, data FROM events WHERE seq > ? ORDER BY seq').all(lastSeq) as { seq: number; type: string; account_id: string; data: string }[];
    after.close();

    expect(orders.filter((o) => o.status !== 'canceled' || o.reason !== 'system_restart'), where()).toEqual([]);
    expect(
      events.map((e) => e.seq),
      `the log after ${lastSeq} has no gap and no duplicate (${where()})`,
    ).toEqual(events.map((_, i) => lastSeq + i + 1));
    const announced = events.filter((e) => e.type === 'order.canceled').map((e) => (JSON.parse(e.data) as { data: { id: string; cancel_reason: string } }).data);
    expect(announced.every((o) => o.cancel_reason === 'system_restart'), where()).toBe(true);
    expect(announced.map((o) => o.id).sort(), `one order.canceled per working order (${where()})`).toEqual([...working].sort());
    const restarted = events.filter((e) => e.type === 'engine.restarted').map((e) => ({ account: e.account_id, data: (JSON.parse(e.data) as { data: unknown }).data }));
    expect(restarted, where()).toEqual([{ account, data: { environment: 'sandbox', canceled_orders: working.length, closed_positions: 0 } }]);
  }, 180_000);
});
