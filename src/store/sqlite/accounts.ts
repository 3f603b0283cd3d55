import type { Environment } from '../../schemas/common.js';
import type { AccountPage, AccountRecord, AccountStatus, AccountReads, AccountWrites } from '../port.js';
import { remember, type RecordCache } from './cache.js';
import { bool, json, type Row } from './connection.js';
import type { Sql } from './durability.js';

const toAccount = (r: Row): AccountRecord => ({
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
  status_reason: (r.status_reason as string | null) ?? null,
  rule_state: (r.rule_state as string | null) ?? null,
  parked: bool(r.parked),
  paused_until: r.paused_until === null ? null : Number(r.paused_until),
  dead_man_fires_at: r.dead_man_fires_at === null || r.dead_man_fires_at === undefined ? null : Number(r.dead_man_fires_at),
  last_used_at: Number(r.last_used_at),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

/** The columns an account update may set (Tx.updateAccount); anything else in a patch is ignored. */
const UPDATABLE = new Set(['status', 'status_reason', 'balance', 'parked', 'paused_until', 'last_used_at', 'rule_state', 'dead_man_fires_at']);

export function accountReads(sql: Sql, cache: RecordCache): AccountReads {
  const byId = sql.stmt('SELECT * FROM accounts WHERE id = ?');
  const seqOf = sql.stmt('SELECT seq FROM accounts WHERE id = ?');
  const page = sql.stmt('SELECT * FROM accounts WHERE customer_id = ? AND environment = ? AND seq > ? ORDER BY seq LIMIT ?');
  const count = sql.stmt('SELECT COUNT(*) AS n FROM accounts WHERE customer_id = ? AND environment = ?');
  const byStatus = sql.stmt('SELECT * FROM accounts WHERE status = ? ORDER BY seq');
  const openIn = sql.stmt("SELECT * FROM accounts WHERE environment = ? AND status != 'pending' ORDER BY seq");
  return {
    getAccount: (id: string) =>
      sql.read(() => {
        const accounts = cache.fresh().accounts;
        const hit = accounts.get(id);
        if (hit) return hit;
        const r = byId.get(id) as Row | undefined;
        return r ? remember(accounts, id, toAccount(r)) : undefined;
      }),
    listAccounts: (p: AccountPage) =>
      sql.read(() => {
        const after = p.after ? ((seqOf.get(p.after) as Row | undefined)?.seq ?? -1) : 0;
        return (page.all(p.customerId, p.environment, after, p.limit) as Row[]).map(toAccount);
      }),
    countAccounts: (customerId: string, environment: Environment) =>
      sql.read(() => Number((count.get(customerId, environment) as Row).n)),
    listAccountsByStatus: (status: AccountStatus) => sql.read(() => (byStatus.all(status) as Row[]).map(toAccount)),
    listAccountsByStatusIn: (environment: Environment) => sql.read(() => (openIn.all(environment) as Row[]).map(toAccount)),
  };
}

export function accountWrites(sql: Sql, cache: RecordCache): AccountWrites {
  const insert = sql.stmt(
    `INSERT INTO accounts (id, customer_id, environment, status, stage, product, size, starting_balance, balance, rule,
       status_reason, parked, paused_until, last_used_at, created_at, updated_at)
     VALUES (@id, @customer_id, @environment, @status, @stage, @product, @size, @starting_balance, @balance, @rule,
       @status_reason, @parked, @paused_until, @last_used_at, @created_at, @updated_at)`,
  );
  return {
    insertAccount: async (a: AccountRecord) => {
      cache.accounts.delete(a.id);
      insert.run({ ...a, rule: JSON.stringify(a.rule), parked: a.parked ? 1 : 0, rule_state: undefined });
    },
    updateAccount: async (id: string, patch: Partial<AccountRecord>, at: number) => {
      const cols = Object.keys(patch).filter((k) => UPDATABLE.has(k));
      if (cols.length === 0) return false;
      const cached = cache.accounts.get(id);
      cache.accounts.delete(id);
      const values: Row = { id, updated_at: at };
      for (const k of cols) {
        const v = (patch as Row)[k];
        values[k] = typeof v === 'boolean' ? (v ? 1 : 0) : v;
      }
      // One statement per set of columns, prepared at its first use (a handful of shapes in practice).
      const text = `UPDATE accounts SET ${cols.map((k) => `${k} = @${k}`).join(', ')}, updated_at = @updated_at WHERE id = @id`;
      const changed = sql.stmt(text).run(values).changes > 0;
      // The cached record, patched the same way (the next order of this account reads it without a query). A
      // rollback drops the whole cache, as for every write.
      if (changed && cached) {
        const next: Row = { ...cached, updated_at: at };
        for (const k of cols) next[k] = (patch as Row)[k] ?? null;
        remember(cache.accounts, id, next as unknown as AccountRecord);
      }
      return changed;
    },
  };
}
