// What a server allocates per placed market order, by allocating function: V8's sampling heap profiler (through the
// inspector) with the objects the garbage collector took kept in the profile, so it counts churn, not what stays.
//   node --import tsx bench/alloc.ts [sqlite|pg] [seconds=5]
// One server (SQLite, or one node on PostgreSQL at BENCH_PG_URL), 48 accounts, 20 connections of market orders for
// 3 s to warm up, then `seconds` sampled. Bytes are estimates (one sample per 8 kB allocated); compare runs of it.
// ALLOC_TOP=n lists n rows per table (25 by default).
// docs/PERFORMANCE.md run 15 has what it found.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import WebSocket from 'ws';
import { load, startRampart, type Child } from './lib.js';
import { marketOrders, startCluster, traders } from './pg.js';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface SampleNode {
  callFrame: CallFrame;
  selfSize: number;
  children?: SampleNode[];
}

const INSPECT_PORT = 9339;

/** A connection to the server's inspector: one command at a time, its result. */
async function inspector(): Promise<{ send(method: string, params?: object): Promise<Record<string, unknown>>; close(): void }> {
  const targets = (await (await fetch(`http://127.0.0.1:${INSPECT_PORT}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const ws = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let id = 0;
  const waiting = new Map<number, (result: Record<string, unknown>) => void>();
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as { id?: number; result?: Record<string, unknown> };
    if (m.id !== undefined) waiting.get(m.id)?.(m.result ?? {});
  });
  return {
    send: (method, params = {}) =>
      new Promise((resolve) => {
        waiting.set(++id, resolve);
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}

/** Where a frame's code is: a Rampart source line (through the bundle's source map), a package, or node's own. */
function placer(): (f: CallFrame) => string {
  const maps = new Map<string, SourceMap | null>();
  return ({ functionName, url, lineNumber, columnNumber }) => {
    const name = functionName || '(anonymous)';
    if (!url) return name;
    const modules = url.lastIndexOf('/node_modules/');
    if (modules >= 0) return `${name} [${url.slice(modules + '/node_modules/'.length).split('/')[0]}]`;
    if (!url.startsWith('file:')) return `${name} ${url}`;
    if (!maps.has(url)) {
      try {
        maps.set(url, new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(url)}.map`, 'utf8')) as never));
      } catch {
        maps.set(url, null);
      }
    }
    const entry = maps.get(url)?.findEntry(lineNumber, columnNumber) as { originalSource?: string; originalLine?: number } | undefined;
    return entry?.originalSource ? `${name} ${entry.originalSource.replace(/^.*?\/(src|bench)\//, '$1/')}:${entry.originalLine! + 1}` : `${name} ${url}:${lineNumber + 1}`;
  };
}

const store = process.argv[2] ?? 'sqlite';
const seconds = Number(process.argv[3] ?? 5);
process.env.BENCH_SERVER_FLAGS = `${process.env.BENCH_SERVER_FLAGS ?? ''} --inspect=127.0.0.1:${INSPECT_PORT}`;
/** autocannon's request made into the next market order. */
const market = (list: Parameters<typeof marketOrders>[0], prefix: string) => {
  const next = marketOrders(list, prefix);
  return (req: autocannon.Request) => ({ ...req, ...next() });
};
let stop: () => Promise<void>;
let server: Child;
if (store === 'pg') {
  const cluster = await startCluster(1);
  server = cluster.children[0]!;
  stop = cluster.stop;
} else {
  server = await startRampart();
  stop = server.stop;
}
try {
  const list = await traders(server, new Map(Array.from({ length: 6 }, (_, p) => [p, 8])));
  const run = (prefix: string, duration: number) => load({ url: server.url.live, connections: 20, duration, requests: [{ method: 'POST', path: '/', setupRequest: market(list, prefix) }] });
  await run('warm', 3);
  const inspect = await inspector();
  await inspect.send('HeapProfiler.enable');
  await inspect.send('HeapProfiler.startSampling', { samplingInterval: 8192, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  const r = await run('measured', seconds);
  const { profile } = (await inspect.send('HeapProfiler.stopSampling')) as { profile: { head: SampleNode } };
  inspect.close();
  const placed = r.rps * seconds;
  const where = placer();
  const bySelf = new Map<string, number>();
  const byOwn = new Map<string, number>();
  let total = 0;
  const walk = (n: SampleNode, callers: string[]) => {
    const here = where(n.callFrame);
    if (n.selfSize > 0) {
      total += n.selfSize;
      bySelf.set(here, (bySelf.get(here) ?? 0) + n.selfSize);
      // The nearest Rampart frame: what of ours asked for it (a package's or node's allocation on our behalf).
      const own = [here, ...callers].find((x) => / (src|bench)\//.test(x)) ?? here;
      byOwn.set(own, (byOwn.get(own) ?? 0) + n.selfSize);
    }
    for (const c of n.children ?? []) walk(c, [here, ...callers]);
  };
  walk(profile.head, []);
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(process.env.ALLOC_TOP ?? 25))
      .map(([k, v]) => `${String(Math.round(v / placed)).padStart(8)}  ${k}`)
      .join('\n');
  console.log(`${store}: ${Math.round(placed)} market orders (${Math.round(r.rps)}/s) sampled; ≈${Math.round(total / placed)} bytes allocated per order`);
  console.log(`\nbytes per order, by allocating function:\n${top(bySelf)}`);
  console.log(`\nbytes per order, by the nearest Rampart frame:\n${top(byOwn)}`);
} finally {
  await stop();
}
