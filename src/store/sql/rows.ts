/** A row as either driver hands it back. */
export type Row = Record<string, unknown>;

/** A number, or null (SQLite may hand back a bigint, PostgreSQL a number through the pool's type parsers). */
export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** A boolean column: SQLite's 0/1, PostgreSQL's boolean. */
export const bool = (v: unknown): boolean => v === true || v === 1 || v === 1n;

/** A JSON text column, parsed. */
export const json = <T>(v: unknown): T => JSON.parse(String(v)) as T;

/** A text column that may be null. */
export const text = (v: unknown): string | null => (v === null || v === undefined ? null : (v as string));
