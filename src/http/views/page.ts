/** A page of a list answer: `data`, `next_cursor` (the last shown id while there is more) and `has_more`. */
export interface Page<V> {
  data: V[];
  next_cursor: string | null;
  has_more: boolean;
}

/** The page of `rows`, read as limit + 1 rows: the extra row, never shown, tells there is more. */
export function listPage<R extends { id: string }, V>(rows: readonly R[], limit: number, view: (row: R) => V): Page<V> {
  const shown = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return { data: shown.map(view), next_cursor: hasMore ? (shown.at(-1)?.id ?? null) : null, has_more: hasMore };
}

/** listPage with a view that must be fetched (an account's engine figures may live on another node). */
export async function listPageAsync<R extends { id: string }, V>(rows: readonly R[], limit: number, view: (row: R) => Promise<V>): Promise<Page<V>> {
  const page = listPage(rows, limit, view);
  return { data: await Promise.all(page.data), next_cursor: page.next_cursor, has_more: page.has_more };
}
