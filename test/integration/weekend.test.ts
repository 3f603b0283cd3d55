import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, T0, TestServer } from '../helpers/server.js';

let s: TestServer;

beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(() => s.close());

describe('weekend permission of the account rule', () => {
  it('closes positions when a weekend day starts (risk_rule) and refuses orders that open on a weekend (order_rejected, reason weekend)', async () => {
    const t = await s.trader(); // sandbox accounts mirror evaluation-100k: weekend_allowed false
    await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
    const open = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'w1', body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.2' } });
    expect(open.status).toBe(201);
    const saturday = Date.parse('2026-03-07T10:00:00Z');
    await s.admin('POST', '/admin/v1/clock', { advance_ms: saturday - T0 });
    await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
    await s.settleTrading();
    expect((await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions`, { key: t.key })).body.data).toEqual([]);
    const closing = (await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders?status=filled`, { key: t.key })).body.data[0];
    expect(closing).toMatchObject({ origin: 'system', side: 'sell', size: '0.2' });
    const add = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'w2', body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1' } });
    expectError(add, 422, 'order_rejected', { reason: 'weekend' });
    const preview = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders/test`, { key: t.key, body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1' } });
    expect(preview.body).toMatchObject({ outcome: 'would_reject', reject: { code: 'order_rejected', details: { reason: 'weekend' } } });
  });
});
