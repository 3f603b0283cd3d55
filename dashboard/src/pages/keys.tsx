// Developers → API keys: create with every fence, the secret shown once; live keys need the code emailed to the
// user (POST /session/email-codes); list with prefix, fences and last use; revoke (asked twice).
import { useState } from 'preact/hooks';
import { session, type CreatedKey } from '../api/session.js';
import type { Environment, KeyRecord } from '../api/types.js';
import { money, time } from '../decimal.js';
import { useAction, useLoad } from '../hooks.js';
import { DataTable, type Column } from '../parts/data-table.js';
import { EmailCodeBox } from '../parts/email-code-box.js';
import { FieldRow } from '../parts/field-row.js';
import { Button, ErrorNote, Field, Panel, SecretOnce } from '../parts/ui.js';
import { useApp } from '../state.js';

interface KeyForm {
  environment: Environment;
  access: 'read' | 'trade';
  name: string;
  markets: string;
  reduce_only: boolean;
  max_order_usd: string;
  max_position_usd: string;
  loss_stop_usd: string;
  ip_allowlist: string;
  expires: string;
  email_code: string;
}

const list = (s: string) =>
  s
    .split(/[\s,]+/)
    .map((x) => x.trim())
    .filter(Boolean);

function body(f: KeyForm): Record<string, unknown> {
  const b: Record<string, unknown> = { environment: f.environment, access: f.access };
  if (f.name.trim()) b.name = f.name.trim();
  if (list(f.markets).length) b.markets = list(f.markets).map((m) => m.toUpperCase());
  if (f.reduce_only) b.reduce_only = true;
  if (f.max_order_usd.trim()) b.max_order_usd = f.max_order_usd.trim();
  if (f.max_position_usd.trim()) b.max_position_usd = f.max_position_usd.trim();
  if (f.loss_stop_usd.trim()) b.loss_stop_usd = f.loss_stop_usd.trim();
  if (list(f.ip_allowlist).length) b.ip_allowlist = list(f.ip_allowlist);
  if (f.expires) b.expires_at = new Date(f.expires).getTime();
  if (f.environment === 'live') b.email_code = f.email_code.trim();
  return b;
}

export function KeysPage() {
  const { env } = useApp();
  const keys = useLoad(() => session.keys(), []);
  const [created, setCreated] = useState<CreatedKey | null>(null);
  return (
    <div class="page">
      <div class="page-head">
        <h1>API keys</h1>
      </div>
      {created ? (
        <SecretOnce label={`Your ${created.environment} key ${created.name ? `“${created.name}”` : created.prefix}.`} secret={created.key} onDone={() => setCreated(null)} />
      ) : null}
      <div class="two-col">
        <CreateKey
          initialEnv={env}
          onCreated={(k) => {
            setCreated(k);
            void keys.reload();
          }}
        />
        <Panel title="Your keys" id="keys-list">
          <ErrorNote error={keys.error} />
          {keys.data ? <KeyTable keys={keys.data.data} onChanged={() => void keys.reload()} /> : <p class="muted empty">Loading…</p>}
        </Panel>
      </div>
    </div>
  );
}

