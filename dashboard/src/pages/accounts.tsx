import { useState } from 'preact/hooks';
import type { Account, Limits, Page } from '../api/types.js';
import { useAction, useLoad } from '../hooks.js';
import { DataTable, type Column } from '../parts/data-table.js';
import { Button, ErrorNote, Field, Num, Panel } from '../parts/ui.js';
import { navigate } from '../router.js';
import { useApp } from '../state.js';

const ACCOUNT_COLUMNS: Column<Account>[] = [
  {
    header: 'Account',
    cell: (a) => (
      <a href={`/accounts/${encodeURIComponent(a.id)}`} class="mono">
        {a.id}
      </a>
    ),
  },
  { header: 'Product', cell: (a) => a.product },
  { header: 'Status', cell: (a) => <span class={`status status-${a.status}`}>{a.status}</span> },
  { header: 'Balance', align: 'right', cell: (a) => <Num value={a.balance} width={13} /> },
  { header: 'Equity', align: 'right', cell: (a) => <Num value={a.equity} width={13} /> },
  { header: 'Unrealized P&L', align: 'right', cell: (a) => <Num value={a.unrealized_pnl} width={11} signed /> },
  {
    header: 'Actions',
    actions: true,
    cell: (a) => (
      <a class="btn btn-secondary btn-sm" href={`/accounts/${encodeURIComponent(a.id)}/trade`} aria-label={`Trade on ${a.id}`}>
        Trade
      </a>
    ),
  },
];

export function AccountsPage() {
  const { api, env } = useApp();
  const accounts = useLoad(() => api.get<Page<Account>>('/v1/accounts?limit=100'), [api]);
  return (
    <div class="page">
      <div class="page-head">
        <h1>Accounts</h1>
        <span class={`badge badge-${env}`}>{env === 'live' ? 'Live' : 'Sandbox'}</span>
      </div>
      {env === 'sandbox' ? <OpenSandbox onOpened={(id) => navigate(`/accounts/${encodeURIComponent(id)}`)} /> : null}
      <Panel title={`${env === 'live' ? 'Live' : 'Sandbox'} accounts`} id="accounts-list">
        <ErrorNote error={accounts.error} />
        {accounts.data ? (
          <DataTable
            rows={accounts.data.data}
            columns={ACCOUNT_COLUMNS}
            rowKey={(a) => a.id}
            empty={env === 'live' ? 'No live account yet: your operator opens live accounts.' : 'No sandbox account yet: open one above.'}
          />
        ) : null}
      </Panel>
    </div>
  );
}

function OpenSandbox({ onOpened }: { onOpened: (id: string) => void }) {
  const { api } = useApp();
  const limits = useLoad(() => api.get<Limits>('/v1/limits'), [api]);
  const products = useLoad(() => api.get<Page<{ id: string; stage: string; size: string }>>('/v1/products'), [api]);
  const [product, setProduct] = useState('');
  const act = useAction();
  const left = limits.data?.sandbox_accounts;

  const open = async (e: Event) => {
    e.preventDefault();
    const a = await act.run(() => api.write<Account>('POST', '/v1/accounts', product ? { product } : {}));
    if (a) onOpened(a.id);
  };

  return (
    <Panel title="Open sandbox account" id="open-sandbox">
      <form class="inline-form" onSubmit={open}>
        <p class="muted" aria-live="polite">
          {left ? (
            <>
              Sandbox accounts: <span class="num">{left.used}</span> of <span class="num">{left.limit}</span> used,{' '}
              <strong class="num" data-testid="sandbox-remaining">
                {left.remaining}
              </strong>{' '}
              left.
            </>
          ) : (
            'Loading the sandbox limit…'
          )}
        </p>
        <Field label="Rule to mirror" id="sandbox-product">
          <select id="sandbox-product" value={product} onChange={(e) => setProduct(e.currentTarget.value)}>
            <option value="">Default sandbox rule</option>
            {(products.data?.data ?? []).map((p) => (
              <option value={p.id}>
                {p.id} ({p.stage}, {p.size})
              </option>
            ))}
          </select>
        </Field>
        <Button type="submit" busy={act.busy} disabled={left !== undefined && left.remaining === 0}>
          Open sandbox account
        </Button>
      </form>
      <ErrorNote error={act.error ?? limits.error} />
    </Panel>
  );
}
