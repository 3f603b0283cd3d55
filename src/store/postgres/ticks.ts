import type { TickQuery, TickReads, TickRow, TickWrites } from '../port.js';
import { TICK_INSERTED, TICK_SQL, tickPage, toTick } from '../sql/ticks.js';
import type { Q } from './durability.js';

/** The tick record on PostgreSQL (the statements: ../sql/ticks.ts). */
export function tickReads(q: Q): TickReads {
  return {
    listTicks: async (t: TickQuery) => (await q.rows(TICK_SQL.page, tickPage(t))).map(toTick),
  };
}

/** A batch of ticks in one statement, one array per column (PostgreSQL's own: SQLite inserts row by row). */
const INSERT_BATCH = `INSERT INTO ticks (${TICK_INSERTED.join(', ')})
  SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::text[], $10::text[], $11::text[])`;

export function tickWrites(q: Q): TickWrites {
  return {
    // One statement for the batch: one round trip, whatever its size.
    insertTicks: async (rows: readonly Omit<TickRow, 'id'>[]) => {
      if (rows.length === 0) return;
      await q.write(
        INSERT_BATCH,
        TICK_INSERTED.map((c) => rows.map((r) => r[c])),
      );
    },
    deleteTicksBefore: (time: number, limit: number) => q.changes(TICK_SQL.deleteBefore, [time, limit]),
  };
}
