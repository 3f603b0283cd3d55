import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import type { TestServer } from './server.js';

const run = promisify(execFile);
const BIN = resolve(import.meta.dirname, '../../bin/rampart.mjs');

/** `rampart <args>` in its own process on the store of a test server; stdout parsed as JSON when it is. */
export async function cliOn(s: TestServer, ...args: string[]): Promise<{ code: number; out: any; stderr: string }> {
  const env = {
    ...process.env,
    RAMPART_DATABASE_URL: s.services.config.databaseUrl,
    RAMPART_LIVE_URL: s.services.config.publicUrl.live,
    RAMPART_SANDBOX_URL: s.services.config.publicUrl.sandbox,
    RAMPART_DASHBOARD_URL: s.services.config.dashboard.url,
    RAMPART_LOG_LEVEL: 'silent',
  };
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env, maxBuffer: 16 * 1024 * 1024 });
    let out: unknown = stdout;
    try {
      out = JSON.parse(stdout);
    } catch {
      /* plain text */
    }
    return { code: 0, out, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout, stderr: e.stderr };
  }
}
