import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, T0 } from '../helpers/server.js';
import { at, product, World, type Trader } from '../helpers/rules.js';

/**
 * Daily loss over HTTP (CONTRACT §3 Rule, §7 Rules): limit = amount_usd, else percent × the basis value at day
 * start; loss = basis − equity; reached at loss ≥ limit. Prices are set with bid = ask = last, so a market order
 * fills at last; BTC taker fee 0.0005. Each test walks to one tick before the limit (still active) and onto it.
 */
const TUE = at('2026-03-03T00:00:00Z');
const HOUR = 3_600_000;
const dl = (basis: string, action = 'fail_account', limit: { amount_usd?: string; percent?: string } = { amount_usd: '1000' }) => ({
  daily_loss: { amount_usd: limit.amount_usd ?? null, percent: limit.percent ?? null, basis, action } as never,
});
const products = [
  product('dl-day-start-balance', dl('day_start_balance')),
  product('dl-start-balance', dl('start_balance')),
  product('dl-peak-balance', dl('peak_balance', 'fail_account', { percent: '1' })),
  product('dl-peak-equity', dl('peak_equity')),
  product('dl-day-start-equity', dl('day_start_equity')),
  product('dl-flatten', dl('day_start_balance', 'flatten')),
  product('dl-pause', dl('day_start_balance', 'flatten_and_pause')),
];

let w: World;
beforeEach(async () => {
  w = await World.start(products);
});
afterEach(() => w.close());

const metricsOf = (m: Partial<Record<string, unknown>>) => ({
  day_start_balance: '100000',
  day_start_equity: '100000',
  peak_balance: '100000',
  peak_equity: '100000',
  drawdown_reference: '100000',
  drawdown_floor: null,
  daily_loss_limit_usd: '1000',
  trading_days: 1,
  calendar_days: 1,
  last_trade_at: T0,
  ...m,
});

async function balanceEquity(t: Trader) {
  const a = await w.account(t);
  return [a.balance, a.equity];
}

