import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { add, dec, fmt, sub } from '../../src/engine/decimal.js';
import { expectError, T0 } from '../helpers/server.js';
import { at, product, World, type Trader } from '../helpers/rules.js';

/**
 * Overnight, weekend and inactivity parts of the rule, key loss stops and key fences on trading calls, payout
 * eligibility, sandbox parking and the equity curve, over HTTP. Quotes have bid = ask = last; taker fee 0.0005.
 */
const TUE = at('2026-03-03T00:00:00Z');
const WED = at('2026-03-04T00:00:00Z');
const THU = at('2026-03-05T00:00:00Z');
const SAT = at('2026-03-07T00:00:00Z');
const NEXT_MON = at('2026-03-09T00:00:00Z');
const HOUR = 3_600_000;
const products = [
  product('quiet', {}),
  product('no-overnight', { overnight_allowed: false }),
  product('no-weekend', { weekend_allowed: false }),
  product('idle-2', { inactivity_days: 2 }),
  product('funded-2d', { min_trading_days: 2 }, 'funded'),
];

let w: World;
beforeEach(async () => {
  w = await World.start(products, { sandbox_park_after_ms: HOUR });
});
afterEach(() => w.close());

const buy = (size = '0.01') => ({ market: 'BTC-USD', side: 'buy', type: 'market', size });

/** Sets a fresh price just before `t`, moves to one ms before it, checks, then onto it. */
async function crossAt(t: number, last: string, before: () => Promise<void>) {
  await w.clockTo(t - 5000);
  await w.price(last);
  await w.clockTo(t - 1);
  await before();
  await w.clockTo(t);
}

describe('overnight, weekend and inactivity', () => {
  it('overnight_allowed false: positions are closed at the rollover (risk_rule); their exits go with them, other orders stay', async () => {
    const t = await w.open('no-overnight');
    await w.price('60000');
    const entry = await w.place(t, { ...buy('1'), stop_loss: { price: '59000' } });
    expect(entry.status).toBe(201);
    const resting = await w.rest(t, 'buy', '0.1', '58000');
    await crossAt(TUE, '60200', async () => {
      expect(await w.positions(t)).toHaveLength(1);
    });
    expect(await w.positions(t)).toEqual([]);
    expect(await w.closeReasons(t)).toEqual(['risk_rule']);
    const stop = (await w.orders(t)).find((o) => o.exit_of_position === 'stop_loss');
    expect(stop).toMatchObject({ status: 'canceled', cancel_reason: 'position_closed' });
    expect(await w.order(t, resting.id)).toMatchObject({ status: 'working' });
    const a = await w.account(t);
    // closed at 60200: realized 200, fee 30.1
    expect([a.status, a.balance, a.equity]).toEqual(['active', '100139.9', '100139.9']);
    expect(a.metrics).toMatchObject({ day_start_balance: '100139.9', day_start_equity: '100139.9', trading_days: 1, calendar_days: 2, last_trade_at: T0 });
    expect(await w.equity(t, 'day')).toEqual([
      { time: T0, equity: '100000', balance: '100000' },
      { time: TUE, equity: '100139.9', balance: '100139.9' },
    ]);
  });

  it('weekend_allowed false: positions are closed when a weekend day starts; opening is refused until Monday', async () => {
    const t = await w.open('no-weekend');
    await w.price('60000');
    await w.market(t, 'buy', '1');
    await crossAt(SAT, '60000', async () => {
      expect(await w.positions(t)).toHaveLength(1);
      await w.expectActive(t);
    });
    expect(await w.positions(t)).toEqual([]);
    expect(await w.closeReasons(t)).toEqual(['risk_rule']);
    expect((await w.account(t)).balance).toBe('99940');
    await w.price('60000');
    expectError(await w.place(t, buy()), 422, 'order_rejected', { reason: 'weekend' });
    await w.clockTo(NEXT_MON);
    await w.price('60000');
    await w.market(t, 'buy', '0.01');
  });

  it('inactivity_days: fails after that many trading days without a fill, counted from the last fill, else from the opening', async () => {
    const traded = await w.open('idle-2');
    const idle = await w.open('idle-2');
    await w.clockTo(T0 + HOUR);
    await w.price('60000');
    await w.market(traded, 'buy', '1');
    await w.clockTo(WED - 1);
    await w.expectActive(idle);
    await w.clockTo(WED); // Monday and Tuesday without a fill
    await w.expectEnded(idle, 'failed', 'inactivity');
    await w.expectActive(traded);
    await crossAt(THU, '60000', async () => {
      await w.expectActive(traded);
      expect(await w.metrics(traded)).toMatchObject({ trading_days: 1, calendar_days: 3, last_trade_at: T0 + HOUR });
    });
    await w.expectEnded(traded, 'failed', 'inactivity'); // Tuesday and Wednesday without a fill
    expect(await w.closeReasons(traded)).toEqual(['risk_rule']);
    expect(await w.account(traded)).toMatchObject({ balance: '99940', metrics: { calendar_days: 4, trading_days: 1 } });
  });
});

