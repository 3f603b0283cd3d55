import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Agent, request } from 'undici';
import { liveAccounts, ROOT, startRampart } from './lib.js';

export interface StreamResults {
  clients: number;
  accounts: number;
  endpoints: number;
  'events/s': number;
  'stream p50 ms': number;
  'stream p99 ms': number;
  'stream events': number;
  'webhook deliveries': number;
  'webhook deliveries/s': number;
  'drain deliveries/s': number;
  'webhook p50 ms': number;
  'webhook p99 ms': number;
  'drain s': number;
}

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

/** A local webhook receiver: answers 204 and times each delivery against the event's created_at. */
function receiver(): Promise<{ server: Server; port: number; latencies: number[]; times: number[] }> {
  const latencies: number[] = [];
  const times: number[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const now = Date.now();
      const e = JSON.parse(body) as { created_at: number };
      latencies.push(now - e.created_at);
      times.push(now);
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, latencies, times })));
}

/**
 * 1,000 SSE clients over 100 accounts (their own process) and `endpoints` webhook endpoints on a local receiver
 * while market orders produce about `eventsPerSecond` events for `seconds`: stream and webhook delivery latency
 * (created_at → received), webhook deliveries/s, and how long the outbox takes to drain after production stops.
 */
export async function streamBenchmark(seconds: number, clients = 1000, accountCount = 100, endpoints = 5, eventsPerSecond = 500): Promise<StreamResults> {
  const server = await startRampart({ RAMPART_WEBHOOK_ALLOW_PRIVATE: '1' });
  const hooks = await receiver();
  let sse: ReturnType<typeof spawn> | undefined;
  try {
    const { key, accounts } = await liveAccounts(server, accountCount);
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const api = new Agent({ connections: 50, pipelining: 1 });
    const call = async (method: 'POST' | 'GET', path: string, body?: unknown, extra: Record<string, string> = {}) => {
      const r = await request(`${server.url.live}${path}`, { method, dispatcher: api, headers: { ...auth, ...extra }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
      const text = await r.body.text();
      if (r.statusCode >= 300) throw new Error(`${method} ${path} → ${r.statusCode} ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    };
    for (let i = 0; i < endpoints; i++) await call('POST', '/v1/webhooks', { url: `http://127.0.0.1:${hooks.port}/hook/${i}` }, { 'idempotency-key': `hook-${i}` });

    // The SSE clients connect (their own process), spread over the accounts.
    sse = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/sse-clients.ts')], {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, SSE_URL: server.url.live, SSE_KEY: key, SSE_ACCOUNTS: accounts.join(','), SSE_CLIENTS: String(clients) },
    });
    const lines = createInterface({ input: sse.stdout! });
    const next = () => new Promise<string>((resolve) => lines.once('line', resolve));
    await next(); // {"ready": n}

    // One market order makes about 4 events (order placed and filled, the fill, the position); the rate produced
    // is reported as measured (deliveries per endpoint per second).
    const perOrder = 4;

    // Production: orders paced to about eventsPerSecond, buy and sell alternating per account.
    const ordersPerSecond = Math.max(1, Math.round(eventsPerSecond / perOrder));
    const started = Date.now();
    let n = 0;
    const inFlight = new Set<Promise<unknown>>();
    while (Date.now() - started < seconds * 1000) {
      const due = Math.floor(((Date.now() - started) / 1000) * ordersPerSecond);
      while (n < due) {
        const i = n++;
        const account = accounts[i % accounts.length]!;
        const side = Math.floor(i / accounts.length) % 2 === 0 ? 'buy' : 'sell';
        const p = call('POST', `/v1/accounts/${account}/orders`, { market: 'BTC-USD', side, type: 'market', size: '0.001' }, { 'idempotency-key': `s-${i}` }).finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    await Promise.all(inFlight);
    const producedFor = (Date.now() - started) / 1000;

    // Let the outbox drain: until no delivery arrived for a second.
    const stopAt = Date.now();
    let last = hooks.times.length;
    for (;;) {
      await new Promise((r) => setTimeout(r, 1000));
      if (hooks.times.length === last) break;
      last = hooks.times.length;
    }
    const drainS = Math.max(0, ((hooks.times.at(-1) ?? stopAt) - stopAt) / 1000);
    sse.stdin!.write('stop\n');
    const stream = JSON.parse(await next()) as { clients: number; received: number; p50: number; p99: number };
    const deliveries = hooks.times.length;
    const span = ((hooks.times.at(-1) ?? started) - (hooks.times[0] ?? started)) / 1000;
    await api.close();
    return {
      clients: stream.clients,
      accounts: accountCount,
      endpoints,
      'events/s': Math.round(stream.received / (clients / accountCount) / producedFor),
      'stream p50 ms': stream.p50,
      'stream p99 ms': stream.p99,
      'stream events': stream.received,
      'webhook deliveries': deliveries,
      'webhook deliveries/s': Math.round(deliveries / Math.max(span, 0.001)),
      // The backlog left when production stopped, delivered with nothing else running: the dispatcher's own pace.
      'drain deliveries/s': drainS > 0.5 ? Math.round(hooks.times.filter((t) => t > stopAt).length / drainS) : 0,
      'webhook p50 ms': pct(hooks.latencies, 0.5),
      'webhook p99 ms': pct(hooks.latencies, 0.99),
      'drain s': Math.round(drainS * 10) / 10,
    };
  } finally {
    sse?.kill();
    hooks.server.close();
    hooks.server.closeAllConnections();
    await server.stop();
  }
}
