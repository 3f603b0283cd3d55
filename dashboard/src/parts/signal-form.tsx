// The form that makes a signal (POST /v1/signals): its name, the accounts its alerts trade with a multiplier each,
// and its fences. A live signal needs the newest `live_signal` code emailed to the user; and since making one is a
// trading call, the live dashboard token must trade first (the same emailed-code unlock as the ticket's).
import { useState } from 'preact/hooks';
import { session } from '../api/session.js';
import type { Account, Page, Signal } from '../api/types.js';
import { useAction, useLoad } from '../hooks.js';
import { useApp } from '../state.js';
import { EmailCodeBox } from './email-code-box.js';
import { FieldRow } from './field-row.js';
import { LiveUnlock, useTrades } from './live-unlock.js';
import { Button, ErrorNote, Field, Panel } from './ui.js';

interface SignalForm {
  name: string;
  /** The accounts ticked, in the list's order. */
  chosen: string[];
  /** Each account's multiplier as typed (kept when it is unticked and ticked again). */
  multipliers: Record<string, string>;
  markets: string;
  max_order_usd: string;
  reduce_only: boolean;
  no_hedging: boolean;
  expires: string;
  email_code: string;
}

const EMPTY: SignalForm = { name: '', chosen: [], multipliers: {}, markets: '', max_order_usd: '', reduce_only: false, no_hedging: false, expires: '', email_code: '' };

const words = (s: string) =>
  s
    .split(/[\s,]+/)
    .map((x) => x.trim())
    .filter(Boolean);

function body(f: SignalForm, live: boolean): Record<string, unknown> {
  const b: Record<string, unknown> = {
    name: f.name.trim(),
    accounts: f.chosen.map((id) => {
      const m = (f.multipliers[id] ?? '').trim();
      return m ? { account_id: id, multiplier: m } : { account_id: id };
    }),
  };
  if (words(f.markets).length) b.markets = words(f.markets).map((m) => m.toUpperCase());
  if (f.max_order_usd.trim()) b.max_order_usd = f.max_order_usd.trim();
  if (f.reduce_only) b.reduce_only = true;
  if (f.no_hedging) b.no_hedging = true;
  if (f.expires) b.expires_at = new Date(f.expires).getTime();
  if (live) b.email_code = f.email_code.trim();
  return b;
}

export function CreateSignal({ onCreated }: { onCreated: (s: Signal) => void }) {
  const { api, env } = useApp();
  const trades = useTrades(api);
  const accounts = useLoad(() => api.get<Page<Account>>('/v1/accounts?limit=100'), [api]);
  const [f, setF] = useState<SignalForm>(EMPTY);
  const [sent, setSent] = useState<string | null>(null);
  const create = useAction();
  const code = useAction();
  const set = <K extends keyof SignalForm>(k: K, v: SignalForm[K]) => setF((x) => ({ ...x, [k]: v }));
  const live = env === 'live';
  const list = accounts.data?.data ?? [];

  const tick = (id: string, on: boolean) =>
    setF((x) => ({ ...x, chosen: on ? list.map((a) => a.id).filter((a) => a === id || x.chosen.includes(a)) : x.chosen.filter((a) => a !== id) }));

  const sendCode = async () => {
    const r = await code.run(() => session.emailCode('live_signal'));
    if (r) setSent(r.sent_to);
  };

  const submit = async (e: Event) => {
    e.preventDefault();
    if (f.chosen.length === 0) {
      create.setError(new Error('Tick at least one account for the alerts to trade.'));
      return;
    }
    const made = await create.run(() => api.write<Signal>('POST', '/v1/signals', body(f, live)));
    if (made) {
      onCreated(made);
      setF(EMPTY);
      setSent(null);
    }
  };

  return (
    <Panel title="Make a signal" id="create-signal">
      <form class="form" onSubmit={submit}>
        <Field label="Name" id="signal-name" hint="Shown in your list and in each account's events, e.g. “BTC breakout 1h”.">
          <input id="signal-name" required maxLength={64} value={f.name} onInput={(e) => set('name', e.currentTarget.value)} />
        </Field>
        <fieldset class="signal-accounts" aria-describedby="signal-accounts-hint">
          <legend>Accounts</legend>
          <small class="hint" id="signal-accounts-hint">
            Each alert places an order on every account ticked: its size times the account's multiplier.
          </small>
          <ErrorNote error={accounts.error} />
          {accounts.data && list.length === 0 ? <p class="muted empty">No {live ? 'live' : 'sandbox'} account yet.</p> : null}
          {list.map((a) => {
            const on = f.chosen.includes(a.id);
            return (
              <div class={`pick${on ? ' on' : ''}`} data-account={a.id}>
                <label class="check pick-name">
                  <input type="checkbox" checked={on} onChange={(e) => tick(a.id, e.currentTarget.checked)} />
                  <span class="mono">{a.id}</span>
                  <span class="muted small">{a.product}</span>
                  {a.status === 'active' ? null : <span class={`status status-${a.status}`}>{a.status}</span>}
                </label>
                <label class="pick-mult">
                  <span aria-hidden="true">×</span>
                  <input
                    inputMode="decimal"
                    aria-label={`Multiplier for ${a.id}`}
                    placeholder="1"
                    disabled={!on}
                    value={f.multipliers[a.id] ?? ''}
                    onInput={(e) => set('multipliers', { ...f.multipliers, [a.id]: e.currentTarget.value })}
                  />
                </label>
              </div>
            );
          })}
        </fieldset>
        <Field label="Markets" id="signal-markets" hint="Comma-separated, e.g. BTC-USD, ETH-USD. Empty: every market.">
          <input id="signal-markets" value={f.markets} onInput={(e) => set('markets', e.currentTarget.value)} />
        </Field>
        <FieldRow
          fields={[
            { label: 'Largest order (USD)', id: 'signal-max-order', value: f.max_order_usd, onValue: (v) => set('max_order_usd', v) },
            { label: 'End date', id: 'signal-expires', type: 'datetime-local', value: f.expires, onValue: (v) => set('expires', v) },
          ]}
        />
        <label class="check">
          <input type="checkbox" checked={f.reduce_only} onChange={(e) => set('reduce_only', e.currentTarget.checked)} /> Reduce-only (may only shrink positions)
        </label>
        <div class="check-field">
          <label class="check">
            <input type="checkbox" aria-describedby="signal-no-hedging-hint" checked={f.no_hedging} onChange={(e) => set('no_hedging', e.currentTarget.checked)} /> No hedging
          </label>
          <small class="hint" id="signal-no-hedging-hint">
            Refuse an order that would open against a position you hold in the same market on another of your accounts.
          </small>
        </div>
        {live && trades ? (
          <EmailCodeBox
            id="signal-code"
            intro="A live signal trades real money from a URL: confirm it with the one-time code we email you (valid 10 minutes)."
            value={f.email_code}
            onInput={(v) => set('email_code', v)}
            sending={code.busy}
            onSend={sendCode}
            sentTo={sent}
            error={code.error}
          />
        ) : null}
        <ErrorNote error={create.error} />
        {live && !trades ? null : (
          <Button type="submit" busy={create.busy}>
            Make signal
          </Button>
        )}
      </form>
      {live && !trades ? (
        <>
          <p class="small signal-unlock-why">Making or revoking a live signal is a trading call: unlock live trading first, then confirm the signal with a second code.</p>
          <LiveUnlock api={api} />
        </>
      ) : null}
    </Panel>
  );
}
