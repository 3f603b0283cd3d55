import type { TickQuery, TickRow, TickReads, TickWrites } from '../port.js';
import type { Row } from './connection.js';
import type { Sql } from './durability.js';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

const toTick = (r: Row): TickRow => ({
  id: Number(r.id),
  market: r.market as string,
  time: Number(r.time),
  kind: r.kind as TickRow['kind'],
  source: r.source as string,
  bid: r.bid as string,
  ask: r.ask as string,
  last: r.last as string,
  exchange_time: num(r.exchange_time),
  raw: (r.raw as string | null) ?? null,
  used: (r.used as string | null) ?? null,
  set_aside: (r.set_aside as string | null) ?? null,
});

/** The tick record on SQLite (migration 014): pages by (time, id) on the index (market, time, id). */
export function tickReads(sql: Sql): TickReads {
  const page = sql.stmt(
    `SELECT * FROM ticks WHERE market = @market AND time >= @from AND time <= @to AND (time, id) > (@at, @id)
     ORDER BY time, id LIMIT @limit`,
  );
  return {
    listTicks: (q: TickQuery) =>
      sql.read(() =>
        (page.all({ market: q.market, from: q.from, to: q.to, at: q.after?.time ?? q.from, id: q.after?.id ?? 0, limit: q.limit }) as Row[]).map(toTick),
      ),
  };
}

export function tickWrites(sql: Sql): TickWrites {
  const insert = sql.stmt(
    `INSERT INTO ticks (market, time, kind, source, bid, ask, last, exchange_time, raw, used, set_aside)
     VALUES (@market, @time, @kind, @source, @bid, @ask, @last, @exchange_time, @raw, @used, @set_aside)`,
  );
  // The oldest `limit` rows by id, up to the first one inside the retention: no index on time needed.
  const deleteBefore = sql.stmt(
    `DELETE FROM ticks WHERE id < (
       WITH oldest AS (SELECT id, time FROM ticks ORDER BY id LIMIT @limit)
       SELECT COALESCE(MIN(CASE WHEN time >= @time THEN id END), MAX(id) + 1) FROM oldest
     )`,
  );
  return {
    insertTicks: async (rows: readonly Omit<TickRow, 'id'>[]) => {
      for (const r of rows) insert.run(r);
    },
    deleteTicksBefore: async (time: number, limit: number) => deleteBefore.run({ time, limit }).changes,
  };
}
