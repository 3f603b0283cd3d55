import { randomBytes } from 'node:crypto';
import pg from 'pg';

import { PG_URL, postgresUnreachable } from './postgres-reach.js';

export { PG_URL };

let reachable: Promise<boolean> | undefined;

/**
 * Whether PostgreSQL answers. Unreachable: suites that need it skip with a line saying so, except under CI=true,
 * where this throws (a CI run that silently skipped the PostgreSQL adapter would prove nothing about it).
 */
export function postgresAvailable(): Promise<boolean> {
  reachable ??= (async () => {
    const why = await postgresUnreachable();
    if (why === undefined) return true;
    if (process.env.CI === 'true') throw new Error(`PostgreSQL at ${PG_URL} is unreachable and CI=true: ${why}`);
    console.warn(`SKIPPED: PostgreSQL tests, PostgreSQL at ${PG_URL} is unreachable (${why}); set CI=true to fail instead`);
    return false;
  })();
  return reachable;
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export interface FreshSchema {
  /** A connection string whose search_path is the new schema. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A new empty schema: runs in parallel never see each other's tables, locks or notices. */
export async function freshSchema(): Promise<FreshSchema> {
  const name = `rampart_test_${randomBytes(6).toString('hex')}`;
  await admin((c) => c.query(`CREATE SCHEMA ${name}`));
  const u = new URL(PG_URL);
  u.searchParams.set('options', `-c search_path=${name}`);
  return {
    url: u.toString(),
    name,
    drop: () => admin((c) => c.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`)).then(() => undefined),
  };
}

/**
 * What the database sessions of a schema are doing now (for a failure message): each session's state, what it
 * waits on, how long its transaction has run, its last statement, and which sessions block it.
 */
export async function sessionReport(schema: string): Promise<string> {
  return admin(async (c) => {
    const r = await c.query(
      `SELECT pid, application_name AS app, state, wait_event_type AS wait_type, wait_event AS wait,
              (EXTRACT(EPOCH FROM (now() - xact_start)) * 1000)::int AS xact_ms, pg_blocking_pids(pid) AS blocked_by,
              left(regexp_replace(query, '\\s+', ' ', 'g'), 140) AS query
         FROM pg_stat_activity WHERE application_name LIKE $1 ORDER BY xact_start NULLS LAST`,
      [`%${schema}%`],
    );
    return r.rows.map((row) => JSON.stringify(row)).join('\n') || '(no session of the schema)';
  });
}

/** Rows of a query on a schema's tables, as JSON lines (for a failure message). */
export async function schemaRows(schema: string, sql: string): Promise<string> {
  return admin(async (c) => {
    await c.query(`SET search_path = ${schema}`);
    const r = await c.query(sql);
    return r.rows.map((row) => JSON.stringify(row)).join('\n') || '(none)';
  });
}

/**
 * Every message a store's pool sends PostgreSQL from now on (each a round trip), with the connection that sent it:
 * its clients' `query` wrapped as they are first acquired. Statements sent by name are recorded by their text.
 */
export function recordMessages(pool: pg.Pool): { client: pg.PoolClient; text: string }[] {
  const sent: { client: pg.PoolClient; text: string }[] = [];
  const counted = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    if (counted.has(client)) return;
    counted.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: typeof query }).query = (...args: unknown[]) => {
      const q = args[0];
      sent.push({ client, text: typeof q === 'string' ? q : String((q as { text?: string }).text) });
      return query(...args);
    };
  });
  return sent;
}
