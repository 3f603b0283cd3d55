import { describe, expect, it } from 'vitest';
import { inexactNumberOf, numberFault } from './json-numbers.js';

describe('JSON numbers in a body', () => {
  it('takes plain safe integers only', () => {
    for (const ok of ['0', '-0', '7', '-12', '9007199254740991', '-9007199254740991']) expect(numberFault(ok), ok).toBeUndefined();
    for (const bad of ['1e3', '1E3', '1.0', '1.5', '0.1e1', '1e+300', '-1e-3']) expect(numberFault(bad), bad).toBe('not_an_integer');
    for (const big of ['9007199254740992', '9007199254740993', '-9007199254740993', '1' + '0'.repeat(400)]) expect(numberFault(big), big).toBe('unsafe_integer');
  });

  it('names the path of the first inexact number, through objects and arrays, past numbers in strings', () => {
    expect(inexactNumberOf('{"a":"1e300","b":[1,2,{"c":3,"d":4.5}]}')).toEqual({ field: 'b.2.d', text: '4.5', reason: 'not_an_integer' });
    expect(inexactNumberOf('{"a\\u0062":1e3}')).toEqual({ field: 'ab', text: '1e3', reason: 'not_an_integer' });
    expect(inexactNumberOf('{"x":{"y":1},"z":9007199254740993}')).toEqual({ field: 'z', text: '9007199254740993', reason: 'unsafe_integer' });
    expect(inexactNumberOf('[0, 1e2]')).toEqual({ field: '1', text: '1e2', reason: 'not_an_integer' });
    expect(inexactNumberOf('1.5')).toEqual({ field: '(body)', text: '1.5', reason: 'not_an_integer' });
    expect(inexactNumberOf('{"a":[true,null,false,-3],"b":{"c":[]}}')).toBeUndefined();
  });
});
