import { canceledEventJson, canceledKeys, canceledStatus, KEY_ALWAYS_WRITTEN, sqlText, type JsonDialect, type OpenOrdersCancel } from '../canceled-orders.js';
import type { OrderQuery, OrderRow, OrderReads, OrderWrites } from '../port.js';
import type { Environment } from '../../schemas/common.js';
import { equityValues, fillValues, OPEN_SQL, ORDER_SQL, orderList, orderValues, toOrder, type EquityPointRow, type FillRow } from '../sql/orders.js';
import type { Q } from './durability.js';
import { noteWritten, postgresOutbox, type EventTxState } from './events.js';

type Mode = 'isolated' | 'cross';

export function orderReads(q: Q): OrderReads {
  const orders = async (sql: string, params: unknown[]) => (await q.rows(sql, params)).map(toOrder);
  return {
    getOrder: async (id: string) => (await orders(ORDER_SQL.byId, [id]))[0],
    findOrderByClientId: async (customerId: string, environment: Environment, clientOrderId: string) =>
      (await orders(ORDER_SQL.byClientId, [customerId, environment, clientOrderId]))[0],
    listOrders: (o: OrderQuery) => {
      const { sql, params } = orderList(o);
      return q.rows<{ id: string; data: string }>(sql, params);
    },
    listOpenOrders: (environment: Environment) => orders(ORDER_SQL.open, [environment]),
    maxOrderSeq: async (environment: Environment) => Number((await q.rows<{ n: number }>(ORDER_SQL.maxSeq, [environment]))[0]!.n),
    listFills: (accountId: string, afterId: string | undefined, limit: number) =>
      afterId
        ? q.rows<{ id: string; data: string }>(ORDER_SQL.fillsAfter, [accountId, afterId, accountId, limit])
        : q.rows<{ id: string; data: string }>(ORDER_SQL.fills, [accountId, limit]),
    listPositions: (environment: Environment) => q.rows<{ account_id: string; market: string; data: string }>(ORDER_SQL.positions, [environment]),
    listMarginSettings: (environment: Environment) =>
      q.rows<{ account_id: string; market: string; leverage: number; mode: Mode }>(ORDER_SQL.margins, [environment]),
    listEquityPoints: (accountId: string, resolution: 'trade' | 'day') =>
      q.rows<{ time: number; equity: string; balance: string }>(ORDER_SQL.equity, [accountId, resolution]),
  };
}

export function orderWrites(q: Q, events: EventTxState): OrderWrites {
  return {
    upsertOrder: async (o: OrderRow) => {
      await q.write(ORDER_SQL.upsert, orderValues(o));
    },
    insertFill: async (f: FillRow) => {
      await q.write(ORDER_SQL.insertFill, fillValues(f));
    },
    putPosition: async (accountId: string, market: string, data: string | null) => {
      if (data === null) await q.write(ORDER_SQL.deletePosition, [accountId, market]);
      else await q.write(ORDER_SQL.putPosition, [accountId, market, data]);
    },
    putMarginSetting: async (accountId: string, market: string, leverage: number, mode: Mode) => {
      await q.write(ORDER_SQL.putMargin, [accountId, market, leverage, mode]);
    },
    insertEquityPoint: async (p: EquityPointRow) => {
      await q.write(ORDER_SQL.insertEquity, equityValues(p));
    },
    cancelOpenOrders: async (c: OpenOrdersCancel) => cancelOpenOrders(q, events, c),
  };
}

/** The open orders of the given accounts ($1 environment, $2 the accounts), in the restart transition's statements. */
const canceledOrders = (o = ''): string => `${o}environment = $1 AND ${o}status IN (${OPEN_SQL}) AND ${o}account_id = ANY($2::text[])`;
const CANCELED_ORDERS = canceledOrders();
const NOW = '$3::bigint';
const pathOf = (path: string) => sqlText(`{${path.split('.').join(',')}}`);
/** The stored order `d` read as jsonb (whose text of a string, number, boolean or null is JSON.stringify's). */
const JSON_PG: JsonDialect = {
  at: (path) => `(d #> ${pathOf(path)})::text`,
  isObject: (path) => `jsonb_typeof(d #> ${pathOf(path)}) = 'object'`,
  now: NOW,
  eventId: `$4::text || num || '_' || lpad(s::text, greatest(12, length(s::text)), '0')`,
};

/**
 * The restart transition's cancellations (canceled-orders.ts) in three statements over the open orders of the
 * partition's accounts, whatever their number: how many per account, their events inserted, the orders rewritten.
 * The order's text is rebuilt key by key from json (not jsonb, which would reorder the keys): the same text the
 * engine's serializer writes.
 */
async function cancelOpenOrders(q: Q, events: EventTxState, c: OpenOrdersCancel): Promise<Map<string, number>> {
  const orders = [c.environment, [...c.accounts]];
  const counts = await q.rows<{ account_id: string; n: number }>(
    `SELECT account_id, COUNT(*)::bigint AS n FROM orders WHERE ${CANCELED_ORDERS} GROUP BY account_id`,
    orders,
  );
  // Each customer's events are numbered after its last one.
  const inserted = await q.changes(
    `INSERT INTO events (cseq, id, environment, account_id, customer_id, type, created_at, data)
     SELECT s, ${JSON_PG.eventId}, $1, account_id, customer_id, 'order.canceled', ${NOW}, ${canceledEventJson(JSON_PG, c)}
     FROM (SELECT ROW_NUMBER() OVER (PARTITION BY o.customer_id ORDER BY o.seq)
                    + COALESCE((SELECT MAX(e.cseq) FROM events e WHERE e.environment = $1 AND e.customer_id = o.customer_id), 0) AS s,
                  o.account_id, o.customer_id, (SELECT c.number FROM customers c WHERE c.id = o.customer_id) AS num, o.data::jsonb AS d
           FROM orders o WHERE ${canceledOrders('o.')}) o`,
    [...orders, c.now, c.eventIdPrefix],
  );
  // Their webhook deliveries, in the same transaction (events.ts).
  if (inserted > 0) await q.write(postgresOutbox(`e.environment = $1 AND e.type = 'order.canceled' AND e.created_at = ${NOW} AND e.account_id = ANY($2::text[])`), [...orders, c.now]);
  const status = "(o.data::json ->> 'status')";
  const set = canceledKeys(c, NOW, status).map(([key, value]) => `WHEN ${sqlText(key)} THEN to_json(${value})::text`);
  const rewritten = await q.changes(
    `UPDATE orders o SET status = ${canceledStatus(status)}, updated_at = ${NOW}, data = (
       SELECT '{' || string_agg(to_json(e.key)::text || ':' || CASE e.key ${set.join(' ')} ELSE e.value::text END, ',' ORDER BY e.n)
         || CASE WHEN bool_or(e.key = ${sqlText(KEY_ALWAYS_WRITTEN)}) THEN '' ELSE ${sqlText(`,"${KEY_ALWAYS_WRITTEN}":null`)} END || '}'
       FROM json_each(o.data::json) WITH ORDINALITY AS e(key, value, n))
     WHERE ${CANCELED_ORDERS}`,
    [...orders, c.now],
  );
  const total = counts.reduce((n, r) => n + r.n, 0);
  if (inserted !== total || rewritten !== total) throw new Error(`restart transition: ${total} open orders, ${inserted} events, ${rewritten} rewritten`);
  if (total > 0) noteWritten(events, counts.map((r) => r.account_id));
  return new Map(counts.map((r) => [r.account_id, r.n]));
}
