import type { OAuthRecord, OAuthReads, OAuthWrites } from '../port.js';
import type { Row } from './connection.js';
import type { Sql } from './durability.js';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const toRecord = (r: Row): OAuthRecord => ({
  model: r.model as string,
  id: r.id as string,
  payload: r.payload as string,
  expires_at: num(r.expires_at),
  grant_id: (r.grant_id as string | null) ?? null,
  user_code: (r.user_code as string | null) ?? null,
  uid: (r.uid as string | null) ?? null,
  consumed_at: num(r.consumed_at),
  account_id: (r.account_id as string | null) ?? null,
  address: (r.address as string | null) ?? null,
});

const LIVE = '(expires_at IS NULL OR expires_at > ?)';

/** The OAuth authorization server's records on SQLite (migrations 013 and 015). */
export function oauthReads(sql: Sql): OAuthReads {
  const get = sql.stmt(`SELECT * FROM oauth_records WHERE model = ? AND id = ? AND ${LIVE}`);
  const byUid = sql.stmt(`SELECT * FROM oauth_records WHERE model = ? AND uid = ? AND ${LIVE}`);
  const byUserCode = sql.stmt(`SELECT * FROM oauth_records WHERE model = ? AND user_code = ? AND ${LIVE}`);
  const list = sql.stmt(`SELECT * FROM oauth_records WHERE model = ? AND ${LIVE} ORDER BY id`);
  const byAccount = sql.stmt(`SELECT * FROM oauth_records WHERE model = ? AND account_id = ? AND ${LIVE} ORDER BY id`);
  const byAddress = sql.stmt(`SELECT * FROM oauth_records WHERE model = ? AND address = ? AND ${LIVE} ORDER BY id`);
  const byGrant = sql.stmt('SELECT * FROM oauth_records WHERE grant_id = ? ORDER BY model, id');
  const one = (r: unknown): OAuthRecord | undefined => (r ? toRecord(r as Row) : undefined);
  return {
    getOAuthRecord: (model: string, id: string, now: number) => sql.read(() => one(get.get(model, id, now))),
    findOAuthRecordBy: (model: string, field: 'uid' | 'user_code', value: string, now: number) =>
      sql.read(() => one((field === 'uid' ? byUid : byUserCode).get(model, value, now))),
    listOAuthRecords: (model: string, now: number) => sql.read(() => (list.all(model, now) as Row[]).map(toRecord)),
    listOAuthRecordsBy: (model: string, field: 'account_id' | 'address', value: string, now: number) =>
      sql.read(() => ((field === 'account_id' ? byAccount : byAddress).all(model, value, now) as Row[]).map(toRecord)),
    listOAuthRecordsByGrant: (grantId: string) => sql.read(() => (byGrant.all(grantId) as Row[]).map(toRecord)),
  };
}

export function oauthWrites(sql: Sql): OAuthWrites {
  const put = sql.stmt(
    `INSERT OR REPLACE INTO oauth_records (model, id, payload, expires_at, grant_id, user_code, uid, consumed_at, account_id, address)
     VALUES (@model, @id, @payload, @expires_at, @grant_id, @user_code, @uid, @consumed_at, @account_id, @address)`,
  );
  const del = sql.stmt('DELETE FROM oauth_records WHERE model = ? AND id = ?');
  const consume = sql.stmt('UPDATE oauth_records SET consumed_at = ? WHERE model = ? AND id = ? AND consumed_at IS NULL');
  const delGrant = sql.stmt('DELETE FROM oauth_records WHERE grant_id = ? AND model IS NOT ?');
  const delExpired = sql.stmt(
    'DELETE FROM oauth_records WHERE rowid IN (SELECT rowid FROM oauth_records WHERE expires_at IS NOT NULL AND expires_at <= ? LIMIT ?)',
  );
  return {
    putOAuthRecord: async (r: OAuthRecord) => {
      put.run(r);
    },
    deleteOAuthRecord: async (model: string, id: string) => {
      del.run(model, id);
    },
    consumeOAuthRecord: async (model: string, id: string, at: number) => consume.run(at, model, id).changes > 0,
    deleteOAuthRecordsByGrant: async (grantId: string, keepModel: string | null) => delGrant.run(grantId, keepModel).changes,
    deleteExpiredOAuthRecords: async (now: number, limit: number) => delExpired.run(now, limit).changes,
  };
}