describe('daily loss: each basis, fail_account', () => {
  it('day_start_balance: fails at the tick where equity reaches day-start balance − limit; cancels risk_rule, closes risk_rule', async () => {
    const t = await w.open('dl-day-start-balance');
    await w.price('60000');
    const resting = await w.rest(t, 'buy', '0.1', '58000');
    const buy = await w.market(t, 'buy', '1');
    expect([buy.average_fill_price, buy.fee]).toEqual(['60000', '30']);
    expect(await balanceEquity(t)).toEqual(['99970', '99970']);
    expect(await w.metrics(t)).toEqual(metricsOf({ daily_loss_used: '30', profit: '-30' }));

    await w.price('59030.5'); // equity 99000.5: loss 999.5
    await w.expectActive(t);
    expect((await w.metrics(t)).daily_loss_used).toBe('999.5');
    expect(await w.positions(t)).toHaveLength(1);

    await w.price('59030'); // equity 99000: loss 1000 = limit
    await w.expectEnded(t, 'failed', 'daily_loss');
    expect(await w.order(t, resting.id)).toMatchObject({ status: 'canceled', cancel_reason: 'risk_rule' });
    expect(await w.closeReasons(t)).toEqual(['risk_rule']);
    // closed at the bid: realized −970, fee 29.515
    expect(await balanceEquity(t)).toEqual(['98970.485', '98970.485']);
    expect(await w.metrics(t)).toEqual(metricsOf({ daily_loss_used: '1029.515', profit: '-1029.515' }));
    const closing = (await w.orders(t, 'filled'))[0];
    expect(closing).toMatchObject({ origin: 'system', side: 'sell', size: '1', average_fill_price: '59030', fee: '29.515' });
  });

  it('start_balance: measured from the starting balance, not from the day start', async () => {
    const t = await w.open('dl-start-balance');
    await w.price('60000');
    await w.market(t, 'buy', '1');
    await w.price('59600');
    await w.market(t, 'sell', '1'); // realized −400, fee 29.8
    expect(await balanceEquity(t)).toEqual(['99540.2', '99540.2']);
    expect((await w.metrics(t)).daily_loss_used).toBe('459.8');

    await w.clockTo(TUE + HOUR);
    await w.price('60000');
    await w.market(t, 'buy', '1'); // fee 30
    expect(await w.metrics(t)).toEqual(
      metricsOf({
        day_start_balance: '99540.2',
        day_start_equity: '99540.2',
        peak_balance: '99540.2',
        peak_equity: '99540.2',
        daily_loss_used: '489.8',
        profit: '-489.8',
        trading_days: 2,
        calendar_days: 2,
        last_trade_at: TUE + HOUR,
      }),
    );
    await w.price('59490'); // equity 99000.2: loss from 100000 is 999.8 (from the day start only 540)
    await w.expectActive(t);
    await w.price('59489.5'); // equity 98999.7
    await w.expectEnded(t, 'failed', 'daily_loss');
    // realized −510.5, fee 29.74475
    expect(await balanceEquity(t)).toEqual(['98969.95525', '98969.95525']);
  });

  it('peak_balance with a percent: the limit is percent × the day-start balance; loss counts from the highest balance of the day', async () => {
    const t = await w.open('dl-peak-balance');
    await w.price('60000');
    await w.market(t, 'buy', '1'); // fee 30
    await w.price('61000'); // equity 100970
    await w.market(t, 'sell', '1'); // realized 1000, fee 30.5 → 100939.5
    await w.market(t, 'buy', '1'); // fee 30.5 → 100909
    expect(await balanceEquity(t)).toEqual(['100909', '100909']);
    expect(await w.metrics(t)).toEqual(
      // peak_equity: taken at the fills (a peak-balance limit is not judged on peak equity; DEVIATIONS: peak equity).
      metricsOf({ peak_balance: '100939.5', peak_equity: '100939.5', daily_loss_limit_usd: '1000', daily_loss_used: '30.5', profit: '909' }),
    );
    await w.price('60031'); // equity 99940: loss 999.5
    await w.expectActive(t);
    expect((await w.metrics(t)).daily_loss_used).toBe('999.5');
    await w.price('60030.5'); // equity 99939.5: loss 1000
    await w.expectEnded(t, 'failed', 'daily_loss');
    // realized −969.5, fee 30.01525
    expect(await balanceEquity(t)).toEqual(['99909.48475', '99909.48475']);
  });

  it('peak_equity: loss counts from the highest equity of the day, open profit included', async () => {
    const t = await w.open('dl-peak-equity');
    await w.price('60000');
    await w.market(t, 'buy', '1');
    await w.price('61000'); // equity 100970
    expect(await w.metrics(t)).toEqual(metricsOf({ peak_equity: '100970', daily_loss_used: '0', profit: '-30' }));
    await w.price('60000.5'); // equity 99970.5: loss 999.5
    await w.expectActive(t);
    expect((await w.metrics(t)).daily_loss_used).toBe('999.5');
    await w.price('60000'); // equity 99970: loss 1000, at the entry price
    await w.expectEnded(t, 'failed', 'daily_loss');
    expect(await balanceEquity(t)).toEqual(['99940', '99940']);
    expect(await w.closeReasons(t)).toEqual(['risk_rule']);
  });

  it('day_start_equity: measured from the equity at the rollover, open profit included', async () => {
    const t = await w.open('dl-day-start-equity');
    await w.price('60000');
    await w.market(t, 'buy', '1');
    await w.price('60500'); // equity 100470
    await w.clockTo(TUE + HOUR); // rollover with the position open
    await w.price('60500');
    expect(await w.metrics(t)).toEqual(
      metricsOf({
        day_start_balance: '99970',
        day_start_equity: '100470',
        peak_balance: '99970',
        peak_equity: '100470',
        daily_loss_used: '0',
        profit: '-30',
        calendar_days: 2,
      }),
    );
    await w.price('59500.5'); // equity 99470.5: loss 999.5 (from the day-start balance only 499.5)
    await w.expectActive(t);
    await w.price('59500');
    await w.expectEnded(t, 'failed', 'daily_loss');
    // realized −500, fee 29.75
    expect(await balanceEquity(t)).toEqual(['99440.25', '99440.25']);
  });
});

