import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/server.js';
import { at, World, type Trader } from '../helpers/rules.js';

/**
 * The products shipped in config/products.json for the rule variants firms publish (issue 30), each walked through
 * a worked example day by day over HTTP: the prices, the balance and equity on each step, pass or fail and why.
 * Quotes have bid = ask = last; BTC taker fee 0.0005 of the notional.
 */
const TUE = at('2026-03-03T00:00:00Z');
const WED = at('2026-03-04T00:00:00Z');
const HOUR = 3_600_000;
/** Noon UTC of March 2026 day d (2 = Monday). */
const noon = (d: number) => at(`2026-03-${String(d).padStart(2, '0')}T12:00:00Z`);

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

/** Long `size` BTC at `open`, closed at `close`, at noon UTC of March day d (the clock moves there first). */
async function roundTrip(t: Trader, d: number, open: string, close: string, size = '1'): Promise<void> {
  await w.clockTo(noon(d));
  await w.price(open);
  await w.market(t, 'buy', size);
  await w.price(close);
  await w.market(t, 'sell', size);
}

describe('two-step-100k: a two-step evaluation with a static 10,000 drawdown and a daily loss of 5,000 from the balance at midnight Prague time', () => {
  it('the day ends at 00:00 Europe/Prague (23:00Z in winter): two losses of ~3,000 either side of it are two days, where a UTC-day account is paused', async () => {
    await w.clockTo(at('2026-03-02T22:00:00Z')); // Monday 23:00 in Prague
    const cz = await w.open('two-step-100k-step1');
    const utc = await w.open('evaluation-100k'); // the same daily loss, on the service's 00:00 UTC day
    for (const t of [cz, utc]) {
      await w.price('60000');
      await w.market(t, 'buy', '1'); // fee 30
    }
    await w.price('57000');
    for (const t of [cz, utc]) await w.market(t, 'sell', '1'); // fee 28.5: 96,941.5, the day's loss 3,058.5
    await w.clockTo(at('2026-03-02T23:30:00Z')); // Tuesday 00:30 in Prague; still Monday in UTC
    expect(await w.metrics(cz)).toMatchObject({ day_start_balance: '96941.5', daily_loss_limit_usd: '5000', daily_loss_used: '0' });
    expect(await w.metrics(utc)).toMatchObject({ day_start_balance: '100000', daily_loss_used: '3058.5' });
    await w.price('57000');
    for (const t of [cz, utc]) await w.market(t, 'buy', '1'); // fee 28.5: 96,913
    await w.price('54000'); // equity 93,913: 3,028.5 below Prague's day start, 6,087 below the UTC day's
    const paused = await w.account(utc);
    expect([paused.status, paused.paused_until, paused.balance]).toEqual(['active', TUE, '93886']); // flattened at 54,000 (fee 27)
    await w.expectActive(cz);
    expect((await w.account(cz)).paused_until).toBeNull();
    await w.market(cz, 'sell', '1'); // fee 27: 93,886
    // Wednesday 00:30 in Prague: a new day from 93,886; the static floor is 90,000, reached before the daily loss.
    await w.clockTo(at('2026-03-03T23:30:00Z'));
    await w.price('54000');
    await w.market(cz, 'buy', '1'); // fee 27: 93,859
    await w.price('50141.5'); // equity 90,000.5, the day's loss 3,885.5
    await w.expectActive(cz);
    await w.price('50141'); // equity 90,000: on the floor
    await w.expectEnded(cz, 'failed', 'drawdown');
  });

  it('step 1 passes at 10,000 on a flat balance on its fourth trading day', async () => {
    const t = await w.open('two-step-100k-step1');
    for (const d of [2, 3, 4]) await roundTrip(t, d, '60000', '62600'); // each +2,600 − 30 − 31.3 = 2,538.7
    expect((await w.account(t)).balance).toBe('107616.1');
    await w.expectActive(t);
    await roundTrip(t, 5, '60000', '62600');
    await w.expectEnded(t, 'passed', 'profit_target');
    expect((await w.account(t)).balance).toBe('110154.8');
  });

  it('step 2 needs 5,000: reached on the first day, it passes only on the fourth trading day', async () => {
    const t = await w.open('two-step-100k-step2');
    await roundTrip(t, 2, '60000', '65200'); // +5,200 − 30 − 32.6: 105,137.4
    await w.expectActive(t);
    expect((await w.account(t)).headroom).toEqual(
      expect.arrayContaining([
        { rule: 'profit_target', unit: 'usd', limit: '5000', value: '5137.4', headroom: '0' },
        { rule: 'min_trading_days', unit: 'days', limit: '4', value: '1', headroom: '3' },
      ]),
    );
    for (const d of [3, 4]) await roundTrip(t, d, '65200', '65200', '0.01'); // each − 0.652 in fees
    await w.expectActive(t);
    await roundTrip(t, 5, '65200', '65200', '0.01');
    await w.expectEnded(t, 'passed', 'profit_target');
    expect((await w.account(t)).balance).toBe('105135.444');
  });
});

