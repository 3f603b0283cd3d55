import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberFault, scanJson } from './json-scan.js';

describe('a key twice in one object', () => {
  it.each([
    ['{"a":1,"a":2}', 'a'],
    ['{"a":1,"\\u0061":2}', 'a'],
    ['{"x":{"b":1,"c":{"d":1},"b":2}}', 'b'],
    ['[{"a":1},{"a":1,"a":2}]', 'a'],
    ['{"market":"BTC-USD","size":"1","market":"ETH-USD"}', 'market'],
    ['{"":1,"":2}', ''],
    ['{"a\\"b":1,"a\\"b":2}', 'a"b'],
  ])('is found in %s', (text, key) => {
    expect(scanJson(text).duplicateKey).toBe(key);
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
  ])('is not found in %s', (text) => {
    expect(scanJson(text).duplicateKey).toBeUndefined();
  });

  it('is never found in what JSON.stringify writes, and the depth agrees with the parsed value', () => {
    const depthOf = (v: unknown): number =>
      v === null || typeof v !== 'object' ? 0 : 1 + Math.max(0, ...(Array.isArray(v) ? v : Object.values(v)).map(depthOf));
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => {
        const scan = scanJson(JSON.stringify(v));
        expect(scan.duplicateKey).toBeUndefined();
        expect(scan.depth).toBe(depthOf(v));
      }),
      { numRuns: 500 },
    );
  });
});

describe('depth', () => {
  it('counts nested objects and arrays without recursion', () => {
    expect(scanJson('1').depth).toBe(0);
    expect(scanJson('{"a":[1,{"b":[]}]}').depth).toBe(4);
    expect(scanJson(`${'['.repeat(100_000)}${']'.repeat(100_000)}`).depth).toBe(100_000);
  });
});

describe('JSON numbers in a body', () => {
  it('takes plain safe integers only', () => {
    for (const ok of ['0', '-0', '7', '-12', '9007199254740991', '-9007199254740991']) expect(numberFault(ok), ok).toBeUndefined();
    for (const bad of ['1e3', '1E3', '1.0', '1.5', '0.1e1', '1e+300', '-1e-3']) expect(numberFault(bad), bad).toBe('not_an_integer');
    for (const big of ['9007199254740992', '9007199254740993', '-9007199254740993', '1' + '0'.repeat(400)]) expect(numberFault(big), big).toBe('unsafe_integer');
  });

  it('names the path of the first inexact number, through objects and arrays, past numbers in strings', () => {
    const inexact = (text: string) => scanJson(text).inexact;
    expect(inexact('{"a":"1e300","b":[1,2,{"c":3,"d":4.5}]}')).toEqual({ field: 'b.2.d', text: '4.5', reason: 'not_an_integer' });
    expect(inexact('{"a\\u0062":1e3}')).toEqual({ field: 'ab', text: '1e3', reason: 'not_an_integer' });
    expect(inexact('{"x":{"y":1},"z":9007199254740993}')).toEqual({ field: 'z', text: '9007199254740993', reason: 'unsafe_integer' });
    expect(inexact('[0, 1e2]')).toEqual({ field: '1', text: '1e2', reason: 'not_an_integer' });
    expect(inexact('1.5')).toEqual({ field: '(body)', text: '1.5', reason: 'not_an_integer' });
    expect(inexact('{"a":[true,null,false,-3],"b":{"c":[]}}')).toBeUndefined();
    expect(inexact('{"a":1,"a":1.5}')).toEqual({ field: 'a', text: '1.5', reason: 'not_an_integer' });
  });
});
