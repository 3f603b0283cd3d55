import { expect, it } from 'vitest';
import type { Store } from '../../src/store/port.js';
import { account, credential, customer, order, storeSuite } from './adapters.js';

/**
 * The storage contract, run over both adapters: what one answers the other answers, byte for byte (decimal
 * strings, JSON text, ms times as numbers). Events, webhooks and transactions: contract-log.test.ts.
 */
await storeSuite('store contract: $name', (store) => {
  it('is new on a fresh database', () => {
    expect(store.isNew).toBe(true);
  });

  it('customers: insert, read, list by number, switch the API', async () => {
    await store.transaction(async (tx) => {
      await tx.insertCustomer(customer(2));
      await tx.insertCustomer(customer(1));
    });
    expect(await store.getCustomer('cus_1')).toEqual(customer(1));
    expect(await store.getCustomer('cus_9')).toBeUndefined();
    expect((await store.listCustomers()).map((c) => c.id)).toEqual(['cus_1', 'cus_2']);
    expect(await store.transaction((tx) => tx.setCustomerApiEnabled('cus_1', false))).toBe(true);
    expect(await store.transaction((tx) => tx.setCustomerApiEnabled('cus_9', false))).toBe(false);
    expect((await store.getCustomer('cus_1'))!.api_enabled).toBe(false);
  });

  it('credentials: keys and tokens with their fences, exact decimals, hash only by hash, revoked once', async () => {
    const key = credential('key_1', 'cus_1');
    const token = credential('tok_1', 'cus_1', { kind: 'token', token_kind: 'assistant', resource: 'http://live', markets: null, created_at: 5, hash: 'h_tok' });
    await store.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertCredential(key);
      await tx.insertCredential(token);
      await tx.insertCredential(credential('key_0', 'cus_1', { created_at: 10, environment: 'sandbox', hash: 'h0' }));
    });
    expect(await store.findCredentialByHash('hash_key_1')).toEqual(key);
    expect(await store.findCredentialByHash('nope')).toBeUndefined();
    const { hash: _h, ...noHash } = key;
    expect(await store.getCredential('key_1')).toEqual(noHash);
    expect(await store.getCredential('tok_1')).toMatchObject({ kind: 'token', token_kind: 'assistant', resource: 'http://live', markets: null });
    // Oldest first, then by id.
    expect((await store.listCredentials('cus_1', 'key')).map((c) => c.id)).toEqual(['key_0', 'key_1']);
    expect((await store.listCredentials('cus_1', 'key'))[0]).not.toHaveProperty('hash');
    expect(await store.countCredentials('cus_1', 'key', 'live')).toBe(1);
    expect(await store.countCredentials('cus_1', 'token', 'live')).toBe(1);
    expect(await store.transaction((tx) => tx.revokeCredential('key_1', 77))).toBe(true);
    expect(await store.transaction((tx) => tx.revokeCredential('key_1', 88))).toBe(false);
    expect((await store.getCredential('key_1'))!.revoked_at).toBe(77);
  });

  it('credentials: last use is recorded in the background, never moved back', async () => {
    await store.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertCredential(credential('key_1', 'cus_1'));
    });
    store.touchCredential('key_1', 500);
    store.touchCredential('key_1', 400);
    await expect.poll(async () => (await store.getCredential('key_1'))!.last_used_at, { timeout: 5000 }).toBe(500);
  });

  it('accounts: exact records, patches, pages, counts and status lists', async () => {
    const a = account('acc_1', 'cus_1', { rule: { kind: 'x', nested: { v: '1.5' } } as never });
    await store.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertAccount(a);
      await tx.insertAccount(account('acc_2', 'cus_1', { status: 'pending' }));
      await tx.insertAccount(account('acc_3', 'cus_1', { environment: 'sandbox' }));
    });
    expect(await store.getAccount('acc_1')).toEqual(a);
    expect(await store.getAccount('acc_9')).toBeUndefined();
    const patched = await store.transaction((tx) =>
      tx.updateAccount('acc_1', { balance: '-12.000000000000000001', parked: true, paused_until: 9, rule_state: '{"a":1}', status_reason: 'r', dead_man_fires_at: 1_772_452_800_123 }, 50),
    );
    expect(patched).toBe(true);
    expect(await store.transaction((tx) => tx.updateAccount('acc_9', { balance: '1' }, 50))).toBe(false);
    expect(await store.transaction((tx) => tx.updateAccount('acc_1', {}, 50))).toBe(false);
    expect(await store.getAccount('acc_1')).toEqual({ ...a, balance: '-12.000000000000000001', parked: true, paused_until: 9, rule_state: '{"a":1}', status_reason: 'r', dead_man_fires_at: 1_772_452_800_123, updated_at: 50 });
    // A new rulebook version: the rule (JSON) and its number, as read back and from the record cache alike.
    const moved = { kind: 'y', nested: { v: '2.5' } } as never;
    expect(await store.transaction((tx) => tx.updateAccount('acc_1', { rule: moved, rule_version: 4 }, 60))).toBe(true);
    expect(await store.getAccount('acc_1')).toMatchObject({ rule: { kind: 'y', nested: { v: '2.5' } }, rule_version: 4, updated_at: 60 });
    const page1 = await store.listAccounts({ customerId: 'cus_1', environment: 'live', limit: 1 });
    expect(page1.map((x) => x.id)).toEqual(['acc_1']);
    const page2 = await store.listAccounts({ customerId: 'cus_1', environment: 'live', after: 'acc_1', limit: 5 });
    expect(page2.map((x) => x.id)).toEqual(['acc_2']);
    expect(await store.countAccounts('cus_1', 'live')).toBe(2);
    expect((await store.listAccountsByStatus('pending')).map((x) => x.id)).toEqual(['acc_2']);
    expect((await store.listAccountsByStatusIn('live')).map((x) => x.id)).toEqual(['acc_1']);
  });

  it('orders: upsert, by client id, filtered newest-first pages, open orders, max seq', async () => {
    await store.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertAccount(account('acc_1', 'cus_1'));
      await tx.upsertOrder(order('ord_1', 1, 'acc_1', { client_order_id: 'mine' }));
      await tx.upsertOrder(order('ord_2', 2, 'acc_1', { market: 'ETH-PERP' }));
      await tx.upsertOrder(order('ord_3', 3, 'acc_1', { status: 'filled' }));
      await tx.upsertOrder(order('ord_1', 1, 'acc_1', { client_order_id: 'mine', status: 'pending', updated_at: 999, data: '{"v":2}' }));
    });
    expect(await store.getOrder('ord_1')).toEqual(order('ord_1', 1, 'acc_1', { client_order_id: 'mine', status: 'pending', updated_at: 999, data: '{"v":2}' }));
    expect((await store.findOrderByClientId('cus_1', 'live', 'mine'))!.id).toBe('ord_1');
    expect(await store.findOrderByClientId('cus_1', 'sandbox', 'mine')).toBeUndefined();
    const ids = async (q: Parameters<Store['listOrders']>[0]) => (await store.listOrders(q)).map((o) => o.id);
    expect(await ids({ accountId: 'acc_1', limit: 10 })).toEqual(['ord_3', 'ord_2', 'ord_1']);
    expect(await store.listOrders({ accountId: 'acc_1', limit: 1 })).toEqual([{ id: 'ord_3', data: '{"id":"ord_3","n":3}' }]);
    expect(await ids({ accountId: 'acc_1', status: ['pending', 'working'], limit: 10 })).toEqual(['ord_2', 'ord_1']);
    expect(await ids({ accountId: 'acc_1', market: 'ETH-PERP', limit: 10 })).toEqual(['ord_2']);
    expect(await ids({ accountId: 'acc_1', clientOrderId: 'mine', limit: 10 })).toEqual(['ord_1']);
    expect(await ids({ accountId: 'acc_1', after: 'ord_3', limit: 1 })).toEqual(['ord_2']);
    expect((await store.listOpenOrders('live')).map((o) => o.id)).toEqual(['ord_1', 'ord_2']);
    expect(await store.maxOrderSeq('live')).toBe(3);
    expect(await store.maxOrderSeq('sandbox')).toBe(0);
  });

  it('fills, positions, margin settings, equity points and quotes', async () => {
    await store.transaction(async (tx) => {
      await tx.insertCustomer(customer(1));
      await tx.insertAccount(account('acc_1', 'cus_1'));
      await tx.insertAccount(account('acc_2', 'cus_1', { environment: 'sandbox' }));
      for (const i of [1, 2, 3]) await tx.insertFill({ id: `fil_${i}`, account_id: 'acc_1', order_id: 'ord_1', filled_at: i, data: `{"f":${i}}` });
      await tx.putPosition('acc_1', 'BTC-PERP', '{"p":1}');
      await tx.putPosition('acc_1', 'BTC-PERP', '{"p":2}');
      await tx.putPosition('acc_1', 'ETH-PERP', '{"p":3}');
      await tx.putPosition('acc_1', 'ETH-PERP', null);
      await tx.putMarginSetting('acc_1', 'BTC-PERP', 10, 'cross');
      await tx.putMarginSetting('acc_1', 'BTC-PERP', 5, 'isolated');
      await tx.insertEquityPoint({ account_id: 'acc_1', resolution: 'trade', time: 7, equity: '100000.000000000000000001', balance: '100000' });
      await tx.insertEquityPoint({ account_id: 'acc_1', resolution: 'trade', time: 8, equity: '-1.5', balance: '99998.5' });
      await tx.putQuote({ market: 'BTC-PERP', bid: '64999.5', ask: '65000.25', last: '65000', time: 3 });
      await tx.putQuote({ market: 'BTC-PERP', bid: '1', ask: '2', last: '1.5', time: 4 });
    });
    expect(await store.listFills('acc_1', undefined, 2)).toEqual([{ id: 'fil_3', data: '{"f":3}' }, { id: 'fil_2', data: '{"f":2}' }]);
    expect(await store.listFills('acc_1', 'fil_2', 5)).toEqual([{ id: 'fil_1', data: '{"f":1}' }]);
    expect(await store.listFills('acc_2', 'fil_2', 5)).toEqual([]);
    expect(await store.listPositions('live')).toEqual([{ account_id: 'acc_1', market: 'BTC-PERP', data: '{"p":2}' }]);
    expect(await store.listPositions('sandbox')).toEqual([]);
    expect(await store.listMarginSettings('live')).toEqual([{ account_id: 'acc_1', market: 'BTC-PERP', leverage: 5, mode: 'isolated' }]);
    expect(await store.listEquityPoints('acc_1', 'trade')).toEqual([
      { time: 7, equity: '100000.000000000000000001', balance: '100000' },
      { time: 8, equity: '-1.5', balance: '99998.5' },
    ]);
    expect(await store.listQuotes()).toEqual([{ market: 'BTC-PERP', bid: '1', ask: '2', last: '1.5', time: 4 }]);
  });

  it('strings with U+0000 (and U+FFFE) are stored and read back as sent, and found by them', async () => {
    const odd = 'a\u0000b\uFFFEc\uFFFE0';
    await store.transaction(async (tx) => {
      await tx.insertCustomer({ ...customer(1), name: odd });
      await tx.insertAccount(account('acc_1', 'cus_1'));
      await tx.upsertOrder(order('ord_1', 1, 'acc_1', { client_order_id: odd }));
      await tx.putIdempotency({ scope: 's', key: odd, fingerprint: odd, status: 201, resource_kind: null, resource_id: null, body: null, created_at: 1 });
    });
    expect((await store.getCustomer('cus_1'))!.name).toBe(odd);
    expect((await store.findOrderByClientId('cus_1', 'live', odd))!.client_order_id).toBe(odd);
    expect(await store.findOrderByClientId('cus_1', 'live', 'a')).toBeUndefined();
    expect((await store.getIdempotency('s', odd))!.fingerprint).toBe(odd);
  });

  it('idempotency records, named sequences, settings, market and environment switches', async () => {
    const rec = { scope: 'cus_1:live', key: 'k1', fingerprint: 'f', status: 201, resource_kind: 'order', resource_id: 'ord_1', body: null, created_at: 10 };
    await store.transaction(async (tx) => {
      await tx.putIdempotency(rec);
      await tx.putIdempotency({ ...rec, key: 'k2', status: 409, resource_kind: null, resource_id: null, body: '{"error":1}', created_at: 30 });
      await tx.setSetting('a', 'x');
      await tx.setSetting('a', 'y');
      await tx.setMarketState({ market: 'BTC-PERP', status: 'open', offered: true });
      await tx.setMarketState({ market: 'BTC-PERP', status: 'halted', offered: false });
      await tx.setEnvironmentState({ environment: 'sandbox', enabled: false, sandbox_opening: true });
    });
    expect(await store.getIdempotency('cus_1:live', 'k1')).toEqual(rec);
    expect(await store.getIdempotency('cus_1:live', 'nope')).toBeUndefined();
    expect(await store.transaction((tx) => tx.deleteIdempotencyBefore(20))).toBe(1);
    expect(await store.getIdempotency('cus_1:live', 'k1')).toBeUndefined();
    expect((await store.getIdempotency('cus_1:live', 'k2'))!.body).toBe('{"error":1}');
    expect(await store.getSetting('a')).toBe('y');
    expect(await store.getSetting('missing')).toBeUndefined();
    // Settings by name prefix (the news calendar keeps one per window), exact: no pattern characters, no case folding.
    await store.transaction(async (tx) => {
      for (const name of ['news:2', 'news:1', 'NEWS:3', 'news_4', 'newsx', 'new']) await tx.setSetting(name, name.toUpperCase());
    });
    expect(await store.listSettings('news:')).toEqual([
      { name: 'news:1', value: 'NEWS:1' },
      { name: 'news:2', value: 'NEWS:2' },
    ]);
    expect(await store.transaction((tx) => tx.deleteSetting('news:1'))).toBe(true);
    expect(await store.transaction((tx) => tx.deleteSetting('news:1'))).toBe(false);
    expect((await store.listSettings('news:')).map((r) => r.name)).toEqual(['news:2']);
    expect(await store.listMarketStates()).toEqual([{ market: 'BTC-PERP', status: 'halted', offered: false }]);
    expect(await store.listEnvironmentStates()).toEqual([{ environment: 'sandbox', enabled: false, sandbox_opening: true }]);
    const seqs = await store.transaction(async (tx) => [await tx.nextSequence('n', 100), await tx.nextSequence('n', 100), await tx.nextSequence('m', 1)]);
    expect(seqs).toEqual([100, 101, 1]);
    expect(await store.transaction((tx) => tx.nextSequence('n', 100))).toBe(102);
  });
});
