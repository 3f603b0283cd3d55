import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/server.js';
import { at, product, World, type Trader } from '../helpers/rules.js';

/**
 * The rule variants firms publish (issue 30, docs/RULES.md) over HTTP with the manual clock and prices: a trailing
 * drawdown that locks, an end-of-day drawdown on equity, a daily loss from the higher of balance and equity at the
 * rollover. Quotes have bid = ask = last; BTC taker fee 0.0005 (a 1 BTC buy at 60,000 costs 30). Each test walks to
 * one tick before the limit (still active) and onto it.
 */
const TUE = at('2026-03-03T00:00:00Z');
const HOUR = 3_600_000;
const products = [
  product('dd-intraday-lock', { drawdown: { amount_usd: '2000', percent: null, mode: 'intraday_equity', lock_at_usd: '100' } }),
  product('dd-intraday-lock-zero', { drawdown: { amount_usd: '2000', percent: null, mode: 'intraday_equity', lock_at_usd: '0' } }),
  product('dd-eod-equity', { drawdown: { amount_usd: '2000', percent: null, mode: 'end_of_day', basis: 'equity' } }),
  product('dd-eod-balance', { drawdown: { amount_usd: '2000', percent: null, mode: 'end_of_day', basis: 'balance' } }),
  product('dl-max-day-start', { daily_loss: { amount_usd: '1000', percent: null, basis: 'max_day_start', action: 'fail_account' } }),
  product('consistent', {
    profit_target: { amount_usd: '1000', percent: null, close_positions: true },
    consistency: { max_best_day_pct: '50' },
  }),
  product('profitable', {
    profit_target: { amount_usd: '1000', percent: null, close_positions: true },
    min_profitable_days: { count: 3, min_profit_usd: '200' },
  }),
  product('idle-calendar', { inactivity_calendar_days: 2 }),
  product('idle-trading', { inactivity_days: 2 }),
  product('funded-window', { consistency: { max_best_day_pct: '50', window_days: 2 } }, 'funded'),
  product('funded-whole', { consistency: { max_best_day_pct: '50' } }, 'funded'),
  product('tiers', {
    size_tiers: [
      { min_balance: '0', max_position_usd: '61000' },
      { min_balance: '100500', max_position_usd: '125000' },
    ],
  }),
  product('every-limit', {
    daily_loss: { amount_usd: '1500', percent: null, basis: 'day_start_balance', action: 'flatten' },
    drawdown: { amount_usd: '3000', percent: null, mode: 'static' },
    profit_target: { amount_usd: '1000', percent: null, close_positions: false },
    min_trading_days: 2,
    min_calendar_days: 3,
  }),
];

let w: World;
beforeEach(async () => {
  w = await World.start(products);
});
afterEach(() => w.close());

async function balanceEquity(t: Trader) {
  const a = await w.account(t);
  return [a.balance, a.equity];
}

/** Buys 1 BTC at 60,000: balance 99,970. */
async function long(t: Trader) {
  await w.price('60000');
  await w.market(t, 'buy', '1');
}

describe('drawdown.lock_at_usd: the trailing floor stops rising at starting balance + lock_at_usd', () => {
  it('intraday_equity: the floor follows the high until it reaches 100,100, then stays there while the high goes on', async () => {
    const t = await w.open('dd-intraday-lock');
    expect(await w.metrics(t)).toMatchObject({ drawdown_reference: '100000', drawdown_floor: '98000' });
    await long(t);
    await w.price('61500'); // equity 101,470: the floor would be 99,470, under the lock
    expect(await w.metrics(t)).toMatchObject({ drawdown_reference: '101470', drawdown_floor: '99470' });
    await w.price('62500'); // equity 102,470: unlocked it would be 100,470; locked at 100,100
    expect(await w.metrics(t)).toMatchObject({ drawdown_reference: '102470', drawdown_floor: '100100' });
    await w.price('64000'); // equity 103,970: the reference goes on, the floor stays
    expect(await w.metrics(t)).toMatchObject({ drawdown_reference: '103970', drawdown_floor: '100100' });
    expect((await w.account(t)).headroom).toEqual([{ rule: 'drawdown', unit: 'usd', limit: '100100', value: '103970', headroom: '3870' }]);
    await w.price('60130.5'); // equity 100,100.5 — far below the unlocked floor (101,970), above the locked one
    await w.expectActive(t);
    await w.price('60130'); // equity 100,100
    await w.expectEnded(t, 'failed', 'drawdown');
    expect(await w.closeReasons(t)).toEqual(['risk_rule']);
    // realized +130, fees 30 + 30.065
    expect(await balanceEquity(t)).toEqual(['100069.935', '100069.935']);
  });

  it('lock_at_usd 0 locks the floor at the starting balance (trailing until break-even)', async () => {
    const t = await w.open('dd-intraday-lock-zero');
    await long(t);
    await w.price('63000'); // equity 102,970: unlocked 100,970, locked at 100,000
    expect(await w.metrics(t)).toMatchObject({ drawdown_reference: '102970', drawdown_floor: '100000' });
    await w.price('60030.5'); // equity 100,000.5
    await w.expectActive(t);
    await w.price('60030'); // equity 100,000
    await w.expectEnded(t, 'failed', 'drawdown');
  });
});

