import pg from 'pg';

/** The PostgreSQL the tests use (trust auth on loopback by default); each test gets its own schema in it. */
export const PG_URL = process.env.RAMPART_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Why PostgreSQL does not answer, or undefined when it does (no output, no throw: callers decide). */
export async function postgresUnreachable(): Promise<string | undefined> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return undefined;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await c.end().catch(() => undefined);
  }
}
