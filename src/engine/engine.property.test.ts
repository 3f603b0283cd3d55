import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { add, dec, fmt, fromInt, mul, sub, ZERO, type Dec } from './decimal.js';
import { reservedByScan } from './book.js';
import { testEngine } from './test-engine.js';
import { marketSpec, type MarketConfigLike } from './market-spec.js';
import type { OrderWire as OrderBody } from '../engine-host/port.js';
import { orderFromWire, orderPatchFromWire } from '../engine-host/wire.js';
import type { Fill, Order } from './state.js';
import type { Quote } from './types.js';

const configs = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../config/markets.json'), 'utf8')) as MarketConfigLike[];
const BTC = marketSpec(configs[0]!);
const TICK = BTC.tick;

const op = fc.oneof(
  fc.record({ kind: fc.constant('tick' as const), move: fc.integer({ min: -400, max: 400 }) }),
  fc.record({
    kind: fc.constant('order' as const),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    type: fc.constantFrom('market' as const, 'limit' as const, 'stop_market' as const, 'stop_limit' as const),
    offset: fc.integer({ min: 1, max: 300 }),
    size: fc.integer({ min: 1, max: 50 }),
    reduceOnly: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('cancel_all' as const) }),
  fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), size: fc.integer({ min: 1, max: 80 }), offset: fc.integer({ min: 1, max: 300 }) }),
  fc.record({ kind: fc.constant('leverage' as const), leverage: fc.integer({ min: 1, max: 20 }) }),
);

describe('engine properties over random quote paths and order streams', () => {
  it('fills whole, once, at allowed prices; reduce-only never grows; balance reproduces from fills; reservations match a full visit', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 5, maxLength: 80 }), (ops) => {
        const { engine, quotes } = testEngine([BTC]);
        const start = dec('100000');
        engine.addBook({ id: 'A', customerId: 'c', product: 'p', status: 'active', balance: start, orders: new Map(), positions: new Map(), margin: new Map(), weekendAllowed: true });
        let now = 1000;
        let last = dec('60000');
        const setQuote = () => {
          const q = { bid: sub(last, TICK), ask: add(last, TICK), last, time: now };
          quotes.set(BTC.id, q);
          return q;
        };
        setQuote();
        const fills: Fill[] = [];
        const fillCount = new Map<string, number>();
        const orders = new Map<string, Order>();
        const signed = () => {
          const p = engine.books.get('A')!.positions.get(BTC.id);
          return p ? (p.side === 'long' ? p.size : -p.size) : 0n;
        };
        for (const x of ops) {
          now += 1000;
          const before = signed();
          let quoteAtFill: Quote | undefined;
          if (x.kind === 'tick') {
            const next = add(last, mul(TICK, fromInt(x.move)));
            if (next <= mul(TICK, fromInt(10))) continue;
            last = next;
            quoteAtFill = setQuote();
            engine.onQuote(BTC.id, quoteAtFill);
          } else if (x.kind === 'cancel_all') {
            engine.cancelAll('A', null, null, 'cancel_all', now);
          } else if (x.kind === 'edit') {
            const working = [...engine.books.get('A')!.orders.values()].filter((o) => o.status === 'working' && o.exitKind === null);
            const o = working[x.pick % Math.max(1, working.length)];
            if (o) {
              const off = mul(TICK, fromInt(x.offset));
              const price = fmt(o.side === 'buy' ? sub(last, off) : add(last, off));
              const through = fmt(o.side === 'buy' ? add(last, off) : sub(last, off));
              const patch = o.type === 'limit' ? { limit_price: price } : o.type === 'stop_market' ? { stop_price: through } : {};
              engine.edit('A', o.id, orderPatchFromWire({ size: `0.${String(x.size).padStart(3, '0')}`, ...patch }), null, now);
            }
          } else if (x.kind === 'leverage') {
            engine.setMargin('A', BTC.id, x.leverage, undefined);
          } else {
            quoteAtFill = setQuote();
            const off = mul(TICK, fromInt(x.offset));
            const away = x.side === 'buy' ? sub(last, off) : add(last, off);
            const through = x.side === 'buy' ? add(last, off) : sub(last, off);
            const body: OrderBody = { market: BTC.id, side: x.side, type: x.type, size: `0.${String(x.size).padStart(3, '0')}`, reduce_only: x.reduceOnly };
            if (x.type === 'limit') body.limit_price = fmt(away);
            if (x.type === 'stop_market') body.stop_price = fmt(through);
            if (x.type === 'stop_limit') {
              body.stop_price = fmt(through);
              body.limit_price = fmt(x.side === 'buy' ? add(through, off) : sub(through, off));
            }
            const r = engine.place({ accountId: 'A', order: orderFromWire(body), exits: null, actor: { keyId: null, fences: null, origin: 'api' }, now });
            if (r.ok) orders.set(r.value.id, r.value);
          }
          const fx = engine.take();
          for (const o of fx.orders.values()) orders.set(o.id, o);
          // The position fill by fill: several orders can fill on one tick, so each reduce-only fill is judged
          // against the position just before it, not before the whole step.
          let running = before;
          for (const f of fx.fills) {
            const prior = running;
            running += f.side === 'buy' ? f.size : -f.size;
            fills.push(f);
            fillCount.set(f.orderId, (fillCount.get(f.orderId) ?? 0) + 1);
            const o = orders.get(f.orderId)!;
            expect(f.size).toBe(o.size);
            if (o.type === 'limit' && o.createdAt !== now) expect(f.price).toBe(o.limitPrice);
            if (o.type === 'market' && o.origin === 'api') expect(f.price).toBe(f.side === 'buy' ? quoteAtFill!.ask : quoteAtFill!.bid);
            if (o.type === 'stop_market') expect(f.price).toBe(f.side === 'buy' ? add(quoteAtFill!.ask, TICK) : sub(quoteAtFill!.bid, TICK));
            if (o.type === 'stop_limit') expect(f.side === 'buy' ? f.price < o.limitPrice! : f.price > o.limitPrice!).toBe(true);
            if (o.reduceOnly) {
              const abs = (v: bigint) => (v < 0n ? -v : v);
              expect(abs(running) <= abs(prior)).toBe(true);
              expect(running === 0n || prior === 0n || running > 0n === prior > 0n).toBe(true);
            }
          }
          expect(running).toBe(signed());
          // The reservation the OrderMap keeps as orders come and go is the one a visit of every order finds.
          const book = engine.books.get('A')!;
          expect(engine.figures(book).reserved).toBe(reservedByScan(book, new Map([[BTC.id, BTC]]), (m) => quotes.get(m)));
        }
        for (const n of fillCount.values()) expect(n).toBe(1);
        for (const o of orders.values()) expect(o.filledSize === ZERO || o.filledSize === o.size).toBe(true);
        const reproduced = fills.reduce<Dec>((acc, f) => sub(add(acc, f.realizedPnl), f.fee), start);
        expect(engine.books.get('A')!.balance).toBe(reproduced);
      }),
      { numRuns: 150 },
    );
  });
});

