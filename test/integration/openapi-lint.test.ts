import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';

/**
 * The live and sandbox documents pass Redocly (recommended) and Spectral (spectral:oas) with no error and no
 * warning; the only exception is written in redocly.yaml / .spectral.yaml. Both run as child processes, once each
 * (they take seconds to start), with everything that could call home switched off.
 */
const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const quiet = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  SCARF_ANALYTICS: 'false',
  DO_NOT_TRACK: '1',
  NO_UPDATE_NOTIFIER: '1',
  CI: 'true',
};

let s: TestServer;
let dir: string;
const files: string[] = [];

beforeAll(async () => {
  s = await TestServer.start();
  dir = mkdtempSync(join(tmpdir(), 'rampart-openapi-'));
  for (const [env, call] of [['live', s.liveCall.bind(s)], ['sandbox', s.sandboxCall.bind(s)]] as const) {
    const r = await call('GET', '/v1/openapi.json');
    expect(r.status).toBe(200);
    const file = join(dir, `${env}.json`);
    writeFileSync(file, JSON.stringify(r.body));
    files.push(file);
  }
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A linter's JSON report, whatever its exit code (non-zero when it found problems). */
async function lint(cmd: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(cmd, args, { cwd: root, env: quiet, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 });
    return stdout;
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    if (e.stdout) return e.stdout;
    throw new Error(`${cmd} failed: ${e.stderr ?? String(err)}`);
  }
}

describe('the OpenAPI document under the standard linters', () => {
  it('passes Redocly lint (recommended) with zero errors and zero warnings', { timeout: 180_000 }, async () => {
    const out = await lint(bin('redocly'), ['lint', ...files, '--config', join(root, 'redocly.yaml'), '--format=json']);
    // One JSON report per file, one after the other.
    const reports = out
      .slice(out.indexOf('{'))
      .split(/(?<=^\})(?=\{)/m)
      .map((r) => JSON.parse(r) as { totals: { errors: number; warnings: number }; problems: unknown[] });
    expect(reports).toHaveLength(files.length);
    for (const report of reports) {
      expect(report.problems, JSON.stringify(report.problems, null, 1).slice(0, 4000)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    }
  });

  it('passes Spectral (spectral:oas) with zero errors and zero warnings, and reports a broken copy (control)', { timeout: 180_000 }, async () => {
    const broken = JSON.parse(JSON.stringify(await (await fetch(`${s.url.live}/v1/openapi.json`)).json()));
    delete broken.paths['/v1/markets'].get.operationId;
    broken.components.schemas.Unused = { type: 'object' };
    const brokenFile = join(dir, 'broken.json');
    writeFileSync(brokenFile, JSON.stringify(broken));
    // One run for the three files: Spectral takes seconds to start.
    const out = await lint(bin('spectral'), ['lint', ...files, brokenFile, '--ruleset', join(root, '.spectral.yaml'), '--format', 'json', '--quiet']);
    const results = JSON.parse(out.slice(out.indexOf('['))) as { code: string; severity: number; source: string }[];
    // Severity 0 error, 1 warning, 2 info, 3 hint.
    const problems = results.filter((r) => r.severity <= 1 && r.source !== brokenFile);
    expect(problems, JSON.stringify(problems, null, 1).slice(0, 4000)).toEqual([]);
    const control = results.filter((r) => r.source === brokenFile).map((r) => r.code);
    expect(control).toEqual(expect.arrayContaining(['operation-operationId', 'oas3-unused-component']));
  });
});
