import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openingSize, orderValuePrice } from './book.js';
import { dec, fromInt, ONE, type Dec } from './decimal.js';
import { OrderMap } from './order-map.js';
import type { Order, Position } from './state.js';
import type { Quote } from './types.js';

const quote: Quote = { bid: dec('99'), ask: dec('101'), last: dec('100'), time: 1 };

function order(id: string, x: { market: string; side: 'buy' | 'sell'; type: Order['type']; size: number; price: number; reduceOnly: boolean }): Order {
  const price = fromInt(x.price);
  return {
    id,
    market: x.market,
    side: x.side,
    type: x.type,
    size: (fromInt(x.size) / 1000n) as Dec,
    limitPrice: x.type === 'limit' || x.type === 'take_limit' || x.type === 'stop_limit' ? price : null,
    stopPrice: x.type === 'stop_market' || x.type === 'stop_limit' ? price : null,
    reduceOnly: x.reduceOnly,
  } as Order;
}

/** The reference: every order visited, as figures() did before the OrderMap kept sums. */
function scan(orders: Iterable<Order>, market: string, p: Position | undefined): bigint {
  let raw = 0n;
  for (const o of orders) if (o.market === market) raw += openingSize(o, p) * orderValuePrice(o, quote);
  return raw;
}

const spec = fc.record({
  market: fc.constantFrom('BTC-USD', 'ETH-USD'),
  side: fc.constantFrom('buy' as const, 'sell' as const),
  type: fc.constantFrom('limit' as const, 'stop_market' as const, 'stop_limit' as const, 'market' as const, 'take_limit' as const),
  size: fc.integer({ min: 1, max: 6 }),
  price: fc.integer({ min: 50, max: 150 }),
  reduceOnly: fc.boolean(),
});
const step = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), id: fc.integer({ min: 0, max: 12 }), spec }),
  fc.record({ kind: fc.constant('delete' as const), id: fc.integer({ min: 0, max: 12 }) }),
  fc.record({ kind: fc.constant('clear' as const) }),
);
const position = fc.option(fc.record({ side: fc.constantFrom('long' as const, 'short' as const), size: fc.integer({ min: 1, max: 8 }) }));

describe('OrderMap', () => {
  it('keeps, through sets, replacements and deletes, the opening notional a visit of every order finds', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), position, (steps, held) => {
        const map = new OrderMap();
        const plain = new Map<string, Order>();
        const p = held ? ({ side: held.side, size: (fromInt(held.size) / 1000n) as Dec } as Position) : undefined;
        for (const s of steps) {
          if (s.kind === 'set') {
            const o = order(`o${s.id}`, s.spec);
            map.set(o.id, o);
            plain.set(o.id, o);
          } else if (s.kind === 'delete') {
            expect(map.delete(`o${s.id}`)).toBe(plain.delete(`o${s.id}`));
          } else {
            map.clear();
            plain.clear();
          }
          for (const market of ['BTC-USD', 'ETH-USD']) {
            expect(map.openingNotionalRaw(market, p, quote)).toBe(scan(plain.values(), market, p));
          }
        }
        expect([...map.keys()].sort()).toEqual([...plain.keys()].sort());
      }),
      { numRuns: 3000 },
    );
  });

  it('an order set again after its size changed counts at its new size', () => {
    const map = new OrderMap();
    const o = order('a', { market: 'BTC-USD', side: 'buy', type: 'limit', size: 2, price: 100, reduceOnly: false });
    map.set(o.id, o);
    o.size = ONE;
    map.set(o.id, o);
    expect(map.openingNotionalRaw('BTC-USD', undefined, quote)).toBe(ONE * fromInt(100));
  });
});
