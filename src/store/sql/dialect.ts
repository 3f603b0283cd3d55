/*
 * One source of SQL for both stores. Each resource's statements are written once, in its query table
 * (src/store/sql/<resource>.ts), with `?` placeholders, in the SQL both SQLite (3.45 and later) and PostgreSQL (15)
 * read the same way: ON CONFLICT … DO UPDATE / DO NOTHING, IS DISTINCT FROM, RETURNING, row values. The adapters keep
 * only how a statement runs (SQLite: prepared, synchronous, in the writer's transaction; PostgreSQL: pipelined in
 * the group commit) and what is truly one engine's own, each named where it is: advisory locks, SKIP LOCKED, the
 * lease check, the JSON edit of the restart cancel, batched inserts through unnest.
 *
 * Where the dialects spell one thing differently, a table entry is a `Dialects` pair, so the difference is visible
 * in one place.
 */

export type Dialect = 'sqlite' | 'postgres';

/** A statement spelled differently by the two engines (the query table says why). */
export interface Dialects {
  sqlite: string;
  postgres: string;
}

/** The larger of two values: SQLite's two-argument max(), PostgreSQL's GREATEST(). */
export const greatest = (a: string, b: string): Dialects => ({ sqlite: `MAX(${a}, ${b})`, postgres: `GREATEST(${a}, ${b})` });

const numbered = new Map<string, string>();

/**
 * A statement's `?` placeholders numbered for PostgreSQL ($1, $2…), outside quoted text; a statement already
 * numbered (or with none) is unchanged. Remembered per text: the query tables hold a few hundred.
 */
export function numberPlaceholders(sql: string): string {
  const known = numbered.get(sql);
  if (known !== undefined) return known;
  if (!sql.includes('?') || /\$\d/.test(sql)) return sql;
  let out = '';
  let n = 0;
  let quoted = false;
  for (const ch of sql) {
    if (ch === "'") quoted = !quoted;
    out += !quoted && ch === '?' ? `$${++n}` : ch;
  }
  if (numbered.size < 10_000) numbered.set(sql, out);
  return out;
}

/** A parameter as SQLite binds it: a boolean as 0 or 1 (better-sqlite3 binds no booleans). */
export const sqliteValue = (v: unknown): unknown => (typeof v === 'boolean' ? (v ? 1 : 0) : v);

/** Parameters as SQLite binds them. */
export const sqliteValues = (values: readonly unknown[]): unknown[] => values.map(sqliteValue);

/** `n` placeholders, comma-separated (an IN list, a VALUES row). */
export const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

/** INSERT of a row given its columns in order, one placeholder each. */
export const insertInto = (table: string, columns: readonly string[]): string =>
  `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders(columns.length)})`;

/** INSERT of a whole row that writes over the row with the same key (the same ON CONFLICT on both engines). */
export const upsertInto = (table: string, columns: readonly string[], key: readonly string[]): string =>
  `${insertInto(table, columns)} ON CONFLICT (${key.join(', ')}) DO UPDATE SET ${columns
    .filter((c) => !key.includes(c))
    .map((c) => `${c} = excluded.${c}`)
    .join(', ')}`;

/** A record's values in the order of its table's columns. */
export const valuesOf = <R>(record: R, columns: readonly (keyof R)[]): unknown[] => columns.map((c) => record[c]);
