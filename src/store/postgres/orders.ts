import { OPEN_STATUSES } from '../../engine/order-status.js';
import { canceledEventJson, canceledKeys, canceledStatus, KEY_ALWAYS_WRITTEN, sqlText, type JsonDialect, type OpenOrdersCancel } from '../canceled-orders.js';
import type { OrderQuery, OrderRow, OrderReads, OrderWrites } from '../port.js';
import type { Environment } from '../../schemas/common.js';
import type { Q } from './durability.js';
import { noteWritten, postgresOutbox, type EventTxState } from './events.js';

/** The open statuses as an SQL list (engine/order-status.ts holds the one list). */
const OPEN_SQL = OPEN_STATUSES.map((st) => `'${st}'`).join(', ');
const ORDER_COLUMNS = 'id, seq, environment, account_id, customer_id, client_order_id, market, status, created_at, updated_at, data';

type Fill = { id: string; account_id: string; order_id: string; filled_at: number; data: string };
type Mode = 'isolated' | 'cross';

export function orderReads(q: Q): OrderReads {
  return {
    getOrder: async (id: string) => (await q.rows<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1`, [id]))[0],
    findOrderByClientId: async (customerId: string, environment: Environment, clientOrderId: string) =>
      (
        await q.rows<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE customer_id = $1 AND environment = $2 AND client_order_id = $3`, [
          customerId,
          environment,
          clientOrderId,
        ])
      )[0],
    listOrders: (o: OrderQuery) => {
      const params: unknown[] = [o.accountId];
      const where = ['account_id = $1'];
      const add = (sql: string, v: unknown) => {
        params.push(v);
        where.push(sql.replace('?', `$${params.length}`));
      };
      if (o.status && o.status.length > 0) add('status = ANY(?::text[])', o.status);
      if (o.market) add('market = ?', o.market);
      if (o.clientOrderId) add('client_order_id = ?', o.clientOrderId);
      if (o.after) add('seq < (SELECT seq FROM orders WHERE id = ?)', o.after);
      params.push(o.limit);
      return q.rows<{ id: string; data: string }>(`SELECT id, data FROM orders WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT $${params.length}`, params);
    },
    listOpenOrders: (environment: Environment) =>
      q.rows<OrderRow>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE environment = $1 AND status IN (${OPEN_SQL}) ORDER BY seq`, [environment]),
    // Per account off orders_account (one seek each), not a scan of every order ever placed.
    maxOrderSeq: async (environment: Environment) =>
      (
        await q.rows<{ n: number }>(
          'SELECT COALESCE(MAX((SELECT MAX(seq) FROM orders WHERE account_id = accounts.id)), 0)::bigint AS n FROM accounts WHERE environment = $1',
          [environment],
        )
      )[0]!.n,
    listFills: (accountId: string, afterId: string | undefined, limit: number) =>
      afterId
        ? // The cursor counts only as a fill of this account: another account's fill id pages nothing (invalid_cursor).
          q.rows<{ id: string; data: string }>(
            'SELECT id, data FROM fills WHERE account_id = $1 AND seq < (SELECT seq FROM fills WHERE id = $2 AND account_id = $1) ORDER BY seq DESC LIMIT $3',
            [accountId, afterId, limit],
          )
        : q.rows<{ id: string; data: string }>('SELECT id, data FROM fills WHERE account_id = $1 ORDER BY seq DESC LIMIT $2', [accountId, limit]),
    listPositions: (environment: Environment) =>
      q.rows<{ account_id: string; market: string; data: string }>(
        'SELECT p.account_id, p.market, p.data FROM positions p JOIN accounts a ON a.id = p.account_id WHERE a.environment = $1',
        [environment],
      ),
    listMarginSettings: (environment: Environment) =>
      q.rows<{ account_id: string; market: string; leverage: number; mode: Mode }>(
        'SELECT m.account_id, m.market, m.leverage, m.mode FROM margin_settings m JOIN accounts a ON a.id = m.account_id WHERE a.environment = $1',
        [environment],
      ),
    listEquityPoints: (accountId: string, resolution: 'trade' | 'day') =>
      q.rows<{ time: number; equity: string; balance: string }>(
        'SELECT time, equity, balance FROM equity_points WHERE account_id = $1 AND resolution = $2 ORDER BY seq',
        [accountId, resolution],
      ),
  };
}

export function orderWrites(q: Q, events: EventTxState): OrderWrites {
  return {
    upsertOrder: async (o: OrderRow) => {
      await q.write(
        `INSERT INTO orders (${ORDER_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (id) DO UPDATE SET status = excluded.status, updated_at = excluded.updated_at, data = excluded.data`,
        [o.id, o.seq, o.environment, o.account_id, o.customer_id, o.client_order_id, o.market, o.status, o.created_at, o.updated_at, o.data],
      );
    },
    insertFill: async (f: Fill) => {
      await q.write('INSERT INTO fills (id, account_id, order_id, filled_at, data) VALUES ($1, $2, $3, $4, $5)', [f.id, f.account_id, f.order_id, f.filled_at, f.data]);
    },
    putPosition: async (accountId: string, market: string, data: string | null) => {
      if (data === null) await q.write('DELETE FROM positions WHERE account_id = $1 AND market = $2', [accountId, market]);
      else
        await q.write('INSERT INTO positions (account_id, market, data) VALUES ($1, $2, $3) ON CONFLICT (account_id, market) DO UPDATE SET data = excluded.data', [
          accountId,
          market,
          data,
        ]);
    },
    putMarginSetting: async (accountId: string, market: string, leverage: number, mode: Mode) => {
      await q.write(
        `INSERT INTO margin_settings (account_id, market, leverage, mode) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id, market) DO UPDATE SET leverage = excluded.leverage, mode = excluded.mode`,
        [accountId, market, leverage, mode],
      );
    },
    insertEquityPoint: async (p: { account_id: string; resolution: 'trade' | 'day'; time: number; equity: string; balance: string }) => {
      await q.write('INSERT INTO equity_points (account_id, resolution, time, equity, balance) VALUES ($1, $2, $3, $4, $5)', [
        p.account_id,
        p.resolution,
        p.time,
        p.equity,
        p.balance,
      ]);
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
