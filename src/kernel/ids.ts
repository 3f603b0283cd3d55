import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random bytes drawn from the CSPRNG a few kilobytes at a time (ids are made on every order and event). */
const pool = { bytes: Buffer.alloc(0), at: 0 };

function randomByte(): number {
  if (pool.at >= pool.bytes.length) {
    pool.bytes = randomBytes(4096);
    pool.at = 0;
  }
  return pool.bytes[pool.at++]!;
}

/** Uniform base62 text from the system CSPRNG (rejection sampling: no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const b = randomByte();
    // 248 = 4 × 62: bytes above are dropped so that every character is equally likely.
    if (b < 248) out += BASE62[b % 62];
  }
  return out;
}

/** `n` base62 digits of a non-negative integer, most significant first (zero-padded; n digits must hold it). */
export function base62(value: number, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) {
    out = BASE62[value % 62]! + out;
    value = Math.floor(value / 62);
  }
  return out;
}

/**
 * An opaque id: 8 base62 digits of the wall-clock millisecond, then 12 random ones (71 bits). Ids made later sort
 * later, so the unique index of a table that stores them grows at its end: an order's or fill's insert dirties the
 * index's last page instead of a random one, which cuts the pages each group commit writes by about a quarter
 * (docs/PERFORMANCE.md). Nothing reads time from an id; the clock used is the wall clock, not the service's Clock.
 */
export const newId = (prefix: string): string => `${prefix}_${base62(Date.now(), 8)}${randomBase62(12)}`;
