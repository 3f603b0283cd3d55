import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dec, fmt, ZERO } from './decimal.js';
import { Engine, type Actor } from './engine.js';
import { marketSpec, type MarketConfigLike } from './market-spec.js';
import type { OrderWire as OrderBody } from '../engine-host/port.js';
import { orderFromWire } from '../engine-host/wire.js';
import type { ExitSpec } from './state.js';
import type { Quote } from './types.js';

const configs = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../config/markets.json'), 'utf8')) as MarketConfigLike[];

function setup(balance = '100000') {
  const quotes = new Map<string, Quote>();
  let n = 0;
  const engine = new Engine({
    markets: new Map(configs.map((c) => [c.id, marketSpec(c)])),
    quote: (m) => quotes.get(m),
    marketState: () => ({ status: 'open', offered: true }),
    newId: (p) => `${p}_${++n}`,
    isWeekend: () => false,
    caps: { perAccount: 100, perCustomer: 1000 },
  });
  engine.addBook({ id: 'A', customerId: 'c', product: 'p', status: 'active', balance: dec(balance), orders: new Map(), positions: new Map(), margin: new Map(), weekendAllowed: true });
  let now = 1_000;
  const tick = (bid: string, ask: string, last: string) => {
    now += 1000;
    const q = { bid: dec(bid), ask: dec(ask), last: dec(last), time: now };
    quotes.set('BTC-USD', q);
    engine.onQuote('BTC-USD', q);
    return engine.take();
  };
  const actor: Actor = { keyId: 'k', fences: null, origin: 'api' };
  const place = (body: Partial<OrderBody>, exits: ExitSpec | null = null) => {
    const r = engine.place({ accountId: 'A', order: orderFromWire({ market: 'BTC-USD', side: 'buy', type: 'market', size: '1', ...body } as OrderBody), exits, actor, now });
    return { r, fx: engine.take() };
  };
  return { engine, tick, place, book: () => engine.books.get('A')! };
}

