import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { prng } from '../../src/feed/simulated.js';

/** The repository root (bin/rampart.mjs lives there). */
export const ROOT = resolve(import.meta.dirname, '../..');
export const CHILD_ADMIN_TOKEN = 'radm_child_admin_token_0123456789abcdef';

export interface ChildServer {
  readonly proc: ChildProcess;
  readonly url: { live: string; sandbox: string; admin: string };
  /** Everything the process wrote, stdout and stderr interleaved (for failure messages). */
  output(): string;
  /** Called with each line the process writes to stderr. */
  onLine(listener: (line: string) => void): void;
  /** Set once the process has exited: its code or signal. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL: no shutdown path runs (a crash, as far as the store can tell). */
  kill(): Promise<void>;
  /** SIGTERM and wait for the graceful shutdown. */
  stop(): Promise<void>;
}

export interface ChildOptions {
  /** The SQLite file (kept across restarts)… */
  dbFile?: string;
  /** …or any RAMPART_DATABASE_URL (a PostgreSQL schema: give RAMPART_DATA_DIR in env too). */
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Node options before the script (e.g. --import of a probe). */
  nodeArgs?: string[];
  /** How long to wait for the banner. */
  startTimeoutMs?: number;
}

const BANNER = /live API\s+(http:\/\/\S+)\s+sandbox API\s+(http:\/\/\S+)\s+operator API\s+(http:\/\/\S+)/;

/**
 * The environment of a child `rampart serve` on the store at databaseUrl: loopback listeners on free ports, the test
 * operator token, manual price feed and clock, rate limits off, no demo bootstrap, warnings only in the log.
 */
export function childEnv(databaseUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    RAMPART_DATABASE_URL: databaseUrl,
    RAMPART_LIVE_LISTEN: '127.0.0.1:0',
    RAMPART_SANDBOX_LISTEN: '127.0.0.1:0',
    RAMPART_ADMIN_LISTEN: '127.0.0.1:0',
    RAMPART_DASHBOARD_LISTEN: '127.0.0.1:0',
    RAMPART_ADMIN_TOKEN: CHILD_ADMIN_TOKEN,
    RAMPART_PRICE_FEED: 'manual',
    RAMPART_CLOCK: 'manual',
    RAMPART_BOOTSTRAP: '0',
    RAMPART_RATE_LIMITS: 'off',
    // RAMPART_CHILD_LOG_LEVEL=info shows the children's partition moves in a failing test's output.
    RAMPART_LOG_LEVEL: process.env.RAMPART_CHILD_LOG_LEVEL ?? 'warn',
  };
}

/**
 * `node bin/rampart.mjs serve` in its own process, on loopback ports the OS picks (port 0; the banner names
 * them), manual price feed, rate limits off, no demo bootstrap. Resolves once the banner is printed, which
 * `serve` does after keys and engine state are loaded and the restart transition ran.
 */
