import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base62, newId } from './ids.js';

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const parse62 = (s: string) => [...s].reduce((n, c) => n * 62 + DIGITS.indexOf(c), 0);

describe('ids', () => {
  afterEach(() => vi.restoreAllMocks());

  it('base62 writes n digits that read back as the number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 62 ** 8 - 1 }), (n) => {
        const s = base62(n, 8);
        expect(s).toHaveLength(8);
        expect(parse62(s)).toBe(n);
      }),
    );
    expect(base62(0, 3)).toBe('000');
    expect(base62(61, 2)).toBe('0z');
  });

  it('an id keeps its format (prefix, then 20 base62 characters) and is unique', () => {
    const ids = Array.from({ length: 5000 }, () => newId('ord'));
    for (const id of ids) expect(id).toMatch(/^ord_[0-9A-Za-z]{20}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('ids made in a later millisecond sort after earlier ones (their index grows at its end)', () => {
    const now = vi.spyOn(Date, 'now');
    const made: string[] = [];
    for (const t of [1_700_000_000_000, 1_700_000_000_001, 1_700_000_060_000, 1_800_000_000_000]) {
      now.mockReturnValue(t);
      made.push(newId('fil'), newId('fil'));
    }
    for (let i = 2; i < made.length; i += 2) {
      expect(made[i]! > made[i - 1]!).toBe(true);
      expect(made[i + 1]! > made[i - 2]!).toBe(true);
    }
    expect(parse62(made[0]!.slice(4, 12))).toBe(1_700_000_000_000);
  });
});
