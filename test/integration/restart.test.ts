import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dec } from '../../src/engine/decimal.js';
import { TestServer } from '../helpers/server.js';

let s: TestServer;

beforeAll(async () => {
  s = await TestServer.start();
});
afterAll(() => s.close());

describe('a restart of the service runs the engine-restart transition', () => {
  it('keeps what was acknowledged, cancels working orders system_restart, closes positions at the last stored quote', async () => {
    await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
    const t = await s.trader();
    const filled = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'r1', body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.5' } });
    const resting = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'r2', body: { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.1', limit_price: '59000' } });
    expect([filled.status, resting.status]).toEqual([201, 201]);
    await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60100', ask: '60101', last: '60100.5' });
    await s.settleTrading();

    await s.restart();

    const order = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders/${resting.body.id}`, { key: t.key });
    expect(order.body).toMatchObject({ status: 'canceled', cancel_reason: 'system_restart' });
    expect((await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions`, { key: t.key })).body.data).toEqual([]);
    const fills = (await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/fills`, { key: t.key })).body.data;
    expect(fills.map((f: { price: string; side: string }) => `${f.side}@${f.price}`)).toEqual(['sell@60100', 'buy@60001']);
    // Balance reproduces exactly from the fills.
    const account = (await s.sandboxCall('GET', `/v1/accounts/${t.accountId}`, { key: t.key })).body;
    const expected = fills.reduce((acc: bigint, f: { realized_pnl: string; fee: string }) => acc + dec(f.realized_pnl) - dec(f.fee), dec('100000') as bigint);
    expect(dec(account.balance)).toBe(expected);
    // A retry of an acknowledged placement still answers the first order.
    const retry = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: 'r1', body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.5' } });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.id).toBe(filled.body.id);
  });
});
