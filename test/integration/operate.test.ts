import { afterEach, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../helpers/receiver.js';
import { expectError, TestServer } from '../helpers/server.js';
import { SseClient } from '../helpers/sse.js';

/** GET /metrics, /healthz, /readyz on the operator listener (no operator token: docs/DEVIATIONS.md). */
const servers: TestServer[] = [];
const receivers: WebhookReceiver[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
/** One node: these are one process's readings (the postgres project would otherwise spread requests over three). */
async function start(opts: Parameters<typeof TestServer.start>[0] = {}): Promise<TestServer> {
  const s = await TestServer.start({ nodes: 1, ...opts });
  servers.push(s);
  return s;
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

// Values as Prometheus reads them (Go's ParseFloat: NaN and Inf in any case; prom-client writes "Nan").
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|nan|[+-]?inf))$/i;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\.)*)"(?:,|$)/g;

/** Parses Prometheus text exposition (0.0.4) strictly: every line is a HELP, a TYPE, a sample of a typed family, or empty. */
function parsePrometheus(text: string): Sample[] {
  const typed = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ')) continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      typed.set(type[1]!, type[2]!);
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not Prometheus text: ${line}`);
    const name = m[1]!;
    const family = typed.has(name) ? name : name.replace(/_(bucket|sum|count|total|created)$/, '');
    if (!typed.has(family) && !typed.has(name)) throw new Error(`sample of an undeclared family: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(LABEL)) labels[l[1]!] = l[2]!;
    samples.push({ name, labels, value: Number(m[3]) });
  }
  return samples;
}

function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}

async function scrape(s: TestServer): Promise<Sample[]> {
  const r = await fetch(`${s.url.admin}/metrics`);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheus(await r.text());
}

