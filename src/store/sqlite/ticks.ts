import type { TickQuery, TickReads, TickRow, TickWrites } from '../port.js';
import type { Row } from '../sql/rows.js';
import { TICK_SQL, tickPage, tickValues, toTick } from '../sql/ticks.js';
import type { Sql } from './durability.js';

/** The tick record on SQLite (the statements: ../sql/ticks.ts). */
export function tickReads(sql: Sql): TickReads {
  const page = sql.stmt(TICK_SQL.page);
  return {
    listTicks: (q: TickQuery) => sql.read(() => (page.all(tickPage(q)) as Row[]).map(toTick)),
  };
}

export function tickWrites(sql: Sql): TickWrites {
  const insert = sql.stmt(TICK_SQL.insert);
  const deleteBefore = sql.stmt(TICK_SQL.deleteBefore);
  return {
    insertTicks: async (rows: readonly Omit<TickRow, 'id'>[]) => {
      for (const r of rows) insert.run(tickValues(r));
    },
    deleteTicksBefore: async (time: number, limit: number) => deleteBefore.run(time, limit).changes,
  };
}
