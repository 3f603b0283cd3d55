import type { OAuthRecord } from '../port.js';
import { upsertInto, valuesOf } from './dialect.js';
import { num, text, type Row } from './rows.js';

const COLUMNS = ['model', 'id', 'payload', 'expires_at', 'grant_id', 'user_code', 'uid', 'consumed_at', 'account_id', 'address'] as const;

/** Unexpired at the time given (the last parameter of each read). */
const LIVE = '(expires_at IS NULL OR expires_at > ?)';

/** The OAuth authorization server's records (one table of models keyed by model and id). */
export const OAUTH_SQL = {
  get: `SELECT * FROM oauth_records WHERE model = ? AND id = ? AND ${LIVE}`,
  byUid: `SELECT * FROM oauth_records WHERE model = ? AND uid = ? AND ${LIVE}`,
  byUserCode: `SELECT * FROM oauth_records WHERE model = ? AND user_code = ? AND ${LIVE}`,
  list: `SELECT * FROM oauth_records WHERE model = ? AND ${LIVE} ORDER BY id`,
  byAccount: `SELECT * FROM oauth_records WHERE model = ? AND account_id = ? AND ${LIVE} ORDER BY id`,
  byAddress: `SELECT * FROM oauth_records WHERE model = ? AND address = ? AND ${LIVE} ORDER BY id`,
  byGrant: 'SELECT * FROM oauth_records WHERE grant_id = ? ORDER BY model, id',
  put: upsertInto('oauth_records', COLUMNS, ['model', 'id']),
  delete: 'DELETE FROM oauth_records WHERE model = ? AND id = ?',
  consume: 'UPDATE oauth_records SET consumed_at = ? WHERE model = ? AND id = ? AND consumed_at IS NULL',
  deleteGrant: 'DELETE FROM oauth_records WHERE grant_id = ? AND model IS DISTINCT FROM ?',
  /** Expired records, a batch at a time, picked by their key (the same row-value IN on both engines). */
  deleteExpired:
    'DELETE FROM oauth_records WHERE (model, id) IN (SELECT model, id FROM oauth_records WHERE expires_at IS NOT NULL AND expires_at <= ? LIMIT ?)',
} as const;

export const toOAuthRecord = (r: Row): OAuthRecord => ({
  model: r.model as string,
  id: r.id as string,
  payload: r.payload as string,
  expires_at: num(r.expires_at),
  grant_id: text(r.grant_id),
  user_code: text(r.user_code),
  uid: text(r.uid),
  consumed_at: num(r.consumed_at),
  account_id: text(r.account_id),
  address: text(r.address),
});

export const oauthValues = (r: OAuthRecord): unknown[] => valuesOf(r, COLUMNS);