describe('GET /metrics', () => {
  it('is Prometheus text counting requests by route pattern and status, never by raw URL', async () => {
    const s = await start({ limits: { rate_limits: { key: { capacity: 5, refill_per_second: 1 } } } });
    const t = await s.trader();
    const before = await scrape(s);
    const route = { listener: 'sandbox', method: 'GET', route: '/v1/accounts/:account_id' };
    expect(value(before, 'rampart_http_requests_total', { ...route, status: '200' })).toBeUndefined();

    expect((await s.sandboxCall('GET', `/v1/accounts/${t.accountId}`, { key: t.key })).status).toBe(200);
    expect((await s.sandboxCall('GET', `/v1/accounts/${t.accountId}`, { key: t.key })).status).toBe(200);
    expectError(await s.sandboxCall('GET', '/v1/accounts/nope', { key: t.key }), 404, 'account_not_found');
    expectError(await s.sandboxCall('GET', '/v1/no/such/route'), 404, 'route_not_found');

    const text = await (await fetch(`${s.url.admin}/metrics`)).text();
    expect(text).not.toContain(t.accountId);
    expect(text).not.toContain('/v1/no/such/route');
    const after = parsePrometheus(text);
    expect(value(after, 'rampart_http_requests_total', { ...route, status: '200' })).toBe(2);
    expect(value(after, 'rampart_http_requests_total', { ...route, status: '404' })).toBe(1);
    expect(value(after, 'rampart_http_requests_total', { listener: 'sandbox', route: 'unmatched', status: '404' })).toBe(1);
    expect(value(after, 'rampart_http_request_duration_seconds_count', route)).toBe(3);
    // The operator calls of trader() are counted on their own listener.
    expect(value(after, 'rampart_http_requests_total', { listener: 'admin', method: 'POST', route: '/admin/v1/customers', status: '201' })).toBe(1);

    // Rate-limit refusals by scope.
    for (let i = 0; i < 2; i++) expect((await s.sandboxCall('GET', '/v1/markets', { key: t.key })).status).toBe(200);
    expectError(await s.sandboxCall('GET', '/v1/markets', { key: t.key }), 429, 'rate_limited', { scope: 'key' });
    expect(value(await scrape(s), 'rampart_rate_limit_rejections_total', { scope: 'key' })).toBe(1);
  });

  it('reports store, engine, ticks, streams, webhooks and the process', async () => {
    const s = await start();
    const t = await s.trader();
    const receiver = await WebhookReceiver.start();
    receivers.push(receiver);
    const hook = await s.sandboxCall('POST', '/v1/webhooks', { key: t.key, idempotencyKey: 'w1', body: { url: receiver.url } });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const stream = await SseClient.open(s.url.sandbox, `/v1/accounts/${t.accountId}/stream`, { key: t.key });
    const before = await scrape(s);
    expect(value(before, 'rampart_stream_clients')).toBe(1);
    expect(value(before, 'rampart_engine_tick_to_trigger_seconds_count')).toBe(0);
    // This node and the leases it holds (one node: every partition, epoch 1 on SQLite).
    expect(value(before, 'rampart_node_info', { node: s.services.config.cluster.nodeId })).toBe(1);
    expect(value(before, 'rampart_partition_lease_epoch', { environment: 'sandbox', partition: '0' })).toBeGreaterThanOrEqual(1);
    expect(value(before, 'rampart_partition_lease_epoch', { environment: 'live', partition: '0' })).toBeGreaterThanOrEqual(1);

    await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
    const body = { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000' };
    expect((await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'm1', body })).status).toBe(201);
    await s.settleTrading();
    await s.drainWebhooks();
    stream.drop();
    await stream.socketClosed;

    const m = await scrape(s);
    expect(value(m, 'rampart_store_transaction_duration_seconds_count', { outcome: 'commit' })).toBeGreaterThan(0);
    const sandbox = { environment: 'sandbox', partition: '0' };
    expect(value(m, 'rampart_engine_command_duration_seconds_count', sandbox)).toBeGreaterThanOrEqual(1);
    expect(value(m, 'rampart_engine_queue_depth', sandbox)).toBe(0);
    expect(value(m, 'rampart_engine_queue_depth', { environment: 'live', partition: '0' })).toBe(0);
    expect(value(m, 'rampart_engine_tick_to_trigger_seconds_count')).toBe(1);
    expect(receiver.accepted.length).toBeGreaterThan(0);
    expect(value(m, 'rampart_webhook_delivery_duration_seconds_count', { outcome: 'success' })).toBe(receiver.accepted.length);
    expect(value(m, 'rampart_webhook_backlog')).toBe(0);
    // Nothing of this store waits for a lock (on PostgreSQL: its sessions as pg_stat_activity shows them).
    expect(value(m, 'rampart_store_lock_waits')).toBe(0);
    expect(value(m, 'rampart_store_notices_failed_total')).toBe(0);
    expect(value(m, 'rampart_ticks_dropped_total')).toBe(0);
    // SQLite's WAL as its checkpoints find it (they run on their worker within 100 ms of a commit): the pages these
    // writes added, far from the bound at which a batch waits so the WAL can start over. PostgreSQL: none.
    if (s.storeKind === 'sqlite') await expect.poll(async () => value(await scrape(s), 'rampart_store_wal_frames'), { timeout: 5000 }).toBeGreaterThan(0);
    expect(value(await scrape(s), 'rampart_store_wal_frames')).toBeLessThan(16_000);
    expect(value(m, 'rampart_store_wal_restart_waits_total')).toBe(0);
    // The server sees the client gone when its side of the connection closes: waited for, within a bound.
    const deadline = Date.now() + 5000;
    while (value(await scrape(s), 'rampart_stream_clients') !== 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(value(await scrape(s), 'rampart_stream_clients')).toBe(0);
    expect(value(m, 'rampart_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(value(m, 'rampart_nodejs_eventloop_lag_seconds')).toBeDefined();
  });

  it('keeps each app its own registry: a second server in the process starts from zero', async () => {
    const a = await start();
    await a.trader();
    const b = await start();
    const m = await scrape(b);
    expect(value(m, 'rampart_http_requests_total', { listener: 'admin', route: '/admin/v1/customers' })).toBeUndefined();
    expect(value(await scrape(a), 'rampart_http_requests_total', { listener: 'admin', route: '/admin/v1/customers' })).toBe(1);
  });
});

describe('GET /healthz and GET /readyz', () => {
  it('answer without the operator token; the rest of the operator API still needs it', async () => {
    const s = await start();
    const health = await fetch(`${s.url.admin}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('x-request-id')).toMatch(/^req_/);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${s.url.admin}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { engine: 'ok', store: 'ok', limiter: 'ok', leases: 'ok' } });
    expectError(await s.call(s.url.admin, 'GET', '/admin/v1/customers'), 401, 'missing_api_key');
    expectError(await s.call(s.url.admin, 'POST', '/metrics'), 401, 'missing_api_key');
    // Not on the public listeners.
    expectError(await s.sandboxCall('GET', '/healthz'), 404, 'route_not_found');
  });

  it('/readyz answers 503 naming the store while it fails, and ready again after', async () => {
    const s = await start();
    expect((await s.fault({ kind: 'store_failing', enabled: true })).status).toBe(200);
    const down = await fetch(`${s.url.admin}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'not_ready', failed: ['store'], checks: { engine: 'ok', store: 'unavailable', limiter: 'ok', leases: 'ok' } });
    // Alive all the same: a failing store is no reason to restart the process.
    expect((await fetch(`${s.url.admin}/healthz`)).status).toBe(200);
    expect((await s.fault({ kind: 'clear' })).status).toBe(200);
    expect((await fetch(`${s.url.admin}/readyz`)).status).toBe(200);
  });

  it('/readyz answers 503 while the engine is loading; rate limits off show as off', async () => {
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const s = await start({ holdLoading: hold, noWait: true, env: { RAMPART_RATE_LIMITS: 'off' } });
    const loading = await fetch(`${s.url.admin}/readyz`);
    expect(loading.status).toBe(503);
    expect(await loading.json()).toEqual({ status: 'not_ready', failed: ['engine', 'leases'], checks: { engine: 'loading', store: 'ok', limiter: 'off', leases: 'loading' } });
    expect((await fetch(`${s.url.admin}/healthz`)).status).toBe(200);
    release();
    await s.app.loaded;
    expect(await (await fetch(`${s.url.admin}/readyz`)).json()).toEqual({ status: 'ready', checks: { engine: 'ok', store: 'ok', limiter: 'off', leases: 'ok' } });
  });
});
