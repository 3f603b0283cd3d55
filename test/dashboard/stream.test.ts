import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_URL, TestServer } from '../helpers/server.js';
import { SseClient } from '../helpers/sse.js';

let s: TestServer;
beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(() => s.close());

/** Opens an account stream as the page does (its dashboard token, from its origin) and waits until it is held. */
async function open(token: string, accountId: string): Promise<SseClient> {
  const before = s.streamCount(accountId);
  const c = await SseClient.open(s.url.sandbox, `/v1/accounts/${accountId}/stream`, { key: token, headers: { origin: DASHBOARD_URL } });
  expect(c.status).toBe(200);
  const deadline = Date.now() + 5000;
  while (s.streamCount(accountId) === before) {
    if (Date.now() > deadline) throw new Error('the stream did not open');
    await new Promise((r) => setTimeout(r, 10));
  }
  return c;
}

describe("the page's account stream", { timeout: 60_000 }, () => {
  it('is readable from the dashboard origin, and ends with revoked_token when the session signs out', async () => {
    const d = s.dashboard();
    expect((await d.signUp('streamer@example.com', 'correct horse battery')).status).toBe(201);
    const k = await d.call('POST', '/session/keys', { body: { environment: 'sandbox', access: 'read' } });
    await s.settle();
    const accountId = k.body.opened_account.id as string;
    const token = await d.apiToken('sandbox');
    const c = await open(token, accountId);
    expect(c.headers['access-control-allow-origin']).toBe(DASHBOARD_URL);
    expect((await d.call('POST', '/session/sign-out')).status).toBe(204);
    await c.waitFor((x) => x.frames.some((f) => f.event === 'error'), 'event: error revoked_token');
    expect(JSON.parse(c.frames.at(-1)!.data)).toMatchObject({ code: 'revoked_token' });
    expect(await c.ended).toBe('end');
  });
});
