import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ruleStateToJson } from '../../src/engine/rules.js';
import { product, World, type Trader } from '../helpers/rules.js';

/**
 * A GET never changes state (DEVIATIONS: peak equity): the day's highest equity is taken by the engine on the
 * ticks, fills and rollovers it processes; a read shows the equity now when it is higher, for that answer only.
 * Quotes have bid = ask = last; BTC taker fee 0.0005.
 */
const products = [
  product('reads-static', { drawdown: { amount_usd: '2000', percent: null, mode: 'static' } }),
  product('reads-peak', { daily_loss: { amount_usd: '1000', percent: null, basis: 'peak_equity', action: 'fail_account' } }),
];

let w: World;
beforeEach(async () => {
  w = await World.start(products);
});
afterEach(() => w.close());

/** The rule figures as the engine holding the account keeps them (on whichever node holds it). */
const ruleState = async (t: Trader) =>
  JSON.stringify(ruleStateToJson((await w.s.holder('sandbox', t.accountId)).services.engineHost.engine('sandbox', t.accountId).books.get(t.accountId)!.rules!));

describe('reading an account changes nothing', () => {
  it('two GETs with no tick between answer the same and leave the rule figures as they were', async () => {
    const read = await w.open('reads-static');
    const unread = await w.open('reads-static');
    await w.price('60000');
    await w.market(read, 'buy', '1'); // balance 99970
    await w.market(unread, 'buy', '1');
    await w.price('61000'); // equity 100970: a high no fill or threshold made the engine take
    const state = await ruleState(read);
    const first = await w.account(read);
    const second = await w.account(read);
    expect(second).toEqual(first);
    // The answer counts the equity now toward the day's peak …
    expect(first.metrics.peak_equity).toBe('100970');
    // … and keeps nothing: the engine's figures are as before the reads.
    expect(await ruleState(read)).toBe(state);
    const events = await w.s.services.store.listEvents({ accountId: read.accountId, afterSeq: 0, limit: 10_000 });
    await w.account(read);
    expect(await w.s.services.store.listEvents({ accountId: read.accountId, afterSeq: 0, limit: 10_000 })).toEqual(events);
    // After the price falls back, the account read at the high shows what the one never read shows.
    await w.price('60500'); // equity 100470
    const [a, b] = [await w.metrics(read), await w.metrics(unread)];
    expect(a).toEqual(b);
    expect(a.peak_equity).toBe('100470');
  });

  it('a rule judged on peak equity still acts at the exact tick, reads in between or not', async () => {
    const t = await w.open('reads-peak');
    await w.price('60000');
    await w.market(t, 'buy', '1'); // 99970
    await w.price('61000'); // equity 100970: the engine takes it (the rule is judged on it)
    await w.account(t);
    await w.account(t);
    expect((await w.metrics(t)).peak_equity).toBe('100970');
    await w.price('60000.5'); // equity 99970.5: loss 999.5
    await w.account(t);
    await w.expectActive(t);
    await w.price('60000'); // loss 1000: fails at this tick
    await w.expectEnded(t, 'failed', 'daily_loss');
  });
});
