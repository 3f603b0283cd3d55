import type { StoredRow } from '../facades.js';
import type { Page } from './page.js';

/**
 * A page of GET /v1/events from limit + 1 stored events: each event's JSON as stored; next_cursor is the page's
 * last id, or `after` itself when the page is empty (the client polls again from the same place).
 */
export function eventPage(rows: readonly StoredRow[], after: string | undefined, limit: number): Page<unknown> {
  const shown = rows.slice(0, limit);
  return {
    data: shown.map((r) => JSON.parse(r.data) as unknown),
    next_cursor: shown.at(-1)?.id ?? after ?? null,
    has_more: rows.length > limit,
  };
}