describe('drawdown.basis for end_of_day: the value at the rollover that moves the reference', () => {
  it('equity: an open profit carried over the rollover raises the floor', async () => {
    const t = await w.open('dd-eod-equity');
    await long(t);
    await w.price('61000'); // equity 100,970; the reference moves only at a rollover
    expect(await w.metrics(t)).toMatchObject({ drawdown_reference: '100000', drawdown_floor: '98000' });
    await w.clockTo(TUE + HOUR);
    expect(await w.metrics(t)).toMatchObject({ day_start_balance: '99970', day_start_equity: '100970', drawdown_reference: '100970', drawdown_floor: '98970' });
    await w.price('59000.5'); // equity 98,970.5
    await w.expectActive(t);
    await w.price('59000'); // equity 98,970
    await w.expectEnded(t, 'failed', 'drawdown');
  });

  it('balance (as when absent): the same day leaves the reference at the starting balance', async () => {
    const t = await w.open('dd-eod-balance');
    await long(t);
    await w.price('61000');
    await w.clockTo(TUE + HOUR);
    expect(await w.metrics(t)).toMatchObject({ day_start_balance: '99970', drawdown_reference: '100000', drawdown_floor: '98000' });
    await w.price('59000'); // equity 98,970: above this floor
    await w.expectActive(t);
  });
});

describe('daily_loss.basis max_day_start: the higher of balance and equity at the rollover', () => {
  it('a winning position carried over the rollover: measured from the equity', async () => {
    const t = await w.open('dl-max-day-start');
    await long(t);
    await w.price('61200'); // equity 101,170
    await w.clockTo(TUE + HOUR);
    expect(await w.metrics(t)).toMatchObject({ day_start_balance: '99970', day_start_equity: '101170', daily_loss_limit_usd: '1000', daily_loss_used: '0' });
    await w.price('60200.5'); // equity 100,170.5: 999.5 below the basis
    await w.expectActive(t);
    expect(await w.metrics(t)).toMatchObject({ daily_loss_used: '999.5' });
    expect((await w.account(t)).headroom).toEqual([{ rule: 'daily_loss', unit: 'usd', limit: '1000', value: '999.5', headroom: '0.5' }]);
    await w.price('60200'); // equity 100,170: 1,000 below
    await w.expectEnded(t, 'failed', 'daily_loss');
  });

  it('a losing position carried over the rollover: measured from the balance', async () => {
    const t = await w.open('dl-max-day-start');
    await long(t);
    await w.price('59500'); // equity 99,470
    await w.clockTo(TUE + HOUR);
    // basis 99,970 (the balance): the loss already counts the 500 under it
    expect(await w.metrics(t)).toMatchObject({ day_start_balance: '99970', day_start_equity: '99470', daily_loss_used: '500' });
    await w.price('59000.5'); // equity 98,970.5
    await w.expectActive(t);
    await w.price('59000'); // equity 98,970
    await w.expectEnded(t, 'failed', 'daily_loss');
  });
});

