import type { OAuthRecord, OAuthReads, OAuthWrites } from '../port.js';
import { OAUTH_SQL, oauthValues, toOAuthRecord } from '../sql/oauth.js';
import type { Row } from '../sql/rows.js';
import type { Sql } from './durability.js';

/** The OAuth authorization server's records on SQLite (the statements: ../sql/oauth.ts). */
export function oauthReads(sql: Sql): OAuthReads {
  const get = sql.stmt(OAUTH_SQL.get);
  const byUid = sql.stmt(OAUTH_SQL.byUid);
  const byUserCode = sql.stmt(OAUTH_SQL.byUserCode);
  const list = sql.stmt(OAUTH_SQL.list);
  const byAccount = sql.stmt(OAUTH_SQL.byAccount);
  const byAddress = sql.stmt(OAUTH_SQL.byAddress);
  const byGrant = sql.stmt(OAUTH_SQL.byGrant);
  const one = (r: unknown): OAuthRecord | undefined => (r ? toOAuthRecord(r as Row) : undefined);
  return {
    getOAuthRecord: (model: string, id: string, now: number) => sql.read(() => one(get.get(model, id, now))),
    findOAuthRecordBy: (model: string, field: 'uid' | 'user_code', value: string, now: number) =>
      sql.read(() => one((field === 'uid' ? byUid : byUserCode).get(model, value, now))),
    listOAuthRecords: (model: string, now: number) => sql.read(() => (list.all(model, now) as Row[]).map(toOAuthRecord)),
    listOAuthRecordsBy: (model: string, field: 'account_id' | 'address', value: string, now: number) =>
      sql.read(() => ((field === 'account_id' ? byAccount : byAddress).all(model, value, now) as Row[]).map(toOAuthRecord)),
    listOAuthRecordsByGrant: (grantId: string) => sql.read(() => (byGrant.all(grantId) as Row[]).map(toOAuthRecord)),
  };
}

export function oauthWrites(sql: Sql): OAuthWrites {
  const put = sql.stmt(OAUTH_SQL.put);
  const del = sql.stmt(OAUTH_SQL.delete);
  const consume = sql.stmt(OAUTH_SQL.consume);
  const delGrant = sql.stmt(OAUTH_SQL.deleteGrant);
  const delExpired = sql.stmt(OAUTH_SQL.deleteExpired);
  return {
    putOAuthRecord: async (r: OAuthRecord) => {
      put.run(oauthValues(r));
    },
    deleteOAuthRecord: async (model: string, id: string) => {
      del.run(model, id);
    },
    consumeOAuthRecord: async (model: string, id: string, at: number) => consume.run(at, model, id).changes > 0,
    deleteOAuthRecordsByGrant: async (grantId: string, keepModel: string | null) => delGrant.run(grantId, keepModel).changes,
    deleteExpiredOAuthRecords: async (now: number, limit: number) => delExpired.run(now, limit).changes,
  };
}
