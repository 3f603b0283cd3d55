import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dec } from './decimal.js';
import { Engine, type Actor } from './engine.js';
import { marketSpec, type MarketConfigLike } from './market-spec.js';
import type { OrderWire as OrderBody } from '../engine-host/port.js';
import { orderFromWire } from '../engine-host/wire.js';
import type { ExitSpec } from './state.js';
import type { Quote } from './types.js';

const configs = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../config/markets.json'), 'utf8')) as MarketConfigLike[];

function setup() {
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
  const book = (id: string, deadManAt: number | null = null) =>
    engine.addBook({ id, customerId: 'c', product: 'p', status: 'active', balance: dec('100000'), orders: new Map(), positions: new Map(), margin: new Map(), weekendAllowed: true, deadManAt });
  book('A');
  book('B');
  const now = 10_000;
  const q = { bid: dec('60000'), ask: dec('60001'), last: dec('60000'), time: now };
  quotes.set('BTC-USD', q);
  engine.onQuote('BTC-USD', q);
  const actor: Actor = { keyId: 'k', fences: null, origin: 'api' };
  const place = (accountId: string, body: Partial<OrderBody>, exits: ExitSpec | null = null) => {
    const r = engine.place({ accountId, order: orderFromWire({ market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1', ...body } as OrderBody), exits, actor, now });
    if (!r.ok) throw new Error(JSON.stringify(r.rejection));
    return r.value;
  };
  engine.take();
  return { engine, place, book, now };
}

describe('dead-man switch', () => {
  it('cancels the opening orders when the deadline passes; exits and reduce-only orders stay', () => {
    const { engine, place, now } = setup();
    const exits: ExitSpec = { takeProfit: { price: dec('63000'), limitPrice: null }, stopLoss: { price: dec('59000'), trailingDistance: null }, breakEven: null };
    place('A', { size: '0.5' }, exits);
    const limit = place('A', { type: 'limit', limit_price: '59500' });
    const stop = place('A', { type: 'stop_market', stop_price: '61000' });
    const reduce = place('A', { side: 'sell', type: 'limit', limit_price: '62000', size: '0.1', reduce_only: true });
    const other = place('B', { type: 'limit', limit_price: '59500' });
    engine.take();

    expect(engine.armDeadMan('A', 5_000, now)).toBe(now + 5_000);
    expect(engine.take().deadMen).toEqual(new Map([['A', now + 5_000]]));
    engine.onClock(now + 4_999);
    expect(engine.take().events).toEqual([]);

    engine.onClock(now + 5_000);
    const fx = engine.take();
    expect(fx.events.map((e) => `${e.type} ${e.order!.id} ${e.order!.cancelReason}`).sort()).toEqual(
      [`order.canceled ${limit.id} dead_man_switch`, `order.canceled ${stop.id} dead_man_switch`].sort(),
    );
    expect(fx.deadMen).toEqual(new Map([['A', null]]));
    const working = [...engine.books.get('A')!.orders.values()].filter((o) => o.status === 'working');
    expect(working.map((o) => o.exitKind ?? (o.id === reduce.id ? 'reduce_only' : o.id)).sort()).toEqual(['reduce_only', 'stop_loss', 'take_profit']);
    expect(engine.order(other.id)?.status).toBe('working');
    // Fired once: it is disarmed, a later clock finds nothing to do.
    engine.onClock(now + 60_000);
    expect(engine.take().events).toEqual([]);
  });

  it('renews from the new now on each call and disarms with 0', () => {
    const { engine, place, now } = setup();
    const limit = place('A', { type: 'limit', limit_price: '59500' });
    engine.armDeadMan('A', 5_000, now);
    expect(engine.armDeadMan('A', 5_000, now + 4_000)).toBe(now + 9_000);
    engine.onClock(now + 8_000);
    expect(engine.order(limit.id)?.status).toBe('working');
    expect(engine.armDeadMan('A', 0, now + 8_500)).toBeNull();
    engine.onClock(now + 20_000);
    expect(engine.order(limit.id)?.status).toBe('working');
    expect(engine.books.get('A')!.deadManAt).toBeNull();
    expect(engine.armDeadMan('nobody', 5_000, now)).toBeUndefined();
  });

  it('fires a deadline loaded with the book (a restart or a take-over)', () => {
    const { engine, place, book, now } = setup();
    book('C', now + 1_000);
    const limit = place('C', { type: 'limit', limit_price: '59500' });
    engine.onClock(now + 1_000);
    expect(engine.order(limit.id)).toBeUndefined();
    expect(engine.take().events.filter((e) => e.type === 'order.canceled').map((e) => e.order!.cancelReason)).toEqual(['dead_man_switch']);
    expect(engine.books.get('C')!.deadManAt).toBeNull();
  });
});