describe('key limits on trading calls', () => {
  it("key_loss_stop_active: the key's loss of the day reaches its stop; its working orders are canceled key_loss_stop; other keys trade; it unlocks at the rollover", async () => {
    const a = await w.open('quiet', { loss_stop_usd: '100' });
    const b = await w.otherKey(a);
    await w.price('60000');
    const a1 = await w.rest(a, 'buy', '0.1', '58000');
    const b1 = await w.rest(b, 'buy', '0.1', '57000');
    await w.market(a, 'buy', '1'); // fee 30: loss 30
    await w.price('59950');
    await w.market(a, 'sell', '0.5'); // realized −25, fee 14.9875: loss 69.9875
    const a2 = await w.rest(a, 'buy', '0.1', '58500');
    await w.market(a, 'sell', '0.5'); // loss 109.975 ≥ 100
    expect(await w.order(a, a1.id)).toMatchObject({ status: 'canceled', cancel_reason: 'key_loss_stop' });
    expect(await w.order(a, a2.id)).toMatchObject({ status: 'canceled', cancel_reason: 'key_loss_stop' });
    expect(await w.order(b, b1.id)).toMatchObject({ status: 'working' });
    expectError(await w.place(a, buy()), 422, 'key_loss_stop_active', { unlocks_at: TUE });
    await w.market(b, 'buy', '0.01');
    await w.expectActive(a);

    await w.clockTo(TUE - 1);
    await w.price('59950');
    expectError(await w.place(a, buy()), 422, 'key_loss_stop_active', { unlocks_at: TUE });
    await w.clockTo(TUE);
    await w.price('59950');
    await w.market(a, 'buy', '0.01');
  });

  it("a close through DELETE …/positions counts toward the key's loss stop; the stop holds per account", async () => {
    const a = await w.open('quiet', { loss_stop_usd: '50' });
    await w.price('60000');
    await w.market(a, 'buy', '1'); // loss 30
    await w.price('59990');
    const close = await w.call(a, 'DELETE', `/v1/accounts/${a.accountId}/positions/BTC-USD`, { idempotent: true });
    expect(close.status).toBe(200); // realized −10, fee 29.995: loss 69.995
    expectError(await w.place(a, buy()), 422, 'key_loss_stop_active', { unlocks_at: TUE });
    const list = await w.call(a, 'GET', '/v1/accounts');
    const other = list.body.data.map((x: { id: string }) => x.id).find((id: string) => id !== a.accountId);
    await w.market({ ...a, accountId: other }, 'buy', '0.01');
  });

  it("a stop loss attached to the key's order counts toward its loss stop; the key's exits keep protecting its positions", async () => {
    const a = await w.open('quiet', { loss_stop_usd: '100' });
    await w.price('60000');
    await w.price('3000', 'ETH-USD');
    expect((await w.place(a, { market: 'ETH-USD', side: 'buy', type: 'market', size: '0.1', stop_loss: { price: '2900' } })).status).toBe(201); // fee 0.15
    const resting = await w.rest(a, 'buy', '0.1', '58000');
    expect((await w.place(a, { ...buy('1'), stop_loss: { price: '59900' } })).status).toBe(201); // fee 30: loss 30.15
    await w.price('59900'); // the stop fills at bid − tick 59899.5: realized −100.5, fee 29.94975: loss 160.59975
    expect((await w.positions(a)).map((p) => p.market)).toEqual(['ETH-USD']);
    expect(await w.order(a, resting.id)).toMatchObject({ status: 'canceled', cancel_reason: 'key_loss_stop' });
    const ethStop = (await w.orders(a, 'working')).filter((o) => o.exit_of_position === 'stop_loss' && o.market === 'ETH-USD');
    expect(ethStop).toHaveLength(1);
    expectError(await w.place(a, buy()), 422, 'key_loss_stop_active', { unlocks_at: TUE });
  });

  it('ip_not_allowed and expired_api_key on POST orders', async () => {
    const t = await w.open('quiet');
    await w.price('60000');
    const outside = await w.otherKey(t, { ip_allowlist: ['10.0.0.0/8'] });
    expectError(await w.place(outside, buy()), 403, 'ip_not_allowed');
    const inside = await w.otherKey(t, { ip_allowlist: ['127.0.0.0/8'] });
    await w.market(inside, 'buy', '0.01');

    const ending = await w.otherKey(t, { expires_at: T0 + 60_000 });
    await w.market(ending, 'buy', '0.01');
    await w.clockTo(T0 + 60_001);
    await w.price('60000');
    expectError(await w.place(ending, buy()), 401, 'expired_api_key');
    expect(await w.orders(t, 'filled')).toHaveLength(2);
  });
});

