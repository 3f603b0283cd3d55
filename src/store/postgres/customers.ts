import type { CustomerReads, CustomerWrites } from '../port.js';
import { CUSTOMER_SQL, customerValues, toCustomer } from '../sql/customers.js';
import type { Q } from './durability.js';

export function customerReads(q: Q): CustomerReads {
  return {
    getCustomer: async (id: string) => (await q.rows(CUSTOMER_SQL.byId, [id])).map(toCustomer)[0],
    listCustomers: async () => (await q.rows(CUSTOMER_SQL.all)).map(toCustomer),
  };
}

export function customerWrites(q: Q): CustomerWrites {
  return {
    insertCustomer: async (c) => {
      await q.changes(CUSTOMER_SQL.insert, customerValues(c));
    },
    setCustomerApiEnabled: async (id: string, enabled: boolean) => (await q.changes(CUSTOMER_SQL.setApiEnabled, [enabled, id])) > 0,
  };
}
