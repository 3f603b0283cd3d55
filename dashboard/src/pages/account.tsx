import { RampartError } from '../api/http.js';
// One account, live: the account stream (fetch + SSE, resumed with Last-Event-ID) says when something happened and
// the page reloads what it changed; a light refresh every 2 s keeps marks, P&L and trailing stops current (a trailing
// stop tightens without an event, on the position and on its stop order).
import { useEffect, useRef, useState } from 'preact/hooks';
import { followAccount } from '../api/stream.js';
import type { Account, Order, Page, Position } from '../api/types.js';
import { useEvery, useLoad } from '../hooks.js';
import { EquityChart } from '../parts/equity-chart.js';
import { Gauges } from '../parts/gauges.js';
import { History } from '../parts/history.js';
import { OrdersTable, PositionsTable } from '../parts/positions.js';
import { Ticket } from '../parts/ticket.js';
import { ErrorNote, Figure, Panel } from '../parts/ui.js';
import { useApp } from '../state.js';

/** Why the stream is reconnecting: the API's refusal with its code, or what broke the connection. */
function describe(error: unknown): string {
  if (error instanceof RampartError) return `${error.message} (${error.code})`;
  return error instanceof Error ? error.message : String(error);
}

export function AccountPage({ id, trade }: { id: string; trade: boolean }) {
  const { api, env } = useApp();
  const path = `/v1/accounts/${encodeURIComponent(id)}`;
  const account = useLoad(() => api.get<Account>(path), [api, id]);
  const positions = useLoad(() => api.get<{ data: Position[] }>(`${path}/positions`), [api, id]);
  const orders = useLoad(() => api.get<Page<Order>>(`${path}/orders?status=working&limit=100`), [api, id]);
  const [stream, setStream] = useState<{ state: string; error?: unknown }>({ state: 'connecting' });
  const [version, setVersion] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const refresh = () => {
    void account.reload();
    void positions.reload();
    void orders.reload();
  };

  useEffect(() => {
    const s = followAccount(api, id, {
      onEvent: () => {
        // A burst of events (a fill brings order, fill and position events) reloads once.
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => {
          refresh();
          setVersion((v) => v + 1);
        }, 120);
      },
      onState: (state, error) => setStream(error ? { state, error } : { state }),
    });
    return () => {
      s.stop();
      if (timer.current) clearTimeout(timer.current);
    };
    // The stream follows the account and the environment's client only.
  }, [api, id]);

  useEvery(
    2000,
    () => {
      void account.reload();
      void positions.reload();
      void orders.reload();
    },
    [api, id],
  );

  useEffect(() => {
    if (trade) document.getElementById('ticket-market')?.focus();
  }, [trade]);

  const a = account.data;
  if (account.error && !a) {
    return (
      <div class="page">
        <h1>Account</h1>
        <ErrorNote error={account.error} />
        <p>
          <a href="/accounts">Back to accounts</a>
        </p>
      </div>
    );
  }
  return (
    <div class="page">
      <div class="page-head">
        <h1>
          Account <span class="mono">{id}</span>
        </h1>
        <span class={`badge badge-${env}`}>{env === 'live' ? 'Live' : 'Sandbox'}</span>
        {a ? <span class={`status status-${a.status}`}>{a.status}</span> : null}
        {a ? <span class="muted">{a.product}</span> : null}
        <a class="btn btn-secondary btn-sm" href={`/accounts/${encodeURIComponent(id)}/trade`}>
          Trade
        </a>
        <span class={`stream stream-${stream.state}`} role="status" title={stream.error === undefined ? undefined : describe(stream.error)}>
          {stream.state === 'live' ? 'Live' : stream.state === 'connecting' ? 'Connecting…' : 'Reconnecting…'}
        </span>
      </div>
      {a?.status_reason ? <p class="muted">{a.status_reason}</p> : null}
      <div class="figures" aria-live="off">
        <Figure label="Balance" value={a?.balance} />
        <Figure label="Equity" value={a?.equity} />
        <Figure label="Unrealized P&L" value={a?.unrealized_pnl} signed />
        <Figure label="Margin used" value={a?.margin_used} />
        <Figure label="Margin available" value={a?.margin_available} />
      </div>
      <div class={`account-grid${trade ? ' trade-first' : ''}`}>
        <div class="account-main">
          {a ? <Gauges account={a} /> : null}
          <Panel title="Positions" id="positions">
            <PositionsTable accountPath={path} positions={positions.data?.data} onChanged={refresh} />
          </Panel>
          <Panel title="Working orders" id="orders">
            <OrdersTable accountPath={path} orders={orders.data?.data} onChanged={refresh} />
          </Panel>
          <Panel title="Equity" id="equity">
            <EquityChart accountPath={path} version={version} equity={a?.equity} />
          </Panel>
          <History accountId={id} accountPath={path} version={version} />
        </div>
        <aside class="account-side">
          <Ticket accountPath={path} onPlaced={refresh} />
        </aside>
      </div>
    </div>
  );
}
