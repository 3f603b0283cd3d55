import type { Page } from './types.js';

/**
 * Every item of a list, page after page: `page(after)` fetches one page (pass `after` on as the list's `after`
 * parameter); stops when `has_more` is false.
 *   for await (const order of paginate((after) => rampart.orders.list(accountId, { after, limit: 100 }))) …
 */
export async function* paginate<T>(page: (after: string | undefined) => Promise<Page<T>>): AsyncGenerator<T, void, undefined> {
  let after: string | undefined;
  for (;;) {
    const p = await page(after);
    yield* p.data;
    if (!p.has_more || p.next_cursor === null) return;
    after = p.next_cursor;
  }
}
