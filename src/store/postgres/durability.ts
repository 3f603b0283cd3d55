import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { numberPlaceholders } from '../sql/dialect.js';
import { MIGRATION_SQL } from '../sql/migrations.js';
import { PACKAGE_ROOT } from '../../config/package-root.js';
import { StoreUnavailableError } from '../port.js';

export type Row = Record<string, unknown>;

/** Where a statement runs: the pool (reads outside a transaction) or a transaction's own client. */
export interface Q {
  rows<R = Row>(sql: string, params?: readonly unknown[]): Promise<R[]>;
  /** Rows changed (UPDATE, DELETE, INSERT). */
  changes(sql: string, params?: readonly unknown[]): Promise<number>;
  /**
   * A write whose answer is not needed: in a transaction it may be held and sent with the next statement, in one
   * round trip (group-commit.ts); a failure then fails that statement or the transaction's end, never passes unseen.
   */
  write(sql: string, params?: readonly unknown[]): Promise<void>;
  /**
   * A statement whose answer is only checked (a lease fence): in a transaction it may be held and sent with the next
   * statement, `verify` judging its rows when that message is answered; what `verify` throws fails the statement or
   * the transaction's end (which then rolls back). Without it, the statement runs now and is verified at once.
   */
  check?(sql: string, params: readonly unknown[], verify: (rows: Row[]) => void): Promise<void>;
}

/**
 * Connection-level failures (refused, reset, timed out, the server shutting down, out of disk or connections,
 * a lock not granted in time) answer 503 state_unavailable like SQLite's SQLITE_BUSY/IOERR. Everything else (a
 * constraint, a bug) stays what it is. SQLSTATE classes: 08 connection, 53 resources, 57 operator intervention,
 * 58 system I/O; 40001/40P01 serialization and deadlock; 55P03 lock timeout; 25P03 idle transaction timeout.
 */
export function storeError(err: unknown): unknown {
  if (err instanceof StoreUnavailableError) return err;
  const e = err as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : String(err);
  const unavailable =
    /^(08|53|57|58)/.test(code) ||
    ['40001', '40P01', '55P03', '25P03', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'].includes(code) ||
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end/i.test(message);
  return unavailable ? new StoreUnavailableError(`PostgreSQL: ${message}`) : err;
}

/** bigint columns (ms times, seqs, counts) as numbers; beyond 2^53 a number would be silently wrong. */
function safeInt(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new Error(`PostgreSQL bigint ${text} is beyond the safe integer range`);
  return n;
}

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? safeInt : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Connection settings every connection gets: never wait on a lock for longer than SQLite's busy_timeout; and a
 * transaction left idle for 2 s is ended by the server. A node frozen (a long GC pause, a stopped VM) or cut off from
 * PostgreSQL mid-transaction would otherwise hold what it locked — its partitions' lease rows FOR KEY SHARE, which a
 * take-over must update, and the rows it wrote — for as long as it sleeps. A live node's transaction never waits
 * that long on its own client: its statements follow one another, and a batch commits within 50 ms.
 */
export const CLIENT_DEFAULTS = { types, lock_timeout: 5000, idle_in_transaction_session_timeout: 2000, connectionTimeoutMillis: 5000 } as const;

/**
 * The application name of a store's connections: `rampart` and the schema its search_path names (when the URL
 * chooses one), so the store counts its own sessions waiting on a lock (lockWaits) and an operator sees them apart
 * in pg_stat_activity.
 */
export function applicationName(url: string): string {
  const options = new URL(url).searchParams.get('options') ?? '';
  const schema = /search_path\s*=\s*([^\s,]+)/.exec(options)?.[1];
  return (schema ? `rampart ${schema}` : 'rampart').slice(0, 63);
}

/**
 * Durable commits whatever the server's or role's default: a transaction resolves only once its COMMIT is
 * flushed. Set as a start-up option of every connection, after the operator's own `options` (search_path, …).
 */
export function durableUrl(url: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `${u.searchParams.get('options') ?? ''} -c synchronous_commit=on`.trim());
  return u.toString();
}

/**
 * The store's pool. `origin` names its sessions (the start-up option rampart.origin), so the notices of the rows they
 * change (migration 012) say whose they are.
 */
