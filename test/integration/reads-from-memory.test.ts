import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { prng } from '../../src/feed/simulated.js';
import type { SqliteStore } from '../../src/store/sqlite/sqlite-store.js';
import { onlyOnSqlite, TestServer } from '../helpers/server.js';

/**
 * Account reads and open-order lists are served from the engine's memory (engine-host/open-orders.ts,
 * services/accounts.ts json): the answers are byte for byte those the store gives, and a read waits while a write
 * to its account is not on disk yet (engine-host/in-flight.ts).
 */

let s: TestServer;
beforeEach(async () => {
  // Hundreds of reads of one key: its request budget is not what is tested here.
  s = await TestServer.start({ env: { RAMPART_RATE_LIMITS: 'off' } });
  await price('BTC-USD', '60000', '60001', '60000.5');
  await price('ETH-USD', '3000', '3000.05', '3000');
});
afterEach(() => s.close());

async function price(market: string, bid: string, ask: string, last: string) {
  await s.admin('PUT', `/admin/v1/markets/${market}/price`, { bid, ask, last });
  await s.settleTrading();
}

/** The answer as sent: status and body text (an error's request id aside: every request has its own). */
async function raw(key: string, path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${s.url.sandbox}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return { status: res.status, text: (await res.text()).replace(/"request_id":"[^"]*"/, '"request_id":"-"') };
}

/** While it runs, the node holding the account answers every list from the store, as before memory answered. */
async function fromStore<T>(accountId: string, fn: () => Promise<T>): Promise<T> {
  const app: App = await s.holder('sandbox', accountId);
  const host = app.services.engineHost;
  const memoryBook = host.memoryBook.bind(host);
  host.memoryBook = () => undefined;
  try {
    return await fn();
  } finally {
    host.memoryBook = memoryBook;
  }
}

describe('order lists from memory', () => {
  it('answer every query byte for byte as the store does, over random order sets', async () => {
    // Seeded: the same order sets and queries on every run.
    const rnd = prng(16);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    const t = await s.trader();
    const other = await s.trader();
    let n = 0;
    const place = (who: { key: string; accountId: string }, body: Record<string, unknown>) =>
      s.sandboxCall('POST', `/v1/accounts/${who.accountId}/orders`, { key: who.key, idempotencyKey: `rm-${++n}`, body });
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const r = rnd();
      const cid = rnd() < 0.3 ? { client_order_id: `c-${i}` } : {};
      let a;
      if (r < 0.35) a = await place(t, { market: 'BTC-USD', side: 'buy', type: 'limit', size: `0.00${1 + Math.floor(rnd() * 5)}`, limit_price: String(59000 - 0.5 * Math.floor(rnd() * 200)), ...cid });
      else if (r < 0.5) a = await place(t, { market: 'ETH-USD', side: 'sell', type: 'limit', size: '0.05', limit_price: (3010 + 0.05 * Math.floor(rnd() * 100)).toFixed(2), ...cid });
      else if (r < 0.6) a = await place(t, { market: 'BTC-USD', side: 'buy', type: 'stop_market', size: '0.002', stop_price: String(61000 + 0.5 * Math.floor(rnd() * 100)), ...cid });
      else if (r < 0.7) a = await place(t, { market: 'BTC-USD', side: pick(['buy', 'sell']), type: 'market', size: '0.001', take_profit: { price: '70000' }, stop_loss: { price: '50000' }, ...cid });
      else if (r < 0.8 && ids.length > 0) {
        a = await s.sandboxCall('DELETE', `/v1/accounts/${t.accountId}/orders/${pick(ids)}`, { key: t.key, idempotencyKey: `rm-${++n}` });
      } else if (r < 0.9 && ids.length > 0) {
        a = await s.sandboxCall('PATCH', `/v1/accounts/${t.accountId}/orders/${pick(ids)}`, { key: t.key, idempotencyKey: `rm-${++n}`, body: { size: '0.004' } });
      } else a = await place(other, { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.001', limit_price: '58000' });
      if (a.status === 201 && a.body.account_id === t.accountId) ids.push(a.body.id as string);
    }
    await s.settleTrading();
    const theirs = (await s.sandboxCall('GET', `/v1/accounts/${other.accountId}/orders`, { key: other.key })).body.data as { id: string }[];
    const cursors = [...ids, theirs[0]!.id, 'ord_nosuchorder'];
    let fromMemory = 0;
    for (let i = 0; i < 150; i++) {
      const q = new URLSearchParams();
      const status = pick(['open', 'open', 'working', 'pending', 'unconfirmed', 'filled', 'canceled', undefined]);
      if (status) q.set('status', status);
      if (rnd() < 0.3) q.set('market', pick(['BTC-USD', 'ETH-USD', 'SOL-USD']));
      if (rnd() < 0.4) q.set('limit', String(1 + Math.floor(rnd() * 30)));
      if (rnd() < 0.3) q.set('after', pick(cursors));
      if (rnd() < 0.1) q.set('client_order_id', `c-${Math.floor(rnd() * 60)}`);
      const path = `/v1/accounts/${t.accountId}/orders?${q}`;
      const memory = await raw(t.key, path);
      const stored = await fromStore(t.accountId, () => raw(t.key, path));
      expect(memory, path).toEqual(stored);
      if (memory.status === 200 && (status === 'open' || status === 'working') && !q.has('after')) fromMemory++;
    }
    // The comparison covered pages memory answers (open and working ones), not only the store's.
    expect(fromMemory).toBeGreaterThan(20);
    const open = JSON.parse((await raw(t.key, `/v1/accounts/${t.accountId}/orders?status=open&limit=1000`)).text) as { data: { status: string }[] };
    expect(open.data.length).toBeGreaterThan(10);
  });
});

describe('reads wait for the writes to their account to be on disk', () => {
  /** A sync of the WAL held until release() (SQLite's stand-in for a slow disk). */
  function holdSyncs(): () => void {
    const store = s.services.store as SqliteStore;
    let release!: () => void;
    store.syncFaults.hold = new Promise<void>((r) => (release = r));
    return () => {
      store.syncFaults.hold = undefined;
      release();
    };
  }

  /**
   * Keeps the next write from being on disk until the answer is called: on SQLite its WAL sync is held (the COMMIT
   * is done); on PostgreSQL another session holds the account's row, so the write's UPDATE of its balance waits
   * and nothing of the write commits.
   */
  async function holdDurability(accountId: string): Promise<() => Promise<void>> {
    if (s.storeKind === 'sqlite') {
      const release = holdSyncs();
      return async () => release();
    }
    await s.rawQuery('BEGIN');
    await s.rawQuery('SELECT 1 FROM accounts WHERE id = ? FOR UPDATE', [accountId]);
    return async () => void (await s.rawQuery('COMMIT'));
  }

  it('a read issued while a write to the account is not on disk shows it only once it is, and other accounts answer meanwhile', async () => {
    const t = await s.trader();
    const other = await s.trader();
    const account = (who: { key: string; accountId: string }) => raw(who.key, `/v1/accounts/${who.accountId}`);
    const list = (who: { key: string; accountId: string }) => raw(who.key, `/v1/accounts/${who.accountId}/orders?status=open`);
    const before = await account(t);
    const holder = await s.holder('sandbox', t.accountId);
    const release = await holdDurability(t.accountId);
    let answered = false;
    const write = s
      .sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, {
        key: t.key,
        idempotencyKey: 'held-1',
        body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1', take_profit: { price: '70000' } },
      })
      .then((r) => ((answered = true), r));
    // The engine has filled it in memory, but the write is not on disk.
    while (!holder.services.engineHost.quiet(t.accountId)) await new Promise((r) => setImmediate(r));
    const done = { account: false, list: false, all: false };
    const reads = {
      account: account(t).then((r) => ((done.account = true), r)),
      list: list(t).then((r) => ((done.list = true), r)),
      all: raw(t.key, `/v1/accounts/${t.accountId}/orders`).then((r) => ((done.all = true), r)),
    };
    // Another account is read at once, twice over, while the first one's reads wait.
    expect((await account(other)).status).toBe(200);
    expect((await list(other)).status).toBe(200);
    expect({ answered, ...done }).toEqual({ answered: false, account: false, list: false, all: false });
    await release();
    const placed = await write;
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const after = { account: await reads.account, list: await reads.list, all: await reads.all };
    // Each shows the write: the fill's balance, the take-profit working, the filled order.
    expect(JSON.parse(after.account.text).balance).not.toBe(JSON.parse(before.text).balance);
    expect(JSON.parse(after.list.text).data.map((o: { exit_of_position: string }) => o.exit_of_position)).toEqual(['take_profit']);
    expect(JSON.parse(after.all.text).data.map((o: { status: string }) => o.status).sort()).toEqual(['filled', 'working']);
    expect(after).toEqual({ account: await account(t), list: await list(t), all: await raw(t.key, `/v1/accounts/${t.accountId}/orders`) });
  });

  it.runIf(onlyOnSqlite("a failed WAL sync is SQLite's; on PostgreSQL a failed COMMIT rolls back (storage-faults.test.ts)"))(
    'a read waiting on a write whose sync fails never shows it: it answers state_unavailable',
    async () => {
      const t = await s.trader();
      const other = await s.trader();
      const before = await raw(t.key, `/v1/accounts/${t.accountId}`);
      const release = holdSyncs();
      const write = s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, {
        key: t.key,
        idempotencyKey: 'lost-1',
        body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1' },
      });
      while (!s.services.engineHost.quiet(t.accountId)) await new Promise((r) => setImmediate(r));
      const read = raw(t.key, `/v1/accounts/${t.accountId}`);
      const listed = raw(t.key, `/v1/accounts/${t.accountId}/orders?status=open`);
      expect((await raw(other.key, `/v1/accounts/${other.accountId}`)).status).toBe(200);
      (s.services.store as SqliteStore).syncFaults.failing = true;
      release();
      expect((await write).status).toBe(503);
      for (const r of [await read, await listed]) {
        expect(r.status, r.text).toBe(503);
        expect(JSON.parse(r.text).error.code).toBe('state_unavailable');
      }
      expect(before.status).toBe(200);
    },
  );
});
