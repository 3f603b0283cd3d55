import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { NODE_FLAGS } from '../bin/node-flags.mjs';
import { bundled, ROOT } from './lib.js';
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
  if (process.env.BENCH_DEBUG) console.error({ before, after });
  return {
    workingOrders: n,
    rssMb: Math.round(after.rss / 1e6),
    heapMb: Math.round((after.heapUsed - before.heapUsed) / 1e6),
    buildMs: Math.round(buildMs),
  };
}

/** The engine with `n` working orders in a fresh process of its own (what the other benchmarks left is not counted), with the service's Node.js options (bin/node-flags.mjs). */
/** Bundled by esbuild like the service (dist/rampart.mjs), so the figure is the engine's, not the TypeScript loader's. */
export async function memoryBenchmark(n: number): Promise<MemoryResult> {
  const { file, dir } = await bundled('bench/memory.ts');
  try {
    const out = execFileSync(process.execPath, [...NODE_FLAGS, '--expose-gc', file, 'measure', String(n)], { encoding: 'utf8', cwd: ROOT });
    return JSON.parse(out.trim().split('\n').at(-1)!) as MemoryResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'measure') process.stdout.write(`${JSON.stringify(measure(Number(process.argv[3])))}\n`);
