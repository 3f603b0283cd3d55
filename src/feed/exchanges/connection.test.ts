import { describe, expect, it } from 'vitest';
import { backoffBound, backoffDelay } from './connection.js';

const options = { initialBackoffMs: 500, maxBackoffMs: 30_000, silenceMs: 15_000, pingIntervalMs: 10_000 };

describe('reconnect backoff with full jitter', () => {
  it('doubles the bound from the initial delay up to the maximum', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 100, 10_000].map((n) => backoffBound(options, n))).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000, 30_000]);
  });

  it('draws a whole delay from zero up to the bound, both ends included', () => {
    expect(backoffDelay(options, 3, () => 0)).toBe(0);
    expect(backoffDelay(options, 3, () => 0.999_999_999)).toBe(2000);
    expect(backoffDelay(options, 3, () => 0.5)).toBe(1000);
    for (let i = 0; i < 200; i++) {
      const d = backoffDelay(options, 1 + (i % 12), Math.random);
      expect(Number.isInteger(d) && d >= 0 && d <= backoffBound(options, 1 + (i % 12))).toBe(true);
    }
  });
});
