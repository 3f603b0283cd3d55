/**
 * The engine partition an account belongs to: FNV-1a (32-bit) over the id's UTF-8 bytes, mod n. Stable across
 * processes, machines and Node versions (no seed, no platform hash), so every node routes an account alike.
 */
export function partitionOf(accountId: string, partitions: number): number {
  if (!Number.isSafeInteger(partitions) || partitions < 1) throw new RangeError(`partitions must be a positive integer, got ${partitions}`);
  let h = 0x811c9dc5;
  for (const b of Buffer.from(accountId, 'utf8')) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % partitions;
}
