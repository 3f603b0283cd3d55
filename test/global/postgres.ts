import { PG_URL, postgresUnreachable } from '../helpers/postgres-reach.js';

/**
 * The "postgres" project runs only when PostgreSQL answered or CI=true (vitest.config.ts). Under CI an unreachable
 * PostgreSQL fails the run here, once, with the reason, rather than in every test's setup.
 */
export default async function setup(): Promise<void> {
  const unreachable = await postgresUnreachable();
  if (unreachable !== undefined) throw new Error(`PostgreSQL at ${PG_URL} is unreachable and CI=true: the HTTP suites cannot run on it (${unreachable})`);
}
