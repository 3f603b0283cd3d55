// Idempotency keys made with the platform's Web Crypto (Node 18+ and every browser), not node:crypto: the same code
// runs in the dashboard's page. getRandomValues, not randomUUID: the latter exists only in secure contexts, and a
// page may be served on plain http inside a private network.

/** A random UUID (version 4) for one logical request: kept across its retries. */
export function newIdempotencyKey(): string {
  const b = globalThis.crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
