import { describe, expect, it } from 'vitest';
import { JsonNumber, parseLossless, plainDecimal, type LosslessValue } from './lossless-json.js';

/** The parsed value with every JsonNumber shown as {n: text}, for comparison. */
const show = (v: LosslessValue): unknown => {
  if (v instanceof JsonNumber) return { n: v.text };
  if (Array.isArray(v)) return v.map(show);
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, show(x)]));
  return v;
};

describe('parseLossless', () => {
  it('keeps every number literal as its source text', () => {
    const text = '{"bid":142.123456789012345678,"qty":1.0,"big":123456789012345678901234567890,"e":-1.5E-3,"z":0,"l":[1,-2.25]}';
    expect(show(parseLossless(text))).toEqual({
      bid: { n: '142.123456789012345678' },
      qty: { n: '1.0' },
      big: { n: '123456789012345678901234567890' },
      e: { n: '-1.5E-3' },
      z: { n: '0' },
      l: [{ n: '1' }, { n: '-2.25' }],
    });
  });

  it('reads strings, escapes, literals and whitespace as JSON.parse does', () => {
    const text = ' { "s" : "a\\"b\\\\c\\u00e9\\n" , "t":true,"f":false,"n":null,"o":{},"a":[ ] ,"x":[{"y":"}"}]}\n';
    expect(parseLossless(text)).toEqual(JSON.parse(text));
  });

  it('does not let a key named __proto__ reach the prototype', () => {
    const v = parseLossless('{"__proto__":{"polluted":"yes"}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__']);
  });

  it.each(['', '{', '{"a":1,}', '[1,]', '{"a" 1}', '01', '1.', '.5', '-', '+1', '1e', 'NaN', 'Infinity', '"open', '{"a":1} x', 'tru', '{a:1}', '"\t"', '[1 2]'])(
    'refuses %j as JSON.parse would',
    (text) => {
      expect(() => JSON.parse(text)).toThrow();
      expect(() => parseLossless(text)).toThrow(SyntaxError);
    },
  );

  it('refuses nesting deeper than 64', () => {
    expect(() => parseLossless('['.repeat(100) + ']'.repeat(100))).toThrow(/too deep/);
    expect(parseLossless('['.repeat(10) + ']'.repeat(10))).toEqual(JSON.parse('['.repeat(10) + ']'.repeat(10)));
  });
});

describe('plainDecimal', () => {
  it.each([
    ['60012.3', '60012.3'],
    ['1.4213e2', '142.13'],
    ['1.5E3', '1500'],
    ['25e-3', '0.025'],
    ['-2.5e-1', '-0.25'],
    ['0.00012e+2', '0.012'],
    ['1e0', '1'],
    ['100e-2', '1'],
    ['123.456e1', '1234.56'],
  ])('%s → %s', (literal, expected) => {
    expect(plainDecimal(literal)).toBe(expected);
  });

  it('refuses exponents no price needs and text that is no number', () => {
    expect(plainDecimal('1e65')).toBeUndefined();
    expect(plainDecimal('1e-400')).toBeUndefined();
    expect(plainDecimal('abc')).toBeUndefined();
  });
});
