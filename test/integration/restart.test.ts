import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dec } from '../../src/engine/decimal.js';
import { EngineHost } from '../../src/engine-host/host.js';
import { EffectWriter } from '../../src/engine-host/effect-writer.js';
import { TestServer } from '../helpers/server.js';
import { setAside, type PutBack } from '../helpers/store-aside.js';

let s: TestServer;

beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(() => s.close());

describe('a restart of the service runs the engine-restart transition', () => {
  it('keeps what was acknowledged, cancels working orders system_restart, closes positions at the last stored quote', async () => {
    await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
    const t = await s.trader();
    const filled = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'r1', body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.5' } });
    const resting = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'r2', body: { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.1', limit_price: '59000' } });
    expect([filled.status, resting.status]).toEqual([201, 201]);
    await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60100', ask: '60101', last: '60100.5' });
    await s.settleTrading();

    await s.restart();

    // Several nodes: the account's partition may still be finding its owner just after the restart (a retryable 503,
    // as a client would retry it).
    let order = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders/${resting.body.id}`, { key: t.key });
    for (let i = 0; i < 100 && order.status === 503 && order.body?.error?.retryable === true; i++) {
      await new Promise((r) => setTimeout(r, 100));
      order = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders/${resting.body.id}`, { key: t.key });
    }
    expect(order.body).toMatchObject({ status: 'canceled', cancel_reason: 'system_restart' });
    expect((await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions`, { key: t.key })).body.data).toEqual([]);
    const fills = (await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/fills`, { key: t.key })).body.data;
    expect(fills.map((f: { price: string; side: string }) => `${f.side}@${f.price}`)).toEqual(['sell@60100', 'buy@60001']);
    // Balance reproduces exactly from the fills.
    const account = (await s.sandboxCall('GET', `/v1/accounts/${t.accountId}`, { key: t.key })).body;
    const expected = fills.reduce((acc: bigint, f: { realized_pnl: string; fee: string }) => acc + dec(f.realized_pnl) - dec(f.fee), dec('100000') as bigint);
    expect(dec(account.balance)).toBe(expected);
    // A retry of an acknowledged placement still answers the first order.
    const retry = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'r1', body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.5' } });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.id).toBe(filled.body.id);
  });
});

describe('the start-up restart transition cancels stored orders without loading them', () => {
  // The same store restarted twice: once by the engine (every open order loaded, then canceled, as the operator's
  // POST /admin/v1/engine/restart does), once as start-up does it (canceled where stored, a page at a time).
  // Both must leave the same orders and announce them with the same events.
  it('leaves every order, event and balance as the engine-held transition does', async () => {
    const u = await TestServer.start();
    try {
      const price = async (market: string, bid: string, ask: string) => {
        expect((await u.admin('PUT', `/admin/v1/markets/${market}/price`, { bid, ask, last: bid })).status).toBe(200);
      };
      await price('BTC-USD', '60000', '60001');
      await price('ETH-USD', '3000', '3000.5');
      const a = await u.trader();
      const b = await u.trader();
      let n = 0;
      const place = async (t: { key: string; accountId: string }, body: Record<string, unknown>) => {
        const r = await u.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: `eq-${++n}`, body });
        expect(r.status, JSON.stringify(r.body)).toBe(201);
        return r.body as { id: string };
      };
      // A position with placed exits (take profit, trailing stop, break-even); resting orders, one carrying exits
      // still pending; a stop; the other account short with a stop loss, and resting on another market.
      await place(a, { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.5', take_profit: { price: '63000' }, stop_loss: { price: '59000', trailing: { distance: '1000' } }, break_even: { trigger_price: '60500', offset_ticks: 2 } });
      await place(a, { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.1', limit_price: '58000', take_profit: { price: '62000' }, stop_loss: { price: '57000' } });
      await place(a, { market: 'ETH-USD', side: 'sell', type: 'limit', size: '1', limit_price: '3100', time_in_force: 'gtc' });
      await place(a, { market: 'BTC-USD', side: 'buy', type: 'stop_market', size: '0.01', stop_price: '61000' });
      await place(b, { market: 'ETH-USD', side: 'sell', type: 'market', size: '2', stop_loss: { price: '3200' } });
      await place(b, { market: 'BTC-USD', side: 'sell', type: 'limit', size: '0.2', limit_price: '62000' });
      await price('BTC-USD', '60100', '60101');
      await u.settleTrading();
      const q = (sql: string, params: unknown[] = []) => u.rawQuery(sql, params);
      const open = (await q("SELECT id FROM orders WHERE status IN ('pending', 'working', 'unconfirmed') ORDER BY seq")).map((r) => r.id as string);
      const lastSeq = Number((await q('SELECT MAX(seq) AS n FROM events'))[0]!.n);
      expect(open.length).toBe(7); // a: the position's take profit and stop loss, two limits (exits pending on one), a stop; b: a stop loss, a limit

      const snapshot = async () => {
        const marks = open.map(() => '?').join(', ');
        const orders = await q(`SELECT id, status, updated_at, data FROM orders WHERE id IN (${marks}) ORDER BY id`, open);
        const perAccount: Record<string, { type: string; data?: unknown; text?: string }[]> = {};
        for (const e of await q('SELECT account_id, type, data FROM events WHERE seq > ? ORDER BY seq', [lastSeq])) {
          const { id: _id, ...rest } = JSON.parse(e.data as string) as Record<string, unknown>;
          // Closing orders and fills get new ids each run: those events are compared by kind only. The others by
          // their text too (key order, number and string forms), all but the event's own id (its seq differs).
          const exact = e.type === 'order.canceled' || e.type === 'engine.restarted';
          const text = (e.data as string).replace(/^\{"id":"evt_[a-z]+_\d+",/, '{');
          (perAccount[e.account_id as string] ??= []).push(exact ? { type: e.type as string, data: rest, text } : { type: e.type as string });
        }
        const balances = await q('SELECT id, balance FROM accounts ORDER BY id');
        const positions = Number((await q('SELECT COUNT(*) AS n FROM positions'))[0]!.n);
        return { orders, perAccount, balances, positions };
      };

      // The engine-held transition: open orders loaded, none canceled in the store first.
      const proto = EngineHost.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
      const load = proto.loadEngine!;
      const loadAll = vi.spyOn(proto, 'loadEngine').mockImplementation(function (this: unknown, env: unknown, reads: unknown) {
        return load.call(this, env, reads, true);
      });
      const noStoreCancel = vi.spyOn(EffectWriter.prototype, 'cancelStoredOrders').mockResolvedValue(new Map());
      let putBack: PutBack | undefined;
      await u.restart(async (dir) => {
        putBack = await setAside(u.raw, dir);
      });
      loadAll.mockRestore();
      noStoreCancel.mockRestore();
      const held = await snapshot();

      // The same store again, restarted as start-up does it.
      await u.restart(() => putBack!());
      const stored = await snapshot();

      expect(stored.orders.map((o) => o.status)).toEqual(open.map(() => 'canceled'));
      expect(stored.orders.every((o) => JSON.parse(o.data as string).cancelReason === 'system_restart')).toBe(true);
      expect(stored.perAccount[a.accountId]!.at(-1)).toMatchObject({ type: 'engine.restarted', data: { data: { canceled_orders: 5, closed_positions: 1 } } });
      expect(stored.perAccount[b.accountId]!.at(-1)).toMatchObject({ type: 'engine.restarted', data: { data: { canceled_orders: 2, closed_positions: 1 } } });
      expect(stored.positions).toBe(0);
      expect(stored).toEqual(held);
    } finally {
      await u.close();
    }
  });
});
