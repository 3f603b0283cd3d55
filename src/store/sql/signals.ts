import type { Environment } from '../../schemas/common.js';
import type { AlertResult, AlertRow, SignalRecord } from '../port.js';
import { insertInto } from './dialect.js';
import { bool, json, num, text, type Row } from './rows.js';

const SIGNAL_COLUMNS = [
  'id', 'customer_id', 'environment', 'name', 'secret_hash', 'secret_hint', 'accounts', 'markets', 'max_order_usd', 'reduce_only', 'no_hedging',
  'expires_at', 'created_at', 'revoked_at', 'credential_id',
] as const;
const ALERT_COLUMNS = ['id', 'signal_id', 'dedup_key', 'received_at', 'status', 'request', 'results', 'finished_at'] as const;
const SIGNALS = `SELECT ${SIGNAL_COLUMNS.join(', ')} FROM signals`;
const ALERTS = `SELECT ${ALERT_COLUMNS.join(', ')} FROM signal_alerts`;

/** Signals and the alerts they received (docs/SIGNALS.md). The same statements on both stores. */
export const SIGNAL_SQL = {
  byId: `${SIGNALS} WHERE id = ?`,
  bySecret: `${SIGNALS} WHERE secret_hash = ?`,
  page: `${SIGNALS} WHERE customer_id = ? AND environment = ? AND seq > COALESCE((SELECT seq FROM signals WHERE id = ?), 0) ORDER BY seq LIMIT ?`,
  insert: insertInto('signals', SIGNAL_COLUMNS),
  revoke: 'UPDATE signals SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
  alert: `${ALERTS} WHERE id = ?`,
  alertByKey: `${ALERTS} WHERE signal_id = ? AND dedup_key = ?`,
  alerts: `${ALERTS} WHERE signal_id = ? ORDER BY seq DESC LIMIT ?`,
  alertsBefore: `${ALERTS} WHERE signal_id = ? AND seq < (SELECT seq FROM signal_alerts WHERE id = ?) ORDER BY seq DESC LIMIT ?`,
  pending: `${ALERTS} WHERE status = 'pending' AND received_at < ? ORDER BY seq LIMIT ?`,
  // Two alerts with one key at once: the second writes nothing (and, on PostgreSQL, waits for the first's COMMIT).
  insertAlert: `${insertInto('signal_alerts', ALERT_COLUMNS)} ON CONFLICT DO NOTHING`,
  releaseKey: 'UPDATE signal_alerts SET dedup_key = NULL WHERE id = ?',
  claim: "UPDATE signal_alerts SET claimed_until = ? WHERE id = ? AND status = 'pending' AND (claimed_until IS NULL OR claimed_until <= ?)",
  finish: 'UPDATE signal_alerts SET status = ?, results = ?, finished_at = ?, claimed_until = NULL WHERE id = ?',
} as const;

export const toSignal = (r: Row): SignalRecord => ({
  id: r.id as string,
  customer_id: r.customer_id as string,
  environment: r.environment as Environment,
  name: r.name as string,
  secret_hash: r.secret_hash as string,
  secret_hint: r.secret_hint as string,
  accounts: json<SignalRecord['accounts']>(r.accounts),
  markets: r.markets === null ? null : json<string[]>(r.markets),
  max_order_usd: text(r.max_order_usd),
  reduce_only: bool(r.reduce_only),
  no_hedging: bool(r.no_hedging),
  expires_at: num(r.expires_at),
  created_at: Number(r.created_at),
  revoked_at: num(r.revoked_at),
  credential_id: text(r.credential_id),
});

/** Booleans as 0/1: the columns are integers on both stores. */
export const signalValues = (s: SignalRecord): unknown[] =>
  SIGNAL_COLUMNS.map((c) => {
    const v = s[c];
    if (c === 'accounts' || c === 'markets') return v === null ? null : JSON.stringify(v);
    return typeof v === 'boolean' ? (v ? 1 : 0) : v;
  });

export const toAlert = (r: Row): AlertRow => ({
  id: r.id as string,
  signal_id: r.signal_id as string,
  dedup_key: text(r.dedup_key),
  received_at: Number(r.received_at),
  status: r.status as AlertRow['status'],
  request: r.request as string,
  results: r.results === null ? null : json<AlertResult[]>(r.results),
  finished_at: num(r.finished_at),
});

export const alertValues = (a: AlertRow): unknown[] => ALERT_COLUMNS.map((c) => (c === 'results' ? (a.results === null ? null : JSON.stringify(a.results)) : a[c]));
