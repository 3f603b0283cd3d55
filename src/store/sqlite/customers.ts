import type { CustomerRecord, CustomerReads, CustomerWrites } from '../port.js';
import { remember, type RecordCache } from './cache.js';
import { bool, type Row } from './connection.js';
import type { Sql } from './durability.js';

const toCustomer = (r: Row): CustomerRecord => ({
  id: r.id as string,
  number: Number(r.number),
  name: r.name as string,
  api_enabled: bool(r.api_enabled),
  created_at: Number(r.created_at),
});

export function customerReads(sql: Sql, cache: RecordCache): CustomerReads {
  const byId = sql.stmt('SELECT * FROM customers WHERE id = ?');
  const all = sql.stmt('SELECT * FROM customers ORDER BY number');
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
  const insert = sql.stmt('INSERT INTO customers (id, number, name, api_enabled, created_at) VALUES (?, ?, ?, ?, ?)');
  const setApiEnabled = sql.stmt('UPDATE customers SET api_enabled = ? WHERE id = ?');
  return {
    insertCustomer: async (c: CustomerRecord) => {
      cache.customers.delete(c.id);
      insert.run(c.id, c.number, c.name, c.api_enabled ? 1 : 0, c.created_at);
    },
    setCustomerApiEnabled: async (id: string, enabled: boolean) => {
      cache.customers.delete(id);
      return setApiEnabled.run(enabled ? 1 : 0, id).changes > 0;
    },
  };
}
