import { describe, expect, it } from 'vitest';
import { money, percentOf, permille, plain, sign, sub } from '../../dashboard/src/decimal.js';
import { SseParser } from '../../sdk/src/sse.js';

describe("the page's figures (exact decimal strings, never floats)", () => {
  it('shows money with two places, grouped, rounding half away from zero', () => {
    expect(money('100573.305')).toBe('100,573.31');
    expect(money('-151')).toBe('−151.00');
    expect(money('-0.004')).toBe('0.00');
    expect(money('0.1')).toBe('0.10');
    expect(money(null)).toBe('—');
  });

  it('shows prices and sizes with the places they came with', () => {
    expect(plain('60000.5')).toBe('60,000.5');
    expect(plain('0.001')).toBe('0.001');
    expect(plain('61000', 2)).toBe('61,000.00');
  });

  it('subtracts, takes a percent and a share exactly', () => {
    expect(sub('0.3', '0.1')).toBe('0.2');
    expect(sub('5000', '5000.01')).toBe('-0.01');
    expect(percentOf('100000', '10')).toBe('10000');
    expect(percentOf('50000', '8.5')).toBe('4250');
    expect(permille('2500', '5000')).toBe(500);
    expect(permille('-1', '5000')).toBe(0);
    expect(permille('7000', '5000')).toBe(1000);
    expect(permille('1', '0')).toBeNull();
    expect(sign('-0.00')).toBe(0);
    expect(sign('-0.01')).toBe(-1);
  });
});

describe("the account stream parser the page uses (the SDK's: Server-Sent Events over fetch)", () => {
  it('splits frames as text arrives, keeps the unfinished rest for the next chunk, skips comments and joins data lines', () => {
    const parser = new SseParser();
    const first = parser.push(': heartbeat\n\nid: evt_1\nevent: fill.created\ndata: {"a":1}\n\nid: evt_2\r\ndata: x\r\ndata: y\r\n\r\nid: evt_3\nda');
    expect(first).toEqual([
      { id: 'evt_1', event: 'fill.created', data: '{"a":1}', retry: undefined },
      { id: 'evt_2', event: undefined, data: 'x\ny', retry: undefined },
    ]);
    expect(parser.push('ta: z\n\n')).toEqual([{ id: 'evt_3', event: undefined, data: 'z', retry: undefined }]);
  });
});
