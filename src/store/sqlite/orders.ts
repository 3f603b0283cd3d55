import type { Environment } from '../../schemas/common.js';
import { OPEN_STATUSES } from '../../engine/order-status.js';
import { canceledEventJson, canceledKeys, canceledStatus, KEY_ALWAYS_WRITTEN, type JsonDialect, type OpenOrdersCancel } from '../canceled-orders.js';
import type { OrderQuery, OrderRow, OrderReads, OrderWrites } from '../port.js';
import type { Row } from './connection.js';
import type { Durability, Sql } from './durability.js';
import { sqliteOutbox } from './events.js';

/** The open statuses as an SQL list (engine/order-status.ts holds the one list). */
const OPEN_SQL = OPEN_STATUSES.map((st) => `'${st}'`).join(', ');

type Listed = { id: string; data: string };
type Fill = { id: string; account_id: string; order_id: string; filled_at: number; data: string };
type EquityPoint = { account_id: string; resolution: 'trade' | 'day'; time: number; equity: string; balance: string };
type MarginSetting = { account_id: string; market: string; leverage: number; mode: 'isolated' | 'cross' };

/** Orders, fills, positions, margin settings and equity points. */
export function orderReads(sql: Sql): OrderReads {
  const byId = sql.stmt('SELECT * FROM orders WHERE id = ?');
  const byClientId = sql.stmt('SELECT * FROM orders WHERE customer_id = ? AND environment = ? AND client_order_id = ?');
  // Per account off orders_account (one seek each), not a scan of every order ever placed: at start-up with a
  // large history the scan alone took longer than loading the engine.
  const maxSeq = sql.stmt('SELECT COALESCE(MAX((SELECT MAX(seq) FROM orders WHERE account_id = accounts.id)), 0) AS n FROM accounts WHERE environment = ?');
  const open = sql.stmt(`SELECT * FROM orders WHERE environment = ? AND status IN (${OPEN_SQL}) ORDER BY seq`);
  // The cursor counts only as a fill of this account: another account's fill id pages nothing (invalid_cursor).
  const fillsAfter = sql.stmt('SELECT id, data FROM fills WHERE account_id = ? AND seq < (SELECT seq FROM fills WHERE id = ? AND account_id = ?) ORDER BY seq DESC LIMIT ?');
  const fills = sql.stmt('SELECT id, data FROM fills WHERE account_id = ? ORDER BY seq DESC LIMIT ?');
  const positions = sql.stmt('SELECT p.account_id, p.market, p.data FROM positions p JOIN accounts a ON a.id = p.account_id WHERE a.environment = ?');
  const margins = sql.stmt('SELECT m.account_id, m.market, m.leverage, m.mode FROM margin_settings m JOIN accounts a ON a.id = m.account_id WHERE a.environment = ?');
  const equity = sql.stmt('SELECT time, equity, balance FROM equity_points WHERE account_id = ? AND resolution = ? ORDER BY seq');
  return {
    getOrder: (id: string) => sql.read(() => byId.get(id) as OrderRow | undefined),
    findOrderByClientId: (customerId: string, environment: Environment, clientOrderId: string) =>
      sql.read(() => byClientId.get(customerId, environment, clientOrderId) as OrderRow | undefined),
    listOrders: (q: OrderQuery) => sql.read(() => listOrders(sql, q)),
    maxOrderSeq: (environment: Environment) => sql.read(() => Number((maxSeq.get(environment) as Row).n)),
    listOpenOrders: (environment: Environment) => sql.read(() => open.all(environment) as OrderRow[]),
    listFills: (accountId: string, afterId: string | undefined, limit: number) =>
      sql.read(() => (afterId ? (fillsAfter.all(accountId, afterId, accountId, limit) as Listed[]) : (fills.all(accountId, limit) as Listed[]))),
    listPositions: (environment: Environment) => sql.read(() => positions.all(environment) as { account_id: string; market: string; data: string }[]),
    listMarginSettings: (environment: Environment) => sql.read(() => margins.all(environment) as MarginSetting[]),
    listEquityPoints: (accountId: string, resolution: 'trade' | 'day') =>
      sql.read(() => equity.all(accountId, resolution) as { time: number; equity: string; balance: string }[]),
  };
}

/** One statement per combination of filters, prepared at its first use. */
function listOrders(sql: Sql, q: OrderQuery): Listed[] {
  const where = ['account_id = @account'];
  const params: Row = { account: q.accountId, limit: q.limit };
  if (q.status && q.status.length > 0) {
    where.push(`status IN (${q.status.map((_, i) => `@s${i}`).join(', ')})`);
    q.status.forEach((st, i) => (params[`s${i}`] = st));
  }
  if (q.market) {
    where.push('market = @market');
    params.market = q.market;
  }
  if (q.clientOrderId) {
    where.push('client_order_id = @cid');
    params.cid = q.clientOrderId;
  }
  if (q.after) {
    where.push('seq < (SELECT seq FROM orders WHERE id = @after)');
    params.after = q.after;
  }
  // Only what the list shows (the REST view is rendered from data): half the cost of SELECT * per row.
  return sql.stmt(`SELECT id, data FROM orders WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT @limit`).all(params) as Listed[];
}