export async function startChild(opts: ChildOptions): Promise<ChildServer> {
  if ((opts.dbFile === undefined) === (opts.databaseUrl === undefined)) throw new Error('startChild: give dbFile or databaseUrl');
  // A URL taken for a file once made a folder named after its scheme (`s:` of postgres://) in the repository.
  if (opts.dbFile?.includes('://')) throw new Error(`startChild: dbFile ${opts.dbFile} is a URL: give it as databaseUrl`);
  const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), resolve(ROOT, 'bin/rampart.mjs'), 'serve'], {
    cwd: ROOT,
    env: { ...childEnv(opts.databaseUrl ?? `sqlite:${opts.dbFile}`), ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (chunk: Buffer) => {
    out += chunk.toString('utf8');
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const lineListeners: ((line: string) => void)[] = [];
  let partial = '';
  proc.stderr!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) for (const l of lineListeners) l(line);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => proc.once('exit', (code, signal) => r({ code, signal })));

  const url = await new Promise<ChildServer['url']>((resolveUrl, reject) => {
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`the server did not start within ${opts.startTimeoutMs ?? 60_000} ms:\n${out.slice(-4000)}`));
    }, opts.startTimeoutMs ?? 60_000);
    const look = () => {
      const m = BANNER.exec(out);
      if (!m) return;
      clearTimeout(timer);
      proc.stdout!.off('data', look);
      resolveUrl({ live: m[1]!, sandbox: m[2]!, admin: m[3]! });
    };
    proc.stdout!.on('data', look);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before it started:\n${out.slice(-4000)}`));
    });
  });

  return {
    proc,
    url,
    exited,
    output: () => out,
    onLine: (listener) => void lineListeners.push(listener),
    async kill() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      await exited;
    },
  };
}

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  key?: string;
  body?: unknown;
  idempotencyKey?: string;
  timeoutMs?: number;
}

/** One HTTP call; rejects when no answer arrives (connection refused or reset, timeout). */
export async function call<T = any>(base: string, method: string, path: string, o: RequestOptions = {}): Promise<Reply<T>> {
  const headers: Record<string, string> = {};
  if (o.key !== undefined) headers.authorization = `Bearer ${o.key}`;
  if (o.idempotencyKey !== undefined) headers['idempotency-key'] = o.idempotencyKey;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
    signal: AbortSignal.timeout(o.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    /* not JSON: callers check */
  }
  return { status: res.status, headers: res.headers, body: body as T };
}

/** The operator API of a child server; throws on anything but 2xx. */
export async function adminCall<T = any>(c: ChildServer, method: string, path: string, body?: unknown): Promise<T> {
  const r = await call<T>(c.url.admin, method, path, { key: CHILD_ADMIN_TOKEN, ...(body !== undefined ? { body } : {}) });
  if (r.status < 200 || r.status >= 300) throw new Error(`${method} ${path} → ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/**
 * A call asked again, as a client would, while it answers a retryable 503 (a busy machine sheds load: `capacity`),
 * a few times 100 ms apart; a write keeps its Idempotency-Key, so it is done once whatever the retries.
 */
export async function callShed<T = any>(base: string, method: string, path: string, o: RequestOptions = {}): Promise<Reply<T>> {
  let r = await call<T>(base, method, path, o);
  for (let i = 0; i < 50 && r.status === 503 && (r.body as { error?: { retryable?: boolean } } | undefined)?.error?.retryable === true; i++) {
    await new Promise((res) => setTimeout(res, 100));
    r = await call<T>(base, method, path, o);
  }
  return r;
}

/** Every page of a list route (limit 1000), each page asked again while it answers a retryable 503 (as a client would). */
export async function listAll<T = any>(base: string, path: string, key: string): Promise<T[]> {
  const out: T[] = [];
  let after: string | null = null;
  for (;;) {
    const sep = path.includes('?') ? '&' : '?';
    const get = () => call(base, 'GET', `${path}${sep}limit=1000${after ? `&after=${encodeURIComponent(after)}` : ''}`, { key });
    let r: Reply = await get();
    // A busy machine sheds load (503 capacity): the read is asked again, a few times.
    for (let i = 0; i < 50 && r.status === 503 && r.body?.error?.retryable === true; i++) {
      await new Promise((res) => setTimeout(res, 100));
      r = await get();
    }
    if (r.status !== 200) throw new Error(`GET ${path} → ${r.status} ${JSON.stringify(r.body)}`);
    out.push(...(r.body.data as T[]));
    if (!r.body.has_more) return out;
    after = r.body.next_cursor as string;
  }
}

/** A small seeded generator (mulberry32, the simulated feed's): the traffic of a run can be replayed from its seed. */
export const seeded = prng;

/**
 * A Monday noon after now, for a child's manual clock (it starts at the wall time): the sandbox's default rule
 * refuses opening orders on weekend trading days, and the suite must pass whatever day CI runs it.
 */
export function nextMondayNoon(): number {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7));
  return d.getTime();
}