export function createPool(url: string, origin?: string): pg.Pool {
  let connectionString = durableUrl(url);
  if (origin !== undefined) {
    const u = new URL(connectionString);
    u.searchParams.set('options', `${u.searchParams.get('options') ?? ''} -c rampart.origin=${origin}`);
    connectionString = u.toString();
  }
  const pool = new pg.Pool({ connectionString, ...CLIENT_DEFAULTS, application_name: applicationName(url), max: 10 });
  // An idle client that loses its connection must not crash the process; the next query reports it (503). Nor may
  // one in use between statements — a batch's, whose open transaction the server ended after it sat idle (a frozen
  // node, woken): its next statement or COMMIT fails, and the batch with it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** Statements are prepared by name once per connection (node-postgres keeps them per client). */
const names = new Map<string, string>();
function named(sql: string): string {
  let n = names.get(sql);
  if (!n) {
    n = `r_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    names.set(sql, n);
  }
  return n;
}

/**
 * PostgreSQL text cannot hold U+0000, which SQLite stores and a client may send (a name, a client order id, an
 * Idempotency-Key): such strings are stored with U+0000 as U+FFFE "0" and U+FFFE as U+FFFE "1", and read back
 * as sent. Strings without either character (all but hostile ones) are stored and compared as they are.
 */
// U+0000 is exactly the character looked for here.
// eslint-disable-next-line no-control-regex
const ESCAPED = /[\u0000\uFFFE]/g;
function encodeText(v: unknown): unknown {
  if (typeof v === 'string') return v.includes('\u0000') || v.includes('\uFFFE') ? v.replace(ESCAPED, (c) => (c === '\u0000' ? '\uFFFE0' : '\uFFFE1')) : v;
  return Array.isArray(v) ? v.map(encodeText) : v;
}
function decodeRow(row: Row): Row {
  for (const [k, v] of Object.entries(row)) {
    if (typeof v === 'string' && v.includes('\uFFFE')) row[k] = v.replace(/\uFFFE([01])/g, (_, d: string) => (d === '0' ? '\u0000' : '\uFFFE'));
  }
  return row;
}

export function queryOn(target: pg.Pool | pg.PoolClient | pg.Client): Q {
  const run = async (sql: string, params: readonly unknown[] = []): Promise<pg.QueryResult> => {
    try {
      const text = numberPlaceholders(sql);
      const result = await target.query({ name: named(text), text, values: params.map(encodeText) });
      for (const row of result.rows as Row[]) decodeRow(row);
      return result;
    } catch (err) {
      throw storeError(err);
    }
  };
  return {
    rows: async <R>(sql: string, params?: readonly unknown[]) => (await run(sql, params)).rows as R[],
    changes: async (sql: string, params?: readonly unknown[]) => (await run(sql, params)).rowCount ?? 0,
    write: async (sql: string, params?: readonly unknown[]) => void (await run(sql, params)),
  };
}

/**
 * A string as a quoted literal: the text node-postgres's `escapeLiteral` makes (each ' doubled; with a backslash,
 * each backslash doubled and the literal written E'…' after a space), made with two replaces at most. escapeLiteral
 * appends one character at a time, a string object per character: for an order's events (kilobytes of JSON) that
 * was 40% of what a node on PostgreSQL allocated per market order (docs/PERFORMANCE.md, run 15).
 */
export function quoteLiteral(s: string): string {
  const quoted = s.includes("'") ? s.replaceAll("'", "''") : s;
  return s.includes('\\') ? ` E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}

/** Parameters as quoted literals (quoteLiteral, U+0000 encoded as for a parameter); undefined when one is not a string, finite number, boolean or null. */
function literalsOf(params: readonly unknown[]): string[] | undefined {
  const literals: string[] = [];
  for (const v of params) {
    if (v === null || v === undefined) literals.push('NULL');
    else if (typeof v === 'string') literals.push(quoteLiteral(encodeText(v) as string));
    else if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean') literals.push(`'${String(v)}'`);
    else return undefined;
  }
  return literals;
}

/**
 * A statement with its parameters written into it as quoted literals, to travel with others in one simple-protocol
 * message; a quoted literal is typed from its context exactly as an untyped parameter is. Undefined when a parameter
 * is not a string, finite number, boolean or null.
 */
export function inlined(sql: string, params: readonly unknown[] = []): string | undefined {
  const literals = literalsOf(params);
  return literals && numberPlaceholders(sql).replace(/\$(\d+)/g, (_, n: string) => literals[Number(n) - 1]!);
}

/**
 * The statements a connection has prepared by SQL (PREPARE, for EXECUTE in simple-protocol messages), by name; null
 * once a message that prepared one failed: which of its PREPAREs ran is not known, so that connection's statements
 * are written in whole from then on (as they are for a statement that cannot be prepared).
 */
const preparedOn = new WeakMap<pg.ClientBase, Set<string> | null>();
/** What PREPARE takes (a single SELECT, INSERT, UPDATE, DELETE or WITH), not SET, SAVEPOINT or several statements. */
const PREPARABLE = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i;
const executeNames = new Map<string, string | null>();

/**
 * A statement for a simple-protocol message, as EXECUTE of the statement the connection prepared by SQL, with its
 * parameters as quoted literals (typed as the prepared statement's parameters, as an untyped parameter is): PostgreSQL
 * parses and plans it once per connection instead of once per message, which was a third of its work on a market
 * order's statements (docs/PERFORMANCE.md, run 14). `prepare` is the PREPARE to send before it, in the same message,
 * the first time (not when `pending`, the names a message being built prepares already, has it). The statement written in whole (inlined) when it cannot be prepared or the connection's prepared
 * statements are not known; undefined when a parameter cannot be a literal.
 */
export function executed(
  client: pg.ClientBase,
  sql: string,
  params: readonly unknown[] = [],
  pending?: ReadonlySet<string>,
): { prepare?: { name: string; text: string }; text: string } | undefined {
  const literals = literalsOf(params);
  if (!literals) return undefined;
  const text = numberPlaceholders(sql);
  let name = executeNames.get(text);
  if (name === undefined) {
    name = PREPARABLE.test(text) && !text.includes(';') ? `s_${named(text).slice(2)}` : null;
    executeNames.set(text, name);
  }
  let prepared = preparedOn.get(client);
  if (prepared === undefined) preparedOn.set(client, (prepared = new Set()));
  if (name === null || prepared === null) return { text: text.replace(/\$(\d+)/g, (_, n: string) => literals[Number(n) - 1]!) };
  const execute = literals.length > 0 ? `EXECUTE ${name}(${literals.join(', ')})` : `EXECUTE ${name}`;
  if (prepared.has(name) || pending?.has(name)) return { text: execute };
  return { prepare: { name, text: `PREPARE ${name} AS ${text}` }, text: execute };
}

/**
 * A message with these PREPAREs is being sent (they count as made from now on), or, `sent` false, one with PREPAREs
 * failed: which of them ran is not known, and the connection's statements are written in whole from then on.
 */
export function preparing(client: pg.ClientBase, names: ReadonlySet<string>, sent: boolean): void {
  if (!sent) preparedOn.set(client, null);
  else for (const n of names) preparedOn.get(client)?.add(n);
}

/** Several statements as one simple-protocol message (one round trip): each one's result, in order. */
export async function simple(client: pg.PoolClient, text: string): Promise<pg.QueryResult[]> {
  try {
    const out = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
    const all = Array.isArray(out) ? out : [out];
    for (const r of all) for (const row of r.rows as Row[]) decodeRow(row);
    return all;
  } catch (err) {
    throw storeError(err);
  }
}

/** Runs undo callbacks; one that fails must not hide the error that rolled the transaction back. */
export function runUndo(undo: readonly (() => void)[]): void {
  for (const u of undo) {
    try {
      u();
    } catch {
      // ignored: see above
    }
  }
}

/** Tells a transaction's onSettled callbacks how it ended; one that throws must not keep the others untold. */
export function runSettled(settles: readonly ((durable: boolean) => void)[], durable: boolean): void {
  for (const s of settles) {
    try {
      s(durable);
    } catch {
      // ignored: see above
    }
  }
}

const MIGRATIONS_DIR = join(PACKAGE_ROOT, 'src/store/postgres/migrations');

/**
 * Applies the migrations not yet applied, each in its own transaction, under a session advisory lock keyed by the
 * schema: nodes that start together wait for the first, then find its work done. Answers whether the schema was new.
 */
export async function migrate(pool: pg.Pool): Promise<boolean> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    throw storeError(err);
  }
  try {
    // Another node may be migrating for longer than the usual lock wait.
    await client.query('SET lock_timeout = 0');
    await client.query("SELECT pg_advisory_lock(hashtext('rampart.migrate:' || current_schema()))");
    try {
      await client.query(MIGRATION_SQL.create.postgres);
      const applied = new Set((await client.query<{ version: number }>(MIGRATION_SQL.applied)).rows.map((r) => r.version));
      const files = readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f)).sort();
      for (const f of files) {
        const version = Number.parseInt(f.slice(0, 3), 10);
        if (applied.has(version)) continue;
        await client.query('BEGIN');
        try {
          await client.query(readFileSync(join(MIGRATIONS_DIR, f), 'utf8'));
          await client.query(numberPlaceholders(MIGRATION_SQL.record), [version, f.slice(4, -4), Date.now()]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        }
      }
      return applied.size === 0;
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext('rampart.migrate:' || current_schema()))").catch(() => undefined);
    }
  } catch (err) {
    throw storeError(err);
  } finally {
    // Dropped, not returned to the pool: it was set to wait on locks without limit.
    client.release(true);
  }
}
