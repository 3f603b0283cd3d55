import type { CustomerRecord, CustomerReads, CustomerWrites } from '../port.js';
import type { Q } from './durability.js';

export function customerReads(q: Q): CustomerReads {
  return {
    getCustomer: async (id: string) => (await q.rows<CustomerRecord>('SELECT * FROM customers WHERE id = $1', [id]))[0],
    listCustomers: () => q.rows<CustomerRecord>('SELECT * FROM customers ORDER BY number'),
  };
}

export function customerWrites(q: Q): CustomerWrites {
  return {
    insertCustomer: async (c: CustomerRecord) => {
      await q.changes('INSERT INTO customers (id, number, name, api_enabled, created_at) VALUES ($1, $2, $3, $4, $5)', [
        c.id,
        c.number,
        c.name,
        c.api_enabled,
        c.created_at,
      ]);
    },
    setCustomerApiEnabled: async (id: string, enabled: boolean) =>
      (await q.changes('UPDATE customers SET api_enabled = $1 WHERE id = $2', [enabled, id])) > 0,
  };
}
