import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { postgresAvailable } from '../helpers/postgres.js';

const ROOT = resolve(import.meta.dirname, '../..');
const VITEST = resolve(ROOT, 'node_modules/vitest/vitest.mjs');
const run = promisify(execFile);
const up = await postgresAvailable();
/** A port nothing listens on: PostgreSQL "unreachable". */
const NOWHERE = 'postgres://postgres@127.0.0.1:9/postgres';

/** A vitest of its own on this repository's config, with the environment a developer or CI would give it. */
async function vitest(env: Record<string, string>, ...args: string[]) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'RAMPART_TEST_STORE' && k !== 'CI' && k !== 'NODE_ENV'));
  try {
    const { stdout, stderr } = await run(process.execPath, [VITEST, ...args], { cwd: ROOT, env: { ...clean, ...env }, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe('npm test on both stores (vitest.config.ts projects)', { timeout: 60_000 }, () => {
  it.runIf(up)('runs the HTTP suites in a "postgres" project besides "sqlite"; unit tests only once', async () => {
    const r = await vitest({}, 'list', '--filesOnly', 'test/integration/orders.test.ts', 'test/integration/url-shape.test.ts', 'src/engine/decimal.test.ts');
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/\[sqlite\] test\/integration\/orders\.test\.ts/);
    expect(r.out).toMatch(/\[postgres\] test\/integration\/orders\.test\.ts/);
    // A suite about the HTTP surface's shape asks nothing of the store: SQLite only.
    expect(r.out).toMatch(/\[sqlite\] test\/integration\/url-shape\.test\.ts/);
    expect(r.out).not.toMatch(/\[postgres\] test\/integration\/url-shape\.test\.ts/);
    expect(r.out).toMatch(/\[sqlite\] src\/engine\/decimal\.test\.ts/);
    expect(r.out).not.toMatch(/\[postgres\] src\//);
  });

  it('PostgreSQL unreachable, CI unset: one SKIPPED line, the postgres project left out, the run passes', async () => {
    const r = await vitest({ RAMPART_TEST_PG_URL: NOWHERE }, 'list', '--filesOnly', 'test/integration/url-shape.test.ts');
    expect(r.code, r.out).toBe(0);
    expect(r.out.match(/^SKIPPED: the HTTP suites on PostgreSQL \(project "postgres"\): .* is unreachable .*set CI=true to fail instead$/gm)).toHaveLength(1);
    expect(r.out).toMatch(/\[sqlite\] test\/integration\/url-shape\.test\.ts/);
    expect(r.out).not.toMatch(/\[postgres\]/);
  });

  it('PostgreSQL unreachable, CI=true: the run fails, saying why', async () => {
    const r = await vitest({ RAMPART_TEST_PG_URL: NOWHERE, CI: 'true' }, 'run', '--project', 'postgres', 'test/integration/orders.test.ts');
    expect(r.code).not.toBe(0);
    expect(r.out).toMatch(/PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:9\/postgres is unreachable and CI=true/);
  });
});
