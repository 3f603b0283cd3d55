import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { product, World, type Trader } from '../helpers/rules.js';

/**
 * Soft limits (docs/RULES.md "Soft breaches") over HTTP with the manual clock and prices: reaching a soft limit opens
 * a breach (an account.rule_breach event, a warning on the account) instead of acting; back within it before the
 * correction window ends cures it; still past it when the window ends, the action follows; with no breach left it
 * acts at once. Quotes have bid = ask = last; BTC taker fee 0.0005.
 */
const MIN = 60_000;
const products = [
  product('soft-drawdown', { drawdown: { amount_usd: '2000', percent: null, mode: 'static', soft: { correction_ms: 300_000, max_soft_breaches: 2 } } }),
  product('soft-daily-loss', {
    daily_loss: { amount_usd: '1000', percent: null, basis: 'day_start_balance', action: 'flatten', soft: { correction_ms: 600_000, max_soft_breaches: 1 } },
  }),
];

let w: World;
beforeEach(async () => {
  w = await World.start(products);
});
afterEach(() => w.close());

/** The account's account.rule_breach events as GET /v1/events gives them (their data). */
async function breaches(t: Trader): Promise<Record<string, unknown>[]> {
  const r = await w.call(t, 'GET', `/v1/events?account_id=${t.accountId}&limit=100`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.data as { type: string; source: string; data: Record<string, unknown> }[])
    .filter((e) => e.type === 'account.rule_breach')
    .map((e) => {
      expect(e.source).toBe('engine');
      return e.data;
    });
}

describe('soft limits', () => {
  it('drawdown: a breach opens instead of failing, is cured back above the floor, a second one not cured in 5 minutes fails the account', async () => {
    const t = await w.open('soft-drawdown');
    await w.price('60000');
    await w.market(t, 'buy', '1'); // 99,970; the static floor 98,000
    const t1 = w.now();
    await w.price('58030'); // equity 98,000: on the floor
    await w.expectActive(t);
    expect((await w.account(t)).rule_warnings).toEqual([{ rule: 'drawdown', since: t1, correct_by: t1 + 5 * MIN, breaches_used: 1, max_breaches: 2 }]);
    expect(await breaches(t)).toEqual([
      { rule: 'drawdown', status: 'opened', limit: '98000', value: '98000', since: t1, correct_by: t1 + 5 * MIN, breaches_used: 1, max_breaches: 2 },
    ]);
    // Back above the floor; the window's end finds it cured.
    await w.price('58500');
    await w.clockTo(t1 + 5 * MIN);
    await w.price('58500');
    await w.expectActive(t);
    expect((await w.account(t)).rule_warnings).toEqual([]);
    expect((await breaches(t)).map((b) => b.status)).toEqual(['opened', 'cured']);
    expect((await w.positions(t)).length).toBe(1); // nothing was closed

    const t2 = w.now();
    await w.price('58000'); // equity 97,970: the second breach
    expect((await w.account(t)).rule_warnings).toMatchObject([{ rule: 'drawdown', since: t2, breaches_used: 2 }]);
    await w.clockTo(t2 + 5 * MIN - 1);
    await w.price('58000');
    await w.expectActive(t);
    await w.clockTo(t2 + 5 * MIN);
    await w.expectEnded(t, 'failed', 'drawdown');
    expect((await breaches(t)).map((b) => b.status)).toEqual(['opened', 'cured', 'opened', 'acted']);
  });

  it('daily loss: the one breach allowed is cured; the next time the limit is reached it flattens at once', async () => {
    const t = await w.open('soft-daily-loss');
    await w.price('60000');
    await w.market(t, 'buy', '1'); // 99,970
    const t1 = w.now();
    await w.price('59030'); // a loss of 1,000 from 100,000: soft — nothing closed
    await w.expectActive(t);
    expect((await w.positions(t)).length).toBe(1);
    expect((await w.account(t)).rule_warnings).toEqual([{ rule: 'daily_loss', since: t1, correct_by: t1 + 10 * MIN, breaches_used: 1, max_breaches: 1 }]);
    await w.price('59500'); // 530 of loss: back within
    await w.clockTo(t1 + 10 * MIN);
    await w.price('59500');
    expect((await breaches(t)).map((b) => [b.status, b.limit])).toEqual([
      ['opened', '1000'],
      ['cured', '1000'],
    ]);
    await w.price('59030'); // reached again, no breach left: flattened now
    expect(await w.positions(t)).toEqual([]);
    expect(await w.closeReasons(t)).toEqual(['flatten']);
    expect((await breaches(t)).map((b) => b.status)).toEqual(['opened', 'cured']);
  });
});
