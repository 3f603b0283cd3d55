import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depthOf, duplicateKeyOf } from './strict-input.js';

describe('duplicateKeyOf', () => {
  it.each([
    ['{"a":1,"a":2}', 'a'],
    ['{"a":1,"\\u0061":2}', 'a'],
    ['{"x":{"b":1,"c":{"d":1},"b":2}}', 'b'],
    ['[{"a":1},{"a":1,"a":2}]', 'a'],
    ['{"market":"BTC-USD","size":"1","market":"ETH-USD"}', 'market'],
    ['{"":1,"":2}', ''],
    ['{"a\\"b":1,"a\\"b":2}', 'a"b'],
  ])('finds the repeated key in %s', (text, key) => {
    expect(duplicateKeyOf(text)).toBe(key);
  });

  it.each([
    '{"a":1,"b":{"a":2}}',
    '[{"a":1},{"a":2}]',
    '{"a":"a","b":"a"}',
    '{"a":["a","a"],"b":"{\\"a\\":1,\\"a\\":2}"}',
    '{"a\\\\":1,"a":2}',
    '"a"',
    '[]',
    '{}',
    '{"a":{},"b":[],"c":[{}]}',
  ])('finds none in %s', (text) => {
    expect(duplicateKeyOf(text)).toBeUndefined();
  });

  it('agrees with a parse of any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => {
        // JSON.stringify never writes a key twice.
        expect(duplicateKeyOf(JSON.stringify(v))).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });
});

describe('depthOf', () => {
  it('counts nested objects and arrays without recursion', () => {
    expect(depthOf(1, 32)).toBe(0);
    expect(depthOf({ a: [1, { b: [] }] }, 32)).toBe(4);
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(depthOf(deep, 32)).toBe(33);
  });
});
