import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { at, World } from '../helpers/rules.js';

/**
 * The products shipped in config/products.json for the rule variants firms publish (issue 30), each walked through
 * a worked example day by day over HTTP: the prices, the balance and equity on each step, pass or fail and why.
 * Quotes have bid = ask = last; BTC taker fee 0.0005 of the notional.
 */
const TUE = at('2026-03-03T00:00:00Z');
const WED = at('2026-03-04T00:00:00Z');
const HOUR = 3_600_000;

let w: World;
beforeEach(async () => {
  w = await World.start([]);
});
afterEach(() => w.close());

const figures = async (t: Awaited<ReturnType<World['open']>>) => {
  const a = await w.account(t);
  return { balance: a.balance, equity: a.equity, floor: a.metrics.drawdown_floor, status: a.status };
};

describe('trailing-lock-50k: an intraday trailing drawdown of 2,500 that locks at 50,100', () => {
  it('the floor trails the highest equity until 50,100, then holds there: a give-back a plain trail would have failed on is survived, down to the locked floor', async () => {
    const t = await w.open('trailing-lock-50k');
    expect(await figures(t)).toEqual({ balance: '50000', equity: '50000', floor: '47500', status: 'active' });
    // Monday: long 1 BTC at 60,000 (fee 30), the price runs to 63,000; closed there (fee 31.5).
    await w.price('60000');
    await w.market(t, 'buy', '1');
    await w.price('63000');
    expect(await figures(t)).toEqual({ balance: '49970', equity: '52970', floor: '50100', status: 'active' }); // 52,970 − 2,500 = 50,470 → locked at 50,100
    await w.market(t, 'sell', '1');
    expect(await figures(t)).toEqual({ balance: '52938.5', equity: '52938.5', floor: '50100', status: 'active' }); // profit 2,938.5 < 3,000
    // Tuesday: long 1 BTC at 63,000 again (fee 31.5); the price gives back to 60,193.5.
    await w.clockTo(TUE + HOUR);
    await w.price('63000');
    await w.market(t, 'buy', '1');
    await w.price('60193.5');
    // equity 50,100.5: a plain trailing floor (52,970 − 2,500 = 50,470) would have failed the account at 60,563
    expect(await figures(t)).toEqual({ balance: '52907', equity: '50100.5', floor: '50100', status: 'active' });
    await w.price('60193'); // equity 50,100: on the locked floor
    await w.expectEnded(t, 'failed', 'drawdown');
  });

  it('passes at 3,000 of profit on a flat balance after two trading days', async () => {
    const t = await w.open('trailing-lock-50k');
    await w.price('60000');
    await w.market(t, 'buy', '1'); // 49,970
    await w.price('62000');
    await w.market(t, 'sell', '1'); // + 2,000 − 31 = 51,939
    await w.clockTo(TUE + HOUR);
    await w.price('62000');
    await w.market(t, 'buy', '1'); // 51,908
    await w.price('63200');
    await w.expectActive(t);
    await w.market(t, 'sell', '1'); // + 1,200 − 31.6 = 53,076.4: profit 3,076.4, two trading days
    await w.expectEnded(t, 'passed', 'profit_target');
    expect((await w.account(t)).balance).toBe('53076.4');
  });
});

describe('one-step-100k: a daily loss of 4,000 from the higher of balance and equity at the rollover, a static 6,000 drawdown', () => {
  it('an open profit carried over the rollover sets the day’s basis: giving back 4,000 of it fails the account', async () => {
    const t = await w.open('one-step-100k');
    // Monday: long 1 BTC at 60,000 (fee 30), the price runs to 64,000 and the position is held over the rollover.
    await w.price('60000');
    await w.market(t, 'buy', '1');
    await w.price('64000');
    expect(await figures(t)).toEqual({ balance: '99970', equity: '103970', floor: '94000', status: 'active' });
    await w.clockTo(TUE + HOUR);
    // Tuesday's basis: the higher of balance (99,970) and equity (103,970) at the rollover.
    expect(await w.metrics(t)).toMatchObject({ day_start_balance: '99970', day_start_equity: '103970', daily_loss_limit_usd: '4000', daily_loss_used: '0' });
    await w.price('60000.5'); // equity 99,970.5: 3,999.5 given back
    await w.expectActive(t);
    await w.price('60000'); // equity 99,970: 4,000 below the basis — still above the day's balance and far above the floor
    await w.expectEnded(t, 'failed', 'daily_loss');
  });

  it('passes at 10,000 on a flat balance once three trading days are done', async () => {
    const t = await w.open('one-step-100k');
    await w.price('60000');
    await w.market(t, 'buy', '1'); // 99,970
    await w.price('66000');
    await w.market(t, 'sell', '1'); // + 6,000 − 33 = 105,937
    await w.clockTo(TUE + HOUR);
    await w.price('66000');
    await w.market(t, 'buy', '1'); // 105,904
    await w.price('70200');
    await w.market(t, 'sell', '1'); // + 4,200 − 35.1 = 110,068.9: profit 10,068.9, but two trading days of three
    await w.expectActive(t);
    expect((await w.account(t)).headroom).toEqual(
      expect.arrayContaining([
        { rule: 'profit_target', unit: 'usd', limit: '10000', value: '10068.9', headroom: '0' },
        { rule: 'min_trading_days', unit: 'days', limit: '3', value: '2', headroom: '1' },
      ]),
    );
    await w.clockTo(WED + HOUR);
    await w.price('70200');
    await w.market(t, 'buy', '0.01'); // fee 0.351
    await w.market(t, 'sell', '0.01'); // fee 0.351: 110,068.198, the third trading day, flat
    await w.expectEnded(t, 'passed', 'profit_target');
    expect((await w.account(t)).balance).toBe('110068.198');
  });
});
