import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { expect, inject } from 'vitest';
import { build, createLogger, type App } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config/config.js';
import type { LimitsConfig } from '../../src/config/markets.js';
import type { Resolve } from '../../src/events/webhook-target.js';
import type { SourceFactory } from '../../src/feed/exchange-feed.js';
import { freshSchema, type FreshSchema } from './postgres.js';
import { RawStore, type StoreKind } from './raw-store.js';
import { DashboardClient, type SeenMail } from './dashboard.js';

export const TEST_ADMIN_TOKEN = 'radm_test_admin_token_0123456789abcdef';
export const T0 = Date.parse('2026-03-02T12:00:00Z'); // a Monday
export const LIVE_URL = 'http://live.rampart.test';
export const SANDBOX_URL = 'http://sandbox.rampart.test';
/** The dashboard's public URL under test: its origin is the one the API hosts answer CORS for. */
export const DASHBOARD_URL = 'http://dashboard.rampart.test';

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
  /** Nodes sharing the store (PostgreSQL only; default: TEST_NODES on the suite's PostgreSQL schema, else one). */
  nodes?: number;
  /** With RAMPART_PRICE_FEED=exchanges: how sources are made (test/helpers/fake-sources.ts); default the real adapters. */
  createSource?: SourceFactory;
  /** How webhook delivery resolves names (default the system's resolver): a fixed table, as tests have no DNS of their own. */
  resolveName?: Resolve;
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

/**
 * How many nodes a TestServer on PostgreSQL runs (vitest.config.ts: the "postgres" project runs the HTTP suites on
 * three, requests spread round-robin). SQLite is one node by nature.
 */
