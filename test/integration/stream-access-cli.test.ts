import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../helpers/server.js';
import { SseClient } from '../helpers/sse.js';

const run = promisify(execFile);
const BIN = resolve(import.meta.dirname, '../../bin/rampart.mjs');
let s: TestServer;

/** The operator CLI as another process on the running server's database; resolves when that process has exited. */
async function cli(...args: string[]): Promise<any> {
  const env = {
    ...process.env,
    RAMPART_DATABASE_URL: s.services.config.databaseUrl,
    RAMPART_LIVE_URL: s.services.config.publicUrl.live,
    RAMPART_SANDBOX_URL: s.services.config.publicUrl.sandbox,
    RAMPART_LOG_LEVEL: 'silent',
  };
  const { stdout } = await run(process.execPath, [BIN, ...args], { env, maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout);
}

async function open(key: string, accountId: string): Promise<SseClient> {
  const c = await SseClient.open(s.url.sandbox, `/v1/accounts/${accountId}/stream`, { key });
  expect(c.status).toBe(200);
  return c;
}

/** The final frame arrives, and the connection closes, within a second of the CLI process's exit. */
async function expectEnded(c: SseClient, since: number, code: string): Promise<void> {
  await c.waitFor((x) => x.frames.some((f) => f.event === 'error'), `event: error ${code}`);
  const frame = c.frames.at(-1)!;
  expect(frame.event).toBe('error');
  expect(JSON.parse(frame.data)).toMatchObject({ code, request_id: c.headers['x-request-id'], retryable: false });
  await c.socketClosed;
  expect(Date.now() - since).toBeLessThan(1000);
}

beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(() => s.close());

// Each CLI call starts a Node process that compiles the sources: seconds each on a busy 2-core machine.
describe('open streams and the operator CLI of another process', { timeout: 90_000 }, () => {
  it('a key revoked by `rampart keys revoke` ends its open stream with revoked_api_key within a second', async () => {
    const t = await s.trader();
    const c = await open(t.key, t.accountId);
    const revoked = await cli('keys', 'revoke', t.keyId);
    const exited = Date.now();
    expect(revoked.revoked_at).not.toBeNull();
    await expectEnded(c, exited, 'revoked_api_key');
  });

  it('API access switched off by `rampart customers set` ends the stream with api_disabled within a second', async () => {
    const t = await s.trader();
    const c = await open(t.key, t.accountId);
    const set = await cli('customers', 'set', t.customer.id, '--api-enabled', 'false');
    const exited = Date.now();
    expect(set.api_enabled).toBe(false);
    await expectEnded(c, exited, 'api_disabled');
  });
});
