import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import pg from 'pg';
import { PACKAGE_ROOT } from '../src/config/package-root.js';
import { NODE_FLAGS } from '../bin/node-flags.mjs';

export const ROOT = PACKAGE_ROOT;

/**
 * A bench program (TypeScript) bundled by esbuild into a temp file, to run under plain node like the service does
 * (dist/rampart.mjs), so no TypeScript loader is measured. The caller removes `dir` when done.
 */
export async function bundled(entry: string): Promise<{ file: string; dir: string }> {
  // Inside the project (.bench-data/, ignored by git) so the bundle's package imports resolve from node_modules.
  mkdirSync(join(ROOT, '.bench-data'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, '.bench-data', 'js-'));
  const file = join(dir, 'main.mjs');
  await build({ entryPoints: [join(ROOT, entry)], outfile: file, bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' });
  return { file, dir };
}
const ADMIN_TOKEN = 'radm_bench_token_0123456789abcdef0123';

export interface Child {
  proc: ChildProcess;
  url: { live: string; sandbox: string; admin: string; internal: string };
  dir: string;
  stop(): Promise<void>;
}

// Below Linux's ephemeral range (32768–60999), so an outgoing connection of the load generator never holds one.
let nextPort = 10000 + Math.floor(Math.random() * 9000);

async function waitFor(url: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.status === 200) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${url}`);
}

/**
 * Starts a Rampart server in its own process on loopback, on a fresh SQLite store (or the one given; `env` may name
 * a PostgreSQL one, the data directory is then `dir`). Its internal listener (node-to-node calls) is on port + 3.
 */
export async function startRampart(env: Record<string, string> = {}, dir = mkdtempSync(join(tmpdir(), 'rampart-bench-'))): Promise<Child & { startMs: number }> {
  const port = (nextPort += 4);
  const url = {
    live: `http://127.0.0.1:${port}`,
    sandbox: `http://127.0.0.1:${port + 1}`,
    admin: `http://127.0.0.1:${port + 2}`,
    internal: `http://127.0.0.1:${port + 3}`,
  };
  const started = Date.now();
  // BENCH_PROFILE=dir: the server writes a CPU profile (node --cpu-prof) there when it stops.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_PROFILE)}`] : [];
  // NODE_FLAGS: what `rampart serve` runs with in production (bin/node-flags.mjs); BENCH_SERVER_FLAGS: more node
  // options for the server alone (V8's heap sizes, say; later ones win), not for the load generator.
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const proc = spawn(process.execPath, [...NODE_FLAGS, ...flags, ...profile, join(ROOT, 'bin/rampart.mjs'), 'serve'], {
    env: {
      ...process.env,
      RAMPART_DATABASE_URL: `sqlite:${join(dir, 'rampart.db')}`,
      RAMPART_LIVE_LISTEN: `127.0.0.1:${port}`,
      RAMPART_SANDBOX_LISTEN: `127.0.0.1:${port + 1}`,
      RAMPART_ADMIN_LISTEN: `127.0.0.1:${port + 2}`,
      RAMPART_INTERNAL_LISTEN: `127.0.0.1:${port + 3}`,
      // A port of its own (the OS picks it): the default 8082 would be taken by the first of several servers.
      RAMPART_DASHBOARD_LISTEN: '127.0.0.1:0',
      RAMPART_DATA_DIR: dir,
      RAMPART_LIVE_URL: url.live,
      RAMPART_SANDBOX_URL: url.sandbox,
      RAMPART_ADMIN_TOKEN: ADMIN_TOKEN,
      RAMPART_RATE_LIMITS: 'off',
      RAMPART_BOOTSTRAP: '0',
      RAMPART_LOG_LEVEL: 'warn',
      RAMPART_PRICE_FEED: 'simulated',
      RAMPART_PRICE_INTERVAL_MS: '200',
      ...env,
    },
    // BENCH_SERVER_STDOUT=file: the server's standard output (what node's --trace-gc and such print) goes there.
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? openSync(process.env.BENCH_SERVER_STDOUT, 'a') : 'ignore', 'inherit'],
  });
  await waitFor(`${url.live}/v1/openapi.json`);
  const startMs = Date.now() - started;
  return {
    proc,
    url,
    dir,
    startMs,
    async stop() {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The PostgreSQL server the pg section runs on (BENCH_PG_URL; the local one by default). */
export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A new empty schema on PG_URL for one run: `url` has it as search_path; `drop` removes it and everything in it. */
export async function pgSchema(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `rampart_bench_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE SCHEMA ${name}`);
  const u = new URL(PG_URL);
  u.searchParams.set('options', `-c search_path=${name}`);
  return { url: u.toString(), drop: () => run(`DROP SCHEMA IF EXISTS ${name} CASCADE`) };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- operator answers are read as the caller names them
export async function admin<T = any>(c: Child, method: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(`${c.url.admin}${path}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const out = (await r.json()) as T;
  if (r.status >= 300) throw new Error(`${method} ${path} → ${r.status} ${JSON.stringify(out)}`);
  return out;
}

/** A customer with a live trade key and `n` live accounts (funded product: trading allowed on weekends). */
export async function liveAccounts(c: Child, n: number): Promise<{ key: string; accounts: string[] }> {
  const customer = await admin(c, 'POST', '/admin/v1/customers', { name: 'bench' });
  const key = await admin(c, 'POST', `/admin/v1/customers/${customer.id}/keys`, { environment: 'live', access: 'trade' });
  const accounts: string[] = [];
  for (let i = 0; i < n; i++) accounts.push((await admin(c, 'POST', `/admin/v1/customers/${customer.id}/accounts`, { product: 'funded-100k' })).id);
  await new Promise((r) => setTimeout(r, 600)); // the server's poll opens them
  return { key: key.key, accounts };
}

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  p999: number;
  errors: number;
  non2xx: number;
  /** CPU of the server process (all its threads, user + system) per request answered, in µs; when its pid was given. */
  cpuUs?: number;
  /**
   * The box's load average (1 min) at the end of a run whose CPU was measured: on a shared box the CPU per request
   * grows with it (other processes' work thrashes the caches), so a figure is read beside it.
   */
  load?: number;
}

const CLOCK_TICK_US = 1e6 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/**
 * CPU a process has used so far, all its threads, user + system, in µs (/proc/<pid>/stat utime + stime). Read from
 * outside, so it counts what the process spends however it spends it (event loop, SQLite, GC, libuv threads).
 */
export function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's closing parenthesis start at field 3 (state); utime and stime are fields 14, 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_US;
}

/**
 * A load run. With `pid`, the server's CPU per request is measured over the run; `warmup` seconds of the same load
 * first (not measured) let the JIT settle and the pools fill.
 */
export async function load(opts: autocannon.Options, server?: { pid: number; warmup?: number }): Promise<Load> {
  if (server?.warmup) await autocannon({ connections: 50, ...opts, duration: server.warmup });
  const cpuBefore = server ? cpuMicros(server.pid) : 0;
  const r = await autocannon({ connections: 50, duration: 8, ...opts });
  const cpu = server ? cpuMicros(server.pid) - cpuBefore : 0;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    p999: r.latency.p99_9 ?? r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
    ...(server && r.requests.total > 0 ? { cpuUs: Math.round(cpu / r.requests.total), load: Math.round(loadavg()[0]! * 100) / 100 } : {}),
  };
}

export function table(rows: Record<string, string | number>[]): string {
  const cols = Object.keys(rows[0] ?? {});
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (vals: string[]) => `| ${vals.map((v, i) => v.padEnd(width[i]!)).join(' | ')} |`;
  return [line(cols), line(width.map((w) => '-'.repeat(w))), ...rows.map((r) => line(cols.map((c) => String(r[c]))))].join('\n');
}
