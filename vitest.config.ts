import { configDefaults, defineConfig, type TestProjectInlineConfiguration, type ViteUserConfig } from 'vitest/config';
import { PG_URL, postgresUnreachable } from './test/helpers/postgres-reach.js';

/** Suites that only mean something on PostgreSQL with several processes: the "postgres" project runs them alone. */
const POSTGRES_ONLY = [
  'test/cluster/failover.test.ts', 'test/cluster/lease-pause.test.ts', 'test/cluster/kill-fast.test.ts', 'test/cluster/freeze.test.ts',
  'test/cluster/cut-off.test.ts', 'test/cluster/record-cache.test.ts', 'test/cluster/take-over-quote.test.ts',
];

/** HTTP suites whose subject does not depend on the store: the "postgres" project leaves them out. */
const STORE_AGNOSTIC = [
  'openapi', 'openapi-lint', 'openapi-contract', 'openapi-client', 'readme', 'unknown-methods', 'url-shape',
  'hostile-input', 'garbage', 'slow-clients', 'cli-expiry', 'mcp', 'mcp-stdio', 'dashboard-pages', 'data-files', 'start-banner',
  'python-sdk', 'python-generated',
];

/**
 * `npm test` runs two projects: "sqlite" (every test but POSTGRES_ONLY) and "postgres" (the HTTP suites of
 * test/integration and the dashboard's sign-in and keys again, each TestServer on a fresh PostgreSQL schema, and POSTGRES_ONLY).
 * Outside CI an unreachable PostgreSQL leaves the second project out with one SKIPPED line; under CI=true it stays
 * in and fails (test/global/postgres.ts).
 */
export default defineConfig(async (): Promise<ViteUserConfig> => {
  const unreachable = await postgresUnreachable();
  const skipPostgres = unreachable !== undefined && process.env.CI !== 'true';
  // (Vitest may evaluate this config more than once in a run: the line is printed once.)
  const noted = globalThis as { rampartPgSkipNoted?: boolean };
  if (skipPostgres && !noted.rampartPgSkipNoted) {
    noted.rampartPgSkipNoted = true;
    console.warn(`SKIPPED: the HTTP suites on PostgreSQL (project "postgres"): ${PG_URL} is unreachable (${unreachable}); set CI=true to fail instead`);
  }
  const postgres: TestProjectInlineConfiguration = {
    extends: true,
    test: {
      name: 'postgres',
      // The dashboard's sign-in and keys too: its sessions live in the store, and any of the three nodes serves any
      // session. Suites about the HTTP surface's shape (OpenAPI, URL and input checks, the README, static pages, the
      // MCP tool mapping) ask nothing of the store and run on SQLite only.
      include: ['test/integration/**/*.test.ts', 'test/dashboard/sign-in.test.ts', 'test/dashboard/keys.test.ts'],
      exclude: [...configDefaults.exclude, ...STORE_AGNOSTIC.map((f) => `test/integration/${f}.test.ts`)],
      env: { RAMPART_TEST_STORE: 'postgres', RAMPART_TEST_NODES: '3' },
      globalSetup: ['test/global/reached-codes.ts', 'test/global/postgres.ts'],
      sequence: { groupOrder: 0 },
    },
  };
  // The fail-over suites measure pauses of a second against leases of one or two: they run last, one file at a
  // time, with nothing else on the two cores.
  const cluster: TestProjectInlineConfiguration = {
    extends: true,
    test: {
      name: 'cluster',
      include: POSTGRES_ONLY,
      env: { RAMPART_TEST_STORE: 'postgres', RAMPART_TEST_NODES: '3' },
      globalSetup: ['test/global/postgres.ts'],
      maxWorkers: 1,
      sequence: { groupOrder: 1 },
    },
  };
  return {
    test: {
      pool: 'forks',
      // Two test files at a time: most of a file's time is waiting (child servers, fsync, PostgreSQL), so two
      // workers on two cores take ≈ half the wall time of one (vitest's default is cores − 1).
      maxWorkers: 2,
      // A worker runs its files one after another in one module graph: Rampart's modules are imported once per
      // worker, not once per file (the imports took 566 of the suite's 1,253 s; now 48 of 857). A file must leave
      // nothing behind that the next would see: its servers closed, fake timers and spies restored, process.env
      // only read (README, "Development").
      isolate: false,
      testTimeout: 20_000,
      hookTimeout: 30_000,
      projects: [
        {
          extends: true,
          test: {
            name: 'sqlite',
            include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'sdk/**/*.test.ts'],
            exclude: [...configDefaults.exclude, ...POSTGRES_ONLY],
            // Collects the error codes the tests reach and, after a run of the whole suite, fails it if one is
            // unreached. Set per project: on the root config it would also run for the root, which runs no test
            // and would judge an empty list.
            globalSetup: ['test/global/reached-codes.ts'],
            sequence: { groupOrder: 0 },
          },
        },
        ...(skipPostgres ? [] : [postgres, cluster]),
      ],
    },
  };
});
