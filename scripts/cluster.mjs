#!/usr/bin/env node
// `npm run cluster`: several `rampart serve` nodes on loopback sharing one PostgreSQL database and one Redis
// (CONTRACT §8), for trying fail-over by hand. Each node is `node bin/rampart.mjs serve` with the service's Node.js
// options (bin/node-flags.mjs), as `npm start` runs it, with its own node id, listeners and data directory; the
// operator token and the webhook secrets key are shared.
// Ctrl-C (SIGINT) or SIGTERM goes to every node; the script exits once every node has exited. A node that dies
// on its own is reported and the others keep running (its partitions move to them once its leases lapse).
//
// Settings (environment): CLUSTER_NODES (3), CLUSTER_BASE_PORT (8180: node i listens on base+10(i-1) live,
// +1 sandbox, +2 operator, +3 internal), RAMPART_DATABASE_URL (postgres://postgres@127.0.0.1:5432/rampart_cluster,
// created when missing), RAMPART_REDIS_URL (redis://127.0.0.1:6379), RAMPART_ENGINE_PARTITIONS (4),
// RAMPART_PRICE_FEED (simulated: run by one node for all), and any other RAMPART_* setting, passed to every node as is.
import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { NODE_FLAGS } from '../bin/node-flags.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DATA = join(ROOT, 'data', 'cluster');
const env = process.env;

