// Signals of the chosen environment (docs/SIGNALS.md): alert URLs TradingView or a bridge posts to, each placing an
// order on several accounts. Make one (its URL and a TradingView message shown once, with Copy buttons), list them
// with their accounts and fences, read each one's log, revoke (asked twice).
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApiClient } from '../api/client.js';
import type { Page, Signal } from '../api/types.js';
import { money, plain, time } from '../decimal.js';
import { useAction, useLoad } from '../hooks.js';
import { CopyButton } from '../parts/copy-button.js';
import { useTrades } from '../parts/live-unlock.js';
import { CreateSignal } from '../parts/signal-form.js';
import { SignalLog } from '../parts/signal-log.js';
import { Button, ErrorNote, Panel } from '../parts/ui.js';
import { useApp } from '../state.js';

/** Every signal of the environment, newest first (the API lists them oldest first, a page at a time). */
async function allSignals(api: ApiClient): Promise<Signal[]> {
  const out: Signal[] = [];
  let after: string | null = null;
  do {
    const p: Page<Signal> = await api.get<Page<Signal>>(`/v1/signals?limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`);
    out.push(...p.data);
    after = p.has_more ? p.next_cursor : null;
  } while (after);
  return out.reverse();
}

export function SignalsPage() {
  const { env } = useApp();
  // A signal made in one environment is not shown once the switch moves to the other.
  return <Signals key={env} />;
}

function Signals() {
  const { api, env } = useApp();
  const signals = useLoad(() => allSignals(api), [api]);
  const [created, setCreated] = useState<Signal | null>(null);
  const trades = useTrades(api);
  return (
    <div class="page">
      <div class="page-head">
        <h1>Signals</h1>
        <span class={`badge badge-${env}`}>{env === 'live' ? 'Live' : 'Sandbox'}</span>
      </div>
      <p class="muted intro">
        A signal is an alert URL for TradingView or a bridge: each alert posted to it places an order on every account of the signal, sized by the account's
        multiplier and held to the signal's fences and each account's rules.
      </p>
      {created ? <SignalCreated signal={created} onDone={() => setCreated(null)} /> : null}
      <div class="two-col">
        <CreateSignal
          onCreated={(s) => {
            setCreated(s);
            void signals.reload();
          }}
        />
        <Panel title="Your signals" id="signals-list">
          {env === 'live' && !trades && signals.data?.some((x) => !x.revoked_at) ? <p class="muted small">Revoking a live signal needs live trading unlocked (in the form).</p> : null}
          <ErrorNote error={signals.error} />
          {signals.data?.length === 0 ? <p class="muted empty">No signal yet.</p> : null}
          {signals.data ? null : <p class="muted empty">Loading…</p>}
          {(signals.data ?? []).map((s) => (
            <SignalCard key={s.id} signal={s} onRevoked={() => void signals.reload()} />
          ))}
        </Panel>
      </div>
    </div>
  );
}

