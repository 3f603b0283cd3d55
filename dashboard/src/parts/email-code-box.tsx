import type { ComponentChildren } from 'preact';
import { Button, ErrorNote, Field } from './ui.js';

/**
 * The emailed-code step of a form that makes something live (a key, a signal): what the code is for, its field, the
 * button that emails it, where it went and why sending failed. The form sends the code with its own submit.
 */
export function EmailCodeBox(p: {
  id: string;
  intro: ComponentChildren;
  value: string;
  onInput: (value: string) => void;
  sending: boolean;
  onSend: () => void;
  sentTo: string | null;
  error: unknown;
}) {
  return (
    <div class="code-box">
      <p class="small">{p.intro}</p>
      <div class="row2 align-end">
        <Field label="Emailed code" id={p.id}>
          <input id={p.id} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required value={p.value} onInput={(e) => p.onInput(e.currentTarget.value)} />
        </Field>
        <Button type="button" kind="secondary" busy={p.sending} onClick={p.onSend}>
          {p.sentTo ? 'Send again' : 'Email me a code'}
        </Button>
      </div>
      <p class="ok-note" role="status">
        {p.sentTo ? `Code sent to ${p.sentTo}.` : ''}
      </p>
      <ErrorNote error={p.error} />
    </div>
  );
}