describe('consistency: the best day may make at most max_best_day_pct % of the total profit', () => {
  it('a target reached in one day does not pass; more days that bring the best day under half of the total do', async () => {
    const t = await w.open('consistent');
    // Monday: +1,200 − fees in one trade: 101,139 — past the 1,000 target, but the day is all of the profit.
    await long(t);
    await w.price('61200');
    await w.market(t, 'sell', '1'); // fee 30.6: balance 101,139.4
    await w.expectActive(t);
    const rows = async () => (await w.account(t)).headroom as { rule: string }[];
    expect((await rows()).find((h) => h.rule === 'consistency')).toEqual({ rule: 'consistency', unit: 'usd', limit: '569.7', value: '1139.4', headroom: '0' });
    // Tuesday: +1,100 − fees: total 2,178.85, half of it 1,089.425 — the best day (1,139.4) is still over.
    await w.clockTo(TUE + HOUR);
    await w.price('60000');
    await w.market(t, 'buy', '1'); // fee 30: 101,109.4
    await w.price('61100');
    await w.market(t, 'sell', '1'); // fee 30.55: 102,178.85
    await w.expectActive(t);
    expect((await rows()).find((h) => h.rule === 'consistency')).toEqual({ rule: 'consistency', unit: 'usd', limit: '1089.425', value: '1139.4', headroom: '0' });
    // Wednesday: +103.945 more: total 2,282.795, half 1,141.3975 ≥ the best day: the flat balance passes.
    await w.clockTo(at('2026-03-04T01:00:00Z'));
    await w.price('60000');
    await w.market(t, 'buy', '0.1'); // fee 3
    await w.price('61100');
    await w.market(t, 'sell', '0.1'); // +110, fee 3.055: 102,282.795
    await w.expectEnded(t, 'passed', 'profit_target');
  });
});

