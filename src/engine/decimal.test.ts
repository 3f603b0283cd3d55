import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec, div, divInt, floorToStep, fmt, fromInt, mul, nearestSteps, parseDec, roundMoney, type Dec, type Rounding } from './decimal.js';

describe('decimal', () => {
  it('prints canonical strings', () => {
    expect(fmt(dec('60000.50'))).toBe('60000.5');
    expect(fmt(dec('0.0010'))).toBe('0.001');
    expect(fmt(dec('100000'))).toBe('100000');
    expect(fmt(dec('-0.0'))).toBe('0');
    expect(fmt(dec('-1.25'))).toBe('-1.25');
  });

  it('refuses what is not a plain decimal', () => {
    for (const bad of ['', '1e5', '+1', '01', '1.', '.5', ' 1', '0x10', 'NaN', '1.0000000000000000001']) {
      expect(parseDec(bad), bad).toBeUndefined();
    }
  });

  it('rounds money half-even to 8 places', () => {
    expect(fmt(roundMoney(dec('0.000000125')))).toBe('0.00000012');
    expect(fmt(roundMoney(dec('0.000000135')))).toBe('0.00000014');
    expect(fmt(roundMoney(dec('-0.000000125')))).toBe('-0.00000012');
  });

  it('multiplies and divides exactly', () => {
    expect(fmt(mul(dec('60000.5'), dec('0.001')))).toBe('60.0005');
    expect(fmt(div(dec('1'), dec('3')))).toBe('0.333333333333333333');
  });

  it('finds the two steps around a size', () => {
    expect(nearestSteps(dec('0.0015'), dec('0.001')).map(fmt)).toEqual(['0.001', '0.002']);
    expect(fmt(floorToStep(dec('-0.0015'), dec('0.001')))).toBe('-0.002');
  });

  it('round-trips any canonical decimal', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }), (n, places) => {
        const s = n.toString();
        const negative = s.startsWith('-');
        const digits = (negative ? s.slice(1) : s).padStart(places + 1, '0');
        const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
        const canonical = fmt(dec((negative ? '-' : '') + text.replace(/^0+(?=\d)/, '')));
        expect(fmt(dec(canonical))).toBe(canonical);
        expect(canonical).not.toMatch(/e|\+|\.$|\.\d*0$/);
      }),
    );
  });

  it('divides by a whole number exactly as div by that number does, in every rounding', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: 1, max: 200 }), fc.constantFrom<Rounding>('down', 'up', 'half_even', 'floor', 'ceil'), (raw, n, mode) => {
        expect(divInt(raw as Dec, n, mode)).toBe(div(raw as Dec, fromInt(n), mode));
      }),
      { numRuns: 2000 },
    );
  });
});