export const TEST_NODES = Math.max(1, Number(process.env.RAMPART_TEST_NODES ?? '1'));
const CLUSTER_PARTITIONS = 4;
let serverCounter = 0;
const CLUSTER_LEASE_MS = 3000;

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
  /** Node 0 (with several nodes, the others are in `nodes`). */
  app!: App;
  /** Every node of this server: one, or NODES on PostgreSQL with RAMPART_TEST_NODES. */
  nodes: { app: App; url: { live: string; sandbox: string; admin: string; dashboard: string } }[] = [];
  private turn = 0;
  private nodesWanted: number | undefined;
  /** The test named the node (RAMPART_NODE_ID or RAMPART_INTERNAL_LISTEN given): its settings stand. */
  private ownNodeId = false;
  private config!: Config;
  private logger!: ReturnType<typeof createLogger>;
  /** Another connection to the store this server runs on (SQLite file or PostgreSQL schema). */
  raw!: RawStore;
  private dir!: string;
  private schema: FreshSchema | undefined;
  private createSource: SourceFactory | undefined;
  private resolveName: Resolve | undefined;

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
      RAMPART_DASHBOARD_URL: DASHBOARD_URL,
      RAMPART_LOG_LEVEL: 'info',
      // Webhook tests deliver to receivers on 127.0.0.1; the guard's own tests (webhook-guard.test.ts) set it to 0.
      RAMPART_WEBHOOK_ALLOW_PRIVATE: '1',
      ...opts.env,
    });
    // Event-loop-lag shedding is tested on its own; elsewhere a busy CI machine must not turn answers into 503s. The
    // dashboard's sign-in budget (10 per client network) and the bound on password hashing are tested on their own
    // too (test/dashboard/sign-in-limits.test.ts); elsewhere every test signs in from 127.0.0.1, many times.
    const relaxed = {
      capacity: { max_event_loop_delay_ms: 600_000 },
      rate_limits: { sign_in: { capacity: 100_000, refill_per_second: 100_000 } },
      password_hashing: { max_in_flight: 2, max_queued: 1000 },
    };
    const limits = merge(merge(base.limits, relaxed), opts.limits);
    const config: Config = { ...base, ...opts.config, limits };
    s.raw = new RawStore(config.databaseUrl);
    s.config = config;
    s.nodesWanted = opts.nodes;
    s.createSource = opts.createSource;
    s.resolveName = opts.resolveName;
    s.ownNodeId = opts.env?.RAMPART_NODE_ID !== undefined || opts.env?.RAMPART_INTERNAL_LISTEN !== undefined;
    const sink = new Writable({
      write: (chunk, _enc, cb) => {
        s.logs.push(String(chunk));
        cb();
      },
    });
    s.logger = createLogger(config.logLevel, sink);
    await s.startNodes(T0, opts.holdLoading, !opts.noWait);
    return s;
  }

  /** How many nodes this server runs: TEST_NODES on PostgreSQL (not for a test that gives its own store URL). */
  private get nodeCount(): number {
    return this.nodesWanted ?? (this.schema ? TEST_NODES : 1);
  }

  /**
   * Builds and starts the nodes on the store. With several, each has its own node id and internal listener, the
   * engine is split into CLUSTER_PARTITIONS partitions, and this waits until every partition has an owner and each
   * environment's are spread evenly (so no hand-off happens under a test).
   */
  private async startNodes(clockStart: number, holdLoading: Promise<void> | undefined, wait: boolean): Promise<void> {
    const n = this.nodeCount;
    this.nodes = [];
    for (let i = 0; i < n; i++) {
      // On PostgreSQL every node (of this server or another in the process) needs its own id and internal port.
      const own = this.config.databaseUrl.startsWith('postgres') && !this.ownNodeId;
      const node = own ? { nodeId: n === 1 ? `test-${process.pid}-${++serverCounter}` : `test-node-${i}`, internalListen: { host: '127.0.0.1', port: 0 } } : {};
      const config: Config =
        n === 1
          ? { ...this.config, cluster: { ...this.config.cluster, ...node } }
          : { ...this.config, cluster: { ...this.config.cluster, ...node, partitions: CLUSTER_PARTITIONS, leaseMs: CLUSTER_LEASE_MS } };
      const app = await build({
        config,
        logger: this.logger,
        clockStart,
        ...(holdLoading ? { holdLoading } : {}),
        ...(this.createSource ? { createSource: this.createSource } : {}),
        ...(this.resolveName ? { resolveName: this.resolveName } : {}),
      });
      const live = await app.live.listen({ host: '127.0.0.1', port: 0 });
      const sandbox = await app.sandbox.listen({ host: '127.0.0.1', port: 0 });
      const admin = await app.admin.listen({ host: '127.0.0.1', port: 0 });
      const dashboard = await app.dashboard.listen({ host: '127.0.0.1', port: 0 });
      this.nodes.push({ app, url: { live, sandbox, admin, dashboard } });
      // One after another: the first takes every partition (a cold start), the others their share from it.
      if (wait) await app.loaded;
    }
    this.app = this.nodes[0]!.app;
    if (wait && n > 1) await this.balanced();
  }

  /** Until every partition has an owner and the nodes hold as many as one another, give or take one, in each environment and in all. */
  private async balanced(): Promise<void> {
    const even = (environment: string) => {
      const held = this.nodes.map((node) => node.app.ownership.leases().filter((l) => l.environment === environment).length);
      return held.reduce((a, b) => a + b, 0) === CLUSTER_PARTITIONS && Math.max(...held) - Math.min(...held) <= 1;
    };
    const totals = () => {
      const held = this.nodes.map((node) => node.app.ownership.leases().length);
      return Math.max(...held) - Math.min(...held) <= 1;
    };
    for (let i = 0; i < 200; i++) {
      if (even('live') && even('sandbox') && totals()) return;
      await Promise.all(this.nodes.map((node) => node.app.ownership.tick()));
    }
    throw new Error('the test cluster did not balance its partitions');
  }

  /** Every partition lease held by a node, `environment/partition` → node index. */
  holders(): Map<string, number> {
    const out = new Map<string, number>();
    this.nodes.forEach((n, i) => {
      for (const l of n.app.ownership.leases()) out.set(`${l.environment}/${l.partition}`, i);
    });
    return out;
  }

  /** Shuts node i down as `rampart serve` does on SIGTERM (its partitions given back); the others stay. */
  async stopNode(i: number): Promise<void> {
    const [node] = this.nodes.splice(i, 1);
    await node!.app.close();
    this.app = this.nodes[0]!.app;
  }

  /** Delivers every webhook due now, on every node (each node delivers what it claimed). */
  async drainWebhooks(): Promise<void> {
    for (let round = 0; round < 2; round++) for (const node of this.nodes) await node.app.services.webhooks.drain();
  }

  /** Open account streams on every node (of one account, or all). */
  streamCount(accountId?: string): number {
    return this.nodes.reduce((n, node) => n + node.app.services.streams.count(accountId), 0);
  }

  /** Judges every node's open streams again now (each node re-checks on its own every 250 ms too). */
  async recheckStreams(): Promise<void> {
    for (const node of this.nodes) await node.app.services.streams.recheck();
  }

  /** Runs a lease round on every node (take, renew, give back) instead of waiting for their timers. */
  async leaseRound(): Promise<void> {
    for (const node of this.nodes) await node.app.ownership.tick();
  }

  /** The node holding the engine partition of an account (the only node on SQLite). */
  async holder(env: 'live' | 'sandbox', accountId: string): Promise<App> {
    for (const n of this.nodes) await n.app.services.engineHost.know(accountId);
    const node = this.nodes.find((n) => n.app.services.engineHost.holds(env, accountId));
    if (!node) throw new Error(`no node holds the ${env} partition of ${accountId}`);
    return node.app;
  }

  /** The addresses of the next node, round-robin (every request of a test spreads over the nodes). */
  get url(): { live: string; sandbox: string; admin: string; dashboard: string } {
    const node = this.nodes[this.turn++ % this.nodes.length]!;
    return node.url;
  }

  get services() {
    return this.app.services;
  }

  /** The dashboard listener of the next node (round-robin, as `url`). */
  get dashboardUrl(): string {
    return this.url.dashboard;
  }

  /**
   * A browser-like client of the dashboard's /session routes: keeps the session cookie and the CSRF token, and reads
   * the mails kept in the store (GET /admin/v1/mails) as its person would read their mail. `from`: connect from
   * this loopback address (127.0.0.2, …) — another client network.
   */
  dashboard(from?: string): DashboardClient {
    return new DashboardClient(() => this.dashboardUrl, (to) => this.mailsTo(to), from);
  }

  /** The mails kept in the store for an address, newest first (as the operator lists them). */
  async mailsTo(to: string): Promise<SeenMail[]> {
    const r = await this.admin<{ data: SeenMail[] }>('GET', '/admin/v1/mails');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.filter((m) => m.to_address === to);
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
    for (const node of this.nodes) await node.app.close();
    await this.schema?.drop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /**
   * Stops the process's app and starts a new one on the same store (a restart of the service). `between` runs
   * while no app is up, with the store's directory (to copy the store aside, or put a copy back); `config` changes
   * the configuration the new start reads.
   */
  async restart(between?: (dir: string) => void | Promise<void>, config: Partial<Config> = {}): Promise<void> {
    const now = this.app.services.clock.now();
    for (const node of this.nodes) await node.app.close();
    await between?.(this.dir);
    // A changed configuration (config/products.json edited between two starts, say) for the new start.
    this.config = { ...this.config, ...config };
    await this.startNodes(now, undefined, true);
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
    this.services.opener.kick();
    await this.services.opener.settle();
  }

  /** Waits until every tick and command so far is applied and stored (on every node), signals' alerts worked first. */
  async settleTrading(): Promise<void> {
    // An alert is answered before its orders are placed (docs/SIGNALS.md): its work is in flight until idle.
    for (let i = 0; i < 2_000 && !this.nodes.every((node) => node.app.services.signals.idle()); i++) await new Promise((r) => setTimeout(r, 5));
    for (const node of this.nodes) {
      await node.app.services.engineHost.settled();
      await node.app.services.store.transaction(async () => undefined);
    }
  }

  fault(body: Record<string, unknown>) {
    return this.admin('POST', '/admin/v1/faults', body);
  }
}

/** Moves the manual clock on by `ms` on every node of the server (POST /admin/v1/clock, as the operator does). */
export async function advanceOn(s: TestServer, ms: number): Promise<void> {
  const r = await s.admin('POST', '/admin/v1/clock', { advance_ms: ms });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
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
