import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/helpers/server.js';
import { paginate } from '../src/index.js';
import { client, pricedServer } from './support.js';

let s: TestServer;
beforeAll(async () => {
  s = await pricedServer();
});
afterAll(async () => {
  await s.close();
});

describe('paginate', () => {
  it('walks every page of a list with its cursor', async () => {
    const t = await s.trader();
    const { rampart } = client(s, t.key);
    const placed: string[] = [];
    for (const price of ['59000', '59000.5', '59001', '59001.5', '59002']) {
      placed.push((await rampart.orders.place(t.accountId, { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: price })).id);
    }
    const afters: (string | undefined)[] = [];
    const ids: string[] = [];
    for await (const order of paginate((after) => {
      afters.push(after);
      return rampart.orders.list(t.accountId, { limit: 2, after });
    })) {
      ids.push(order.id);
    }
    expect([...ids].sort()).toEqual([...placed].sort());
    expect(afters).toHaveLength(3);
    expect(afters[0]).toBeUndefined();
  });
});
