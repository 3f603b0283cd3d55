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
});
