// Fills and events of the account, a page at a time (the API's cursors: Next follows next_cursor, Previous goes back
// to the cursor the shown page started from).
import { useState } from 'preact/hooks';
import type { ApiEvent, Fill, Page } from '../api/types.js';
import { time } from '../decimal.js';
import { useLoad } from '../hooks.js';
import { useApp } from '../state.js';
import { DataTable, type Column } from './data-table.js';
import { Button, ErrorNote, Num } from './ui.js';

const PAGE = 20;

const FILL_COLUMNS: Column<Fill>[] = [
  { header: 'Time', class: 'num', cell: (f) => time(f.filled_at) },
  { header: 'Market', cell: (f) => f.market },
  { header: 'Side', cell: (f) => <span class={`side side-${f.side}`}>{f.side}</span> },
  { header: 'Size', align: 'right', cell: (f) => <Num kind="price" value={f.size} width={9} /> },
  { header: 'Price', align: 'right', cell: (f) => <Num kind="price" value={f.price} width={10} /> },
  { header: 'Fee', align: 'right', cell: (f) => <Num value={f.fee} width={8} /> },
  { header: 'Realized', align: 'right', cell: (f) => <Num value={f.realized_pnl} width={10} signed /> },
];

const EVENT_COLUMNS: Column<ApiEvent>[] = [
  { header: 'Time', class: 'num', cell: (e) => time(e.created_at) },
  { header: 'Type', cell: (e) => <code class="code">{e.type}</code> },
  { header: 'Source', cell: (e) => e.source },
  { header: 'Subject', class: 'mono small', cell: (e) => describe(e) },
];

function usePaged<T>(url: (after: string | null) => string, version: number, deps: unknown[]) {
  const { api } = useApp();
  const [stack, setStack] = useState<(string | null)[]>([null]);
  const after = stack[stack.length - 1] ?? null;
  // The first page follows the stream; a later page stays as it was opened.
  const list = useLoad(() => api.get<Page<T>>(url(after)), [api, after, after === null ? version : 0, ...deps]);
  return {
    list,
    page: stack.length,
    next: () => list.data?.next_cursor && setStack([...stack, list.data.next_cursor]),
    prev: () => stack.length > 1 && setStack(stack.slice(0, -1)),
  };
}

function Pager({ page, hasMore, onPrev, onNext, label }: { page: number; hasMore: boolean; onPrev: () => void; onNext: () => void; label: string }) {
  return (
    <div class="pager" role="navigation" aria-label={`${label} pages`}>
      <Button kind="ghost" class="btn-sm" disabled={page <= 1} onClick={onPrev}>
        ← Previous
      </Button>
      <span class="muted num">Page {page}</span>
      <Button kind="ghost" class="btn-sm" disabled={!hasMore} onClick={onNext}>
        Next →
      </Button>
    </div>
  );
}

export function History({ accountId, accountPath, version }: { accountId: string; accountPath: string; version: number }) {
  const [tab, setTab] = useState<'fills' | 'events'>('fills');
  const fills = usePaged<Fill>((after) => `${accountPath}/fills?limit=${PAGE}${after ? `&after=${encodeURIComponent(after)}` : ''}`, version, [accountPath]);
  const events = usePaged<ApiEvent>(
    (after) => `/v1/events?account_id=${encodeURIComponent(accountId)}&limit=${PAGE}${after ? `&after=${encodeURIComponent(after)}` : ''}`,
    version,
    [accountId],
  );
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      const next = tab === 'fills' ? 'events' : 'fills';
      setTab(next);
      document.getElementById(`tab-${next}`)?.focus();
    }
  };
  return (
    <section class="panel" aria-label="History">
      <div class="tabs" role="tablist" aria-label="History" onKeyDown={onKey}>
        {(['fills', 'events'] as const).map((t) => (
          <button
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`tabpanel-${t}`}
            tabIndex={tab === t ? 0 : -1}
            class={`tab${tab === t ? ' on' : ''}`}
            onClick={() => setTab(t)}
          >
            {t === 'fills' ? 'Fills' : 'Events'}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`tabpanel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'fills' ? (
          <>
            <ErrorNote error={fills.list.error} />
            {fills.list.data ? <DataTable rows={fills.list.data.data} columns={FILL_COLUMNS} rowKey={(f) => f.id} empty="No fill yet." testid="fills" /> : null}
            <Pager label="Fills" page={fills.page} hasMore={Boolean(fills.list.data?.has_more)} onPrev={fills.prev} onNext={fills.next} />
          </>
        ) : (
          <>
            <ErrorNote error={events.list.error} />
            {events.list.data ? <DataTable rows={events.list.data.data} columns={EVENT_COLUMNS} rowKey={(e) => e.id} empty="No event yet." testid="events" /> : null}
            <Pager label="Events" page={events.page} hasMore={Boolean(events.list.data?.has_more)} onPrev={events.prev} onNext={events.next} />
          </>
        )}
      </div>
    </section>
  );
}

function describe(e: ApiEvent): string {
  switch (e.type) {
    case 'order.created':
    case 'order.edited':
    case 'order.filled':
    case 'order.canceled':
    case 'order.expired':
    case 'order.rejected':
      return `${e.data.id} ${e.data.side ?? ''} ${e.data.type} ${e.data.size} ${e.data.market} → ${e.data.status}`;
    case 'fill.created':
      return `${e.data.side} ${e.data.size} ${e.data.market} @ ${e.data.price}`;
    case 'position.opened':
    case 'position.changed':
    case 'position.closed':
      return `${e.data.market} ${e.data.side} ${e.data.size}`;
    case 'signal.alert':
      return `${e.data.action} ${e.data.market ?? 'every market'} → ${e.data.outcome} ${e.data.order_id ?? e.data.code ?? ''}`.trim();
    default:
      return '';
  }
}
