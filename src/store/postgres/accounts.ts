import type { Environment } from '../../schemas/common.js';
import type { AccountPage, AccountReads, AccountRecord, AccountStatus, AccountWrites } from '../port.js';
import { ACCOUNT_SQL, accountUpdate, accountValues, toAccount } from '../sql/accounts.js';
import type { Q } from './durability.js';

export function accountReads(q: Q): AccountReads {
  const list = async (sql: string, params: unknown[]) => (await q.rows(sql, params)).map(toAccount);
  return {
    getAccount: async (id: string) => (await list(ACCOUNT_SQL.byId, [id]))[0],
    listAccounts: async (page: AccountPage) => {
      // As SQLite: an unknown cursor id reads from the start (the routes check cursors before).
      const after = page.after ? Number((await q.rows<{ seq: number }>(ACCOUNT_SQL.seqOf, [page.after]))[0]?.seq ?? -1) : 0;
      return list(ACCOUNT_SQL.page, [page.customerId, page.environment, after, page.limit]);
    },
    countAccounts: async (customerId: string, environment: Environment) => Number((await q.rows<{ n: number }>(ACCOUNT_SQL.count, [customerId, environment]))[0]!.n),
    listAccountsByStatus: (status: AccountStatus) => list(ACCOUNT_SQL.byStatus, [status]),
    listAccountsByStatusIn: (environment: Environment) => list(ACCOUNT_SQL.openIn, [environment]),
  };
}

export function accountWrites(q: Q): AccountWrites {
  return {
    insertAccount: async (a: AccountRecord) => {
      await q.changes(ACCOUNT_SQL.insert, accountValues(a));
    },
    updateAccount: async (id: string, patch: Partial<AccountRecord>, at: number) => {
      const u = accountUpdate(id, patch, at);
      return u ? (await q.changes(u.sql, u.params)) > 0 : false;
    },
  };
}