describe('size_tiers: the largest position per market by the balance at the day’s start', () => {
  it('refuses an order past the tier (order_rejected, size_tier) and changes nothing; a larger day-start balance moves up a tier', async () => {
    const t = await w.open('tiers');
    await w.price('60000');
    // Day-start balance 100,000: the 0 tier, 61,000 per market. 1 BTC (60,000) fits; 0.02 more (61,200 in all) does not.
    await w.market(t, 'buy', '1');
    const place = (size: string) => w.call(t, 'POST', `/v1/accounts/${t.accountId}/orders`, { idempotent: true, body: { market: 'BTC-USD', side: 'buy', type: 'market', size } });
    const refused = await place('0.02');
    expectError(refused, 422, 'order_rejected', { reason: 'size_tier', max_position_usd: '61000', day_start_balance: '100000' });
    expect(refused.body.error.message).toContain('61000');
    expect((await w.positions(t)).map((p) => p.size)).toEqual(['1']);
    // The preview says the same before anything is sent.
    const preview = await w.call(t, 'POST', `/v1/accounts/${t.accountId}/orders/test`, { body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.02' } });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ outcome: 'would_reject', reject: { code: 'order_rejected', details: { reason: 'size_tier', max_position_usd: '61000' } } });
    // Reducing is never refused by the plan.
    await w.price('61000');
    await w.market(t, 'sell', '1'); // +1,000 − 30 − 30.5: balance 100,939.5
    // Still today's tier until the rollover; at the next day's start (100,939.5 ≥ 100,500) the plan allows 125,000.
    expectError(await place('1.01'), 422, 'order_rejected', { reason: 'size_tier', max_position_usd: '61000' });
    await w.clockTo(TUE + HOUR);
    await w.price('61000');
    await w.market(t, 'buy', '2'); // 122,000 of BTC: within the 125,000 tier
    expect((await w.positions(t)).map((p) => p.size)).toEqual(['2']);
    expectError(await place('0.1'), 422, 'order_rejected', { reason: 'size_tier', max_position_usd: '125000', day_start_balance: '100939.5' });
  });
});

describe('the rule as the API shows it', () => {
  it('headroom: each rule in force with its limit, its value now and how far it may go; 0 once reached', async () => {
    const t = await w.open('every-limit');
    const rows = async () => (await w.account(t)).headroom;
    expect(await rows()).toEqual([
      { rule: 'daily_loss', unit: 'usd', limit: '1500', value: '0', headroom: '1500' },
      { rule: 'drawdown', unit: 'usd', limit: '97000', value: '100000', headroom: '3000' },
      { rule: 'profit_target', unit: 'usd', limit: '1000', value: '0', headroom: '1000' },
      { rule: 'min_trading_days', unit: 'days', limit: '2', value: '0', headroom: '2' },
      { rule: 'min_calendar_days', unit: 'days', limit: '3', value: '1', headroom: '2' },
    ]);
    await long(t);
    await w.price('60500'); // equity 100,470: profit on equity 470, no daily loss
    expect(await rows()).toEqual([
      { rule: 'daily_loss', unit: 'usd', limit: '1500', value: '0', headroom: '1500' },
      { rule: 'drawdown', unit: 'usd', limit: '97000', value: '100470', headroom: '3470' },
      { rule: 'profit_target', unit: 'usd', limit: '1000', value: '470', headroom: '530' },
      { rule: 'min_trading_days', unit: 'days', limit: '2', value: '1', headroom: '1' },
      { rule: 'min_calendar_days', unit: 'days', limit: '3', value: '1', headroom: '2' },
    ]);
    await w.price('59000'); // equity 98,970: 1,030 of the day's 1,500
    expect((await rows()).slice(0, 2)).toEqual([
      { rule: 'daily_loss', unit: 'usd', limit: '1500', value: '1030', headroom: '470' },
      { rule: 'drawdown', unit: 'usd', limit: '97000', value: '98970', headroom: '1970' },
    ]);
    await w.price('61600'); // equity 101,570: the target is past on equity, the day minimums are not met
    await w.expectActive(t);
    expect((await rows())[2]).toEqual({ rule: 'profit_target', unit: 'usd', limit: '1000', value: '1570', headroom: '0' });
  });

  it('preview: which limit the order would reach at once and by how much, and the price at which each would be reached', async () => {
    const t = await w.open('every-limit'); // daily loss 1,500 from the day-start balance, a static floor at 97,000
    const preview = async (size: string) => {
      const r = await w.call(t, 'POST', `/v1/accounts/${t.accountId}/orders/test`, { body: { market: 'BTC-USD', side: 'buy', type: 'market', size } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.rule_impact;
    };
    await w.price('60000');
    // Long 1 from 60,000 (fee 30): equity 99,970; the day's loss reaches 1,500 at 58,530, the floor at 57,030.
    expect(await preview('1')).toEqual({
      breaches: [],
      breach_prices: [
        { rule: 'daily_loss', price: '58530' },
        { rule: 'drawdown', price: '57030' },
      ],
    });
    await long(t);
    await w.price('58560'); // equity 98,530: 1,470 of the day's 1,500
    // One more BTC (fee 29.28) leaves 98,500.72: not yet; two (fee 58.56) reach it by 28.56.
    expect((await preview('1')).breaches).toEqual([]);
    expect(await preview('2')).toEqual({
      breaches: [{ rule: 'daily_loss', by_usd: '28.56' }],
      breach_prices: [
        { rule: 'daily_loss', price: null },
        { rule: 'drawdown', price: '58069.5' }, // 98,471.44 + 3 × (p − 58,560) = 97,000 → 58,069.52: acts at 58,069.5 and below
      ],
    });
  });

  it('GET /v1/accounts/{id} carries the added fields as the product has them', async () => {
    const t = await w.open('dd-intraday-lock');
    expect((await w.account(t)).rule.drawdown).toEqual({ amount_usd: '2000', percent: null, mode: 'intraday_equity', lock_at_usd: '100' });
    const u = await w.open('dl-max-day-start');
    expect((await w.account(u)).rule.daily_loss).toEqual({ amount_usd: '1000', percent: null, basis: 'max_day_start', action: 'fail_account' });
  });
});

describe('min_profitable_days: the profit target is met only with at least N days each gaining at least an amount', () => {
  it('counts a day once its balance gain reaches 200 (today as soon as it does); 199.87 does not count; passes on the third', async () => {
    const t = await w.open('profitable');
    /** Long 1 BTC at 60,000 (fee 30), sold at `close` (fee 0.0005 of it), at noon UTC of March day d. */
    const day = async (d: number, close: string) => {
      await w.clockTo(at(`2026-03-0${d}T12:00:00Z`));
      await w.price('60000');
      await w.market(t, 'buy', '1');
      await w.price(close);
      await w.market(t, 'sell', '1');
    };
    const row = async () => ((await w.account(t)).headroom as { rule: string }[]).find((h) => h.rule === 'min_profitable_days');
    expect(await row()).toEqual({ rule: 'min_profitable_days', unit: 'days', limit: '3', value: '0', headroom: '3' });
    await day(2, '61000'); // +939.5: 100,939.5 — today counts already
    expect(await row()).toEqual({ rule: 'min_profitable_days', unit: 'days', limit: '3', value: '1', headroom: '2' });
    await day(3, '60200'); // +139.9: 101,079.4 — the target's 1,000 is made, but one profitable day
    await w.expectActive(t);
    expect((await w.account(t)).headroom).toEqual(
      expect.arrayContaining([
        { rule: 'profit_target', unit: 'usd', limit: '1000', value: '1079.4', headroom: '0' },
        { rule: 'min_profitable_days', unit: 'days', limit: '3', value: '1', headroom: '2' },
      ]),
    );
    await day(4, '60260'); // +199.87: just under 200, not counted
    expect(await row()).toMatchObject({ value: '1' });
    await day(5, '60260.5'); // +200.36975: counted
    expect(await row()).toMatchObject({ value: '2', headroom: '1' });
    await w.expectActive(t);
    await day(6, '60300'); // +239.85: the third profitable day, flat above the target
    await w.expectEnded(t, 'passed', 'profit_target');
    expect((await w.account(t)).balance).toBe('101719.48975');
  });
});

describe('inactivity_calendar_days counts whole 24-hour days from the last fill; inactivity_days counts trading days', () => {
  it('two calendar days fail the account at the same time of day two days after its last fill; two trading days at the second rollover after its trading day', async () => {
    const cal = await w.open('idle-calendar');
    const td = await w.open('idle-trading');
    const fill = at('2026-03-02T15:00:00Z'); // Monday 15:00Z
    await w.clockTo(fill);
    await w.price('60000');
    for (const t of [cal, td]) {
      await w.market(t, 'buy', '0.01');
      await w.market(t, 'sell', '0.01');
    }
    const row = async (t: Trader) => ((await w.account(t)).headroom as { rule: string }[]).find((h) => h.rule.startsWith('inactivity'));
    expect(await row(cal)).toEqual({ rule: 'inactivity_calendar_days', unit: 'days', limit: '2', value: '0', headroom: '2' });
    expect(await row(td)).toEqual({ rule: 'inactivity_days', unit: 'days', limit: '2', value: '0', headroom: '2' });
    await w.clockTo(fill + 86_400_000); // Tuesday 15:00Z: one day for both
    expect(await row(cal)).toMatchObject({ value: '1', headroom: '1' });
    expect(await row(td)).toMatchObject({ value: '0', headroom: '2' }); // Monday was a trading day: Tuesday's rollover counts nothing
    await w.clockTo(fill + 2 * 86_400_000 - 1);
    await w.expectActive(cal);
    await w.clockTo(fill + 2 * 86_400_000); // Wednesday 15:00Z
    await w.expectEnded(cal, 'failed', 'inactivity');
    await w.expectActive(td);
    expect(await row(td)).toMatchObject({ value: '1', headroom: '1' });
    await w.clockTo(at('2026-03-04T23:59:59Z'));
    await w.expectActive(td);
    await w.clockTo(at('2026-03-05T00:00:00Z')); // Thursday's rollover: Tuesday and Wednesday passed without a fill
    await w.expectEnded(td, 'failed', 'inactivity');
  });
});

describe('consistency per payout window: a funded account is payout-eligible only while its window is consistent', () => {
  it('window_days 2: the best day against half of the window’s profit, measured again from each window’s start', async () => {
    const win = await w.openLive('funded-window');
    const whole = await w.openLive('funded-whole');
    /** 1 BTC bought at 60,000 and sold at 61,000 (+939.5) at noon UTC of March day d. */
    const day = async (d: number) => {
      await w.clockTo(at(`2026-03-0${d}T12:00:00Z`));
      await w.price('60000');
      for (const t of [win, whole]) await w.market(t, 'buy', '1');
      await w.price('61000');
      for (const t of [win, whole]) await w.market(t, 'sell', '1');
    };
    const state = async (t: Trader) => {
      const a = await w.account(t);
      return [a.payout_eligible, (a.headroom as { rule: string }[]).find((h) => h.rule === 'consistency')];
    };
    await day(2); // Monday: the one day is the whole profit
    expect(await state(win)).toEqual([false, { rule: 'consistency', unit: 'usd', limit: '469.75', value: '939.5', headroom: '0' }]);
    await day(3); // Tuesday: best 939.5 = half of 1,879
    expect(await state(win)).toEqual([true, { rule: 'consistency', unit: 'usd', limit: '939.5', value: '939.5', headroom: '0' }]);
    expect((await state(whole))[0]).toBe(true);
    await day(4); // Wednesday: a new window from 101,879 — its one day is all of its profit
    expect(await state(win)).toEqual([false, { rule: 'consistency', unit: 'usd', limit: '469.75', value: '939.5', headroom: '0' }]);
    expect(await state(whole)).toEqual([true, { rule: 'consistency', unit: 'usd', limit: '1409.25', value: '939.5', headroom: '469.75' }]);
    await day(5); // Thursday, the window's second day: consistent again
    expect((await state(win))[0]).toBe(true);
  });
});
