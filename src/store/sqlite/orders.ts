import type { Environment } from '../../schemas/common.js';
import { canceledEventJson, canceledKeys, canceledStatus, KEY_ALWAYS_WRITTEN, type JsonDialect, type OpenOrdersCancel } from '../canceled-orders.js';
import type { OrderQuery, OrderRow, OrderReads, OrderWrites } from '../port.js';
import { equityValues, fillValues, OPEN_SQL, ORDER_SQL, orderList, orderValues, toOrder, type EquityPointRow, type FillRow } from '../sql/orders.js';
import type { Row } from '../sql/rows.js';
import type { Durability, Sql } from './durability.js';
import { sqliteOutbox } from './events.js';

type MarginSetting = { account_id: string; market: string; leverage: number; mode: 'isolated' | 'cross' };
type Listed = { id: string; data: string };

/** Orders, fills, positions, margin settings and equity points (the statements: ../sql/orders.ts). */
export function orderReads(sql: Sql): OrderReads {
  const byId = sql.stmt(ORDER_SQL.byId);
  const byClientId = sql.stmt(ORDER_SQL.byClientId);
  const maxSeq = sql.stmt(ORDER_SQL.maxSeq);
  const open = sql.stmt(ORDER_SQL.open);
  const fillsAfter = sql.stmt(ORDER_SQL.fillsAfter);
  const fills = sql.stmt(ORDER_SQL.fills);
  const positions = sql.stmt(ORDER_SQL.positions);
  const margins = sql.stmt(ORDER_SQL.margins);
  const equity = sql.stmt(ORDER_SQL.equity);
  const one = (r: unknown): OrderRow | undefined => (r ? toOrder(r as Row) : undefined);
  return {
    getOrder: (id: string) => sql.read(() => one(byId.get(id))),
    findOrderByClientId: (customerId: string, environment: Environment, clientOrderId: string) =>
      sql.read(() => one(byClientId.get(customerId, environment, clientOrderId))),
    // One statement per combination of filters, prepared at its first use.
    listOrders: (q: OrderQuery) =>
      sql.read(() => {
        const { sql: text, params } = orderList(q);
        return sql.stmt(text).all(params) as Listed[];
      }),
    maxOrderSeq: (environment: Environment) => sql.read(() => Number((maxSeq.get(environment) as Row).n)),
    listOpenOrders: (environment: Environment) => sql.read(() => (open.all(environment) as Row[]).map(toOrder)),
    listFills: (accountId: string, afterId: string | undefined, limit: number) =>
      sql.read(() => (afterId ? (fillsAfter.all(accountId, afterId, accountId, limit) as Listed[]) : (fills.all(accountId, limit) as Listed[]))),
    listPositions: (environment: Environment) => sql.read(() => positions.all(environment) as { account_id: string; market: string; data: string }[]),
    listMarginSettings: (environment: Environment) => sql.read(() => margins.all(environment) as MarginSetting[]),
    listEquityPoints: (accountId: string, resolution: 'trade' | 'day') =>
      sql.read(() => equity.all(accountId, resolution) as { time: number; equity: string; balance: string }[]),
  };
}

export function orderWrites(d: Durability): OrderWrites {
  const sql: Sql = d;
  const upsert = sql.stmt(ORDER_SQL.upsert);
  const insertFill = sql.stmt(ORDER_SQL.insertFill);
  const deletePosition = sql.stmt(ORDER_SQL.deletePosition);
  const putPosition = sql.stmt(ORDER_SQL.putPosition);
  const putMargin = sql.stmt(ORDER_SQL.putMargin);
  const insertEquity = sql.stmt(ORDER_SQL.insertEquity);
  return {
    upsertOrder: async (o: OrderRow) => {
      upsert.run(orderValues(o));
    },
    insertFill: async (f: FillRow) => {
      insertFill.run(fillValues(f));
    },
    putPosition: async (accountId: string, market: string, data: string | null) => {
      if (data === null) deletePosition.run(accountId, market);
      else putPosition.run(accountId, market, data);
    },
    putMarginSetting: async (accountId: string, market: string, leverage: number, mode: 'isolated' | 'cross') => {
      putMargin.run(accountId, market, leverage, mode);
    },
    insertEquityPoint: async (p: EquityPointRow) => {
      insertEquity.run(equityValues(p));
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
  if (inserted > 0 && d.stmt(sqliteOutbox(`e.environment = @environment AND e.type = 'order.canceled' AND e.created_at = ${NOW} AND e.account_id IN (SELECT value FROM json_each(@accounts))`)).run(params).changes > 0) {
    d.madeDeliveries();
  }
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
