import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';

/** `rampart keys create` / `tokens issue --expires-at` take the same window as the operator API. */

const run = promisify(execFile);
const BIN = resolve(import.meta.dirname, '../../bin/rampart.mjs');
let s: TestServer;

async function cli(...args: string[]): Promise<{ code: number; stderr: string }> {
  // The CLI runs on the system clock: the window is judged against the machine's time there.
  const env = { ...process.env, RAMPART_DATABASE_URL: s.services.config.databaseUrl, RAMPART_LOG_LEVEL: 'silent', RAMPART_CLOCK: 'system' };
  try {
    const { stderr } = await run(process.execPath, [BIN, ...args], { env });
    return { code: 0, stderr };
  } catch (err) {
    const e = err as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  }
}

beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(() => s.close());

describe('rampart CLI --expires-at', { timeout: 90_000 }, () => {
  it('refuses an end date beyond max_expires_in_ms or past the safe integers, creating nothing', async () => {
    const c = await s.customer();
    const farAhead = String(Date.now() + 3 * 365 * 86_400_000);
    const key = await cli('keys', 'create', '--customer', c.id, '--env', 'live', '--access', 'read', '--expires-at', farAhead);
    expect(key.code).toBe(2);
    expect(key.stderr).toContain('invalid_request: expires_at must be at most 63072000000 ms ahead');
    const token = await cli('tokens', 'issue', '--customer', c.id, '--env', 'live', '--kind', 'app', '--expires-at', '9007199254740993');
    expect(token.code).toBe(2);
    expect(token.stderr).toContain('invalid_request: expires_at must be a time after now');
    expect((await s.admin('GET', `/admin/v1/customers/${c.id}/keys`)).body.data).toEqual([]);
  });
});
