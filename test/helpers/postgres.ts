import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL the tests use (trust auth on loopback by default); each test gets its own schema in it. */
export const PG_URL = process.env.RAMPART_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let reachable: Promise<boolean> | undefined;

/**
 * Whether PostgreSQL answers. Unreachable: suites that need it skip with a line saying so, except under CI=true,
 * where this throws (a CI run that silently skipped the PostgreSQL adapter would prove nothing about it).
 */
export function postgresAvailable(): Promise<boolean> {
  reachable ??= (async () => {
    const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
    try {
      await c.connect();
      await c.query('SELECT 1');
      return true;
    } catch (err) {
      if (process.env.CI === 'true') throw new Error(`PostgreSQL at ${PG_URL} is unreachable and CI=true: ${(err as Error).message}`);
      console.warn(`SKIPPED: PostgreSQL tests, PostgreSQL at ${PG_URL} is unreachable (${(err as Error).message}); set CI=true to fail instead`);
      return false;
    } finally {
      await c.end().catch(() => undefined);
    }
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
