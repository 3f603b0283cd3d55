import { OPEN_STATUSES } from '../../engine/order-status.js';
import type { OpenOrderRewrite, OrderQuery, OrderRow } from '../port.js';
import type { Environment } from '../../schemas/common.js';
import type { Q } from './durability.js';

/** The open statuses as an SQL list (engine/order-status.ts holds the one list). */
const OPEN_SQL = OPEN_STATUSES.map((st) => `'${st}'`).join(', ');
const ORDER_COLUMNS = 'id, seq, environment, account_id, customer_id, client_order_id, market, status, created_at, updated_at, data';
/** Open orders rewritten per page by the restart transition. */
const REWRITE_PAGE = 2000;

type Fill = { id: string; account_id: string; order_id: string; filled_at: number; data: string };
type Mode = 'isolated' | 'cross';

export function orderReads(q: Q) {
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

export function orderWrites(q: Q, insertEvent: (e: OpenOrderRewrite['event']) => Promise<void>) {
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
    /** The restart transition: open orders oldest first, a page at a time (100k rows are never all in memory). */
    rewriteOpenOrders: async (environment: Environment, rewrite: (row: OrderRow) => OpenOrderRewrite | null) => {
      let after = -1;
      let n = 0;
      for (;;) {
        const rows = await q.rows<OrderRow>(
          `SELECT ${ORDER_COLUMNS} FROM orders WHERE environment = $1 AND status IN (${OPEN_SQL}) AND seq > $2 ORDER BY seq LIMIT $3`,
          [environment, after, REWRITE_PAGE],
        );
        for (const row of rows) {
          after = row.seq;
          const next = rewrite(row);
          if (!next) continue;
          await q.changes('UPDATE orders SET status = $1, updated_at = $2, data = $3 WHERE id = $4', [next.status, next.updated_at, next.data, row.id]);
          await insertEvent(next.event);
          n++;
        }
        if (rows.length < REWRITE_PAGE) return n;
      }
    },
  };
}
