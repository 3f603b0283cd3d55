import { expect, it } from 'vitest';
import type { OAuthRecord } from '../../src/store/port.js';
import { storeSuite } from './adapters.js';

const record = (model: string, id: string, o: Partial<OAuthRecord> = {}): OAuthRecord => ({
  model,
  id,
  payload: JSON.stringify({ jti: id }),
  expires_at: 1_000,
  grant_id: null,
  user_code: null,
  uid: null,
  consumed_at: null,
  account_id: null,
  address: null,
  ...o,
});

/** The OAuth authorization server's records over both adapters (the oidc-provider adapter's storage). */
await storeSuite('store contract, oauth records: $name', (store) => {
  it('puts, replaces, reads while live, and drops a record', async () => {
    await store.transaction((tx) => tx.putOAuthRecord(record('Session', 's1', { uid: 'u1' })));
    expect(await store.getOAuthRecord('Session', 's1', 500)).toEqual(record('Session', 's1', { uid: 'u1' }));
    expect(await store.getOAuthRecord('Session', 's1', 1_000)).toBeUndefined();
    expect(await store.getOAuthRecord('Grant', 's1', 500)).toBeUndefined();
    await store.transaction((tx) => tx.putOAuthRecord(record('Session', 's1', { payload: '{"v":2}', expires_at: null, uid: 'u2' })));
    expect((await store.getOAuthRecord('Session', 's1', 5_000))?.payload).toBe('{"v":2}');
    expect((await store.findOAuthRecordBy('Session', 'uid', 'u2', 5_000))?.id).toBe('s1');
    expect(await store.findOAuthRecordBy('Session', 'uid', 'u1', 5_000)).toBeUndefined();
    await store.transaction((tx) => tx.deleteOAuthRecord('Session', 's1'));
    expect(await store.getOAuthRecord('Session', 's1', 0)).toBeUndefined();
  });

  it('finds by user code, consumes once, lists a model', async () => {
    await store.transaction(async (tx) => {
      await tx.putOAuthRecord(record('DeviceCode', 'd1', { user_code: 'ABCD' }));
      await tx.putOAuthRecord(record('Client', 'c2', { expires_at: null }));
      await tx.putOAuthRecord(record('Client', 'c1', { expires_at: 100 }));
    });
    expect((await store.findOAuthRecordBy('DeviceCode', 'user_code', 'ABCD', 0))?.id).toBe('d1');
    expect(await store.transaction((tx) => tx.consumeOAuthRecord('DeviceCode', 'd1', 50))).toBe(true);
    expect(await store.transaction((tx) => tx.consumeOAuthRecord('DeviceCode', 'd1', 60))).toBe(false);
    expect((await store.getOAuthRecord('DeviceCode', 'd1', 0))?.consumed_at).toBe(50);
    expect((await store.listOAuthRecords('Client', 0)).map((r) => r.id)).toEqual(['c1', 'c2']);
    expect((await store.listOAuthRecords('Client', 100)).map((r) => r.id)).toEqual(['c2']);
  });

  it('drops the records of a grant (keeping one model), and expired records', async () => {
    await store.transaction(async (tx) => {
      await tx.putOAuthRecord(record('RefreshToken', 'r1', { grant_id: 'g1' }));
      await tx.putOAuthRecord(record('AuthorizationCode', 'a1', { grant_id: 'g1' }));
      await tx.putOAuthRecord(record('RampartToken', 't1', { grant_id: 'g1', expires_at: null }));
      await tx.putOAuthRecord(record('RefreshToken', 'r2', { grant_id: 'g2' }));
    });
    expect((await store.listOAuthRecordsByGrant('g1')).map((r) => r.id)).toEqual(['a1', 't1', 'r1']);
    expect(await store.transaction((tx) => tx.deleteOAuthRecordsByGrant('g1', 'RampartToken'))).toBe(2);
    expect((await store.listOAuthRecordsByGrant('g1')).map((r) => r.id)).toEqual(['t1']);
    expect(await store.transaction((tx) => tx.deleteExpiredOAuthRecords(1_000, 10))).toBe(1);
    expect(await store.getOAuthRecord('RefreshToken', 'r2', 0)).toBeUndefined();
    expect(await store.getOAuthRecord('RampartToken', 't1', 0)).toBeDefined();
  });

  it("lists a model's live records by user or by address, with both kept as written", async () => {
    await store.transaction(async (tx) => {
      await tx.putOAuthRecord(record('Session', 's1', { account_id: 'usr_1', expires_at: 2_000 }));
      await tx.putOAuthRecord(record('Session', 's2', { account_id: 'usr_1', expires_at: 500 }));
      await tx.putOAuthRecord(record('Session', 's3', { account_id: 'usr_2', expires_at: null }));
      await tx.putOAuthRecord(record('Grant', 'g1', { account_id: 'usr_1', expires_at: null }));
      await tx.putOAuthRecord(record('Client', 'c1', { address: '192.0.2.1', expires_at: 2_000 }));
      await tx.putOAuthRecord(record('Client', 'c2', { address: '192.0.2.1', expires_at: 3_000 }));
      await tx.putOAuthRecord(record('Client', 'c3', { address: '192.0.2.2', expires_at: 3_000 }));
    });
    expect((await store.listOAuthRecordsBy('Session', 'account_id', 'usr_1', 1_000)).map((r) => r.id)).toEqual(['s1']);
    expect((await store.listOAuthRecordsBy('Session', 'account_id', 'usr_1', 0)).map((r) => r.id)).toEqual(['s1', 's2']);
    expect((await store.listOAuthRecordsBy('Client', 'address', '192.0.2.1', 2_500)).map((r) => [r.id, r.address])).toEqual([['c2', '192.0.2.1']]);
    expect(await store.getOAuthRecord('Grant', 'g1', 0)).toEqual(record('Grant', 'g1', { account_id: 'usr_1', expires_at: null }));
  });
});
