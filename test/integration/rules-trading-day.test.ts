import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/server.js';
import { at, product, World, type Trader } from '../helpers/rules.js';

/**
 * A product's own trading day (`rule.trading_day`, docs/RULES.md "Trading day") over HTTP with the manual clock:
 * the rollover at a time of day in an IANA zone, daylight saving followed, the weekend named by the session, beside
 * the service's calendar (00:00 UTC) in the same Rampart. Quotes have bid = ask = last; BTC taker fee 0.0005.
 */
const DAILY_LOSS = { amount_usd: '1000', percent: null, basis: 'day_start_balance', action: 'flatten_and_pause' } as const;
const products = [
  product('day-new-york', { trading_day: { rollover: '17:00', time_zone: 'America/New_York' }, daily_loss: DAILY_LOSS }),
  product('day-prague', { trading_day: { rollover: '00:00', time_zone: 'Europe/Prague' }, daily_loss: DAILY_LOSS }),
  product('day-service', { daily_loss: DAILY_LOSS }),
  product('weekend-new-york', { trading_day: { rollover: '17:00', time_zone: 'America/New_York' }, weekend_allowed: false }),
  product('weekend-service', { weekend_allowed: false }),
];

let w: World;
beforeEach(async () => {
  w = await World.start(products);
});
afterEach(() => w.close());

/** Long 1 BTC at 60,000 (fee 30), then down to 59,030: a loss of 1,000 from 100,000 — flattened and paused. */
async function loseTheDay(t: Trader): Promise<void> {
  await w.price('60000');
  await w.market(t, 'buy', '1');
  await w.price('59030');
}

async function pausedUntil(t: Trader): Promise<number | null> {
  const a = await w.account(t);
  expect(a.status).toBe('active');
  return a.paused_until;
}

describe('trading_day: a product rolls over at its own time of day in its own zone', () => {
  it('17:00 New York (22:00Z in winter): the pause ends, the day-start balance is taken and the calendar day counts at 22:00Z, while the service-day account waits for 00:00Z', async () => {
    const ny = await w.open('day-new-york');
    const svc = await w.open('day-service');
    expect(w.now()).toBe(at('2026-03-02T12:00:00Z'));
    expect((await w.account(ny)).rule.trading_day).toEqual({ rollover: '17:00', time_zone: 'America/New_York' });
    await w.price('60000');
    await w.market(svc, 'buy', '1');
    await loseTheDay(ny); // both lose 1,000 of their day
    expect(await pausedUntil(ny)).toBe(at('2026-03-02T22:00:00Z'));
    expect(await pausedUntil(svc)).toBe(at('2026-03-03T00:00:00Z'));
    expectError(await w.place(ny, { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' }), 422, 'account_paused', {
      until: at('2026-03-02T22:00:00Z'),
    });

    await w.clockTo(at('2026-03-02T21:59:59Z'));
    expectError(await w.place(ny, { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' }), 422, 'account_paused', {
      until: at('2026-03-02T22:00:00Z'),
    });
    await w.clockTo(at('2026-03-02T22:00:00Z'));
    await w.price('59030');
    const a = await w.account(ny);
    expect([a.paused_until, a.metrics.day_start_balance, a.balance, a.metrics.calendar_days]).toEqual([null, '98970.485', '98970.485', 2]);
    await w.market(ny, 'buy', '0.01'); // trades again in its new day
    // The service-day account is still in Monday: paused to midnight UTC, calendar day 1.
    expectError(await w.place(svc, { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' }), 422, 'account_paused', {
      until: at('2026-03-03T00:00:00Z'),
    });
    expect((await w.metrics(svc)).calendar_days).toBe(1);
    await w.clockTo(at('2026-03-03T00:00:00Z'));
    expect(await pausedUntil(svc)).toBeNull();
    expect((await w.metrics(svc)).calendar_days).toBe(2);
  });

  it('after the US clocks go forward (8 March) 17:00 New York is 21:00Z', async () => {
    await w.clockTo(at('2026-03-09T12:00:00Z'));
    const ny = await w.open('day-new-york');
    await loseTheDay(ny);
    expect(await pausedUntil(ny)).toBe(at('2026-03-09T21:00:00Z'));
    await w.clockTo(at('2026-03-09T20:59:59Z'));
    expect(await pausedUntil(ny)).toBe(at('2026-03-09T21:00:00Z'));
    await w.clockTo(at('2026-03-09T21:00:00Z'));
    expect(await pausedUntil(ny)).toBeNull();
  });

  it('00:00 Europe/Prague: midnight is 23:00Z before 29 March and 22:00Z after (a 23-hour day between)', async () => {
    await w.clockTo(at('2026-03-27T12:00:00Z'));
    const cz = await w.open('day-prague');
    await loseTheDay(cz);
    expect(await pausedUntil(cz)).toBe(at('2026-03-27T23:00:00Z'));
    await w.clockTo(at('2026-03-29T12:00:00Z')); // Sunday, after the change at 01:00Z
    const a = await w.account(cz);
    expect([a.paused_until, a.metrics.day_start_balance, a.metrics.calendar_days]).toEqual([null, '98970.485', 3]);
    await w.price('59030');
    await w.market(cz, 'buy', '1'); // fee 29.515: balance 98,940.97
    await w.price('58060'); // equity 97,970.97: 999.515 below the day's start
    expect(await pausedUntil(cz)).toBeNull();
    await w.price('58059.5'); // equity 97,970.47: 1,000.015 below
    expect(await pausedUntil(cz)).toBe(at('2026-03-29T22:00:00Z'));
    expect((await w.account(cz)).balance).toBe('97941.44025'); // sold at 58,059.5, fee 29.02975
  });
});

describe("trading_day: the weekend of a product's afternoon rollover is named by its sessions", () => {
  it('17:00 New York: Friday 17:00 closes positions and refuses opening orders until Sunday 17:00; the service-day account is on UTC dates', async () => {
    await w.clockTo(at('2026-03-06T21:00:00Z')); // Friday 16:00 New York
    const ny = await w.open('weekend-new-york');
    const svc = await w.open('weekend-service');
    await w.price('60000');
    await w.market(ny, 'buy', '0.1');
    await w.market(svc, 'buy', '0.1');
    await w.clockTo(at('2026-03-06T22:00:00Z')); // Friday 17:00 New York: Saturday's session opens
    await w.price('60000');
    expect(await w.positions(ny)).toEqual([]);
    expect(await w.closeReasons(ny)).toEqual(['risk_rule']);
    expectError(await w.place(ny, { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' }), 422, 'order_rejected', { reason: 'weekend' });
    expect((await w.positions(svc)).length).toBe(1); // still Friday in UTC
    await w.market(svc, 'buy', '0.01');

    await w.clockTo(at('2026-03-08T20:59:00Z')); // Sunday 16:59 New York (EDT since 07:00Z)
    await w.price('60000');
    expectError(await w.place(ny, { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' }), 422, 'order_rejected', { reason: 'weekend' });
    await w.clockTo(at('2026-03-08T21:00:00Z')); // Sunday 17:00 New York: Monday's session
    await w.price('60000');
    await w.market(ny, 'buy', '0.01');
    expectError(await w.place(svc, { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' }), 422, 'order_rejected', { reason: 'weekend' });
  });
});
