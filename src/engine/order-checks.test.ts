import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dec, fmt } from './decimal.js';
import { marketSpec, type MarketConfigLike } from './market-spec.js';
import { checkOrder } from './order-checks.js';
import type { OrderWire as OrderBody } from '../engine-host/port.js';
import { orderFromWire } from '../engine-host/wire.js';

const markets = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../config/markets.json'), 'utf8')) as MarketConfigLike[];
const BTC = marketSpec(markets[0]!); // tick 0.5, step 0.001, min notional 10, band 10 %
const NOW = 1_000_000;
const quote = { bid: dec('60000'), ask: dec('60001'), last: dec('60000.5'), time: NOW };
const base = { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000' } as OrderBody;

function code(body: Partial<OrderBody>, q: typeof quote | 'none' = quote) {
  const r = checkOrder(orderFromWire({ ...base, ...body } as OrderBody), BTC, q === 'none' ? undefined : q, NOW);
  return r.ok ? 'ok' : r.rejection.code;
}

describe('order checks against market and quote', () => {
  it.each([
    ['a resting limit buy', {}, 'ok'],
    ['size not on the step', { size: '0.0015' }, 'invalid_size_step'],
    ['price not on the tick', { limit_price: '59000.25' }, 'invalid_price_tick'],
    ['both size and notional', { notional_usd: '100' }, 'invalid_request'],
    ['limit without limit_price', { limit_price: undefined }, 'invalid_request'],
    ['market with limit_price', { type: 'market' }, 'invalid_request'],
    ['market tif gtc', { type: 'market', limit_price: undefined, time_in_force: 'gtc' }, 'invalid_request'],
    ['stop tif ioc', { type: 'stop_market', limit_price: undefined, stop_price: '61000', time_in_force: 'ioc' }, 'invalid_request'],
    ['gtd without expires_at', { time_in_force: 'gtd' }, 'invalid_request'],
    ['expires_at without gtd', { expires_at: NOW + 1000 }, 'invalid_request'],
    ['gtd in the past', { time_in_force: 'gtd', expires_at: NOW }, 'invalid_request'],
    ['post_only on a market order', { type: 'market', limit_price: undefined, post_only: true }, 'invalid_request'],
    ['no quote yet', {}, 'no_price', 'none'],
    ['quote older than stale_after_ms', {}, 'stale_quote', { ...quote, time: NOW - 10_001 }],
    ['limit outside the band', { limit_price: '50000' }, 'price_out_of_band'],
    ['buy stop at or below last', { type: 'stop_market', limit_price: undefined, stop_price: '60000.5' }, 'stop_already_triggered'],
    ['sell stop at or above last', { side: 'sell', type: 'stop_market', limit_price: undefined, stop_price: '60001' }, 'stop_already_triggered'],
    ['post-only limit through last', { limit_price: '60001', post_only: true }, 'post_only_would_fill'],
    ['limit through last but ask beyond it', { limit_price: '60000.5' }, 'ok'],
    ['limit buy through last and below the ask', { limit_price: '60000.5', size: '0.01' }, 'ok'],
    ['worst price beyond the ask', { type: 'market', limit_price: undefined, worst_price: '60000' }, 'slippage_exceeded'],
    ['slippage pct out of bounds', { type: 'market', limit_price: undefined, max_slippage_pct: '50' }, 'invalid_request'],
    ['below the minimum value', { size: '0.0001' }, 'invalid_size_step'],
    ['one step worth less than 10 USD', { size: '0.001', limit_price: '59000' }, 'ok'],
  ] as [string, Partial<OrderBody>, string, (typeof quote | 'none')?][])('%s → %s', (_name, body, expected, q) => {
    expect(code(body, q ?? quote)).toBe(expected);
  });

  it('refuses a limit through last that would fill beyond the limit', () => {
    const wide = { bid: dec('59990'), ask: dec('60010'), last: dec('60000'), time: NOW };
    expect(code({ limit_price: '60005' }, wide)).toBe('limit_inside_spread');
  });

  it('names the two valid sizes and prices around a wrong one', () => {
    const r = checkOrder(orderFromWire({ ...base, size: '0.0015' } as OrderBody), BTC, quote, NOW);
    expect(r.ok ? null : r.rejection.details).toMatchObject({ nearest: ['0.001', '0.002'] });
    const p = checkOrder(orderFromWire({ ...base, limit_price: '59000.3' } as OrderBody), BTC, quote, NOW);
    expect(p.ok ? null : p.rejection.details).toMatchObject({ nearest: ['59000', '59000.5'] });
  });

  it('rounds notional_usd down to the size step at the price the order is valued at', () => {
    const r = checkOrder(orderFromWire({ ...base, size: undefined, notional_usd: '1000' } as OrderBody), BTC, quote, NOW);
    expect(r.ok && fmt(r.order.size)).toBe('0.016'); // 1000 / 59000 = 0.01694…
    const m = checkOrder(orderFromWire({ market: 'BTC-USD', side: 'buy', type: 'market', notional_usd: '1000' } as OrderBody), BTC, quote, NOW);
    expect(m.ok && fmt(m.order.size)).toBe('0.016');
    expect(m.ok && m.order.immediate !== null && fmt(m.order.immediate)).toBe('60001');
    const tiny = checkOrder(orderFromWire({ ...base, size: undefined, notional_usd: '5' } as OrderBody), BTC, quote, NOW);
    expect(tiny.ok ? null : tiny.rejection).toMatchObject({ code: 'order_too_small', details: { min_notional_usd: '10' } });
  });

  it('fills a marketable limit at the ask and sets the worst price of a market order on the tick grid', () => {
    const r = checkOrder(orderFromWire({ ...base, limit_price: '60001' } as OrderBody), BTC, quote, NOW);
    expect(r.ok && r.order.immediate !== null && fmt(r.order.immediate)).toBe('60001');
    const m = checkOrder(orderFromWire({ market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' } as OrderBody), BTC, quote, NOW);
    expect(m.ok && fmt(m.order.worstPrice!)).toBe('60601'); // 60001 × 1.01 = 60601.01 → down to the tick
    const s = checkOrder(orderFromWire({ market: 'BTC-USD', side: 'sell', type: 'market', size: '0.01' } as OrderBody), BTC, quote, NOW);
    expect(s.ok && fmt(s.order.worstPrice!)).toBe('59400'); // 60000 × 0.99 = 59400
  });

  it('expires an ioc limit that cannot fill at once', () => {
    const r = checkOrder(orderFromWire({ ...base, time_in_force: 'ioc' } as OrderBody), BTC, quote, NOW);
    expect(r.ok && r.order.expiresUnfilled).toBe(true);
  });
});