describe('engine', () => {
  it('fills a market buy at the ask, books the taker fee and opens a long', () => {
    const { tick, place, book } = setup();
    tick('60000', '60001', '60000.5');
    const { r, fx } = place({ size: '0.5' });
    expect(r.ok && r.value.status).toBe('filled');
    expect(r.ok && fmt(r.value.averageFillPrice!)).toBe('60001');
    expect(r.ok && fmt(r.value.fee!)).toBe('15.00025'); // 60001 × 0.5 × 0.0005
    expect(fmt(book().balance)).toBe('99984.99975');
    expect(fx.events.map((e) => e.type)).toEqual(['order.created', 'order.filled', 'fill.created', 'position.opened']);
    const p = book().positions.get('BTC-USD')!;
    expect([p.side, fmt(p.size), fmt(p.entryPrice)]).toEqual(['long', '0.5', '60001']);
  });

  it('edits a stop limit that has triggered as the limit it is, but never moves its stop', () => {
    const { engine, tick, place } = setup();
    tick('60000', '60001', '60000.5');
    const { r } = place({ type: 'stop_limit', stop_price: '60500', limit_price: '60500', size: '0.1' });
    expect(r.ok && r.value.status).toBe('working');
    const id = r.ok ? r.value.id : '';
    // Last passes the stop; the ask is above the limit, so it triggers without filling.
    tick('60550', '60551', '60550.5');
    expect(engine.order(id)?.triggered).toBe(true);
    const moved = engine.edit('A', id, { stopPrice: dec('60700') }, null, 5_000);
    expect(moved.ok ? null : moved.rejection).toEqual({
      code: 'invalid_request',
      details: { field: 'stop_price' },
      message: 'The stop of this order has already triggered.',
    });
    // Judged as the limit it has become: its size changes (the stop, passed, is not checked against last again).
    const resized = engine.edit('A', id, { size: dec('0.2') }, null, 5_000);
    expect(resized.ok ? [fmt(resized.value.size), fmt(resized.value.stopPrice!), resized.value.type, resized.value.triggered] : resized.rejection).toEqual([
      '0.2',
      '60500',
      'stop_limit',
      true,
    ]);
    // Still resting at its limit: it fills once the ask comes down to it.
    const fx = tick('60499', '60500', '60499.5');
    expect(fx.events.map((e) => e.type)).toContain('order.filled');
  });

  it('catches up on a quote it did not see when it is at least as new as the orders it holds in the market', () => {
    const { engine, tick, place } = setup();
    tick('60000', '60001', '60000.5');
    const { r } = place({ type: 'stop_market', side: 'sell', stop_price: '59500', size: '0.1' });
    const id = r.ok ? r.value.id : '';
    const placedAt = engine.order(id)!.updatedAt;
    const below = (time: number) => ({ bid: dec('58999.5'), ask: dec('59000.5'), last: dec('59000'), time });
    // A quote from before the order was placed (a node's book a tick behind) neither fills nor fires it.
    expect(engine.catchUp('BTC-USD', below(placedAt - 1))).toBe(false);
    expect(engine.take().events).toEqual([]);
    expect(engine.order(id)?.status).toBe('working');
    // One as new as the order fires it, at the bid − tick (fill rules).
    expect(engine.catchUp('BTC-USD', below(placedAt))).toBe(true);
    const fx = engine.take();
    expect(fx.events.filter((e) => e.type === 'order.filled').length).toBe(1);
    expect(engine.order(id)).toBeUndefined();
    expect(fmt(engine.books.get('A')!.positions.get('BTC-USD')!.entryPrice)).toBe('58999');
  });

  it('rests a limit and fills it at the limit once last trades strictly through, as maker', () => {
    const { tick, place, book } = setup();
    tick('60000', '60001', '60000.5');
    const { r } = place({ type: 'limit', limit_price: '59000', size: '0.1' });
    expect(r.ok && r.value.status).toBe('working');
    expect(tick('58999', '59000', '59000').fills).toHaveLength(0);
    const fx = tick('58998', '58999', '58999.5');
    expect(fx.fills.map((f) => [fmt(f.price), fmt(f.fee)])).toEqual([['59000', '1.18']]); // 59000 × 0.1 × 0.0002
    expect(book().orders.size).toBe(0);
  });

  it('protects a long with TP, trailing SL and break-even, and closes it with no client call (oco)', () => {
    const { tick, place, book } = setup();
    tick('60000', '60001', '60000');
    const { r } = place({ size: '1' }, {
      takeProfit: { price: dec('63000'), limitPrice: null },
      stopLoss: { price: dec('59000'), trailingDistance: dec('1000') },
      breakEven: { triggerPrice: dec('60500'), offsetTicks: 2 },
    });
    expect(r.ok).toBe(true);
    const p = () => book().positions.get('BTC-USD');
    const sl = () => book().orders.get(p()!.stopLossId!)!;
    const tp = () => book().orders.get(p()!.takeProfitId!)!;
    expect(fmt(sl().stopPrice!)).toBe('59000');
    tick('60300', '60301', '60300'); // trails: 60300 − 1000 = 59300
    expect(fmt(sl().stopPrice!)).toBe('59300');
    const be = tick('60600', '60601', '60600'); // trail → 59600; break-even → entry 60001 + 2 ticks = 60002
    expect(fmt(sl().stopPrice!)).toBe('60002');
    expect(be.events.filter((e) => e.type === 'order.edited').map((e) => e.changes)).toEqual([{ stop_price: { from: '59600', to: '60002' } }]);
    tick('60200', '60201', '60200'); // no trigger, stop does not loosen
    expect(fmt(sl().stopPrice!)).toBe('60002');
    const tpId = tp().id;
    const closing = tick('60000', '60001', '60001'); // last ≤ 60002: stop fills at bid − tick
    expect(closing.fills.map((f) => fmt(f.price))).toEqual(['59999.5']);
    expect(p()).toBeUndefined();
    const canceled = closing.events.find((e) => e.type === 'order.canceled');
    expect(canceled?.order?.id).toBe(tpId);
    expect(canceled?.order?.cancelReason).toBe('oco');
    expect(closing.events.find((e) => e.type === 'position.closed')?.closeReason).toBe('exit');
    expect(book().orders.size).toBe(0);
  });

  it('keeps balance equal to the starting balance plus realized P&L minus fees', () => {
    const { tick, place, book } = setup();
    tick('60000', '60001', '60000');
    const fills = [...place({ size: '1' }).fx.fills];
    tick('61000', '61001', '61000');
    fills.push(...place({ side: 'sell', size: '1.5' }).fx.fills);
    tick('60500', '60501', '60500');
    fills.push(...place({ size: '0.5' }).fx.fills);
    const total = fills.reduce((acc, f) => acc + f.realizedPnl - f.fee, 0n);
    expect(book().balance).toBe(dec('100000') + total);
    expect(book().positions.size).toBe(0);
    expect(fills.every((f) => f.size > ZERO)).toBe(true);
  });

  it('cuts a reduce-only order to the position and cancels it when the position is gone', () => {
    const { tick, place, book } = setup();
    tick('60000', '60001', '60000');
    place({ size: '1' });
    const { r } = place({ side: 'sell', type: 'limit', limit_price: '61000', size: '1', reduce_only: true });
    expect(r.ok && r.value.status).toBe('working');
    place({ side: 'sell', size: '1' }); // closes the position at market
    const fx = tick('61001', '61002', '61001.5');
    expect(fx.events.find((e) => e.type === 'order.canceled')?.order?.cancelReason).toBe('position_closed');
    expect(book().orders.size).toBe(0);
  });

  it('runs the restart transition: working orders canceled, positions closed, one engine.restarted', () => {
    const { tick, place, engine } = setup();
    tick('60000', '60001', '60000');
    place({ size: '1' });
    place({ type: 'limit', limit_price: '59000', size: '0.1' });
    engine.restart('sandbox', 99_999);
    const fx = engine.take();
    expect(fx.events.find((e) => e.type === 'engine.restarted')?.restart).toEqual({ environment: 'sandbox', canceled_orders: 1, closed_positions: 1 });
    expect(fx.events.filter((e) => e.type === 'order.canceled').map((e) => e.order?.cancelReason)).toEqual(['system_restart']);
    expect(fx.events.find((e) => e.type === 'position.closed')?.closeReason).toBe('system_restart');
  });
});

describe('engine refusals after acceptance', () => {
  it('rejects a triggered opening stop whose margin is no longer there (status rejected, reject.code)', () => {
    const { tick, place, book } = setup('10000');
    tick('60000', '60001', '60000');
    // 1.5 BTC at 61000 and 10x reserves 9150 of the 10000; a gap to 70000 needs 10500 when it triggers.
    const stop = place({ type: 'stop_market', stop_price: '61000', size: '1.5' });
    expect(stop.r.ok && stop.r.value.status).toBe('working');
    const fx = tick('70000', '70000.5', '70000');
    const rejected = fx.events.find((e) => e.type === 'order.rejected');
    expect(rejected?.order?.reject?.code).toBe('insufficient_margin');
    expect(rejected?.order?.status).toBe('rejected');
    expect(book().orders.size).toBe(0);
  });
});
