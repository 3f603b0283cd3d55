import { performance } from 'node:perf_hooks';
import { engineWithTriggers } from './ticks.js';

export interface MemoryResult {
  workingOrders: number;
  rssMb: number;
  heapMb: number;
  buildMs: number;
}

/** RSS of the engine holding `n` working orders (3 markets, n/100 accounts), measured in this process. */
export function memoryBenchmark(n: number): MemoryResult {
  globalThis.gc?.();
  const before = process.memoryUsage();
  const t0 = performance.now();
  const world = engineWithTriggers(n, 400, 20);
  const buildMs = performance.now() - t0;
  globalThis.gc?.();
  const after = process.memoryUsage();
  void world;
  return {
    workingOrders: n,
    rssMb: Math.round(after.rss / 1e6),
    heapMb: Math.round((after.heapUsed - before.heapUsed) / 1e6),
    buildMs: Math.round(buildMs),
  };
}
