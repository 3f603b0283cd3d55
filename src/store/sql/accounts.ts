import type { Environment } from '../../schemas/common.js';
import type { AccountRecord, AccountStatus } from '../port.js';
import { insertInto } from './dialect.js';
import { bool, json, num, text, type Row } from './rows.js';

/** The columns an account is inserted with (rule_state and dead_man_fires_at start null). */
const INSERTED = [
  'id', 'customer_id', 'environment', 'status', 'stage', 'product', 'size', 'starting_balance', 'balance', 'rule',
  'status_reason', 'parked', 'paused_until', 'last_used_at', 'created_at', 'updated_at', 'rule_version',
] as const;

/** The columns an account update may set (Tx.updateAccount); anything else in a patch is ignored. */
export const PATCHABLE: readonly string[] = ['status', 'status_reason', 'balance', 'parked', 'paused_until', 'last_used_at', 'rule_state', 'dead_man_fires_at', 'rule', 'rule_version'];

export const ACCOUNT_SQL = {
  byId: 'SELECT * FROM accounts WHERE id = ?',
  seqOf: 'SELECT seq FROM accounts WHERE id = ?',
  page: 'SELECT * FROM accounts WHERE customer_id = ? AND environment = ? AND seq > ? ORDER BY seq LIMIT ?',
  count: 'SELECT COUNT(*) AS n FROM accounts WHERE customer_id = ? AND environment = ?',
  byStatus: 'SELECT * FROM accounts WHERE status = ? ORDER BY seq',
  openIn: "SELECT * FROM accounts WHERE environment = ? AND status != 'pending' ORDER BY seq",
  insert: insertInto('accounts', INSERTED),
} as const;

export const toAccount = (r: Row): AccountRecord => ({
  id: r.id as string,
  customer_id: r.customer_id as string,
  environment: r.environment as Environment,
  status: r.status as AccountStatus,
  stage: r.stage as AccountRecord['stage'],
  product: r.product as string,
  size: r.size as string,
  starting_balance: r.starting_balance as string,
  balance: r.balance as string,
  rule: json(r.rule),
  status_reason: text(r.status_reason),
  rule_state: text(r.rule_state),
  parked: bool(r.parked),
  paused_until: num(r.paused_until),
  dead_man_fires_at: num(r.dead_man_fires_at),
  rule_version: num(r.rule_version),
  last_used_at: Number(r.last_used_at),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

export const accountValues = (a: AccountRecord): unknown[] => INSERTED.map((c) => (c === 'rule' ? JSON.stringify(a.rule) : (a[c] ?? null)));

/** The UPDATE of an account's patch (its updatable columns), or undefined when it sets none. */
export function accountUpdate(id: string, patch: Partial<AccountRecord>, at: number): { sql: string; params: unknown[]; columns: string[] } | undefined {
  const columns = Object.keys(patch).filter((k) => PATCHABLE.includes(k));
  if (columns.length === 0) return undefined;
  // The rule is stored as JSON text; every other column as its value.
  const values = columns.map((k) => (k === 'rule' ? JSON.stringify(patch.rule) : ((patch as Row)[k] ?? null)));
  return { sql: `UPDATE accounts SET ${columns.map((k) => `${k} = ?`).join(', ')}, updated_at = ? WHERE id = ?`, params: [...values, at, id], columns };
}
