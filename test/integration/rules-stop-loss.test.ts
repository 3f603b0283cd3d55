import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/server.js';
import { product, World, type Trader } from '../helpers/rules.js';

/**
 * Risk per trade and a mandatory stop (`rule.risk_per_trade`, docs/RULES.md) over HTTP with the manual clock and prices:
 * refused without a stop, refused past the risk limit (the edge is taken), the preview's risk at the stop, and a
 * position left without a stop closed after the grace. Quotes have bid = ask = last; BTC taker fee 0.0005.
 */
const products = [
  product('stop-required', { risk_per_trade: { amount_usd: null, percent: '1', require_stop_loss: true } }),
  product('stop-grace', { risk_per_trade: { amount_usd: '500', percent: null, require_stop_loss: true, grace_ms: 60_000 } }),
];

let w: World;
beforeEach(async () => {
  w = await World.start(products);
});
afterEach(() => w.close());

const buy = (size: string, stop?: string) => ({ market: 'BTC-USD', side: 'buy', type: 'market', size, ...(stop ? { stop_loss: { price: stop } } : {}) });
const preview = (t: Trader, body: Record<string, unknown>) => w.call(t, 'POST', `/v1/accounts/${t.accountId}/orders/test`, { body });

describe('risk_per_trade with require_stop_loss and no grace: an opening order must carry a stop, and the loss at it is limited', () => {
  it('refuses an order without a stop (risk_per_trade, stop_loss required) and one whose stop risks more than 1% of the balance (risk_per_trade); 1,000 exactly is taken', async () => {
    const t = await w.open('stop-required');
    await w.price('60000');
    expectError(await w.place(t, buy('1')), 422, 'order_rejected', { reason: 'risk_per_trade', stop_loss: 'required' });
    const none = await preview(t, buy('1'));
    expect(none.body).toMatchObject({ outcome: 'would_reject', reject: { code: 'order_rejected', details: { reason: 'risk_per_trade', stop_loss: 'required' } }, risk_at_stop: null });

    const far = await w.place(t, buy('1', '58900')); // (60,000 − 58,900) × 1 = 1,100 > 1% of 100,000
    expectError(far, 422, 'order_rejected', { reason: 'risk_per_trade', risk_usd: '1100', max_risk_usd: '1000', stop_price: '58900' });
    expect(far.body.error.message).toContain('1100');
    expect((await preview(t, buy('1', '58900'))).body).toMatchObject({
      outcome: 'would_reject',
      reject: { details: { reason: 'risk_per_trade' } },
      risk_at_stop: { stop_price: '58900', risk_usd: '1100', max_risk_usd: '1000' },
    });
    expect(await w.positions(t)).toEqual([]);
    expect((await w.account(t)).balance).toBe('100000');

    const edge = await preview(t, buy('1', '59000'));
    expect(edge.body).toMatchObject({ outcome: 'would_fill', reject: null, risk_at_stop: { stop_price: '59000', risk_usd: '1000', max_risk_usd: '1000' } });
    const placed = await w.place(t, buy('1', '59000'));
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const [pos] = await w.positions(t);
    expect([pos.size, pos.exits.stop_loss.price]).toEqual(['1', '59000']);

    // Adding without a stop of its own is judged at the position's stop: 1.5 BTC from 60,000 to 59,000 loses 1,500,
    // over 1% of the balance now (99,970 after the fee).
    expectError(await w.place(t, buy('0.5')), 422, 'order_rejected', { reason: 'risk_per_trade', risk_usd: '1500', max_risk_usd: '999.7', stop_price: '59000' });
    // Reducing is never refused.
    const sell = await w.place(t, { market: 'BTC-USD', side: 'sell', type: 'market', size: '0.5' });
    expect(sell.status, JSON.stringify(sell.body)).toBe(201);
  });
});

describe('risk_per_trade with require_stop_loss and grace_ms: a position left without a stop is closed after the grace', () => {
  it('closes an unprotected position 60 s after its fill (close_reason risk_rule); one with a stop stays; a stop canceled starts the grace', async () => {
    const t = await w.open('stop-grace');
    const t0 = w.now();
    await w.price('60000');
    expect((await w.place(t, buy('1'))).status).toBe(201); // taken: the grace covers it
    await w.clockTo(t0 + 59_000);
    expect((await w.positions(t)).length).toBe(1);
    await w.clockTo(t0 + 60_000);
    expect(await w.positions(t)).toEqual([]);
    expect(await w.closeReasons(t)).toEqual(['risk_rule']);
    await w.expectActive(t);

    await w.price('60000');
    expectError(await w.place(t, buy('1', '59400')), 422, 'order_rejected', { reason: 'risk_per_trade', risk_usd: '600', max_risk_usd: '500', stop_price: '59400' });
    expect((await w.place(t, buy('1', '59500'))).status).toBe(201); // 500: the edge
    await w.clockTo(t0 + 300_000);
    await w.price('60000');
    const [pos] = await w.positions(t);
    expect(pos.size).toBe('1');
    // The trader cancels the stop: the position is unprotected from then, and closed 60 s later.
    const cancel = await w.call(t, 'DELETE', `/v1/accounts/${t.accountId}/orders/${pos.exits.stop_loss.order_id}`, { idempotent: true });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    await w.clockTo(t0 + 359_000);
    expect((await w.positions(t)).length).toBe(1);
    await w.clockTo(t0 + 360_000);
    expect(await w.positions(t)).toEqual([]);
    expect(await w.closeReasons(t)).toEqual(['risk_rule', 'risk_rule']);
  });
});
