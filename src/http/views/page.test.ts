import { describe, expect, it } from 'vitest';
import { listPage, listPageAsync } from './page.js';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `r${i + 1}` }));

describe('listPage', () => {
  it('shows limit rows and points the cursor at the last shown one when the extra row is there', () => {
    expect(listPage(rows(3), 2, (r) => r.id)).toEqual({ data: ['r1', 'r2'], next_cursor: 'r2', has_more: true });
  });

  it('has no cursor when the rows fit the page', () => {
    expect(listPage(rows(2), 2, (r) => r.id)).toEqual({ data: ['r1', 'r2'], next_cursor: null, has_more: false });
    expect(listPage([], 5, (r: { id: string }) => r.id)).toEqual({ data: [], next_cursor: null, has_more: false });
  });

  it('waits for fetched views, in row order', async () => {
    const later = (r: { id: string }, ms: number) => new Promise<string>((done) => queueMicrotask(() => done(`${r.id}:${ms}`)));
    expect(await listPageAsync(rows(3), 2, (r) => later(r, 1))).toEqual({ data: ['r1:1', 'r2:1'], next_cursor: 'r2', has_more: true });
  });
});
