// A Copy button for a text shown in a field (a secret, an alert URL, a message to paste elsewhere). The Clipboard API
// needs a secure context (https or localhost): on a plain-http dashboard it is missing, so the button selects the
// field's text and asks the browser to copy the selection; when even that is refused the text stays selected and the
// note says to press Ctrl+C. What happened is said in the button and announced.
import { useState } from 'preact/hooks';
import { Button } from './ui.js';

type Copied = 'idle' | 'copied' | 'selected';

async function copy(text: string, field: HTMLInputElement | HTMLTextAreaElement | null): Promise<Copied> {
  try {
    if (!navigator.clipboard) throw new Error('no Clipboard API here');
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    field?.focus();
    field?.select();
    // The older way, for a page served over plain http: copies the selection just made.
    return field && document.execCommand('copy') ? 'copied' : 'selected';
  }
}

/** `field` is the id of the input or textarea showing `text`; `what` names it for screen readers ("URL"). */
export function CopyButton({ text, field, what }: { text: string; field: string; what: string }) {
  const [state, setState] = useState<Copied>('idle');
  const onClick = async () => setState(await copy(text, document.getElementById(field) as HTMLInputElement | HTMLTextAreaElement | null));
  return (
    <span class="copy">
      <Button kind="secondary" type="button" onClick={onClick} aria-label={`${state === 'copied' ? 'Copied' : 'Copy'} ${what}`} data-copied={state}>
        {state === 'copied' ? 'Copied' : 'Copy'}
      </Button>
      <span class={state === 'selected' ? 'copy-note' : 'sr-only'} role="status">
        {state === 'copied' ? `${what} copied.` : state === 'selected' ? 'Selected: press Ctrl+C (⌘C on a Mac) to copy.' : ''}
      </span>
    </span>
  );
}
