import { OPEN_STATUSES } from '../../engine/order-status.js';
import type { OrderQuery, OrderRow } from '../port.js';
import { insertInto, placeholders, upsertInto, valuesOf } from './dialect.js';
import type { Row } from './rows.js';

/** The open statuses as an SQL list (engine/order-status.ts holds the one list). */
export const OPEN_SQL = OPEN_STATUSES.map((st) => `'${st}'`).join(', ');
const ORDER_COLUMNS = ['id', 'seq', 'environment', 'account_id', 'customer_id', 'client_order_id', 'market', 'status', 'created_at', 'updated_at', 'data'] as const;
const ORDERS = ORDER_COLUMNS.join(', ');

export type FillRow = { id: string; account_id: string; order_id: string; filled_at: number; data: string };
export type EquityPointRow = { account_id: string; resolution: 'trade' | 'day'; time: number; equity: string; balance: string };

/** Orders, fills, positions, margin settings and equity points. */
export const ORDER_SQL = {
  byId: `SELECT ${ORDERS} FROM orders WHERE id = ?`,
  byClientId: `SELECT ${ORDERS} FROM orders WHERE customer_id = ? AND environment = ? AND client_order_id = ?`,
  // Per account off orders_account (one seek each), not a scan of every order ever placed: at start-up with a
  // large history the scan alone took longer than loading the engine.
  maxSeq: 'SELECT COALESCE(MAX((SELECT MAX(seq) FROM orders WHERE account_id = accounts.id)), 0) AS n FROM accounts WHERE environment = ?',
  open: `SELECT ${ORDERS} FROM orders WHERE environment = ? AND status IN (${OPEN_SQL}) ORDER BY seq`,
  // The cursor counts only as a fill of this account: another account's fill id pages nothing (invalid_cursor).
  // Parameters: account, cursor, account, limit.
  fillsAfter: 'SELECT id, data FROM fills WHERE account_id = ? AND seq < (SELECT seq FROM fills WHERE id = ? AND account_id = ?) ORDER BY seq DESC LIMIT ?',
  fills: 'SELECT id, data FROM fills WHERE account_id = ? ORDER BY seq DESC LIMIT ?',
  positions: 'SELECT p.account_id, p.market, p.data FROM positions p JOIN accounts a ON a.id = p.account_id WHERE a.environment = ?',
  margins: 'SELECT m.account_id, m.market, m.leverage, m.mode FROM margin_settings m JOIN accounts a ON a.id = m.account_id WHERE a.environment = ?',
  equity: 'SELECT time, equity, balance FROM equity_points WHERE account_id = ? AND resolution = ? ORDER BY seq',
  upsert: `${insertInto('orders', ORDER_COLUMNS)} ON CONFLICT (id) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at, data = excluded.data`,
  insertFill: insertInto('fills', ['id', 'account_id', 'order_id', 'filled_at', 'data']),
  deletePosition: 'DELETE FROM positions WHERE account_id = ? AND market = ?',
  putPosition: upsertInto('positions', ['account_id', 'market', 'data'], ['account_id', 'market']),
  putMargin: upsertInto('margin_settings', ['account_id', 'market', 'leverage', 'mode'], ['account_id', 'market']),
  insertEquity: insertInto('equity_points', ['account_id', 'resolution', 'time', 'equity', 'balance']),
} as const;

/** An order list's statement for its filters (one text per combination: each is prepared once) and its parameters. */
export function orderList(q: OrderQuery): { sql: string; params: unknown[] } {
  const where = ['account_id = ?'];
  const params: unknown[] = [q.accountId];
  if (q.status && q.status.length > 0) {
    where.push(`status IN (${placeholders(q.status.length)})`);
    params.push(...q.status);
  }
  if (q.market) {
    where.push('market = ?');
    params.push(q.market);
  }
  if (q.clientOrderId) {
    where.push('client_order_id = ?');
    params.push(q.clientOrderId);
  }
  if (q.after) {
    where.push('seq < (SELECT seq FROM orders WHERE id = ?)');
    params.push(q.after);
  }
  params.push(q.limit);
  // Only what the list shows (the REST view is rendered from data): half the cost of SELECT * per row.
  return { sql: `SELECT id, data FROM orders WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT ?`, params };
}

export const toOrder = (r: Row): OrderRow => ({
  ...(r as unknown as OrderRow),
  seq: Number(r.seq),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

export const orderValues = (o: OrderRow): unknown[] => valuesOf(o, ORDER_COLUMNS);
export const fillValues = (f: FillRow): unknown[] => [f.id, f.account_id, f.order_id, f.filled_at, f.data];
export const equityValues = (p: EquityPointRow): unknown[] => [p.account_id, p.resolution, p.time, p.equity, p.balance];
