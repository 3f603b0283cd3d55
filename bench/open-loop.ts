// An open-loop load generator: requests are sent on a fixed schedule (request i at start + i / rate), whatever the
// answers, and each latency is taken from the time the request was due, not from when it left: a server that falls
// behind shows it in the latency (no coordinated omission). autocannon's rate limit releases each second's quota in
// one burst, which measures queueing behind the burst rather than the latency at an offered rate.
import { Pool } from 'undici';
import type { Load } from './lib.js';

export interface Planned {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Offers `rate` requests/s for `seconds`, over up to `connections` keep-alive connections. Latencies in ms. The same
 * schedule runs `warmSeconds` first, not measured: the pool opens its connections then (a TCP connect and the
 * server's accept for each of the first requests), which is not the latency of a steady rate — measured, that first
 * fraction of a second alone held the p99 of a 6 s run.
 */
export async function openLoop(
  origin: string,
  rate: number,
  seconds: number,
  make: (i: number) => Planned,
  connections = 128,
  warmSeconds = 1,
): Promise<Load & { offered: number }> {
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const measuredFrom = Math.round(rate * warmSeconds);
  const total = measuredFrom + Math.round(rate * seconds);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const inFlight = new Set<Promise<void>>();
  const start = performance.now();
  let sent = 0;
  try {
    while (sent < total) {
      const now = performance.now();
      // Everything due by now goes out; then sleep until the next one is due (timers wake about every ms).
      while (sent < total && start + (sent * 1000) / rate <= now) {
        const due = start + (sent * 1000) / rate;
        const measured = sent >= measuredFrom;
        const req = make(sent++);
        const p = pool
          .request({ method: req.method, path: req.path, headers: req.headers, ...(req.body !== undefined ? { body: req.body } : {}) })
          .then(
            async (r) => {
              await r.body.dump();
              if (r.statusCode < 200 || r.statusCode >= 300) non2xx++;
              if (measured) latencies.push(performance.now() - due);
            },
            () => {
              errors++;
            },
          )
          .finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
      const next = start + (sent * 1000) / rate;
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
    await Promise.all(inFlight);
  } finally {
    await pool.close();
  }
  const elapsed = (performance.now() - start) / 1000 - warmSeconds;
  latencies.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    offered: rate,
    rps: latencies.length / elapsed,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    p999: round(percentile(latencies, 99.9)),
    errors,
    non2xx,
  };
}
