import { jsonPage, storedOrderJson } from '../../views/trading-views.js';
import type { StoredRow } from '../facades.js';

/**
 * A page of orders as JSON text, read as limit + 1 rows: assembled from each order's JSON, serialized by the same
 * compiled Order schema the single-order route uses and cached per stored version (views/trading-views.ts).
 */
export function orderPageJson(rows: readonly StoredRow[], limit: number, serialize: Parameters<typeof storedOrderJson>[1]): string {
  const shown = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return jsonPage(
    shown.map((row) => storedOrderJson(row, serialize)),
    hasMore ? (shown.at(-1)?.id ?? null) : null,
    hasMore,
  );
}
