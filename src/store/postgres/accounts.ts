import type { AccountPage, AccountRecord, AccountStatus, AccountReads, AccountWrites } from '../port.js';
import type { Environment } from '../../schemas/common.js';
import type { Q, Row } from './durability.js';

const COLUMNS =
  'id, customer_id, environment, status, stage, product, size, starting_balance, balance, rule, status_reason, rule_state, parked, paused_until, dead_man_fires_at, last_used_at, created_at, updated_at';
export const PATCHABLE = ['status', 'status_reason', 'balance', 'parked', 'paused_until', 'last_used_at', 'rule_state', 'dead_man_fires_at'];

const toAccount = (r: Row): AccountRecord => ({ ...(r as unknown as AccountRecord), rule: JSON.parse(String(r.rule)) as AccountRecord['rule'] });

export function accountReads(q: Q): AccountReads {
  const list = async (sql: string, params: unknown[]) => (await q.rows(sql, params)).map(toAccount);
  return {
    getAccount: async (id: string) => (await list(`SELECT ${COLUMNS} FROM accounts WHERE id = $1`, [id]))[0],
    listAccounts: async (page: AccountPage) => {
      // As SQLite: an unknown cursor id reads from the start (the routes check cursors before).
      const after = page.after ? ((await q.rows<{ seq: number }>('SELECT seq FROM accounts WHERE id = $1', [page.after]))[0]?.seq ?? -1) : 0;
      return list(`SELECT ${COLUMNS} FROM accounts WHERE customer_id = $1 AND environment = $2 AND seq > $3 ORDER BY seq LIMIT $4`, [
        page.customerId,
        page.environment,
        after,
        page.limit,
      ]);
    },
    countAccounts: async (customerId: string, environment: Environment) =>
      (await q.rows<{ n: number }>('SELECT COUNT(*) AS n FROM accounts WHERE customer_id = $1 AND environment = $2', [customerId, environment]))[0]!.n,
    listAccountsByStatus: (status: AccountStatus) => list(`SELECT ${COLUMNS} FROM accounts WHERE status = $1 ORDER BY seq`, [status]),
    listAccountsByStatusIn: (environment: Environment) =>
      list(`SELECT ${COLUMNS} FROM accounts WHERE environment = $1 AND status != 'pending' ORDER BY seq`, [environment]),
  };
}

export function accountWrites(q: Q): AccountWrites {
  return {
    insertAccount: async (a: AccountRecord) => {
      await q.changes(
        `INSERT INTO accounts (id, customer_id, environment, status, stage, product, size, starting_balance, balance, rule,
           status_reason, parked, paused_until, last_used_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [
          a.id, a.customer_id, a.environment, a.status, a.stage, a.product, a.size, a.starting_balance, a.balance,
          JSON.stringify(a.rule), a.status_reason, a.parked, a.paused_until, a.last_used_at, a.created_at, a.updated_at,
        ],
      );
    },
    updateAccount: async (id: string, patch: Partial<AccountRecord>, at: number) => {
      const u = accountUpdate(id, patch, at);
      return u ? (await q.changes(u.sql, u.params)) > 0 : false;
    },
  };
}

/** The UPDATE of an account's patch (its updatable columns), or undefined when it sets none. */
export function accountUpdate(id: string, patch: Partial<AccountRecord>, at: number): { sql: string; params: unknown[] } | undefined {
  const cols = Object.keys(patch).filter((k) => PATCHABLE.includes(k));
  if (cols.length === 0) return undefined;
  const values = cols.map((k) => (patch as Row)[k] ?? null);
  const sets = cols.map((k, i) => `${k} = $${i + 1}`).join(', ');
  return { sql: `UPDATE accounts SET ${sets}, updated_at = $${cols.length + 1} WHERE id = $${cols.length + 2}`, params: [...values, at, id] };
}
