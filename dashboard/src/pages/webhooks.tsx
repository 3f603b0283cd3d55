// Developers → Webhooks for the chosen environment: add an endpoint (its secret shown once), choose event types, see
// its deliveries and their attempts, delete it.
import { useState } from 'preact/hooks';
import { EVENT_TYPES, type Account, type Delivery, type Page, type Webhook, type WebhookWithSecret } from '../api/types.js';
import { time } from '../decimal.js';
import { useAction, useLoad } from '../hooks.js';
import { DataTable, type Column } from '../parts/data-table.js';
import { Button, ErrorNote, Field, Panel, SecretOnce } from '../parts/ui.js';
import { useApp } from '../state.js';

export function WebhooksPage() {
  const { api, env } = useApp();
  const hooks = useLoad(() => api.get<Page<Webhook>>('/v1/webhooks?limit=100'), [api]);
  const [created, setCreated] = useState<WebhookWithSecret | null>(null);
  return (
    <div class="page">
      <div class="page-head">
        <h1>Webhooks</h1>
        <span class={`badge badge-${env}`}>{env === 'live' ? 'Live' : 'Sandbox'}</span>
      </div>
      {created?.secret ? <SecretOnce label={`Signing secret for ${created.url}.`} secret={created.secret} onDone={() => setCreated(null)} /> : null}
      <div class="two-col">
        <AddWebhook
          onAdded={(w) => {
            setCreated(w);
            void hooks.reload();
          }}
        />
        <Panel title="Endpoints" id="webhooks-list">
          <ErrorNote error={hooks.error} />
          {hooks.data?.data.length === 0 ? <p class="muted empty">No endpoint yet.</p> : null}
          {(hooks.data?.data ?? []).map((w) => (
            <Endpoint webhook={w} onDeleted={() => void hooks.reload()} />
          ))}
        </Panel>
      </div>
    </div>
  );
}

function AddWebhook({ onAdded }: { onAdded: (w: WebhookWithSecret) => void }) {
  const { api } = useApp();
  const accounts = useLoad(() => api.get<Page<Account>>('/v1/accounts?limit=100'), [api]);
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<string[]>([]);
  const [account, setAccount] = useState('');
  const act = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    const body = { url: url.trim(), ...(types.length ? { types } : {}), ...(account ? { account_id: account } : {}) };
    const w = await act.run(() => api.write<WebhookWithSecret>('POST', '/v1/webhooks', body));
    if (w) {
      onAdded(w);
      setUrl('');
      setTypes([]);
    }
  };
  const toggle = (t: string, on: boolean) => setTypes((x) => (on ? [...x, t] : x.filter((y) => y !== t)));
  return (
    <Panel title="Add endpoint" id="add-webhook">
      <form class="form" onSubmit={submit}>
        <Field label="Endpoint URL" id="hook-url" hint="https://… — signed deliveries (Standard Webhooks), retried for 24 h.">
          <input id="hook-url" type="url" required value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
        </Field>
        <Field label="Account" id="hook-account">
          <select id="hook-account" value={account} onChange={(e) => setAccount(e.currentTarget.value)}>
            <option value="">Every account</option>
            {(accounts.data?.data ?? []).map((a) => (
              <option value={a.id}>{a.id}</option>
            ))}
          </select>
        </Field>
        <fieldset class="types">
          <legend>Event types (none chosen: all)</legend>
          {EVENT_TYPES.map((t) => (
            <label class="check small">
              <input type="checkbox" checked={types.includes(t)} onChange={(e) => toggle(t, e.currentTarget.checked)} /> <code>{t}</code>
            </label>
          ))}
        </fieldset>
        <ErrorNote error={act.error} />
        <Button type="submit" busy={act.busy}>
          Add endpoint
        </Button>
      </form>
    </Panel>
  );
}

function Endpoint({ webhook: w, onDeleted }: { webhook: Webhook; onDeleted: () => void }) {
  const { api } = useApp();
  const [open, setOpen] = useState(false);
  const del = useAction();
  const remove = async () => {
    const ok = await del.run(() => api.call('DELETE', `/v1/webhooks/${encodeURIComponent(w.id)}`));
    if (ok) onDeleted();
  };
  return (
    <div class="endpoint" data-webhook={w.id}>
      <div class="endpoint-head">
        <div>
          <div class="mono endpoint-url">{w.url}</div>
          <div class="muted small">
            {w.types ? w.types.join(', ') : 'all event types'} · {w.account_id ?? 'every account'} · added {time(w.created_at)}
          </div>
        </div>
        <div class="endpoint-actions">
          <Button kind="ghost" class="btn-sm" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button kind="secondary" class="btn-sm" busy={del.busy} onClick={remove} aria-label={`Delete endpoint ${w.url}`}>
            Delete
          </Button>
        </div>
      </div>
      <ErrorNote error={del.error} />
      {open ? <Deliveries id={w.id} /> : null}
    </div>
  );
}

const DELIVERY_COLUMNS: Column<Delivery>[] = [
  { header: 'Event', cell: (d) => <code class="code">{d.event_type}</code> },
  { header: 'Status', cell: (d) => <span class={`status status-${d.status}`}>{d.status}</span> },
  { header: 'Attempts', class: 'num', cell: (d) => d.attempt_count },
  {
    header: 'Last answer',
    class: 'small',
    cell: (d) => {
      const last = d.attempts[d.attempts.length - 1];
      return last ? (last.status_code ?? last.error ?? '—') : '—';
    },
  },
  { header: 'Next try', class: 'num small', cell: (d) => time(d.next_attempt_at) },
];

function Deliveries({ id }: { id: string }) {
  const { api } = useApp();
  const list = useLoad(() => api.get<Page<Delivery>>(`/v1/webhooks/${encodeURIComponent(id)}/deliveries?limit=20`), [api, id]);
  if (list.error) return <ErrorNote error={list.error} />;
  if (!list.data) return <p class="muted empty">Loading…</p>;
  return <DataTable rows={list.data.data} columns={DELIVERY_COLUMNS} rowKey={(d) => d.id} empty="No delivery yet." />;
}
