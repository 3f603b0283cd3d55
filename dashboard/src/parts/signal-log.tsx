// A signal's log (GET /v1/signals/{id}/deliveries, newest first): each alert received — what it asked, or the error
// that refused it — and, per account, the order it placed or the refusal's code and message. Loaded when opened and
// again on Refresh (an alert's orders follow its 202, so a refresh shows them); older alerts page in on demand.
import { useState } from 'preact/hooks';
import type { Page, ReadAlert, SignalAlert, SignalResult } from '../api/types.js';
import { plain, time } from '../decimal.js';
import { useAction, useLoad } from '../hooks.js';
import { useApp } from '../state.js';
import { DataTable, type Column } from './data-table.js';
import { Button, ErrorNote } from './ui.js';

const PAGE = 20;

/** What the alert asked after its action: "0.5 BINANCE:BTCUSDT.P limit 60,000". */
function asked(a: ReadAlert): string {
  const size = a.quantity ? plain(a.quantity) : a.risk_percent ? `risk ${plain(a.risk_percent)}%` : null;
  const price = a.order_type === 'limit' && a.price ? `limit ${plain(a.price)}` : null;
  return [size, a.ticker ?? 'every market', price].filter(Boolean).join(' ');
}

function AlertCell({ alert: x }: { alert: SignalAlert }) {
  if ('error' in x.request) {
    const e = x.request.error;
    return (
      <span class="log-error">
        <code class="code">{e.code}</code> {e.message}
      </span>
    );
  }
  const { alert, market } = x.request;
  return (
    <>
      <span class={`side side-${alert.action}`}>{alert.action}</span> <span class="mono">{asked(alert)}</span>
      {market && market !== alert.ticker ? <span class="muted small nowrap"> → {market}</span> : null}
    </>
  );
}

function Result({ r }: { r: SignalResult }) {
  return (
    <li class={`result result-${r.outcome}`} data-account={r.account_id}>
      <span class="mono">{r.account_id}</span> <span class={`status status-${r.outcome}`}>{r.outcome}</span>
      {r.order_id || r.code || r.message ? (
        <div class="result-detail">
          {r.order_id ? <code class="code">{r.order_id}</code> : null}
          {r.order_id && r.code ? ' ' : null}
          {r.code ? <code class="code">{r.code}</code> : null}
          {r.message ? <span class="result-message"> {r.message}</span> : null}
        </div>
      ) : null}
    </li>
  );
}

const COLUMNS: Column<SignalAlert>[] = [
  { header: 'Received', class: 'num', cell: (a) => time(a.received_at) },
  { header: 'Alert', class: 'small', cell: (a) => <AlertCell alert={a} /> },
  { header: 'Status', cell: (a) => <span class={`status status-${a.status}`}>{a.status}</span> },
  {
    header: 'Accounts',
    class: 'small',
    testid: 'results',
    cell: (a) =>
      a.results?.length ? (
        <ul class="results">
          {a.results.map((r) => (
            <Result r={r} />
          ))}
        </ul>
      ) : a.status === 'pending' ? (
        <span class="muted">placing…</span>
      ) : (
        <span class="muted">nothing placed</span>
      ),
  },
];

export function SignalLog({ id, name }: { id: string; name: string }) {
  const { api } = useApp();
  const path = `/v1/signals/${encodeURIComponent(id)}/deliveries?limit=${PAGE}`;
  const first = useLoad(() => api.get<Page<SignalAlert>>(path), [api, path]);
  const [older, setOlder] = useState<{ rows: SignalAlert[]; cursor: string | null } | null>(null);
  const more = useAction();
  const rows = [...(first.data?.data ?? []), ...(older?.rows ?? [])];
  const cursor = older ? older.cursor : first.data?.has_more ? first.data.next_cursor : null;

  const refresh = async () => {
    setOlder(null);
    await first.reload();
  };
  const loadOlder = async () => {
    if (!cursor) return;
    const p = await more.run(() => api.get<Page<SignalAlert>>(`${path}&after=${encodeURIComponent(cursor)}`));
    if (p) setOlder({ rows: [...(older?.rows ?? []), ...p.data], cursor: p.has_more ? p.next_cursor : null });
  };

  return (
    <section class="signal-log" id={`signal-${id}-log`} aria-label={`Log of ${name}`}>
      <div class="signal-log-head">
        <h4>Log</h4>
        <span class="muted small" role="status">
          {first.loading ? 'Loading…' : `${rows.length} alert${rows.length === 1 ? '' : 's'}`}
        </span>
        <Button kind="secondary" class="btn-sm" busy={first.loading} onClick={refresh} aria-label={`Refresh the log of ${name}`}>
          Refresh
        </Button>
      </div>
      <ErrorNote error={first.error ?? more.error} />
      {first.data ? <DataTable rows={rows} columns={COLUMNS} rowKey={(a) => a.id} empty="No alert received yet." rowAttrs={(a) => ({ 'data-alert': a.id })} testid="signal-log" /> : null}
      {cursor ? (
        <div class="pager">
          <Button kind="ghost" class="btn-sm" busy={more.busy} onClick={loadOlder}>
            Older alerts
          </Button>
        </div>
      ) : null}
    </section>
  );
}