describe('daily loss: each action', () => {
  it('flatten: cancels flatten, closes flatten, stays active, is not judged again until the rollover, then is', async () => {
    const t = await w.open('dl-flatten');
    await w.price('60000');
    const resting = await w.rest(t, 'buy', '0.1', '58000');
    await w.market(t, 'buy', '1');
    await w.price('59030.5');
    expect(await w.positions(t)).toHaveLength(1);
    await w.price('59030');
    expect(await w.positions(t)).toEqual([]);
    expect(await w.order(t, resting.id)).toMatchObject({ status: 'canceled', cancel_reason: 'flatten' });
    expect(await w.closeReasons(t)).toEqual(['flatten']);
    let a = await w.account(t);
    expect([a.status, a.status_reason, a.paused_until, a.balance]).toEqual(['active', null, null, '98970.485']);

    // Same day, a loss far past the limit: not judged again.
    await w.market(t, 'buy', '1'); // fee 29.515 → 98940.97
    await w.price('58000'); // equity 97910.97: 2089.03 below the day start
    expect(await w.positions(t)).toHaveLength(1);
    expect((await w.metrics(t)).daily_loss_used).toBe('2089.03');
    await w.price('59000'); // equity 98910.97

    // Next day: armed again from the new day start.
    await w.clockTo(TUE + HOUR);
    await w.price('59000');
    expect(await w.metrics(t)).toEqual(
      metricsOf({
        day_start_balance: '98940.97',
        day_start_equity: '98910.97',
        peak_balance: '98940.97',
        peak_equity: '98910.97',
        daily_loss_used: '30',
        profit: '-1059.03',
        calendar_days: 2,
      }),
    );
    await w.price('58030.5'); // equity 97941.47: loss 999.5
    expect(await w.positions(t)).toHaveLength(1);
    await w.price('58030'); // loss 1000
    expect(await w.positions(t)).toEqual([]);
    expect(await w.closeReasons(t)).toEqual(['flatten', 'flatten']);
    a = await w.account(t);
    // realized −1000, fee 29.015
    expect([a.status, a.balance]).toEqual(['active', '97911.955']);
  });

  it('flatten_and_pause: flattens, answers account_paused with details.until = next rollover, trades again after it', async () => {
    const t = await w.open('dl-pause');
    await w.price('60000');
    const resting = await w.rest(t, 'buy', '0.1', '58000');
    await w.market(t, 'buy', '1');
    await w.price('59030.5');
    expect(await w.positions(t)).toHaveLength(1);
    expect((await w.account(t)).paused_until).toBeNull();
    await w.price('59030');
    expect(await w.positions(t)).toEqual([]);
    expect(await w.order(t, resting.id)).toMatchObject({ status: 'canceled', cancel_reason: 'flatten' });
    expect(await w.closeReasons(t)).toEqual(['flatten']);
    const a = await w.account(t);
    expect([a.status, a.paused_until, a.balance]).toEqual(['active', TUE, '98970.485']);
    expectError(await w.place(t, { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' }), 422, 'account_paused', { until: TUE });

    await w.clockTo(TUE - 1);
    await w.price('59030');
    expectError(await w.place(t, { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' }), 422, 'account_paused', { until: TUE });
    await w.clockTo(TUE);
    await w.price('59030');
    await w.market(t, 'buy', '0.01');
    const after = await w.account(t);
    expect([after.status, after.paused_until]).toEqual(['active', null]);
    expect(after.metrics).toMatchObject({ day_start_balance: '98970.485', daily_loss_limit_usd: '1000', trading_days: 2, calendar_days: 2 });
  });
});
