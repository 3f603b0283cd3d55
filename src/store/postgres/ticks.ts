import type { TickQuery, TickRow, TickReads, TickWrites } from '../port.js';
import type { Q } from './durability.js';

/** The tick record on PostgreSQL: the mirror of ../sqlite/ticks.ts (migration 008). */
export function tickReads(q: Q): TickReads {
  return {
    listTicks: (t: TickQuery) =>
      q.rows<TickRow>(
        `SELECT * FROM ticks WHERE market = $1 AND time >= $2 AND time <= $3 AND (time, id) > ($4, $5)
         ORDER BY time, id LIMIT $6`,
        [t.market, t.from, t.to, t.after?.time ?? t.from, t.after?.id ?? 0, t.limit],
      ),
  };
}

export function tickWrites(q: Q): TickWrites {
  return {
    // One statement for the batch: one round trip, whatever its size.
    insertTicks: async (rows: readonly Omit<TickRow, 'id'>[]) => {
      if (rows.length === 0) return;
      const col = <K extends keyof Omit<TickRow, 'id'>>(k: K) => rows.map((r) => r[k]);
      await q.write(
        `INSERT INTO ticks (market, time, kind, source, bid, ask, last, exchange_time, raw, used, set_aside)
         SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[],
           $9::text[], $10::text[], $11::text[])`,
        [
          col('market'), col('time'), col('kind'), col('source'), col('bid'), col('ask'), col('last'),
          col('exchange_time'), col('raw'), col('used'), col('set_aside'),
        ],
      );
    },
    // The oldest `limit` rows by id, up to the first one inside the retention: no index on time needed.
    deleteTicksBefore: (time: number, limit: number) =>
      q.changes(
        `DELETE FROM ticks WHERE id < (
           SELECT COALESCE(MIN(CASE WHEN time >= $1 THEN id END), MAX(id) + 1)
           FROM (SELECT id, time FROM ticks ORDER BY id LIMIT $2) oldest
         )`,
        [time, limit],
      ),
  };
}