function CreateKey({ initialEnv, onCreated }: { initialEnv: Environment; onCreated: (k: CreatedKey) => void }) {
  const [f, setF] = useState<KeyForm>({
    environment: initialEnv,
    access: 'trade',
    name: '',
    markets: '',
    reduce_only: false,
    max_order_usd: '',
    max_position_usd: '',
    loss_stop_usd: '',
    ip_allowlist: '',
    expires: '',
    email_code: '',
  });
  const [sent, setSent] = useState<string | null>(null);
  const create = useAction();
  const code = useAction();
  const set = <K extends keyof KeyForm>(k: K, v: KeyForm[K]) => setF((x) => ({ ...x, [k]: v }));

  const sendCode = async () => {
    const r = await code.run(() => session.emailCode('live_key'));
    if (r) setSent(r.sent_to);
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    const k = await create.run(() => session.createKey(body(f)));
    if (k) {
      onCreated(k);
      setF((x) => ({ ...x, name: '', email_code: '' }));
      setSent(null);
    }
  };

  return (
    <Panel title="Create API key" id="create-key">
      <form class="form" onSubmit={submit}>
        <fieldset class="seg">
          <legend>Environment</legend>
          {(['sandbox', 'live'] as const).map((v) => (
            <label class="check">
              <input type="radio" name="key-env" value={v} checked={f.environment === v} onChange={() => set('environment', v)} /> {v === 'sandbox' ? 'Sandbox' : 'Live'}
            </label>
          ))}
        </fieldset>
        <fieldset class="seg">
          <legend>Access</legend>
          {(['read', 'trade'] as const).map((v) => (
            <label class="check">
              <input type="radio" name="key-access" value={v} checked={f.access === v} onChange={() => set('access', v)} /> {v === 'read' ? 'Read only' : 'Read and trade'}
            </label>
          ))}
        </fieldset>
        <Field label="Name" id="key-name">
          <input id="key-name" maxLength={200} value={f.name} onInput={(e) => set('name', e.currentTarget.value)} />
        </Field>
        <Field label="Markets" id="key-markets" hint="Comma-separated, e.g. BTC-USD, ETH-USD. Empty: every market.">
          <input id="key-markets" value={f.markets} onInput={(e) => set('markets', e.currentTarget.value)} />
        </Field>
        <label class="check">
          <input type="checkbox" checked={f.reduce_only} onChange={(e) => set('reduce_only', e.currentTarget.checked)} /> Reduce-only (may only shrink positions)
        </label>
        <FieldRow
          fields={[
            { label: 'Largest order (USD)', id: 'key-max-order', value: f.max_order_usd, onValue: (v) => set('max_order_usd', v) },
            { label: 'Largest position (USD)', id: 'key-max-position', value: f.max_position_usd, onValue: (v) => set('max_position_usd', v) },
          ]}
        />
        <FieldRow
          fields={[
            { label: 'Loss stop (USD)', id: 'key-loss-stop', value: f.loss_stop_usd, onValue: (v) => set('loss_stop_usd', v) },
            { label: 'End date', id: 'key-expires', type: 'datetime-local', value: f.expires, onValue: (v) => set('expires', v) },
          ]}
        />
        <Field label="IP allowlist" id="key-ips" hint="Addresses or CIDR ranges, comma-separated. Empty: any address.">
          <input id="key-ips" value={f.ip_allowlist} onInput={(e) => set('ip_allowlist', e.currentTarget.value)} />
        </Field>
        {f.environment === 'live' ? (
          <EmailCodeBox
            id="key-code"
            intro="Live keys need the one-time code we email you (valid 10 minutes)."
            value={f.email_code}
            onInput={(v) => set('email_code', v)}
            sending={code.busy}
            onSend={sendCode}
            sentTo={sent}
            error={code.error}
          />
        ) : null}
        <ErrorNote error={create.error} />
        <Button type="submit" busy={create.busy}>
          Create key
        </Button>
      </form>
    </Panel>
  );
}

function fences(k: KeyRecord): string {
  const out: string[] = [];
  if (k.markets) out.push(k.markets.join(' '));
  if (k.reduce_only) out.push('reduce-only');
  if (k.max_order_usd) out.push(`order ≤ ${money(k.max_order_usd)}`);
  if (k.max_position_usd) out.push(`position ≤ ${money(k.max_position_usd)}`);
  if (k.loss_stop_usd) out.push(`loss stop ${money(k.loss_stop_usd)}`);
  if (k.ip_allowlist.length) out.push(`IPs ${k.ip_allowlist.join(' ')}`);
  if (k.expires_at) out.push(`ends ${time(k.expires_at)}`);
  return out.length ? out.join(' · ') : 'none';
}

const KEY_COLUMNS: Column<KeyRecord>[] = [
  {
    header: 'Key',
    cell: (k) => (
      <>
        <div>{k.name || <span class="muted">unnamed</span>}</div>
        <code class="code">{k.prefix}…</code>
      </>
    ),
  },
  { header: 'Env.', cell: (k) => <span class={`badge badge-${k.environment}`}>{k.environment}</span> },
  { header: 'Access', cell: (k) => k.access },
  { header: 'Fences', class: 'small', cell: fences },
  { header: 'Last used', class: 'num small', cell: (k) => (k.last_used_at ? time(k.last_used_at) : 'never') },
];

function KeyTable({ keys, onChanged }: { keys: KeyRecord[]; onChanged: () => void }) {
  const [asking, setAsking] = useState<string | null>(null);
  const act = useAction();
  const revoke = async (id: string) => {
    await act.run(() => session.revokeKey(id));
    setAsking(null);
    onChanged();
  };
  const columns: Column<KeyRecord>[] = [
    ...KEY_COLUMNS,
    {
      header: 'Actions',
      actions: true,
      cell: (k) =>
        k.revoked_at ? (
          <span class="muted small">revoked</span>
        ) : asking === k.id ? (
          <span class="confirm">
            <Button kind="danger" class="btn-sm" busy={act.busy} onClick={() => revoke(k.id)}>
              Confirm revoke
            </Button>
            <Button kind="ghost" class="btn-sm" onClick={() => setAsking(null)}>
              Keep
            </Button>
          </span>
        ) : (
          <Button kind="secondary" class="btn-sm" onClick={() => setAsking(k.id)} aria-label={`Revoke key ${k.name || k.prefix}`}>
            Revoke
          </Button>
        ),
    },
  ];
  return (
    <>
      <ErrorNote error={act.error} />
      <DataTable rows={keys} columns={columns} rowKey={(k) => k.id} empty="No key yet." rowAttrs={(k) => ({ 'data-key': k.id, class: k.revoked_at ? 'revoked' : undefined })} testid="keys" />
    </>
  );
}
