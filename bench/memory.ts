import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from './lib.js';
import { engineWithTriggers } from './ticks.js';

export interface MemoryResult {
  workingOrders: number;
  rssMb: number;
  heapMb: number;
  buildMs: number;
}

/** Measured in this process: RSS and heap of the engine holding `n` working orders (3 markets, n/100 accounts). */
function measure(n: number): MemoryResult {
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

/** The engine with `n` working orders in a fresh process of its own (what the other benchmarks left is not counted). */
export function memoryBenchmark(n: number): MemoryResult {
  const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(ROOT, 'bench/memory.ts'), String(n)], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').at(-1)!) as MemoryResult;
}

if (process.argv[1] === join(ROOT, 'bench/memory.ts')) process.stdout.write(`${JSON.stringify(measure(Number(process.argv[2])))}\n`);
