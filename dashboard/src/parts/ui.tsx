// Small shared pieces: figures in fixed-width tabular boxes (a live update never moves the layout), the error note
// (the envelope's message and code, announced), labelled fields and the busy-aware button.
import type { ButtonHTMLAttributes, ComponentChildren } from 'preact';
import { RampartError } from '../api/http.js';
import { money, plain, sign } from '../decimal.js';

export function Num({ value, kind = 'money', width, signed = false }: { value: string | null | undefined; kind?: 'money' | 'price'; width?: number; signed?: boolean }) {
  const text = kind === 'money' ? money(value) : plain(value);
  const s = signed ? sign(value) : 0;
  return (
    <span class={`num${s > 0 ? ' up' : s < 0 ? ' down' : ''}`} style={width ? { minWidth: `${width}ch` } : undefined}>
      {text}
    </span>
  );
}

export function Figure({ label, value, signed = false }: { label: string; value: string | null | undefined; signed?: boolean }) {
  return (
    <div class="figure">
      <div class="figure-label">{label}</div>
      <div class="figure-value">
        <Num value={value} width={14} signed={signed} />
      </div>
    </div>
  );
}

export function ErrorNote({ error }: { error: unknown }) {
  return (
    <div class="error-note" role="alert" aria-live="assertive">
      {error === null || error === undefined ? null : error instanceof RampartError ? (
        <>
          <span>{error.message}</span> <code class="code">{error.code}</code>
        </>
      ) : (
        <span>{String(error instanceof Error ? error.message : error)}</span>
      )}
    </div>
  );
}

export function Field({ label, id, hint, children }: { label: string; id: string; hint?: string; children: ComponentChildren }) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {children}
      {hint ? (
        <small class="hint" id={`${id}-hint`}>
          {hint}
        </small>
      ) : null}
    </div>
  );
}

export function Button({ busy, children, kind = 'primary', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean; kind?: 'primary' | 'secondary' | 'danger' | 'ghost' }) {
  return (
    <button {...rest} class={`btn btn-${kind}${rest.class ? ` ${String(rest.class)}` : ''}`} disabled={Boolean(rest.disabled) || busy} aria-busy={busy ? 'true' : undefined}>
      {children}
    </button>
  );
}

export function Panel({ title, actions, children, id }: { title: string; actions?: ComponentChildren; children: ComponentChildren; id?: string }) {
  return (
    <section class="panel" aria-labelledby={id ? `${id}-title` : undefined} id={id}>
      <header class="panel-head">
        <h2 id={id ? `${id}-title` : undefined}>{title}</h2>
        {actions ? <div class="panel-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

/** The secret of a key or webhook, shown once, with a Copy button. */
export function SecretOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  const copy = async (e: Event) => {
    const btn = e.currentTarget as HTMLButtonElement;
    try {
      await navigator.clipboard.writeText(secret);
      btn.textContent = 'Copied';
    } catch {
      const input = document.getElementById('secret-once') as HTMLInputElement | null;
      input?.select();
      btn.textContent = 'Press Ctrl+C';
    }
  };
  return (
    <div class="secret-once" role="status">
      <p>
        <strong>{label}</strong> It is shown only now: copy it and keep it safe.
      </p>
      <div class="secret-row">
        <input id="secret-once" class="mono" readOnly value={secret} aria-label={label} onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />
        <Button kind="secondary" type="button" onClick={copy}>
          Copy
        </Button>
        <Button kind="ghost" type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

/** The name on the sign-in, sign-up and confirmation cards. */
export function Brand() {
  return (
    <div class="brand brand-big">
      <span class="brand-mark" aria-hidden="true">
        ▲
      </span>
      Rampart
    </div>
  );
}
