/**
 * Soak (issue 7; `npm run soak`, not in CI): mixed traffic against a server in its own process for SOAK_SECONDS
 * (default 600) — orders (market and limit), cancels, cancel-alls, close-alls, reads, an account stream per
 * customer and a webhook receiver, with prices ticking (the simulated feed, every 100 ms). Prints throughput,
 * latency, errors by code, and the server's own RSS and event-loop delay (a probe loaded into it) over time;
 * exits non-zero when RSS or event-loop delay grows, or when anything answers 500 or outside the envelope. The
 * webhook backlog (events in the log not yet delivered) is printed over time, with how long it takes to drain
 * once the traffic stops (a warning past 60 s).
 *
 *   SOAK_SECONDS=120 npm run soak         # a shorter run
 *   SOAK_WORKERS (16), SOAK_SAMPLE_SECONDS (duration / 30, at least 5)
 */
import { createServer, request, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { adminCall, call, startChild, type ChildServer } from '../test/helpers/child-server.js';
import { sseBlocks } from './sse.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const SAMPLE_S = Number(process.env.SOAK_SAMPLE_SECONDS ?? Math.max(5, Math.round(SECONDS / 30)));
const WORKERS = Number(process.env.SOAK_WORKERS ?? 16);
const CUSTOMERS = 4;
const ACCOUNTS_PER_CUSTOMER = 2;

interface Probe {
  at: number;
  rss: number;
  heap_used: number;
  lag_p50_ms: number;
  lag_p99_ms: number;
  lag_max_ms: number;
}

interface Trader {
  key: string;
  accounts: string[];
}

const MB = (n: number) => Math.round(n / 1048576);
const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

/** Counts of everything answered, cumulative and per sampling window. */
class Stats {
  total = 0;
  byCode = new Map<string, number>();
  window: number[] = [];
  windowErrors = 0;
  bad: string[] = [];

  record(label: string, status: number, body: unknown, ms: number): void {
    this.total++;
    this.window.push(ms);
    let code = String(status);
    if (status >= 400) {
      this.windowErrors++;
      const e = (body as { error?: { code?: string } } | undefined)?.error;
      if (!e?.code) this.bad.push(`${label}: ${status} outside the envelope: ${JSON.stringify(body).slice(0, 200)}`);
      code = `${status} ${e?.code ?? '?'}`;
      if (status === 500) this.bad.push(`${label}: 500 ${JSON.stringify(body).slice(0, 300)}`);
    }
    this.byCode.set(code, (this.byCode.get(code) ?? 0) + 1);
  }

  take(): { n: number; p50: number; p99: number; errors: number } {
    const out = { n: this.window.length, p50: pct(this.window, 50), p99: pct(this.window, 99), errors: this.windowErrors };
    this.window = [];
    this.windowErrors = 0;
    return out;
  }
}

const stats = new Stats();
let seq = 0;
const quotes = new Map<string, { last: number; tick: number; step: number; decimals: number }>();

async function timed(c: ChildServer, label: string, method: string, path: string, key: string, body?: unknown, idempotent = false) {
  const t0 = performance.now();
  try {
    const r = await call(c.url.sandbox, method, path, { key, ...(body !== undefined ? { body } : {}), ...(idempotent ? { idempotencyKey: `soak-${++seq}` } : {}) });
    stats.record(label, r.status, r.body, performance.now() - t0);
    return r;
  } catch (err) {
    stats.record(label, 0, { error: { code: `no answer (${(err as Error).message})` } }, performance.now() - t0);
    return undefined;
  }
}

function priceNear(market: string, ticksAway: number): string {
  const q = quotes.get(market)!;
  const ticks = Math.round(q.last / q.tick) + ticksAway;
  return (ticks * q.tick).toFixed(q.decimals);
}

/** One trader's call, drawn from the mix. */
async function step(c: ChildServer, t: Trader): Promise<void> {
  const account = t.accounts[Math.floor(Math.random() * t.accounts.length)]!;
  const market = ['BTC-USD', 'ETH-USD', 'SOL-USD'][Math.floor(Math.random() * 3)]!;
  const q = quotes.get(market);
  const side = Math.random() < 0.5 ? 'buy' : 'sell';
  const size = q ? (q.step * (1 + Math.floor(Math.random() * 3))).toFixed(Math.max(0, -Math.floor(Math.log10(q.step)))) : '0';
  const base = `/v1/accounts/${account}`;
  const r = Math.random();
  if (!q) return void (await timed(c, 'markets', 'GET', '/v1/markets', t.key));
  if (r < 0.28) {
    await timed(c, 'market order', 'POST', `${base}/orders`, t.key, { market, side, type: 'market', size }, true);
  } else if (r < 0.5) {
    const away = 1 + Math.floor(Math.random() * 20);
    await timed(c, 'limit order', 'POST', `${base}/orders`, t.key, { market, side, type: 'limit', size, limit_price: priceNear(market, side === 'buy' ? -away : away) }, true);
  } else if (r < 0.58) {
    const open = await timed(c, 'open orders', 'GET', `${base}/orders?status=open&limit=20`, t.key);
    const order = open?.body?.data?.[0];
    if (order) await timed(c, 'cancel', 'DELETE', `${base}/orders/${order.id}`, t.key, undefined, true);
  } else if (r < 0.61) {
    await timed(c, 'cancel-all', 'POST', `${base}/orders/cancel-all`, t.key, {}, true);
  } else if (r < 0.64) {
    await timed(c, 'close-all', 'POST', `${base}/positions/close-all`, t.key, {}, true);
  } else if (r < 0.72) {
    await timed(c, 'preview', 'POST', `${base}/orders/test`, t.key, { market, side, type: 'market', size });
  } else {
    const reads = [`${base}`, `${base}/positions`, `${base}/orders?limit=50`, `${base}/fills?limit=50`, `/v1/events?account_id=${account}&limit=50`, '/v1/markets'];
    await timed(c, 'read', 'GET', reads[Math.floor(Math.random() * reads.length)]!, t.key);
  }
}

/** An account stream that reconnects (Last-Event-ID) until stopped; counts the events it receives. */
function stream(c: ChildServer, key: string, account: string, running: () => boolean, counter: { events: number; reconnects: number }): Promise<void> {
  let last: string | undefined;
  const once = () =>
    new Promise<void>((resolve) => {
      const req = request(
        `${c.url.sandbox}/v1/accounts/${account}/stream`,
        { headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream', ...(last ? { 'last-event-id': last } : {}) } },
        (res) => {
          res.setEncoding('utf8');
          const blocks = sseBlocks((block) => {
            const id = /^id: (.*)$/m.exec(block)?.[1];
            if (id) {
              last = id;
              counter.events++;
            }
          });
          res.on('data', (chunk: string) => {
            blocks(chunk);
            if (!running()) req.destroy();
          });
          res.on('end', () => resolve());
          res.on('close', () => resolve());
        },
      );
      req.on('error', () => resolve());
      req.end();
    });
  return (async () => {
    while (running()) {
      await once();
      if (running()) {
        counter.reconnects++;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  })();
}

/** Counts deliveries and the distinct events delivered (at least once: a retry may deliver one twice). */
async function receiver(): Promise<{ server: Server; url: string; count: () => number; distinct: () => number }> {
  let n = 0;
  const ids = new Set<string>();
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      n++;
      ids.add(String(req.headers['webhook-id']));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, count: () => n, distinct: () => ids.size };
}

async function refreshQuotes(c: ChildServer, key: string): Promise<void> {
  const r = await call(c.url.sandbox, 'GET', '/v1/markets', { key });
  for (const m of r.body?.data ?? []) {
    if (!m.last) continue;
    const decimals = (String(m.tick_size).split('.')[1] ?? '').length;
    quotes.set(m.id, { last: Number(m.last), tick: Number(m.tick_size), step: Number(m.size_step), decimals });
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'rampart-soak-'));
  const dbFile = join(dir, 'rampart.db');
  const probes: Probe[] = [];
  const probe = pathToFileURL(join(import.meta.dirname, 'soak-probe.mjs')).href;
  const c = await startChild({
    dbFile,
    nodeArgs: ['--import', probe],
    env: { RAMPART_CLOCK: 'system', RAMPART_PRICE_FEED: 'simulated', RAMPART_PRICE_INTERVAL_MS: '100', SOAK_PROBE_MS: String(SAMPLE_S * 1000) },
  });
  c.onLine((line) => {
    if (line.startsWith('SOAK-PROBE ')) probes.push(JSON.parse(line.slice('SOAK-PROBE '.length)) as Probe);
  });
  const rcv = await receiver();
  const traders: Trader[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const customer = await adminCall(c, 'POST', '/admin/v1/customers', { name: `soak ${i}` });
    const { key } = await adminCall(c, 'POST', `/admin/v1/customers/${customer.id}/keys`, { environment: 'sandbox', access: 'trade' });
    const accounts: string[] = [];
    // Sandbox accounts mirroring the funded product: trading allowed on weekends, whenever the soak runs.
    for (let a = 0; a < ACCOUNTS_PER_CUSTOMER; a++) {
      for (;;) {
        const r = await call(c.url.sandbox, 'POST', '/v1/accounts', { key, idempotencyKey: `open-${i}-${a}`, body: { product: 'funded-100k' } });
        if (r.status === 202) {
          accounts.push(r.body.id);
          break;
        }
        await new Promise((res) => setTimeout(res, 100)); // sandbox_opening: one at a time
      }
    }
    const hook = await call(c.url.sandbox, 'POST', '/v1/webhooks', { key, idempotencyKey: `hook-${i}`, body: { url: rcv.url } });
    if (hook.status !== 201) throw new Error(`webhook: ${hook.status} ${JSON.stringify(hook.body)}`);
    traders.push({ key, accounts });
  }
  await new Promise((r) => setTimeout(r, 1000)); // accounts active, first prices in
  await refreshQuotes(c, traders[0]!.key);
  // Every event of these customers goes to exactly one endpoint (each customer has one, for all its accounts):
  // the webhook backlog is the events in the log (read from the file) less the events delivered.
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  const eventsBefore = Number((db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n);
  const logged = () => Number((db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n) - eventsBefore;
  const behind = () => logged() - rcv.distinct();

  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  let running = true;
  const streamed = { events: 0, reconnects: 0 };
  const streams = traders.map((t) => stream(c, t.key, t.accounts[0]!, () => running, streamed));
  const workers = Array.from({ length: WORKERS }, async (_, w) => {
    const t = traders[w % traders.length]!;
    while (running && Date.now() < deadline) await step(c, t);
  });
  const quoter = (async () => {
    while (running) {
      await refreshQuotes(c, traders[0]!.key).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 500));
    }
  })();

  const rows: string[] = [];
  const header = 't(s)  req/s   p50ms  p99ms  errors  rssMB  heapMB  lag p50/p99/max ms  stream  webhooks  behind';
  process.stdout.write(`Soak: ${SECONDS} s, ${WORKERS} workers, ${CUSTOMERS} customers × ${ACCOUNTS_PER_CUSTOMER} accounts, sample every ${SAMPLE_S} s\n${header}\n`);
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, Math.min(SAMPLE_S * 1000, deadline - Date.now())));
    const w = stats.take();
    const p = probes.at(-1);
    const row = [
      String(Math.round((Date.now() - started) / 1000)).padStart(4),
      String(Math.round(w.n / SAMPLE_S)).padStart(6),
      w.p50.toFixed(1).padStart(7),
      w.p99.toFixed(1).padStart(6),
      String(w.errors).padStart(7),
      String(p ? MB(p.rss) : '-').padStart(6),
      String(p ? MB(p.heap_used) : '-').padStart(7),
      (p ? `${p.lag_p50_ms}/${p.lag_p99_ms}/${p.lag_max_ms}` : '-').padStart(19),
      String(streamed.events).padStart(7),
      String(rcv.count()).padStart(9),
      String(behind()).padStart(7),
    ].join(' ');
    rows.push(row);
    process.stdout.write(`${row}\n`);
  }
  running = false;
  await Promise.all(workers);
  await quoter;
  // Once traffic stops, the webhook backlog drains.
  const stoppedAt = Date.now();
  const backlog = behind();
  while (behind() > 0 && Date.now() - stoppedAt < 60_000) await new Promise((r) => setTimeout(r, 500));
  const drainSeconds = Math.round((Date.now() - stoppedAt) / 100) / 10;
  const undelivered = behind();
  const eventsLogged = logged();
  db.close();
  const drainProbes = probes.filter((p) => p.at > stoppedAt);
  await Promise.all(streams.map((s) => Promise.race([s, new Promise((r) => setTimeout(r, 3000))])));

  // Flat: after a warm-up (the first quarter), the last quarter of the traffic against the second.
  const during = probes.filter((p) => p.at > started && p.at <= stoppedAt);
  const q = Math.max(1, Math.floor(during.length / 4));
  const second = during.slice(q, 2 * q);
  const last = during.slice(-q);
  const rss = { second: mean(second.map((p) => p.rss)), last: mean(last.map((p) => p.rss)) };
  const lag = { second: mean(second.map((p) => p.lag_p99_ms)), last: mean(last.map((p) => p.lag_p99_ms)) };
  const failures: string[] = [...new Set(stats.bad)].slice(0, 20);
  if (during.length < 4) failures.push(`only ${during.length} probe samples: run longer`);
  if (rss.last > rss.second * 1.15 + 20 * 1048576) failures.push(`RSS grew: ${MB(rss.second)} MB → ${MB(rss.last)} MB`);
  if (lag.last > Math.max(lag.second * 2, lag.second + 25)) failures.push(`event-loop delay grew: p99 ${lag.second.toFixed(1)} ms → ${lag.last.toFixed(1)} ms`);
  // Reported, not judged: how far webhook delivery falls behind under this load is a throughput figure.
  const warnings: string[] = [];
  if (undelivered > 0) warnings.push(`${undelivered} events not yet delivered by webhook 60 s after the traffic stopped (${backlog} at the stop)`);

  const summary = {
    seconds: SECONDS,
    requests: stats.total,
    per_second: Math.round(stats.total / SECONDS),
    answers: Object.fromEntries([...stats.byCode].sort((a, b) => b[1] - a[1])),
    stream: streamed,
    events_logged: eventsLogged,
    webhook_deliveries: rcv.count(),
    webhook_backlog_at_stop: backlog,
    webhook_drain_seconds: drainSeconds,
    rss_mb: { second_quarter: MB(rss.second), last_quarter: MB(rss.last), max: MB(Math.max(...during.map((p) => p.rss))), after_drain: MB(probes.at(-1)?.rss ?? 0) },
    lag_p99_ms: {
      second_quarter: Number(lag.second.toFixed(1)),
      last_quarter: Number(lag.last.toFixed(1)),
      max_during_traffic: Math.max(...during.map((p) => p.lag_max_ms)),
      max_during_drain: Math.max(0, ...drainProbes.map((p) => p.lag_max_ms)),
    },
    verdict: failures.length === 0 ? 'flat' : 'FAILED',
  };
  process.stdout.write(`\n${JSON.stringify(summary, null, 2)}\n`);
  for (const w of warnings) process.stdout.write(`WARN: ${w}\n`);
  for (const f of failures) process.stdout.write(`FAIL: ${f}\n`);

  await c.stop();
  rcv.server.closeAllConnections();
  await new Promise<void>((r) => rcv.server.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
  process.exitCode = failures.length === 0 ? 0 : 1;
}

await main();
