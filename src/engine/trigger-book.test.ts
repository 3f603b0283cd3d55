import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromInt } from './decimal.js';
import { TriggerBook, type Trigger } from './trigger-book.js';

const t = (id: string, direction: 'up' | 'down', price: number, strict = false, seq = 0): Trigger => ({ id, direction, price: fromInt(price), strict, seq });

function drain(book: TriggerBook, last: number, rising: boolean): string[] {
  const out: string[] = [];
  for (let x = book.next(fromInt(last), rising); x; x = book.next(fromInt(last), rising)) out.push(x.id);
  return out;
}

describe('TriggerBook', () => {
  it('fires what the price path reached, in path order, ties by creation', () => {
    const b = new TriggerBook();
    b.add(t('u105', 'up', 105, false, 3));
    b.add(t('u101', 'up', 101, false, 5));
    b.add(t('u101-early', 'up', 101, false, 1));
    b.add(t('u110', 'up', 110));
    b.add(t('d95', 'down', 95));
    expect(drain(b, 106, true)).toEqual(['u101-early', 'u101', 'u105']);
    expect(b.size).toBe(2);
    expect(drain(b, 95, false)).toEqual(['d95']);
  });

  it('respects strictness at the trigger price', () => {
    const b = new TriggerBook();
    b.add(t('limit-sell', 'up', 100, true));
    b.add(t('stop-buy', 'up', 100, false));
    expect(drain(b, 100, true)).toEqual(['stop-buy']);
    expect(drain(b, 101, true)).toEqual(['limit-sell']);
  });

  it('removes and re-adds (a trailing stop moving)', () => {
    const b = new TriggerBook();
    b.add(t('s', 'down', 90));
    b.add(t('s', 'down', 95));
    expect(b.size).toBe(1);
    expect(drain(b, 94, false)).toEqual(['s']);
    b.add(t('x', 'down', 90));
    b.remove('x');
    expect(drain(b, 10, false)).toEqual([]);
  });

  it('fires exactly what a full scan would, for random books and prices', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ up: fc.boolean(), price: fc.integer({ min: 1, max: 50 }), strict: fc.boolean() }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 50 }),
        (specs, last) => {
          const b = new TriggerBook();
          const all = specs.map((s, i) => t(`o${i}`, s.up ? 'up' : 'down', s.price, s.strict, i));
          for (const x of all) b.add(x);
          const fired = new Set([...drain(b, last, true)]);
          const L = fromInt(last);
          const expected = all.filter((x) => (x.direction === 'up' ? (x.strict ? L > x.price : L >= x.price) : x.strict ? L < x.price : L <= x.price));
          expect([...fired].sort()).toEqual(expected.map((x) => x.id).sort());
        },
      ),
    );
  });

  it('keeps path order through adds, re-adds and removals across chunks (small chunks, ties included)', () => {
    const key = (x: Trigger) => `${x.direction}:${x.price}:${x.strict}:${x.seq}`;
    const reached = (x: Trigger, L: bigint) => (x.direction === 'up' ? (x.strict ? L > x.price : L >= x.price) : x.strict ? L < x.price : L <= x.price);
    // Path order: up ascending, down descending; at one price non-strict first; then by seq.
    const pathOrder = (a: Trigger, b: Trigger) =>
      a.price !== b.price ? ((a.direction === 'up' ? a.price < b.price : a.price > b.price) ? -1 : 1) : a.strict !== b.strict ? (a.strict ? 1 : -1) : a.seq - b.seq;
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ add: fc.constant(true), id: fc.integer({ min: 0, max: 40 }), up: fc.boolean(), price: fc.integer({ min: 1, max: 30 }), strict: fc.boolean(), seq: fc.integer({ min: 0, max: 3 }) }),
            fc.record({ add: fc.constant(false), id: fc.integer({ min: 0, max: 40 }) }),
          ),
          { maxLength: 120 },
        ),
        fc.integer({ min: 1, max: 30 }),
        fc.boolean(),
        (steps, last, rising) => {
          const b = new TriggerBook(3);
          const model = new Map<string, Trigger>();
          for (const s of steps) {
            if (s.add) {
              const x = t(`o${s.id}`, s.up ? 'up' : 'down', s.price, s.strict, s.seq);
              b.add(x);
              model.set(x.id, x);
            } else {
              b.remove(`o${s.id}`);
              model.delete(`o${s.id}`);
            }
          }
          expect(b.size).toBe(model.size);
          const L = fromInt(last);
          const fired: Trigger[] = [];
          for (let x = b.next(L, rising); x; x = b.next(L, rising)) fired.push(x);
          const first = rising ? 'up' : 'down';
          const expected = [...model.values()].filter((x) => reached(x, L)).sort((a, c) => (a.direction !== c.direction ? (a.direction === first ? -1 : 1) : pathOrder(a, c)));
          expect(fired.map(key)).toEqual(expected.map(key));
          expect(fired.map((x) => x.id).sort()).toEqual(expected.map((x) => x.id).sort());
          expect(b.size).toBe(model.size - fired.length);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
