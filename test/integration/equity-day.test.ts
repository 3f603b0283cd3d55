import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { T0 } from '../helpers/server.js';
import { at, product, World } from '../helpers/rules.js';

/**
 * The equity curve at `resolution=day` (CONTRACT §3): one point per trading day, at the rollover that ends it —
 * also for days the service sat idle through (the manual clock jumps over several rollovers at once, with no tick
 * or request at any of them), and for the day an account failed or passed on (then no more). Quotes have
 * bid = ask = last; BTC taker fee 0.0005.
 */
const TUE = at('2026-03-03T00:00:00Z');
const WED = at('2026-03-04T00:00:00Z');
const THU = at('2026-03-05T00:00:00Z');
const FRI = at('2026-03-06T00:00:00Z');
const HOUR = 3_600_000;
const products = [
  product('curve-quiet', {}),
  product('curve-dd', { drawdown: { amount_usd: '2000', percent: null, mode: 'static' } }),
  product('curve-pt', { profit_target: { amount_usd: '1000', percent: null, close_positions: false } }),
];

let w: World;
beforeEach(async () => {
  w = await World.start(products);
});
afterEach(() => w.close());

const opening = { time: T0, equity: '100000', balance: '100000' };

describe('equity curve, one point per trading day', () => {
  it('a clock jump over three rollovers gives the three days their points; the day under way has none yet', async () => {
    const t = await w.open('curve-quiet');
    await w.price('60000');
    await w.market(t, 'buy', '1'); // fee 30: balance 99970
    await w.price('60500'); // equity 100470
    expect(await w.equity(t, 'day')).toEqual([opening]);
    await w.clockTo(THU + HOUR); // nothing ran at TUE, WED or THU
    const held = { equity: '100470', balance: '99970' };
    expect(await w.equity(t, 'day')).toEqual([opening, { time: TUE, ...held }, { time: WED, ...held }, { time: THU, ...held }]);
    // Later in the same day: nothing more; the next rollover adds its one point.
    await w.clockTo(THU + 5 * HOUR);
    expect(await w.equity(t, 'day')).toHaveLength(4);
    await w.clockTo(FRI);
    expect((await w.equity(t, 'day')).map((p) => p.time)).toEqual([T0, TUE, WED, THU, FRI]);
    // The account's day figures rolled over once per day too (calendar days counted from the opening).
    expect((await w.metrics(t)).calendar_days).toBe(5);
  });

  it("an account that failed on a day gets that day's point at its rollover, and none after", async () => {
    const t = await w.open('curve-dd');
    await w.price('60000');
    await w.market(t, 'buy', '1'); // balance 99970
    await w.price('58030'); // equity 98000 = the floor: fails, closed at 58030 (realized −1970, fee 29.015)
    await w.expectEnded(t, 'failed', 'drawdown');
    expect(await w.equity(t, 'day')).toEqual([opening]);
    await w.clockTo(TUE + HOUR);
    const last = { time: TUE, equity: '97970.985', balance: '97970.985' };
    expect(await w.equity(t, 'day')).toEqual([opening, last]);
    await w.clockTo(FRI + HOUR);
    expect(await w.equity(t, 'day')).toEqual([opening, last]);
  });

  it('an account that passed, then a jump over several rollovers: one point, for the day it passed', async () => {
    const t = await w.open('curve-pt');
    await w.price('60000');
    await w.market(t, 'buy', '1'); // balance 99970
    await w.price('61030'); // equity 101000: passes, closed at 61030 (realized 1030, fee 30.515)
    await w.expectEnded(t, 'passed', 'profit_target');
    await w.clockTo(THU + HOUR);
    expect(await w.equity(t, 'day')).toEqual([opening, { time: TUE, equity: '100969.485', balance: '100969.485' }]);
  });

  it('the points survive a restart, and a restart does not give a day a second point', async () => {
    const t = await w.open('curve-quiet');
    await w.clockTo(WED + HOUR);
    const before = await w.equity(t, 'day');
    expect(before.map((p) => p.time)).toEqual([T0, TUE, WED]);
    await w.s.restart();
    await w.clockTo(WED + 2 * HOUR);
    expect(await w.equity(t, 'day')).toEqual(before);
    await w.clockTo(THU);
    expect((await w.equity(t, 'day')).map((p) => p.time)).toEqual([T0, TUE, WED, THU]);
  });
});
