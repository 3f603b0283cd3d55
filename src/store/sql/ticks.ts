import type { TickQuery, TickRow } from '../port.js';
import { insertInto } from './dialect.js';
import { num, text, type Row } from './rows.js';

const TICK_COLUMNS = ['market', 'time', 'kind', 'source', 'bid', 'ask', 'last', 'exchange_time', 'raw', 'used', 'set_aside'] as const;

/** The tick record: pages by (time, id) on the index (market, time, id). */
export const TICK_SQL = {
  page: 'SELECT * FROM ticks WHERE market = ? AND time >= ? AND time <= ? AND (time, id) > (?, ?) ORDER BY time, id LIMIT ?',
  /** One row; PostgreSQL writes a batch in one statement through unnest (ticks.ts there). */
  insert: insertInto('ticks', TICK_COLUMNS),
  /** The oldest `limit` rows by id, up to the first one inside the retention: no index on time needed. Parameters: time, limit. */
  deleteBefore: `DELETE FROM ticks WHERE id < (
       SELECT COALESCE(MIN(CASE WHEN time >= ? THEN id END), MAX(id) + 1) FROM (SELECT id, time FROM ticks ORDER BY id LIMIT ?) oldest
     )`,
} as const;

export const TICK_INSERTED = TICK_COLUMNS;

export const tickPage = (q: TickQuery): unknown[] => [q.market, q.from, q.to, q.after?.time ?? q.from, q.after?.id ?? 0, q.limit];

export const toTick = (r: Row): TickRow => ({
  id: Number(r.id),
  market: r.market as string,
  time: Number(r.time),
  kind: r.kind as TickRow['kind'],
  source: r.source as string,
  bid: r.bid as string,
  ask: r.ask as string,
  last: r.last as string,
  exchange_time: num(r.exchange_time),
  raw: text(r.raw),
  used: text(r.used),
  set_aside: text(r.set_aside),
});

export const tickValues = (t: Omit<TickRow, 'id'>): unknown[] => TICK_COLUMNS.map((c) => t[c]);