function int(name, fallback, min, max) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) fatal(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

function fatal(message) {
  process.stderr.write(`cluster: ${message}\n`);
  process.exit(2);
}

const NODES = int('CLUSTER_NODES', 3, 1, 20);
const BASE_PORT = int('CLUSTER_BASE_PORT', 8180, 1024, 65535 - 10 * NODES);
const DATABASE_URL = env.RAMPART_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/rampart_cluster';
const REDIS_URL = env.RAMPART_REDIS_URL || 'redis://127.0.0.1:6379';
if (!/^postgres(ql)?:\/\//.test(DATABASE_URL)) fatal(`RAMPART_DATABASE_URL must be a postgres:// URL (nodes share the store), got "${DATABASE_URL}"`);

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A value kept in data/cluster/<file> (mode 600): the same on every start of the cluster, made on the first. */
function kept(file, make) {
  const path = join(DATA, file);
  if (existsSync(path)) return { value: readFileSync(path, 'utf8').trim(), path, made: false };
  mkdirSync(DATA, { recursive: true, mode: 0o700 });
  const value = make();
  writeFileSync(path, `${value}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return { value, path, made: true };
}

// The operator token of every node; and the key sealing webhook secrets, which every node must share to sign
// deliveries of endpoints another node registered.
const adminToken = env.RAMPART_ADMIN_TOKEN
  ? { value: env.RAMPART_ADMIN_TOKEN, path: null, made: false }
  : kept('admin-token', () => `radm_${Array.from({ length: 40 }, () => BASE62[randomInt(62)]).join('')}`);
const secretsKey = env.RAMPART_SECRETS_KEY ? { value: env.RAMPART_SECRETS_KEY } : kept('secrets-key', () => randomBytes(32).toString('base64'));

/** CREATE DATABASE when the URL's database does not exist (connecting to the server's `postgres` database). */
async function ensureDatabase(url) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.slice(1)) || 'postgres';
  u.pathname = '/postgres';
  const c = new pg.Client({ connectionString: u.toString(), connectionTimeoutMillis: 5000 });
  try {
    await c.connect();
  } catch (err) {
    fatal(`PostgreSQL at ${u.host} does not answer (${err.message}); start it or set RAMPART_DATABASE_URL`);
  }
  try {
    const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      await c.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      process.stdout.write(`cluster: created database ${name}\n`);
    }
  } finally {
    await c.end();
  }
}

const ports = (i) => {
  const base = BASE_PORT + 10 * i;
  return { live: base, sandbox: base + 1, admin: base + 2, internal: base + 3, dashboard: base + 4 };
};
const first = ports(0);
const shared = {
  RAMPART_DATABASE_URL: DATABASE_URL,
  RAMPART_REDIS_URL: REDIS_URL,
  RAMPART_ADMIN_TOKEN: adminToken.value,
  RAMPART_SECRETS_KEY: secretsKey.value,
  RAMPART_ENGINE_PARTITIONS: env.RAMPART_ENGINE_PARTITIONS || '4',
  // Manual prices act on every node (the operator call is fanned out); the simulated feed runs one walk per node,
  // started when that node started, so nodes would quote different prices.
  RAMPART_PRICE_FEED: env.RAMPART_PRICE_FEED || 'simulated',
  // The public hosts behind the load balancer; without one, the first node's listeners stand in for it.
  RAMPART_LIVE_URL: env.RAMPART_LIVE_URL || `http://127.0.0.1:${first.live}`,
  RAMPART_SANDBOX_URL: env.RAMPART_SANDBOX_URL || `http://127.0.0.1:${first.sandbox}`,
};

const children = new Map();
let stopping = false;

/** Writes each line of a child's output prefixed with its node id. */
function prefixed(stream, out, id) {
  let partial = '';
  stream.on('data', (chunk) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) out.write(`[${id}] ${line}\n`);
  });
  stream.on('end', () => {
    if (partial) out.write(`[${id}] ${partial}\n`);
  });
}

/** Starts node i; resolves once its banner says it serves (or rejects if it exits first). */
function startNode(i) {
  const id = `node-${i + 1}`;
  const p = ports(i);
  const child = spawn(process.execPath, [...NODE_FLAGS, join(ROOT, 'bin/rampart.mjs'), 'serve'], {
    cwd: ROOT,
    env: {
      ...env,
      ...shared,
      RAMPART_NODE_ID: id,
      RAMPART_LIVE_LISTEN: `127.0.0.1:${p.live}`,
      RAMPART_SANDBOX_LISTEN: `127.0.0.1:${p.sandbox}`,
      RAMPART_ADMIN_LISTEN: `127.0.0.1:${p.admin}`,
      RAMPART_INTERNAL_LISTEN: `127.0.0.1:${p.internal}`,
      RAMPART_DASHBOARD_LISTEN: `127.0.0.1:${p.dashboard}`,
      RAMPART_DATA_DIR: join(DATA, id),
      // Only the first node may create the demo customer of a new database (it starts alone).
      ...(i > 0 ? { RAMPART_BOOTSTRAP: '0' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prefixed(child.stdout, process.stdout, id);
  prefixed(child.stderr, process.stderr, id);
  const node = { id, ports: p, child, exited: new Promise((r) => child.once('exit', (code, signal) => r({ code, signal }))) };
  children.set(id, node);
  void node.exited.then(({ code, signal }) => {
    children.delete(id);
    if (!stopping) process.stderr.write(`cluster: ${id} exited (${signal ?? `code ${code}`}); ${children.size} node(s) left\n`);
    if (children.size === 0) process.exit(stopping || code === 0 ? 0 : 1);
  });
  return new Promise((resolveStarted, reject) => {
    let seen = '';
    const look = (chunk) => {
      seen = (seen + chunk.toString('utf8')).slice(-4000);
      if (/operator API\s+http:\/\//.test(seen)) {
        child.stdout.off('data', look);
        resolveStarted(node);
      }
    };
    child.stdout.on('data', look);
    void node.exited.then(({ code, signal }) => reject(new Error(`${id} exited (${signal ?? `code ${code}`}) before it started`)));
  });
}

function stopAll(signal) {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`\ncluster: ${signal}: stopping ${children.size} node(s)\n`);
  for (const { child } of children.values()) child.kill(signal);
}
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));

await ensureDatabase(DATABASE_URL);
// Build the bundle once here rather than in every node at the same time.
const { ensureBuilt } = await import(new URL('../bin/build.mjs', import.meta.url).href);
await ensureBuilt();

try {
  // The first node alone runs the migrations (and the demo bootstrap of a new database); then the others.
  await startNode(0);
  await Promise.all(Array.from({ length: NODES - 1 }, (_, i) => startNode(i + 1)));
} catch (err) {
  process.stderr.write(`cluster: ${err.message}\n`);
  stopAll('SIGTERM');
}

if (!stopping) {
  const lines = ['', `Rampart cluster: ${NODES} node(s) on ${DATABASE_URL.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')}, rate limits through ${REDIS_URL}`];
  for (let i = 0; i < NODES; i++) {
    const p = ports(i);
    lines.push(
      `  node-${i + 1}   live http://127.0.0.1:${p.live}   sandbox http://127.0.0.1:${p.sandbox}   operator http://127.0.0.1:${p.admin}   internal http://127.0.0.1:${p.internal}`,
    );
  }
  lines.push(
    '',
    `Operator token (every node${adminToken.path ? `; kept in ${adminToken.path}` : ''}):`,
    `  ${adminToken.value}`,
    '',
    'Partition owners:',
    `  curl -H "Authorization: Bearer ${adminToken.value}" http://127.0.0.1:${first.admin}/admin/v1/cluster`,
    ...(shared.RAMPART_PRICE_FEED === 'manual'
      ? [
          'A price (manual feed; set on any node, it acts on all):',
          `  curl -X PUT -H "Authorization: Bearer ${adminToken.value}" -H "Content-Type: application/json" -d '{"bid":"59999.5","ask":"60000.5","last":"60000"}' http://127.0.0.1:${first.admin}/admin/v1/markets/BTC-USD/price`,
        ]
      : []),
    '',
    'Ctrl-C stops every node.',
    '',
  );
  process.stdout.write(lines.join('\n'));
}
