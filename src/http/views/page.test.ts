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
    // The first view settles last: the page keeps the rows' order all the same.
    const view = (r: { id: string }) => new Promise<string>((done) => setTimeout(() => done(r.id), r.id === 'r1' ? 5 : 0));
    expect(await listPageAsync(rows(3), 2, view)).toEqual({ data: ['r1', 'r2'], next_cursor: 'r2', has_more: true });
  });
});
