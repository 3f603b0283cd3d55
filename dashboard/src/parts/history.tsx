// Fills and events of the account, a page at a time (the API's cursors: Next follows next_cursor, Previous goes back
// to the cursor the shown page started from).
import { useState } from 'preact/hooks';
import type { ApiEvent, Fill, Page } from '../api/types.js';
import { time } from '../decimal.js';
import { useLoad } from '../hooks.js';
import { useApp } from '../state.js';
import { Button, ErrorNote, Num } from './ui.js';

const PAGE = 20;

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
            {fills.list.data?.data.length === 0 ? <p class="muted empty">No fill yet.</p> : null}
            {fills.list.data && fills.list.data.data.length > 0 ? (
              <div class="table-wrap">
                <table class="table" data-testid="fills">
                  <thead>
                    <tr>
                      <th scope="col">Time</th>
                      <th scope="col">Market</th>
                      <th scope="col">Side</th>
                      <th scope="col" class="r">
                        Size
                      </th>
                      <th scope="col" class="r">
                        Price
                      </th>
                      <th scope="col" class="r">
                        Fee
                      </th>
                      <th scope="col" class="r">
                        Realized
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {fills.list.data.data.map((f) => (
                      <tr>
                        <td class="num">{time(f.filled_at)}</td>
                        <td>{f.market}</td>
                        <td>
                          <span class={`side side-${f.side}`}>{f.side}</span>
                        </td>
                        <td class="r">
                          <Num kind="price" value={f.size} width={9} />
                        </td>
                        <td class="r">
                          <Num kind="price" value={f.price} width={10} />
                        </td>
                        <td class="r">
                          <Num value={f.fee} width={8} />
                        </td>
                        <td class="r">
                          <Num value={f.realized_pnl} width={10} signed />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            <Pager label="Fills" page={fills.page} hasMore={Boolean(fills.list.data?.has_more)} onPrev={fills.prev} onNext={fills.next} />
          </>
        ) : (
          <>
            <ErrorNote error={events.list.error} />
            {events.list.data?.data.length === 0 ? <p class="muted empty">No event yet.</p> : null}
            {events.list.data && events.list.data.data.length > 0 ? (
              <div class="table-wrap">
                <table class="table" data-testid="events">
                  <thead>
                    <tr>
                      <th scope="col">Time</th>
                      <th scope="col">Type</th>
                      <th scope="col">Source</th>
                      <th scope="col">Subject</th>
                    </tr>
                  </thead>
                  <tbody>
                    {events.list.data.data.map((e) => (
                      <tr>
                        <td class="num">{time(e.created_at)}</td>
                        <td>
                          <code class="code">{e.type}</code>
                        </td>
                        <td>{e.source}</td>
                        <td class="mono small">{describe(e)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            <Pager label="Events" page={events.page} hasMore={Boolean(events.list.data?.has_more)} onPrev={events.prev} onNext={events.next} />
          </>
        )}
      </div>
    </section>
  );
}

function describe(e: ApiEvent): string {
  const d = e.data as Record<string, string | null | undefined>;
  if (e.type.startsWith('order.')) return `${d.id} ${d.side ?? ''} ${d.type} ${d.size} ${d.market} → ${d.status}`;
  if (e.type === 'fill.created') return `${d.side} ${d.size} ${d.market} @ ${d.price}`;
  if (e.type.startsWith('position.')) return `${d.market} ${d.side} ${d.size}`;
  return '';
}
