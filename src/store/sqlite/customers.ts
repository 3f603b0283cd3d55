import type { CustomerRecord, CustomerReads, CustomerWrites } from '../port.js';
import { CUSTOMER_SQL, customerValues, toCustomer } from '../sql/customers.js';
import { sqliteValues } from '../sql/dialect.js';
import type { Row } from '../sql/rows.js';
import { remember, type RecordCache } from './cache.js';
import type { Sql } from './durability.js';

export function customerReads(sql: Sql, cache: RecordCache): CustomerReads {
  const byId = sql.stmt(CUSTOMER_SQL.byId);
  const all = sql.stmt(CUSTOMER_SQL.all);
  return {
    getCustomer: (id: string) =>
      sql.read(() => {
        const customers = cache.fresh().customers;
        const hit = customers.get(id);
        if (hit) return hit;
        const r = byId.get(id) as Row | undefined;
        return r ? remember(customers, id, toCustomer(r)) : undefined;
      }),
    listCustomers: () => sql.read(() => (all.all() as Row[]).map(toCustomer)),
  };
}

export function customerWrites(sql: Sql, cache: RecordCache): CustomerWrites {
  const insert = sql.stmt(CUSTOMER_SQL.insert);
  const setApiEnabled = sql.stmt(CUSTOMER_SQL.setApiEnabled);
  return {
    insertCustomer: async (c: CustomerRecord) => {
      cache.customers.delete(c.id);
      insert.run(sqliteValues(customerValues(c)));
    },
    setCustomerApiEnabled: async (id: string, enabled: boolean) => {
      cache.customers.delete(id);
      return setApiEnabled.run(sqliteValues([enabled, id])).changes > 0;
    },
  };
}
