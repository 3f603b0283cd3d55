import type { Environment } from '../../schemas/common.js';
import type { AccountPage, AccountRecord, AccountStatus, AccountReads, AccountWrites } from '../port.js';
import { ACCOUNT_SQL, accountUpdate, accountValues, toAccount } from '../sql/accounts.js';
import { sqliteValues } from '../sql/dialect.js';
import type { Row } from '../sql/rows.js';
import { remember, type RecordCache } from './cache.js';
import type { Sql } from './durability.js';

export function accountReads(sql: Sql, cache: RecordCache): AccountReads {
  const byId = sql.stmt(ACCOUNT_SQL.byId);
  const seqOf = sql.stmt(ACCOUNT_SQL.seqOf);
  const page = sql.stmt(ACCOUNT_SQL.page);
  const count = sql.stmt(ACCOUNT_SQL.count);
  const byStatus = sql.stmt(ACCOUNT_SQL.byStatus);
  const openIn = sql.stmt(ACCOUNT_SQL.openIn);
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
  const insert = sql.stmt(ACCOUNT_SQL.insert);
  return {
    insertAccount: async (a: AccountRecord) => {
      cache.accounts.delete(a.id);
      insert.run(sqliteValues(accountValues(a)));
    },
    updateAccount: async (id: string, patch: Partial<AccountRecord>, at: number) => {
      const u = accountUpdate(id, patch, at);
      if (!u) return false;
      const cached = cache.accounts.get(id);
      cache.accounts.delete(id);
      // One statement per set of columns, prepared at its first use (a handful of shapes in practice).
      const changed = sql.stmt(u.sql).run(sqliteValues(u.params)).changes > 0;
      // The cached record, patched the same way (the next order of this account reads it without a query). A
      // rollback drops the whole cache, as for every write.
      if (changed && cached) {
        const next: Row = { ...cached, updated_at: at };
        for (const k of u.columns) next[k] = (patch as Row)[k] ?? null;
        remember(cache.accounts, id, next as unknown as AccountRecord);
      }
      return changed;
    },
  };
}