describe('eod-trailing-50k: a 2,000 drawdown trailing the session-close balance that locks at 50,000, a consistency rule and a scaling plan, sessions ending 17:00 Chicago', () => {
  it('the floor follows each session-close balance up to 50,000; a 1,000 day flattens and pauses to the next session; the locked floor fails the account', async () => {
    const t = await w.open('eod-trailing-50k');
    await roundTrip(t, 2, '60000', '62000'); // +2,000 − 30 − 31: 51,939
    expect(await figures(t)).toEqual({ balance: '51939', equity: '51939', floor: '48000', status: 'active' });
    await roundTrip(t, 3, '62000', '63000'); // the session closed at 23:00Z with 51,939: floor 49,939; +1,000 − 31 − 31.5
    expect(await figures(t)).toEqual({ balance: '52876.5', equity: '52876.5', floor: '49939', status: 'active' });
    // Wednesday: the close of 52,876.5 would put a plain trail at 50,876.5; it locks at 50,000.
    await w.clockTo(noon(4));
    await w.price('63000');
    await w.market(t, 'buy', '1'); // fee 31.5: 52,845
    expect((await w.metrics(t)).drawdown_floor).toBe('50000');
    await w.price('62032'); // equity 51,877: 999.5 of the day's 1,000
    await w.expectActive(t);
    await w.price('62031.5'); // 1,000: flattened (fee 31.01575) and paused until the session ends
    const paused = await w.account(t);
    expect([paused.status, paused.balance, paused.paused_until]).toEqual(['active', '51845.48425', at('2026-03-04T23:00:00Z')]);
    // Thursday: a loss of 961.55 closed; Friday's session starts from 50,883.93425, under the 51,500 tier.
    await roundTrip(t, 5, '62000', '61100');
    await w.clockTo(noon(6));
    await w.price('60000');
    expectError(await w.place(t, { market: 'BTC-USD', side: 'buy', type: 'market', size: '1.01' }), 422, 'order_rejected', {
      reason: 'size_tier',
      max_position_usd: '60000',
      day_start_balance: '50883.93425',
    });
    await w.market(t, 'buy', '1'); // fee 30: 50,853.93425
    await w.price('59146.5'); // equity 50,000.43425
    await w.expectActive(t);
    await w.price('59146'); // equity 49,999.93425: under the locked floor (the day's loss 884, under 1,000)
    await w.expectEnded(t, 'failed', 'drawdown');
  });

  it('passes only once the best session is at most half the profit; the scaling plan grows with the session-start balance', async () => {
    const t = await w.open('eod-trailing-50k');
    await w.price('60000');
    expectError(await w.place(t, { market: 'BTC-USD', side: 'buy', type: 'market', size: '1.01' }), 422, 'order_rejected', {
      reason: 'size_tier',
      max_position_usd: '60000',
      day_start_balance: '50000',
    });
    await roundTrip(t, 2, '60000', '62100'); // +2,100 − 30 − 31.05: 52,038.95, Monday's session +2,038.95
    await roundTrip(t, 3, '62000', '63000'); // +937.5: 52,976.45
    await roundTrip(t, 4, '63000', '64000'); // +936.5: 53,912.95 — profit 3,912.95 ≥ 3,000 on three trading days
    await w.expectActive(t);
    const rows = (await w.account(t)).headroom as { rule: string }[];
    expect(rows.filter((h) => h.rule === 'profit_target' || h.rule === 'consistency')).toEqual([
      { rule: 'profit_target', unit: 'usd', limit: '3000', value: '3912.95', headroom: '0' },
      { rule: 'consistency', unit: 'usd', limit: '1956.475', value: '2038.95', headroom: '0' }, // half of 3,912.95
    ]);
    // Thursday starts from 53,912.95: the 180,000 tier. +300 − 32 − 32.15: profit 4,148.8, half 2,074.4 ≥ 2,038.95.
    await roundTrip(t, 5, '64000', '64300');
    await w.expectEnded(t, 'passed', 'profit_target');
    expect((await w.account(t)).balance).toBe('54148.8');
  });
});
