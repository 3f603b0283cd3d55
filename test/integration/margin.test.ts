import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, TestServer } from '../helpers/server.js';

let s: TestServer;

beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(() => s.close());

describe('GET /v1/accounts/{id}/margin', () => {
  it('lists one setting per market with the market defaults', async () => {
    const t = await s.trader();
    const r = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/margin`, { key: t.key });
    expect(r.status).toBe(200);
    expect(r.body.data.map((m: { market: string }) => m.market)).toEqual(['BTC-USD', 'ETH-USD', 'SOL-USD']);
    expect(r.body.data[0]).toEqual({ market: 'BTC-USD', leverage: 10, margin_mode: 'cross', max_leverage: 50, leverage_source: 'default', locked: false });
  });

  it('answers account_not_ready while the account is being opened', async () => {
    const t = await s.trader();
    await s.fault({ kind: 'engine_down', environment: 'sandbox', enabled: true });
    const opened = await s.sandboxCall('POST', '/v1/accounts', { key: t.key, idempotencyKey: 'open-pending' });
    expect(opened.status).toBe(202);
    expect(opened.body.status).toBe('pending');
    const r = await s.sandboxCall('GET', `/v1/accounts/${opened.body.id}/margin`, { key: t.key });
    expectError(r, 409, 'account_not_ready', { account_id: opened.body.id });
    expect(r.body.error.type).toBe('conflict');
    await s.fault({ kind: 'clear' });
    await s.settle();
    const after = await s.sandboxCall('GET', `/v1/accounts/${opened.body.id}/margin`, { key: t.key });
    expect(after.status).toBe(200);
  });

  it("answers account_not_found for another customer's account", async () => {
    const a = await s.trader();
    const b = await s.trader();
    expectError(await s.sandboxCall('GET', `/v1/accounts/${b.accountId}/margin`, { key: a.key }), 404, 'account_not_found');
  });
});
