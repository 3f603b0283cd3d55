// npm run bench — every benchmark side by side with its baseline from the same run (docs/PERFORMANCE.md).
// BENCH_QUICK=1 runs smaller sizes (a smoke run); BENCH_ONLY=http,pg,failover,stream,ticks,risk,peer,memory,startup picks sections.
// BENCH_HTTP=cpu: the http section runs only the bare route, market orders and the account read (CPU per request);
// BENCH_SECONDS=n sets its runs' length.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { httpBenchmarks } from './http.js';
import { ROOT, table, type Load } from './lib.js';
import { memoryBenchmark } from './memory.js';
import { peerBenchmark } from './peer.js';
import { pgBenchmarks, type OrderCpu } from './pg.js';
import { pgFailoverBenchmarks } from './pg-failover.js';
import { startupBenchmark } from './startup.js';
import { streamBenchmark } from './stream.js';
import { RULEBOOK_PRODUCTS, riskBenchmark } from './risk.js';
import { judgeTargets } from './targets.js';
import { runTicks } from './ticks.js';

const quick = process.env.BENCH_QUICK === '1';
const SECTIONS = ['http', 'pg', 'failover', 'stream', 'ticks', 'risk', 'peer', 'memory', 'startup'];

// A run of some sections (BENCH_ONLY) replaces those in bench/results.json and keeps the others, each with its date.
const only = new Set(process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',') : SECTIONS);
const resultsFile = join(ROOT, 'bench/results.json');
const previous = (() => {
  try {
    return JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
})();
const results: Record<string, unknown> = process.env.BENCH_ONLY && previous.quick === quick ? previous : {};
results.quick = quick;
const dates: Record<string, string> =
  typeof results.at === 'string' ? Object.fromEntries(SECTIONS.filter((k) => k in results).map((k) => [k, results.at as string])) : ((results.at ?? {}) as Record<string, string>);
results.at = dates;
const now = new Date().toISOString();
for (const section of only) dates[section] = now;
const ms = (x: number) => Math.round(x * 100) / 100;

// The servers run dist/rampart.mjs (bin/rampart.mjs): built here, so no benchmark times the build.
execFileSync(process.execPath, [join(ROOT, 'bin/build.mjs')], { stdio: 'inherit' });

if (only.has('http')) {
  const h = await httpBenchmarks(Number(process.env.BENCH_SECONDS) || (quick ? 3 : 8), process.env.BENCH_HTTP === 'cpu');
  results.http = h;
  const ratio = (rps: number) => `${Math.round((rps / h.baseline.rps) * 100)}%`;
  console.log('\nHTTP (autocannon, 50 connections, loopback; latency ms; server CPU µs per request, all threads, from /proc)');
  console.log(
    table(
      Object.entries(h)
        .filter((e): e is [string, Load] => !Array.isArray(e[1]) && e[0] !== 'placeMarketAtHalf')
        .map(([name, r]) => ({ benchmark: name, 'req/s': Math.round(r.rps), 'of baseline': ratio(r.rps), 'CPU µs/req': r.cpuUs ?? '', 'load avg': r.load ?? '', p50: ms(r.p50), p99: ms(r.p99), 'p99.9': ms(r.p999), errors: r.errors, non2xx: r.non2xx })),
    ),
  );
  if (h.placeMarketAt) {
    console.log('\nMarket orders offered at a fixed rate (open loop, bench/open-loop.ts; latency ms from when each was due)');
    const openRows = [...(h.placeMarketAtHalf ? [{ ...h.placeMarketAtHalf, half: true }] : []), ...h.placeMarketAt.map((r) => ({ ...r, half: false }))];
    console.log(table(openRows.map((r) => ({ 'offered/s': r.half ? `${r.offered} (half the closed loop's rate)` : r.offered, 'answered/s': Math.round(r.rps), p50: ms(r.p50), p99: ms(r.p99), 'p99.9': ms(r.p999), errors: r.errors, non2xx: r.non2xx }))));
  }
}

if (only.has('pg')) {
  // PostgreSQL (BENCH_PG_URL, the local server by default): each store on a fresh schema, dropped afterwards.
  const p = await pgBenchmarks(quick ? 3 : 8);
  results.pg = p;
  const ratio = (rps: number, of: number) => `${Math.round((rps / of) * 100)}%`;
  console.log('\nMarket orders on PostgreSQL (autocannon, 50 connections, 48 accounts: 8 in each of 6 partitions, or 16 per node; 3 nodes: spread evenly over the nodes, or each to its owner; each after the same load, not measured, until its rate settles (warm-up s); latency ms; CPU per order from /proc, all Rampart processes summed)');
  const rows: [string, Load][] = [
    ['baseline', p.baseline],
    ['SQLite', p.sqlite],
    ['PostgreSQL, 1 node', p.pgOneNode],
    ['PostgreSQL, 3 nodes', p.pgThreeNodes],
    ...(p.pgThreeNodesRouted ? [['PostgreSQL, 3 nodes, routed to the owner', p.pgThreeNodesRouted] as [string, Load]] : []),
  ];
  console.log(
    table(
      rows.map(([name, r]) => ({
        store: name,
        'req/s': Math.round(r.rps),
        'of baseline': ratio(r.rps, p.baseline.rps),
        'of SQLite': ratio(r.rps, p.sqlite.rps),
        p50: ms(r.p50),
        p99: ms(r.p99),
        'p99.9': ms(r.p999),
        'nodes CPU µs/order': (r as OrderCpu).nodeCpuUs ?? '',
        'PostgreSQL CPU µs/order': (r as OrderCpu).pgCpuUs ?? '',
        'warm-up s': (r as OrderCpu).warmedS ?? '',
        errors: r.errors,
        non2xx: r.non2xx,
      })),
    ),
  );
  console.log(`3 nodes: live partitions held ${p.pgThreeNodes.livePartitions.map((x) => `[${x.join(' ')}]`).join(' / ')}, engine commands run per node ${p.pgThreeNodes.perNode.join(' / ')} per s`);
  const waits = (w: { samples: number; withWaits: number; most: number }) => `${w.withWaits} of ${w.samples} samples with a session waiting (at most ${w.most})`;
  console.log(`Lock waits of the store's sessions (pg_stat_activity every 20 ms): 1 node ${waits(p.pgOneNode.lockWaits)}; 3 nodes ${waits(p.pgThreeNodes.lockWaits)}`);
  const pairs = (w: { pairs?: Record<string, number> }) =>
    Object.entries(w.pairs ?? {})
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} (${n})`)
      .join('; ') || 'none';
  console.log(`  what waited on what (waiting ← blocking): 1 node: ${pairs(p.pgOneNode.lockWaits)}; 3 nodes: ${pairs(p.pgThreeNodes.lockWaits)}`);
  console.log('\nFail-over: kill -9 of a partition owner (3 nodes, orders flowing; pause = kill → first acknowledgement there)');
  console.log(
    table(
      p.failover.map((f) => ({
        'lease ms': f.leaseMs,
        partitions: f.partitions.join(' '),
        'taken over ms': f.takenOverMs,
        'pause ms': f.pauseMs.join(' / '),
        placed: f.placed,
        acknowledged: f.acknowledged,
        lost: f.lost,
        doubled: f.doubled,
        unanswered: f.unanswered,
      })),
    ),
  );
}

if (only.has('failover')) {
  // PostgreSQL, three nodes, orders flowing, the default lease: a partition owner killed (kill -9), then one frozen
  // (SIGSTOP, 15 s; 8 s quick) in another cluster.
  const f = await pgFailoverBenchmarks(quick ? 8000 : 15_000);
  results.failover = f;
  console.log('\nFail-over on PostgreSQL (3 nodes, orders flowing; pause = the stop → the first acknowledgement on its partitions)');
  console.log(
    table([
      { stop: 'kill -9', 'lease ms': f.kill.leaseMs, partitions: f.kill.partitions.join(' '), 'pause ms': f.kill.pauseMs.join(' / '), 'others longest ms': '-', placed: f.kill.placed, acknowledged: f.kill.acknowledged, lost: f.kill.lost, doubled: f.kill.doubled, unanswered: f.kill.unanswered },
      { stop: `SIGSTOP ${f.freeze.freezeMs / 1000} s`, 'lease ms': f.freeze.leaseMs, partitions: f.freeze.partitions.join(' '), 'pause ms': f.freeze.pauseMs.join(' / '), 'others longest ms': f.freeze.othersLongestMs, placed: f.freeze.placed, acknowledged: f.freeze.acknowledged, lost: f.freeze.lost, doubled: f.freeze.doubled, unanswered: f.freeze.unanswered },
    ]),
  );
  for (const s of f.freeze.stuck) console.log(`unanswered after the freeze: ${s}`);
}

if (only.has('stream')) {
  // One endpoint: the latency a stream client and a webhook receiver see at 500 events/s. Five endpoints of the
  // same customer: 2,500 deliveries/s offered, more than the dispatcher keeps up with on this box, so the figure
  // is its throughput (while producing, and draining the backlog alone).
  const rows = [await streamBenchmark(quick ? 8 : 20, 1000, 100, 1), await streamBenchmark(quick ? 8 : 20, 1000, 100, 5)];
  results.stream = rows;
  console.log('\nStream and webhooks (1,000 SSE clients over 100 accounts in their own process, local webhook receiver; latency ms = created_at → received)');
  console.log(table(rows.map((r) => ({ ...r }))));
}

if (only.has('ticks')) {
  const sizes = quick ? [1000, 10000] : [1000, 10000, 100000];
  // Plain stop orders, then half of them replaced by positions' exits (take profit, trailing stop, break-even).
  const rows = [false, true].flatMap((exits) =>
    sizes.flatMap((n) => {
      const calm = runTicks(n, quick ? 20000 : 100000, 20, 200, 30, exits);
      const busy = runTicks(n, quick ? 5000 : 20000, 300, 300, 1, exits);
      const triggers = exits ? 'stops + exits' : 'stops';
      return [
        { n, triggers, path: 'no fills', 'ticks/s': calm.ticksPerSecond, fills: calm.fills, 'µs/fill': '-', 'ns/tick/order': calm.nsPerTickPerOrder },
        { n, triggers, path: 'with fills', 'ticks/s': busy.ticksPerSecond, fills: busy.fills, 'µs/fill': busy.usPerFill, 'ns/tick/order': busy.nsPerTickPerOrder },
      ];
    }),
  );
  results.ticks = rows;
  console.log('\nTicks (resting triggers on 3 markets, seeded walk, engine only)');
  console.log(table(rows));
}

if (only.has('risk')) {
  const accounts = quick ? 2000 : 10000;
  const ticks = quick ? 5000 : 20000;
  const rows = [
    riskBenchmark(accounts, ticks, false),
    riskBenchmark(accounts, ticks, true),
    riskBenchmark(accounts, ticks, true, 5, true),
    riskBenchmark(accounts, ticks, true, 5, false, RULEBOOK_PRODUCTS),
  ];
  results.risk = rows;
  console.log('\nRisk per tick (accounts holding 1–3 markets, products\' rules round-robin, seeded walk, engine only)');
  console.log(
    table(
      rows.map((r) => ({
        products: r.products,
        sizes: r.sizes,
        accounts: r.accounts,
        positions: r.positions,
        ticks: r.ticks,
        'ticks/s': r.ticksPerSecond,
        'touched share': r.touchedShare,
        'peak watched': `${r.watched}/${r.peakAccounts} (${r.classes} classes)`,
        'full scan ticks/s': r.fullScanTicksPerSecond,
        fills: r.fills,
      })),
    ),
  );
}

if (only.has('peer')) {
  const rows = (quick ? [1000] : [1000, 10000, 100000]).map((n) => peerBenchmark(n, quick ? 5000 : 20000));
  results.peer = rows;
  console.log('\nPeer: the same price path and stops through nodejs-order-book');
  console.log(table(rows.map((r) => ({ ...r }))));
}

if (only.has('memory')) {
  const r = await memoryBenchmark(quick ? 10000 : 100000);
  results.memory = r;
  console.log('\nMemory');
  console.log(table([{ ...r }]));
}

if (only.has('startup')) {
  // The same log with many and with few working orders: the restart transition rewrites each working order and
  // logs its cancellation.
  const rows = [];
  for (const orders of quick ? [2000, 200] : [100000, 20000, 1000]) rows.push(await startupBenchmark(quick ? 100000 : 1000000, orders));
  results.startup = rows;
  console.log('\nStart-up (restart transition included)');
  console.log(table(rows.map((r) => ({ ...r }))));
}

// The targets, judged on every section the file holds (those not run now keep their earlier figures and dates).
const targets = judgeTargets(results);
results.targets = targets;
console.log('\nTargets (issue 16; docs/PERFORMANCE.md)');
console.log(table(targets.map((t) => ({ ...t, met: t.met === undefined ? '-' : t.met ? 'met' : 'MISSED' }))));

writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
console.log('\nwritten to bench/results.json');
