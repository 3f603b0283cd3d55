import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/server.js';
import { product, World } from '../helpers/rules.js';

/**
 * News windows (docs/RULES.md "News windows"): the operator's calendar over the admin API, and the rule's refusals
 * inside a window over HTTP with the manual clock — opening refused (no_open) or every new order (no_trade),
 * exits and closing a position still working, other markets and accounts without the rule untouched.
 */
const products = [product('news-opening', { news: 'no_open' }), product('news-all', { news: 'no_trade' }), product('news-allowed', { news: 'allowed' })];

let w: World;
beforeEach(async () => {
  w = await World.start(products);
});
afterEach(() => w.close());

const MIN = 60_000;
const order = (side: 'buy' | 'sell', size: string, extra: Record<string, unknown> = {}) => ({ market: 'BTC-USD', side, type: 'market', size, ...extra });

async function addNews(at: number, markets: string[] | null = ['BTC-USD']) {
  const r = await w.s.admin('POST', '/admin/v1/news', { title: 'US CPI', at, markets, minutes_before: 2, minutes_after: 3 });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; from: number; until: number };
}

describe('the news calendar (admin API)', () => {
  it('adds, lists by range and removes windows; refuses unknown markets, fields and ids', async () => {
    const at = w.now() + 60 * MIN;
    const r = await w.s.admin('POST', '/admin/v1/news', { title: 'US CPI', at, markets: ['BTC-USD', 'BTC-USD'], minutes_before: 2, minutes_after: 3 });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^news_[0-9A-Za-z]{16}$/),
      title: 'US CPI',
      at,
      markets: ['BTC-USD'],
      minutes_before: 2,
      minutes_after: 3,
      from: at - 2 * MIN,
      until: at + 3 * MIN,
      created_at: w.now(),
    });
    const all = await w.s.admin('POST', '/admin/v1/news', { title: 'FOMC', at: at + 120 * MIN, minutes_before: 5, minutes_after: 5 });
    expect(all.body.markets).toBeNull();
    expect((await w.s.admin('GET', '/admin/v1/news')).body.data.map((n: { title: string }) => n.title)).toEqual(['US CPI', 'FOMC']);
    expect((await w.s.admin('GET', `/admin/v1/news?from=${at + 3 * MIN}`)).body.data.map((n: { title: string }) => n.title)).toEqual(['FOMC']);
    expect((await w.s.admin('GET', `/admin/v1/news?to=${at - 2 * MIN}`)).body.data).toEqual([]);

    expectError(await w.s.admin('POST', '/admin/v1/news', { title: 'x', at, markets: ['DOGE-USD'], minutes_before: 1, minutes_after: 1 }), 404, 'market_not_found', { market: 'DOGE-USD' });
    expectError(await w.s.admin('POST', '/admin/v1/news', { title: 'x', at, minutes_before: 1, minutes_after: 1, impact: 'high' }), 400, 'unknown_field');
    expectError(await w.s.admin('POST', '/admin/v1/news', { title: 'x', at, minutes_before: 1441, minutes_after: 1 }), 400, 'invalid_request');
    expectError(await w.s.admin('POST', '/admin/v1/news', { title: 'x', at, markets: [], minutes_before: 1, minutes_after: 1 }), 400, 'invalid_request');
    expect((await w.s.admin('GET', '/admin/v1/news')).body.data).toHaveLength(2);

    const removed = await w.s.admin('DELETE', `/admin/v1/news/${r.body.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.id).toBe(r.body.id);
    expectError(await w.s.admin('DELETE', `/admin/v1/news/${r.body.id}`), 404, 'route_not_found');
    expect((await w.s.admin('GET', '/admin/v1/news')).body.data.map((n: { title: string }) => n.title)).toEqual(['FOMC']);
  });
});

describe('news: a rule that refuses trading inside a window', () => {
  it('no_open: opening and adding refused on the window’s market from `from` to `until`; reducing, other markets, other accounts and exits go on', async () => {
    const t = await w.open('news-opening');
    const quiet = await w.open('evaluation-100k');
    const allowed = await w.open('news-allowed');
    await w.price('60000');
    await w.price('3000', 'ETH-USD');
    const n = await addNews(w.now() + 10 * MIN);
    expect((await w.place(t, order('buy', '0.5', { stop_loss: { price: '58000' } }))).status).toBe(201);
    await w.rest(t, 'buy', '0.1', '59000'); // an opening order resting into the window

    await w.clockTo(n.from);
    await w.price('60000');
    await w.price('3000', 'ETH-USD');
    const refused = await w.place(t, order('buy', '0.1'));
    expectError(refused, 422, 'order_rejected', { reason: 'news_window', news_id: n.id, title: 'US CPI', from: n.from, until: n.until });
    const preview = await w.call(t, 'POST', `/v1/accounts/${t.accountId}/orders/test`, { body: order('buy', '0.1') });
    expect(preview.body).toMatchObject({ outcome: 'would_reject', reject: { code: 'order_rejected', details: { reason: 'news_window' } } });
    expect((await w.place(t, order('sell', '0.1'))).status).toBe(201); // reduces
    expect((await w.place(t, { market: 'ETH-USD', side: 'buy', type: 'market', size: '1' })).status).toBe(201); // not in the window
    expect((await w.place(quiet, order('buy', '0.1'))).status).toBe(201); // its rule has no news
    expect((await w.place(allowed, order('buy', '0.1'))).status).toBe(201); // news: allowed

    // The resting buy reaches its price inside the window: rejected, not filled; the stop still protects.
    await w.price('58990');
    const rested = (await w.orders(t)).find((o) => o.limit_price === '59000');
    expect(rested).toMatchObject({ side: 'buy', limit_price: '59000', status: 'rejected', reject: { code: 'order_rejected' } });
    expect(rested.reject.message).toContain('news window "US CPI"');
    await w.price('58000');
    expect((await w.positions(t)).map((p) => p.market)).toEqual(['ETH-USD']);
    expect(await w.closeReasons(t)).toEqual(['exit']); // closed by its stop-loss exit

    await w.clockTo(n.until - 1);
    await w.price('58000');
    expectError(await w.place(t, order('buy', '0.1')), 422, 'order_rejected', { reason: 'news_window' });
    await w.clockTo(n.until);
    await w.price('58000');
    expect((await w.place(t, order('buy', '0.1'))).status).toBe(201);
  });

  it('no_trade: every new order is refused in the window, reduce-only too; closing the position is not; a window for all markets covers every market', async () => {
    const t = await w.open('news-all');
    await w.price('60000');
    const n = await addNews(w.now() + 10 * MIN, null);
    await w.market(t, 'buy', '0.5');
    await w.clockTo(n.from + MIN);
    await w.price('60000');
    expectError(await w.place(t, order('sell', '0.1', { reduce_only: true })), 422, 'order_rejected', { reason: 'news_window', news_id: n.id });
    await w.price('3000', 'ETH-USD');
    expectError(await w.place(t, { market: 'ETH-USD', side: 'buy', type: 'market', size: '1' }), 422, 'order_rejected', { reason: 'news_window' });
    const closed = await w.call(t, 'DELETE', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { idempotent: true });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(await w.positions(t)).toEqual([]);
  });
});
