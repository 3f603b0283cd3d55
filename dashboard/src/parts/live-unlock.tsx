// Live trading from the page needs a recent emailed code (docs/SECURITY.md item 10): until one is given the live
// dashboard token only reads, so the ticket previews but offers this instead of Send. The code is mailed on request
// (POST /session/email-codes, purpose live_trade) and traded for a token that trades, for that token's hour.
import { useEffect, useState } from 'preact/hooks';
import type { ApiClient } from '../api/client.js';
import { session } from '../api/session.js';
import { useAction } from '../hooks.js';
import { Button, ErrorNote, Field } from './ui.js';

/** Whether the client's token trades now, kept up to date as tokens are replaced. */
export function useTrades(api: ApiClient): boolean {
  const [trades, setTrades] = useState(api.trades);
  useEffect(() => {
    setTrades(api.trades);
    return api.watch(() => setTrades(api.trades));
  }, [api]);
  return trades;
}

export function LiveUnlock({ api }: { api: ApiClient }) {
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sending = useAction();
  const unlocking = useAction();

  const send = async () => {
    const r = await sending.run(() => session.emailCode('live_trade'));
    if (r) setSentTo(r.sent_to);
  };

  const unlock = async (e: Event) => {
    e.preventDefault();
    e.stopPropagation();
    if (await unlocking.run(() => api.unlock(code.trim()).then(() => true))) setCode('');
  };

  return (
    <div class="live-unlock" id="live-unlock" role="group" aria-labelledby="live-unlock-title">
      <p id="live-unlock-title">
        <strong>Live trading needs an emailed code.</strong> Orders you send from here trade real money: confirm with the code we email
        you. It unlocks trading for an hour.
      </p>
      <div class="live-unlock-row">
        <Button type="button" kind="secondary" busy={sending.busy} onClick={send}>
          Email me a code
        </Button>
        <Field label="Emailed code" id="live-code">
          <input id="live-code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} value={code} onInput={(e) => setCode(e.currentTarget.value)} />
        </Field>
        <Button type="button" busy={unlocking.busy} disabled={!/^\d{6}$/.test(code.trim())} onClick={unlock}>
          Unlock live trading
        </Button>
      </div>
      <p class="ok-note" role="status">
        {sentTo ? `Code sent to ${sentTo}.` : ''}
      </p>
      <ErrorNote error={sending.error ?? unlocking.error} />
    </div>
  );
}
