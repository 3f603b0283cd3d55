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

describe('margin changes', () => {
  const ik = (() => {
    let i = 0;
    return () => `m-${++i}`;
  })();
  const price = async (bid: string, ask: string, last: string) => {
    expect((await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid, ask, last })).status).toBe(200);
    await s.settleTrading();
  };

  it('sets leverage and mode, refuses leverage out of range and a mode change with a position', async () => {
    await price('60000', '60001', '60000.5');
    const t = await s.trader();
    expectError(await s.sandboxCall('PUT', `/v1/accounts/${t.accountId}/margin/BTC-USD`, { key: t.key, body: { leverage: 51 } }), 400, 'invalid_leverage', { max: 50 });
    expectError(await s.sandboxCall('PUT', `/v1/accounts/${t.accountId}/margin/BTC-USD`, { key: t.key, body: { leverage: 0 } }), 400, 'invalid_leverage');
    const set = await s.sandboxCall('PUT', `/v1/accounts/${t.accountId}/margin/BTC-USD`, { key: t.key, body: { leverage: 5, margin_mode: 'isolated' } });
    expect(set.body).toEqual({ market: 'BTC-USD', leverage: 5, margin_mode: 'isolated', max_leverage: 50, leverage_source: 'saved', locked: false });
    const placed = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '1' } });
    expect(placed.body.status).toBe('filled');
    const pos = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key });
    expect(pos.body).toMatchObject({ leverage: 5, margin_mode: 'isolated', margin: '12000.2' });
    expectError(await s.sandboxCall('PUT', `/v1/accounts/${t.accountId}/margin/BTC-USD`, { key: t.key, body: { margin_mode: 'cross' } }), 409, 'margin_mode_locked');
    const list = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/margin`, { key: t.key });
    expect(list.body.data[0]).toMatchObject({ market: 'BTC-USD', leverage: 5, leverage_source: 'position', locked: true });

    const added = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/positions/BTC-USD/margin`, { key: t.key, idempotencyKey: ik(), body: { amount: '1000' } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.margin).toBe('13000.2');
    expectError(await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/positions/BTC-USD/margin`, { key: t.key, idempotencyKey: ik(), body: { amount: '1000000' } }), 422, 'insufficient_balance');
    expectError(await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/positions/BTC-USD/margin`, { key: t.key, idempotencyKey: ik(), body: { amount: '-12900' } }), 422, 'liquidation_risk');
    expectError(await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/positions/ETH-USD/margin`, { key: t.key, idempotencyKey: ik(), body: { amount: '10' } }), 404, 'position_not_found');
  });

  it('answers position_not_isolated for a cross position', async () => {
    const t = await s.trader();
    await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'sell', type: 'market', size: '0.1' } });
    expectError(await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/positions/BTC-USD/margin`, { key: t.key, idempotencyKey: ik(), body: { amount: '10' } }), 409, 'position_not_isolated');
  });
});
