import type { CustomerRecord } from '../port.js';
import { insertInto, valuesOf } from './dialect.js';
import { bool, type Row } from './rows.js';

export const CUSTOMER_COLUMNS = ['id', 'number', 'name', 'api_enabled', 'created_at'] as const;

export const CUSTOMER_SQL = {
  byId: 'SELECT * FROM customers WHERE id = ?',
  all: 'SELECT * FROM customers ORDER BY number',
  insert: insertInto('customers', CUSTOMER_COLUMNS),
  setApiEnabled: 'UPDATE customers SET api_enabled = ? WHERE id = ?',
} as const;

export const toCustomer = (r: Row): CustomerRecord => ({
  id: r.id as string,
  number: Number(r.number),
  name: r.name as string,
  api_enabled: bool(r.api_enabled),
  created_at: Number(r.created_at),
});

export const customerValues = (c: CustomerRecord): unknown[] => valuesOf(c, CUSTOMER_COLUMNS);
