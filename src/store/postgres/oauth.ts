import type { OAuthRecord, OAuthReads, OAuthWrites } from '../port.js';
import { OAUTH_SQL, oauthValues, toOAuthRecord } from '../sql/oauth.js';
import type { Q } from './durability.js';

/** The OAuth authorization server's records on PostgreSQL (the statements: ../sql/oauth.ts). */
export function oauthReads(q: Q): OAuthReads {
  const all = async (sql: string, params: unknown[]) => (await q.rows(sql, params)).map(toOAuthRecord);
  return {
    getOAuthRecord: async (model: string, id: string, now: number) => (await all(OAUTH_SQL.get, [model, id, now]))[0],
    findOAuthRecordBy: async (model: string, field: 'uid' | 'user_code', value: string, now: number) =>
      (await all(field === 'uid' ? OAUTH_SQL.byUid : OAUTH_SQL.byUserCode, [model, value, now]))[0],
    listOAuthRecords: (model: string, now: number) => all(OAUTH_SQL.list, [model, now]),
    listOAuthRecordsBy: (model: string, field: 'account_id' | 'address', value: string, now: number) =>
      all(field === 'account_id' ? OAUTH_SQL.byAccount : OAUTH_SQL.byAddress, [model, value, now]),
    listOAuthRecordsByGrant: (grantId: string) => all(OAUTH_SQL.byGrant, [grantId]),
  };
}

export function oauthWrites(q: Q): OAuthWrites {
  return {
    putOAuthRecord: async (r: OAuthRecord) => {
      await q.changes(OAUTH_SQL.put, oauthValues(r));
    },
    deleteOAuthRecord: async (model: string, id: string) => {
      await q.changes(OAUTH_SQL.delete, [model, id]);
    },
    consumeOAuthRecord: async (model: string, id: string, at: number) => (await q.changes(OAUTH_SQL.consume, [at, model, id])) > 0,
    deleteOAuthRecordsByGrant: (grantId: string, keepModel: string | null) => q.changes(OAUTH_SQL.deleteGrant, [grantId, keepModel]),
    deleteExpiredOAuthRecords: (now: number, limit: number) => q.changes(OAUTH_SQL.deleteExpired, [now, limit]),
  };
}
