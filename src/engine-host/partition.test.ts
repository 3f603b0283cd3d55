import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partitionOf } from './partition.js';

describe('partitionOf', () => {
  it('is stable: pinned values (a change would move live accounts between partitions of a running cluster)', () => {
    // FNV-1a 32-bit reference values: "" → 0x811c9dc5, "a" → 0xe40c292c, "foobar" → 0xbf9cf968.
    expect(partitionOf('', 0x7fffffff)).toBe(0x811c9dc5 % 0x7fffffff);
    expect(partitionOf('a', 1_000_003)).toBe(0xe40c292c % 1_000_003);
    expect(partitionOf('foobar', 97)).toBe(0xbf9cf968 % 97);
  });

  it('answers the same partition for the same id, always within 0..n-1; one partition takes everything', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 64 }), fc.integer({ min: 1, max: 256 }), (id, n) => {
        const p = partitionOf(id, n);
        expect(Number.isInteger(p) && p >= 0 && p < n).toBe(true);
        expect(partitionOf(id, n)).toBe(p);
        expect(partitionOf(id, 1)).toBe(0);
      }),
    );
  });

  it('spreads account ids evenly: each of n partitions gets its share within 15%', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 16 }), fc.integer({ min: 0, max: 1_000_000 }), (n, seed) => {
        const counts = new Array<number>(n).fill(0);
        const total = 4000 * n;
        for (let i = 0; i < total; i++) counts[partitionOf(`acc_${(seed + i).toString(36)}`, n)]! += 1;
        for (const c of counts) expect(Math.abs(c - 4000)).toBeLessThan(600);
      }),
      { numRuns: 20 },
    );
  });

  it('refuses a partition count that is not a positive integer', () => {
    for (const n of [0, -1, 1.5, Number.NaN]) expect(() => partitionOf('acc', n)).toThrow(RangeError);
  });
});
