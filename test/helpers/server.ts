import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { expect, inject } from 'vitest';
import { build, createLogger, type App } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config/config.js';
import type { LimitsConfig } from '../../src/config/markets.js';
import { freshSchema, type FreshSchema } from './postgres.js';
import { RawStore, type StoreKind } from './raw-store.js';

export const TEST_ADMIN_TOKEN = 'radm_test_admin_token_0123456789abcdef';
export const T0 = Date.parse('2026-03-02T12:00:00Z'); // a Monday
export const LIVE_URL = 'http://live.rampart.test';
export const SANDBOX_URL = 'http://sandbox.rampart.test';

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

function merge<T>(base: T, patch: DeepPartial<T> | undefined): T {
  if (!patch) return base;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(patch)) {
    const b = out[k];
    out[k] = v && typeof v === 'object' && !Array.isArray(v) && b && typeof b === 'object' ? merge(b, v as never) : v;
  }
  return out as T;
}

export interface StartOptions {
  env?: Record<string, string>;
  limits?: DeepPartial<LimitsConfig>;
  config?: Partial<Config>;
  holdLoading?: Promise<void>;
  /** Don't wait for loading (with holdLoading). */
  noWait?: boolean;
}

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  key?: string | undefined;
  body?: unknown;
  /** Raw body text (sent as is, with the content type given or application/json). */
  raw?: string;
  headers?: Record<string, string>;
  idempotencyKey?: string;
}

/** The store every TestServer of this test process runs on (vitest.config.ts: the "postgres" project sets it). */
export const TEST_STORE: StoreKind = process.env.RAMPART_TEST_STORE === 'postgres' ? 'postgres' : 'sqlite';

/**
 * For tests about SQLite itself (its file, its WAL, busy_timeout): true on SQLite; on PostgreSQL it says, once per
 * file, which tests do not run and why (each such test names the PostgreSQL test that covers the same behaviour).
 */
export function onlyOnSqlite(reason: string): boolean {
  if (TEST_STORE === 'sqlite') return true;
  console.warn(`SKIPPED on ${TEST_STORE}: ${reason}`);
  return false;
}

/**
 * A Rampart under test: a temp SQLite store (or, with RAMPART_TEST_STORE=postgres, a fresh PostgreSQL schema),
 * manual clock and feed, real HTTP on loopback ports.
 */
export class TestServer {
  readonly logs: string[] = [];
  app!: App;
  url!: { live: string; sandbox: string; admin: string };
  /** Another connection to the store this server runs on (SQLite file or PostgreSQL schema). */
  raw!: RawStore;
  private dir!: string;
  private schema: FreshSchema | undefined;

  static async start(opts: StartOptions = {}): Promise<TestServer> {
    const s = new TestServer();
    s.dir = mkdtempSync(join(tmpdir(), 'rampart-test-'));
    let databaseUrl = `sqlite:${join(s.dir, 'rampart.db')}`;
    if (process.env.RAMPART_TEST_STORE === 'postgres' && opts.env?.RAMPART_DATABASE_URL === undefined) {
      s.schema = await freshSchema();
      databaseUrl = s.schema.url;
    }
    const base = loadConfig({
      RAMPART_DATABASE_URL: databaseUrl,
      // The admin token and secrets key files of a PostgreSQL store go to the test's own directory, not ./data.
      ...(/^postgres/.test(opts.env?.RAMPART_DATABASE_URL ?? databaseUrl) ? { RAMPART_DATA_DIR: s.dir } : {}),
      RAMPART_PRICE_FEED: 'manual',
      RAMPART_CLOCK: 'manual',
      RAMPART_FAULTS: '1',
      RAMPART_BOOTSTRAP: '0',
      RAMPART_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      RAMPART_LIVE_URL: LIVE_URL,
      RAMPART_SANDBOX_URL: SANDBOX_URL,
      RAMPART_LOG_LEVEL: 'info',
      ...opts.env,
    });
    // Event-loop-lag shedding is tested on its own; elsewhere a busy CI machine must not turn answers into 503s.
    const limits = merge(merge(base.limits, { capacity: { max_event_loop_delay_ms: 600_000 } }), opts.limits);
    const config: Config = { ...base, ...opts.config, limits };
    s.raw = new RawStore(config.databaseUrl);
    const sink = new Writable({
      write: (chunk, _enc, cb) => {
        s.logs.push(String(chunk));
        cb();
      },
    });
    s.app = await build({
      config,
      logger: createLogger(config.logLevel, sink),
      clockStart: T0,
      ...(opts.holdLoading ? { holdLoading: opts.holdLoading } : {}),
    });
    const live = await s.app.live.listen({ host: '127.0.0.1', port: 0 });
    const sandbox = await s.app.sandbox.listen({ host: '127.0.0.1', port: 0 });
    const admin = await s.app.admin.listen({ host: '127.0.0.1', port: 0 });
    s.url = { live, sandbox, admin };
    if (!opts.noWait) await s.app.loaded;
    return s;
  }

  get rampart() {
    return this.app.rampart;
  }

