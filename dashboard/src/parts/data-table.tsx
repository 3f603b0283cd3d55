// Every table of the dashboard: one markup for the header, the rows and the empty state, so each list only says
// what its columns are. Each cell carries its column's name (data-label): on a phone the stylesheet stacks each row
// into a small card of "label value" lines with its buttons in view, where a wide table would scroll sideways.
import type { ComponentChildren } from 'preact';

export interface Column<T> {
  /** The header text; for an actions column it is read by screen readers only. */
  header: string;
  cell: (row: T) => ComponentChildren;
  /** Figures line up on the right. */
  align?: 'right';
  /** Extra classes of the cell (num, small, mono…). */
  class?: string;
  /** The cell names its row (a th scope="row"), e.g. the market of a position. */
  rowHeader?: boolean;
  /** The buttons of the row: the header is visually hidden. */
  actions?: boolean;
  /** data-testid of the cell, for the browser tests. */
  testid?: string;
}

export interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** Shown in place of the table when there is no row. */
  empty: ComponentChildren;
  /** Attributes of a row (data-market, a class…). */
  rowAttrs?: (row: T) => Record<string, string | undefined>;
  testid?: string;
}

const cellClass = (c: Column<unknown>): string | undefined =>
  [c.align === 'right' || c.actions ? 'r' : '', c.actions ? 'actions' : '', c.class ?? ''].filter(Boolean).join(' ') || undefined;

export function DataTable<T>({ rows, columns, rowKey, empty, rowAttrs, testid }: DataTableProps<T>) {
  if (rows.length === 0) return <p class="muted empty">{empty}</p>;
  return (
    <div class="table-wrap">
      <table class="table" data-testid={testid}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" class={c.align === 'right' ? 'r' : undefined}>
                {c.actions ? <span class="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowAttrs?.(row)}>
              {columns.map((c) => {
                const Cell = c.rowHeader ? 'th' : 'td';
                return (
                  <Cell scope={c.rowHeader ? 'row' : undefined} class={cellClass(c as Column<unknown>)} data-label={c.actions ? undefined : c.header} data-testid={c.testid}>
                    {c.cell(row)}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