export function orderWrites(d: Durability): OrderWrites {
  const sql: Sql = d;
  const upsert = sql.stmt(
    `INSERT INTO orders (id, seq, environment, account_id, customer_id, client_order_id, market, status, created_at, updated_at, data)
     VALUES (@id, @seq, @environment, @account_id, @customer_id, @client_order_id, @market, @status, @created_at, @updated_at, @data)
     ON CONFLICT(id) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at, data = excluded.data`,
  );
  const insertFill = sql.stmt('INSERT INTO fills (id, account_id, order_id, filled_at, data) VALUES (@id, @account_id, @order_id, @filled_at, @data)');
  const deletePosition = sql.stmt('DELETE FROM positions WHERE account_id = ? AND market = ?');
  const putPosition = sql.stmt('INSERT OR REPLACE INTO positions (account_id, market, data) VALUES (?, ?, ?)');
  const putMargin = sql.stmt('INSERT OR REPLACE INTO margin_settings (account_id, market, leverage, mode) VALUES (?, ?, ?, ?)');
  const insertEquity = sql.stmt('INSERT INTO equity_points (account_id, resolution, time, equity, balance) VALUES (@account_id, @resolution, @time, @equity, @balance)');
  return {
    upsertOrder: async (o: OrderRow) => {
      upsert.run(o);
    },
    insertFill: async (f: Fill) => {
      insertFill.run(f);
    },
    putPosition: async (accountId: string, market: string, data: string | null) => {
      if (data === null) deletePosition.run(accountId, market);
      else putPosition.run(accountId, market, data);
    },
    putMarginSetting: async (accountId: string, market: string, leverage: number, mode: 'isolated' | 'cross') => {
      putMargin.run(accountId, market, leverage, mode);
    },
    insertEquityPoint: async (p: EquityPoint) => {
      insertEquity.run(p);
    },
    cancelOpenOrders: async (c: OpenOrdersCancel) => cancelOpenOrders(d, c),
  };
}

/** The open orders of the given accounts (a JSON array), in the restart transition's statements. */
const canceledOrders = (o = ''): string =>
  `${o}environment = @environment AND ${o}status IN (${OPEN_SQL}) AND ${o}account_id IN (SELECT value FROM json_each(@accounts))`;
const CANCELED_ORDERS = canceledOrders();
const NOW = 'CAST(@now AS INTEGER)';
/** The stored order `d` read as JSONB (parsed once per row, not once per value read). */
const JSON_SQLITE: JsonDialect = {
  at: (path) => `(d -> '$.${path}')`,
  isObject: (path) => `json_type(d, '$.${path}') = 'object'`,
  now: NOW,
  eventId: "@prefix || num || '_' || printf('%012d', s)",
};

/**
 * The restart transition's cancellations (canceled-orders.ts) in three statements over the open orders of the
 * partition's accounts, whatever their number: how many per account, their events inserted, the orders rewritten.
 */
function cancelOpenOrders(d: Durability, c: OpenOrdersCancel): Map<string, number> {
  const params = { environment: c.environment, accounts: JSON.stringify(c.accounts), now: c.now };
  const counts = d.stmt(`SELECT account_id, COUNT(*) AS n FROM orders WHERE ${CANCELED_ORDERS} GROUP BY account_id`).all(params) as { account_id: string; n: number }[];
  // Each customer's events are numbered after its last one. A window function keeps the subquery from being
  // flattened: each row's JSONB is made once.
  const inserted = d
    .stmt(
      `INSERT INTO events (cseq, id, environment, account_id, customer_id, type, created_at, data)
       SELECT s, ${JSON_SQLITE.eventId}, @environment, account_id, customer_id, 'order.canceled', ${NOW}, ${canceledEventJson(JSON_SQLITE, c)}
       FROM (SELECT ROW_NUMBER() OVER (PARTITION BY o.customer_id ORDER BY o.seq)
                      + COALESCE((SELECT MAX(e.cseq) FROM events e WHERE e.environment = @environment AND e.customer_id = o.customer_id), 0) AS s,
                    o.account_id, o.customer_id, (SELECT c.number FROM customers c WHERE c.id = o.customer_id) AS num, jsonb(o.data) AS d
             FROM orders o WHERE ${canceledOrders('o.')})`,
    )
    .run({ ...params, prefix: c.eventIdPrefix }).changes;
  // Their webhook deliveries, in the same transaction (events.ts): the orders' events were the last written.
  if (inserted > 0) d.stmt(sqliteOutbox(`e.environment = @environment AND e.type = 'order.canceled' AND e.created_at = ${NOW} AND e.account_id IN (SELECT value FROM json_each(@accounts))`)).run(params);
  const status = "data ->> '$.status'";
  const sets = canceledKeys(c, NOW, status).flatMap(([key, value]) => [`'$.${key}'`, value]);
  const rewritten = d
    .stmt(
      `UPDATE orders SET status = ${canceledStatus(status)}, updated_at = ${NOW},
       data = json_set(data, '$.${KEY_ALWAYS_WRITTEN}', data -> '$.${KEY_ALWAYS_WRITTEN}', ${sets.join(', ')})
       WHERE ${CANCELED_ORDERS}`,
    )
    .run(params).changes;
  const total = counts.reduce((n, r) => n + r.n, 0);
  if (inserted !== total || rewritten !== total) throw new Error(`restart transition: ${total} open orders, ${inserted} events, ${rewritten} rewritten`);
  for (const r of counts) d.wroteEvent(r.account_id);
  return new Map(counts.map((r) => [r.account_id, r.n]));
}