  /** Which adapter the store is: tests about the adapter itself (SQLite's file, PostgreSQL's locks) ask this. */
  get storeKind() {
    return this.raw.kind;
  }

  /** A statement on the store through another connection (`?` placeholders; see RawStore). */
  rawQuery<T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return this.raw.query<T>(sql, params);
  }

  async close(): Promise<void> {
    await this.raw.close();
    await this.app.close();
    await this.schema?.drop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /**
   * Stops the process's app and starts a new one on the same store (a restart of the service). `between` runs
   * while no app is up, with the store's directory (to copy the store aside, or put a copy back).
   */
  async restart(between?: (dir: string) => void | Promise<void>): Promise<void> {
    const config = this.app.rampart.config;
    const now = this.app.rampart.clock.now();
    await this.app.close();
    await between?.(this.dir);
    this.app = await build({ config, logger: createLogger(config.logLevel), clockStart: now });
    const live = await this.app.live.listen({ host: '127.0.0.1', port: 0 });
    const sandbox = await this.app.sandbox.listen({ host: '127.0.0.1', port: 0 });
    const admin = await this.app.admin.listen({ host: '127.0.0.1', port: 0 });
    this.url = { live, sandbox, admin };
    await this.app.loaded;
  }

  async call<T = any>(base: string, method: string, path: string, o: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...o.headers };
    if (o.key !== undefined) headers.authorization = `Bearer ${o.key}`;
    if (o.idempotencyKey !== undefined) headers['idempotency-key'] = o.idempotencyKey;
    let body: string | undefined;
    if (o.raw !== undefined) body = o.raw;
    else if (o.body !== undefined) body = JSON.stringify(o.body);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      /* not JSON: the assertion that follows will say so */
    }
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  sandboxCall<T = any>(method: string, path: string, o: CallOptions = {}) {
    return this.call<T>(this.url.sandbox, method, path, o);
  }

  liveCall<T = any>(method: string, path: string, o: CallOptions = {}) {
    return this.call<T>(this.url.live, method, path, o);
  }

  admin<T = any>(method: string, path: string, body?: unknown) {
    return this.call<T>(this.url.admin, method, path, { key: TEST_ADMIN_TOKEN, ...(body !== undefined ? { body } : {}) });
  }

  async customer(name = 'trader'): Promise<{ id: string; number: number }> {
    const r = await this.admin('POST', '/admin/v1/customers', { name });
    expect(r.status).toBe(201);
    return r.body;
  }

  /** A key (and, for the first sandbox key, the first sandbox account, opened and active). */
  async key(customerId: string, fields: Record<string, unknown> = {}): Promise<{ id: string; key: string; opened_account_id: string | null }> {
    const r = await this.admin('POST', `/admin/v1/customers/${customerId}/keys`, { environment: 'sandbox', access: 'trade', ...fields });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    await this.settle();
    return r.body;
  }

  /** A customer with a sandbox trade key and its first account, active. */
  async trader(fields: Record<string, unknown> = {}) {
    const c = await this.customer();
    const k = await this.key(c.id, fields);
    return { customer: c, key: k.key, keyId: k.id, accountId: k.opened_account_id as string };
  }

  /** Lets the engine open what was just created. */
  async settle(): Promise<void> {
    this.rampart.opener.kick();
    await this.rampart.opener.settle();
  }

  /** Waits until every tick and command so far is applied and stored. */
  async settleTrading(): Promise<void> {
    await this.rampart.store.transaction(async () => undefined);
  }

  fault(body: Record<string, unknown>) {
    return this.admin('POST', '/admin/v1/faults', body);
  }
}

/** Checks the whole error envelope, status and the headers every error carries. */
export function expectError(r: Answer, status: number, code: string, details?: Record<string, unknown>): void {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  const e = r.body?.error;
  expect(e, JSON.stringify(r.body)).toBeDefined();
  expect(Object.keys(r.body)).toEqual(['error']);
  expect(e.code).toBe(code);
  expect(typeof e.type).toBe('string');
  expect(typeof e.message).toBe('string');
  expect(e.message.length).toBeGreaterThan(0);
  expect(e.request_id).toMatch(/^req_/);
  expect(r.headers.get('x-request-id')).toBe(e.request_id);
  expect(e.doc_url).toBe(`https://docs.rampart.dev/reference/errors#${code}`);
  expect(typeof e.retryable).toBe('boolean');
  if (e.retryable) expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  else expect(r.headers.get('retry-after')).toBeNull();
  if (details) expect(e.details).toMatchObject(details);
  markReached(code);
}

/** Codes the tests of this process reached (for the reachability check). */
export const reached = new Set<string>();

/**
 * Records a code as reached by a test, in this process and in the run's directory (test/global/reached-codes.ts
 * compares what every process wrote with the catalogue once the whole suite ran).
 */
export function markReached(code: string): void {
  if (reached.has(code)) return;
  reached.add(code);
  appendFileSync(join(inject('reachedDir'), `${process.pid}.txt`), `${code}\n`);
}