/** The URL (in this answer only) and the message to paste, each with a Copy button; focus lands here when shown. */
function SignalCreated({ signal: s, onDone }: { signal: Signal; onDone: () => void }) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), [s.id]);
  const select = (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => e.currentTarget.select();
  return (
    <section class="secret-once signal-created" aria-labelledby="signal-created-title" data-testid="signal-created">
      <h2 id="signal-created-title" class="created-title" tabIndex={-1} ref={title}>
        Signal “{s.name}” is ready
      </h2>
      {s.url ? (
        <p>
          Its alert URL is shown <strong>only now</strong>: copy it and keep it secret, since whoever has it can place orders on these accounts. Lost it? Revoke the
          signal and make another.
        </p>
      ) : (
        <p>The answer came without the URL (a repeated request): revoke this signal and make another.</p>
      )}
      {s.url ? (
        <div class="field">
          <label for="signal-url">Alert URL</label>
          <div class="secret-row">
            <input id="signal-url" class="mono" readOnly value={s.url} onFocus={select} />
            <CopyButton text={s.url} field="signal-url" what="URL" />
          </div>
        </div>
      ) : null}
      <div class="field">
        <label for="signal-message">TradingView message</label>
        <div class="secret-row">
          <textarea id="signal-message" class="mono" readOnly rows={3} value={s.tradingview_message} onFocus={select} />
          <CopyButton text={s.tradingview_message} field="signal-message" what="message" />
        </div>
      </div>
      <p class="small where">
        In TradingView's alert dialog: under <strong>Notifications</strong> tick <strong>Webhook URL</strong> and paste the URL; paste the message into{' '}
        <strong>Message</strong> (TradingView fills in each <code>{'{{…}}'}</code> for every order of your strategy).
      </p>
      <div>
        <Button kind="ghost" type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}

function fences(s: Signal): string[] {
  const out: string[] = [];
  if (s.markets) out.push(s.markets.join(' '));
  if (s.max_order_usd) out.push(`order ≤ ${money(s.max_order_usd)}`);
  if (s.reduce_only) out.push('reduce-only');
  if (s.no_hedging) out.push('no hedging');
  if (s.expires_at) out.push(`ends ${time(s.expires_at)}`);
  return out;
}

function SignalCard({ signal: s, onRevoked }: { signal: Signal; onRevoked: () => void }) {
  const { api } = useApp();
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const act = useAction();
  const title = useRef<HTMLHeadingElement>(null);
  const confirm = useRef<HTMLSpanElement>(null);
  const revokeButton = useRef<HTMLButtonElement>(null);
  const fenced = fences(s);
  const titleId = `signal-${s.id}-title`;

  // The confirm step takes focus when it shows, and gives it back to Revoke when kept.
  useEffect(() => {
    if (asking) confirm.current?.querySelector('button')?.focus();
  }, [asking]);

  const keep = () => {
    setAsking(false);
    act.setError(null);
    setTimeout(() => revokeButton.current?.focus());
  };
  const revoke = async () => {
    const done = await act.run(() => api.call<Signal>('DELETE', `/v1/signals/${encodeURIComponent(s.id)}`));
    if (done) {
      setAsking(false);
      onRevoked();
      title.current?.focus();
    }
  };

  return (
    <article class={`signal${s.revoked_at ? ' revoked' : ''}`} data-signal={s.id} aria-labelledby={titleId}>
      <div class="signal-head">
        <div class="signal-title">
          <h3 id={titleId} tabIndex={-1} ref={title}>
            {s.name}
          </h3>
          {s.revoked_at ? <span class="status status-revoked">revoked</span> : <span class="status status-active">active</span>}
        </div>
        <div class="signal-actions">
          <Button kind="ghost" class="btn-sm" aria-expanded={open} aria-controls={open ? `signal-${s.id}-log` : undefined} aria-label={`${open ? 'Hide log' : 'Log'} of ${s.name}`} onClick={() => setOpen(!open)}>
            {open ? 'Hide log' : 'Log'}
          </Button>
          {s.revoked_at ? null : asking ? (
            <span class="confirm" ref={confirm} role="group" aria-label={`Revoke ${s.name}?`}>
              <Button kind="danger" class="btn-sm" busy={act.busy} onClick={revoke}>
                Confirm revoke
              </Button>
              <Button kind="ghost" class="btn-sm" onClick={keep}>
                Keep
              </Button>
            </span>
          ) : (
            <button type="button" ref={revokeButton} class="btn btn-secondary btn-sm" onClick={() => setAsking(true)} aria-label={`Revoke ${s.name}`}>
              Revoke
            </button>
          )}
        </div>
      </div>
      {asking ? <p class="small warn-note">Its URL stops working at once; alerts already taken finish. The signal and its log stay listed.</p> : null}
      <ErrorNote error={act.error} />
      <dl class="facts">
        <dt>Accounts</dt>
        <dd data-testid="signal-accounts">
          {s.accounts.map((a) => (
            <span class="acct">
              <span class="mono">{a.account_id}</span> <span class="mult">×{plain(a.multiplier)}</span>
            </span>
          ))}
        </dd>
        <dt>Fences</dt>
        <dd>{fenced.length ? fenced.join(' · ') : <span class="muted">none</span>}</dd>
        <dt>URL</dt>
        <dd>
          <span class="mono">…{s.url_hint}</span> <span class="muted small">(its last four characters)</span>
        </dd>
        <dt>Made</dt>
        <dd>
          <span class="num">{time(s.created_at)}</span>
        </dd>
        {s.revoked_at ? (
          <>
            <dt>Revoked</dt>
            <dd data-testid="signal-revoked">
              <span class="num">{time(s.revoked_at)}</span>
            </dd>
          </>
        ) : null}
      </dl>
      {open ? <SignalLog id={s.id} name={s.name} /> : null}
    </article>
  );
}
