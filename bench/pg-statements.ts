// What PostgreSQL spends per placed market order, statement by statement: pg_stat_statements' executor time, calls
// and WAL per order, and the CPU of every postgres process (from /proc) per order.
//   node --import tsx bench/pg-statements.ts [seconds=8]
// One node on BENCH_PG_URL, 48 accounts (8 in each of 6 partitions), 50 connections of market orders for 10 s to
// warm up, then `seconds` measured. Needs pg_stat_statements loaded by the server (shared_preload_libraries; it says
// how when it is not). Per-statement times are steadier than a rate on a shared box: compare two versions by running
// this alternately. docs/PERFORMANCE.md run 18 has what it found.
import { readdirSync, readFileSync } from 'node:fs';
import type autocannon from 'autocannon';
import pg from 'pg';
import { load, PG_URL } from './lib.js';
import { marketOrders, startCluster, traders } from './pg.js';

const seconds = Number(process.argv[2] ?? 8);
const TICKS_PER_S = 100;

/** CPU ticks of each postgres process (server, backends, WAL writer, checkpointer…), by pid and what it is. */
function postgresCpu(): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!cmd.startsWith('postgres')) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // "postgres: 15/main: walwriter", "postgres: 15/main: postgres postgres 127.0.0.1(5432) idle": its kind.
      const kind = cmd.replace(/^postgres: [^:]*: /, '').split(' ').slice(0, 2).join(' ').trim();
      out.set(`${pid} ${kind}`, Number(f[11]) + Number(f[12]));
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
const loaded = (await admin.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'pg_stat_statements' AND installed_version IS NOT NULL")).rows[0]!.n > 0;
const preloaded = ((await admin.query<{ s: string }>("SELECT current_setting('shared_preload_libraries') AS s")).rows[0]!.s ?? '').includes('pg_stat_statements');
if (!preloaded) {
  process.stderr.write(
    "pg_stat_statements is not loaded: ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements', restart PostgreSQL, run this again (and ALTER SYSTEM RESET shared_preload_libraries after)\n",
  );
  await admin.end();
  process.exit(2);
}
if (!loaded) await admin.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');

const cluster = await startCluster(1);
const server = cluster.children[0]!;
try {
  const list = await traders(server, new Map(Array.from({ length: 6 }, (_, p) => [p, 8])));
  const run = (prefix: string, duration: number) => {
    const next = marketOrders(list, prefix);
    return load({ url: server.url.live, connections: 50, duration, requests: [{ method: 'POST', path: '/', setupRequest: (req: autocannon.Request) => ({ ...req, ...next() }) }] });
  };
  await run('warm', 10);
  await admin.query('SELECT pg_stat_statements_reset()');
  const before = postgresCpu();
  const r = await run('measured', seconds);
  const after = postgresCpu();
  const orders = r.rps * seconds;
  const rows = (
    await admin.query<{ calls: string; total_exec_time: number; wal_bytes: string; q: string }>(
      `SELECT calls, total_exec_time, wal_bytes, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) AS q FROM pg_stat_statements ORDER BY total_exec_time DESC`,
    )
  ).rows;
  const total = rows.reduce((n, x) => n + x.total_exec_time, 0);
  const perOrder = (ms: number) => ((ms * 1000) / orders).toFixed(1);
  console.log(`${Math.round(orders)} market orders (${Math.round(r.rps)}/s); executor time ${perOrder(total)} µs per order\n`);
  console.log('| µs per order | calls per order | µs per call | WAL bytes per order | statement |\n|---:|---:|---:|---:|---|');
  for (const x of rows.slice(0, 15)) {
    const calls = Number(x.calls);
    console.log(`| ${perOrder(x.total_exec_time)} | ${(calls / orders).toFixed(2)} | ${((x.total_exec_time * 1000) / calls).toFixed(1)} | ${(Number(x.wal_bytes) / orders).toFixed(0)} | ${x.q.replace(/\|/g, '\\|')} |`);
  }
  const byKind = new Map<string, number>();
  for (const [k, v] of after) byKind.set(k.split(' ').slice(1).join(' '), (byKind.get(k.split(' ').slice(1).join(' ')) ?? 0) + v - (before.get(k) ?? 0));
  console.log('\nCPU of the postgres processes, µs per order:');
  for (const [k, v] of [...byKind].sort((a, b) => b[1] - a[1]).filter(([, v]) => v > 0)) console.log(`  ${k}: ${((v * 1e6) / TICKS_PER_S / orders).toFixed(0)}`);
} finally {
  await cluster.stop();
  await admin.end();
}