describe('payout eligibility', () => {
  it('funded, active, profit above zero and min_trading_days met; a sandbox mirror of a funded product is never eligible', async () => {
    const c = await w.s.customer();
    const opened = await w.s.admin('POST', `/admin/v1/customers/${c.id}/accounts`, { product: 'funded-2d' });
    expect(opened.status).toBe(201);
    await w.s.settle();
    const k = await w.s.key(c.id, { environment: 'live' });
    const t: Trader = { customerId: c.id, key: k.key, keyId: k.id, accountId: opened.body.id, env: 'live' };
    expect(await w.account(t)).toMatchObject({ stage: 'funded', status: 'active', payout_eligible: false });

    await w.price('60000');
    await w.market(t, 'buy', '1');
    await w.price('61000');
    await w.market(t, 'sell', '1'); // 100939.5
    expect(await w.account(t)).toMatchObject({ balance: '100939.5', payout_eligible: false, metrics: { profit: '939.5', trading_days: 1 } });

    await w.clockTo(TUE + HOUR);
    await w.price('61000');
    await w.market(t, 'buy', '0.01'); // fee 0.305
    expect(await w.account(t)).toMatchObject({ payout_eligible: true, metrics: { profit: '939.195', trading_days: 2 } });
    await w.market(t, 'buy', '1'); // fee 30.5
    await w.price('60000');
    await w.market(t, 'sell', '1.01'); // realized −1010, fee 30.3: 99868.395
    expect(await w.account(t)).toMatchObject({ balance: '99868.395', payout_eligible: false });

    const mirror = await w.open('funded-100k');
    await w.market(mirror, 'buy', '1');
    await w.price('61000');
    await w.market(mirror, 'sell', '1');
    expect(await w.account(mirror)).toMatchObject({ stage: 'sandbox', product: 'funded-100k', metrics: { profit: '939.5' }, payout_eligible: false });
  });
});

describe('sandbox parking', () => {
  it('parks an account unused for sandbox_park_after_ms; a call on the account wakes it', async () => {
    const t = await w.open('quiet');
    const parked = async () => {
      const r = await w.call(t, 'GET', '/v1/accounts');
      expect(r.status).toBe(200);
      return Object.fromEntries(r.body.data.map((a: { id: string; parked: boolean }) => [a.id, a.parked]));
    };
    const first = Object.keys(await parked()).find((id) => id !== t.accountId)!;
    await w.clockTo(T0 + HOUR - 1);
    expect(await parked()).toEqual({ [first]: false, [t.accountId]: false });
    await w.clockTo(T0 + HOUR);
    expect(await parked()).toEqual({ [first]: true, [t.accountId]: true });
    expect((await w.account(t)).parked).toBe(false); // the call wakes it
    expect(await parked()).toEqual({ [first]: true, [t.accountId]: false });
    await w.price('60000');
    await w.market({ ...t, accountId: first }, 'buy', '0.01'); // trading wakes it too
    expect(await parked()).toEqual({ [first]: false, [t.accountId]: false });
  });
});

describe('equity history', () => {
  it('trade: one point per fill that realized P&L; day: one per rollover; the first point is the opening balance', async () => {
    const t = await w.open('quiet');
    await w.price('60000');
    await w.market(t, 'buy', '1'); // realizes nothing: no point
    await w.price('61000');
    await w.market(t, 'sell', '0.4'); // realized 400, fee 12.2: balance 100357.8, 0.6 still open (+600)
    await w.clockTo(TUE + HOUR);
    await w.price('60500');
    await w.market(t, 'sell', '0.6'); // realized 300, fee 18.15: 100639.65, flat
    const opening = { time: T0, equity: '100000', balance: '100000' };
    expect(await w.equity(t, 'trade')).toEqual([
      opening,
      { time: T0, equity: '100957.8', balance: '100357.8' },
      { time: TUE + HOUR, equity: '100639.65', balance: '100639.65' },
    ]);
    expect(await w.equity(t, 'day')).toEqual([opening, { time: TUE, equity: '100957.8', balance: '100357.8' }]);
    // The trade points' balances are the running balance of the fills (oldest first).
    const fills = (await w.fills(t)).reverse();
    let balance = dec('100000');
    const running = fills.map((f) => fmt((balance = sub(add(balance, dec(f.realized_pnl)), dec(f.fee))))).filter((_, i) => fills[i].realized_pnl !== '0');
    expect(running).toEqual(['100357.8', '100639.65']);
  });

  it('answers invalid_parameter for another resolution and account_not_ready while the account is pending', async () => {
    const t = await w.open('quiet');
    const path = `/v1/accounts/${t.accountId}/history/equity`;
    expectError(await w.call(t, 'GET', `${path}?resolution=week`), 400, 'invalid_parameter');
    expectError(await w.call(t, 'GET', path), 400, 'invalid_parameter');
    await w.s.fault({ kind: 'engine_down', environment: 'sandbox', enabled: true });
    const pending = await w.call(t, 'POST', '/v1/accounts', { idempotent: true });
    expect(pending.body.status).toBe('pending');
    expectError(await w.call(t, 'GET', `/v1/accounts/${pending.body.id}/history/equity?resolution=trade`), 409, 'account_not_ready');
    await w.s.fault({ kind: 'clear' });
    await w.s.settle();
    expect(await w.equity({ ...t, accountId: pending.body.id }, 'trade')).toEqual([{ time: T0, equity: '100000', balance: '100000' }]);
  });
});
