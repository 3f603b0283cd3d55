import type { OAuthRecord, OAuthReads, OAuthWrites } from '../port.js';
import type { Q } from './durability.js';

const LIVE = '(expires_at IS NULL OR expires_at > $NOW)';
const live = (sql: string, nowIndex: number) => sql.replace('$NOW', `$${nowIndex}`);

/** The OAuth authorization server's records on PostgreSQL: the mirror of ../sqlite/oauth.ts (migrations 007 and 009). */
export function oauthReads(q: Q): OAuthReads {
  const first = async (sql: string, params: unknown[]): Promise<OAuthRecord | undefined> => (await q.rows<OAuthRecord>(sql, params))[0];
  return {
    getOAuthRecord: (model: string, id: string, now: number) =>
      first(`SELECT * FROM oauth_records WHERE model = $1 AND id = $2 AND ${live(LIVE, 3)}`, [model, id, now]),
    findOAuthRecordBy: (model: string, field: 'uid' | 'user_code', value: string, now: number) =>
      first(`SELECT * FROM oauth_records WHERE model = $1 AND ${field === 'uid' ? 'uid' : 'user_code'} = $2 AND ${live(LIVE, 3)}`, [model, value, now]),
    listOAuthRecords: (model: string, now: number) =>
      q.rows<OAuthRecord>(`SELECT * FROM oauth_records WHERE model = $1 AND ${live(LIVE, 2)} ORDER BY id`, [model, now]),
    listOAuthRecordsBy: (model: string, field: 'account_id' | 'address', value: string, now: number) =>
      q.rows<OAuthRecord>(
        `SELECT * FROM oauth_records WHERE model = $1 AND ${field === 'account_id' ? 'account_id' : 'address'} = $2 AND ${live(LIVE, 3)} ORDER BY id`,
        [model, value, now],
      ),
    listOAuthRecordsByGrant: (grantId: string) => q.rows<OAuthRecord>('SELECT * FROM oauth_records WHERE grant_id = $1 ORDER BY model, id', [grantId]),
  };
}

export function oauthWrites(q: Q): OAuthWrites {
  return {
    putOAuthRecord: async (r: OAuthRecord) => {
      await q.changes(
        `INSERT INTO oauth_records (model, id, payload, expires_at, grant_id, user_code, uid, consumed_at, account_id, address)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, expires_at = EXCLUDED.expires_at, grant_id = EXCLUDED.grant_id,
           user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, consumed_at = EXCLUDED.consumed_at, account_id = EXCLUDED.account_id,
           address = EXCLUDED.address`,
        [r.model, r.id, r.payload, r.expires_at, r.grant_id, r.user_code, r.uid, r.consumed_at, r.account_id, r.address],
      );
    },
    deleteOAuthRecord: async (model: string, id: string) => {
      await q.changes('DELETE FROM oauth_records WHERE model = $1 AND id = $2', [model, id]);
    },
    consumeOAuthRecord: async (model: string, id: string, at: number) =>
      (await q.changes('UPDATE oauth_records SET consumed_at = $1 WHERE model = $2 AND id = $3 AND consumed_at IS NULL', [at, model, id])) > 0,
    deleteOAuthRecordsByGrant: (grantId: string, keepModel: string | null) =>
      q.changes('DELETE FROM oauth_records WHERE grant_id = $1 AND model IS DISTINCT FROM $2', [grantId, keepModel]),
    deleteExpiredOAuthRecords: (now: number, limit: number) =>
      q.changes(
        'DELETE FROM oauth_records WHERE ctid IN (SELECT ctid FROM oauth_records WHERE expires_at IS NOT NULL AND expires_at <= $1 LIMIT $2)',
        [now, limit],
      ),
  };
}
