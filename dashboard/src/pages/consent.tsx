// The OAuth consent screen (docs/OAUTH.md): an app or assistant asks for access to one API host; the user chooses
// read or trade and the fences a key carries, then approves (back to the authorization server) or refuses. Only the
// browser that started the request can answer it: any other (one the link was sent to) is told why it cannot.
import { useEffect, useState } from 'preact/hooks';
import { RampartError } from '../api/http.js';
import { session, type OAuthRequest } from '../api/session.js';
import { useAction } from '../hooks.js';
import { Button, ErrorNote, Field, Panel } from '../parts/ui.js';

const list = (text: string): string[] | undefined => {
  const items = text.split(',').map((x) => x.trim()).filter(Boolean);
  return items.length > 0 ? items : undefined;
};

export function ConsentPage({ uid }: { uid: string }) {
  const [request, setRequest] = useState<OAuthRequest | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [access, setAccess] = useState<'read' | 'trade'>('read');
  const [markets, setMarkets] = useState('');
  const [reduceOnly, setReduceOnly] = useState(false);
  const [maxOrder, setMaxOrder] = useState('');
  const [maxPosition, setMaxPosition] = useState('');
  const [lossStop, setLossStop] = useState('');
  const [ips, setIps] = useState('');
  const [endDate, setEndDate] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const act = useAction();
  const sending = useAction();

  const sendCode = async () => {
    const r = await sending.run(() => session.emailCode('live_app'));
    if (r) setSentTo(r.sent_to);
  };

  useEffect(() => {
    session.oauthRequest(uid).then(setRequest, setLoadError);
  }, [uid]);

  const go = (to: { redirect_to: string } | undefined) => {
    if (to) location.assign(to.redirect_to);
  };

  const approve = async (e: Event) => {
    e.preventDefault();
    const body: Record<string, unknown> = { access, reduce_only: reduceOnly };
    if (list(markets)) body.markets = list(markets);
    if (maxOrder) body.max_order_usd = maxOrder;
    if (maxPosition) body.max_position_usd = maxPosition;
    if (lossStop) body.loss_stop_usd = lossStop;
    if (list(ips)) body.ip_allowlist = list(ips);
    if (endDate) body.expires_at = Date.parse(`${endDate}T23:59:59Z`);
    if (request?.environment === 'live') body.email_code = code.trim();
    go(await act.run(() => session.approve(uid, body)));
  };

  const refusal = loadError ?? act.error;
  if (refusal instanceof RampartError && (refusal.code as string) === 'authorization_request_not_yours') {
    return (
      <div class="page narrow" id="consent-refused">
        <h1>This request was started in another browser</h1>
        <Panel title="Nothing was shared">
          <p>
            A request to connect an app to your accounts can only be answered in the browser that started it. This one was
            not started here, so it cannot be approved here.
          </p>
          <p>
            <strong>If someone sent you this link, do not continue:</strong> they may be trying to get access to your
            accounts. Close this page. To connect an app yourself, start from the app.
          </p>
          <ErrorNote error={refusal} />
        </Panel>
      </div>
    );
  }
  if (loadError) {
    return (
      <div class="page narrow">
        <h1>Connect an app</h1>
        <ErrorNote error={loadError} />
      </div>
    );
  }
  if (!request) return <div class="page narrow" aria-busy="true" />;
  const { client } = request;
  const goesTo = (() => {
    try {
      return new URL(request.redirect_uri).host;
    } catch {
      return request.redirect_uri;
    }
  })();
  return (
    <div class="page narrow" id="consent">
      <h1>
        Connect {client.name}{' '}
        {client.verified ? null : (
          <span class="badge badge-unverified" title="This assistant registered itself: Rampart has not checked who runs it">
            Unverified
          </span>
        )}
      </h1>
      {client.verified ? null : (
        <div class="unverified-note" role="note">
          <strong>Unverified app.</strong> “{client.name}” registered itself: the name is its own choice and Rampart has not
          checked who runs it. Approve only if you started this connection yourself, from the assistant you use.
        </div>
      )}
      <Panel title="What it asks for">
        <p>
          <strong>{client.name}</strong> ({client.kind === 'assistant' ? 'an AI assistant' : 'an app registered by the operator'}) asks for
          access to your <strong>{request.environment}</strong> accounts through <code>{request.resource}</code>.
          {request.grant_lifetime_ms
            ? ` Its access is renewed every hour for up to ${Math.round(request.grant_lifetime_ms / 86_400_000)} days, until the end date you choose below or until you revoke it.`
            : ' Its access lasts until the end date you choose below (without one: until you revoke it, a year at most).'}
        </p>
        <p class="small muted">
          Client <code>{client.id}</code>; after your answer the browser goes back to <code>{goesTo}</code>.
        </p>
      </Panel>
      <form onSubmit={approve} class="form">
        <Panel title="Access">
          <fieldset>
            <legend>Access</legend>
            <label>
              <input type="radio" name="access" value="read" checked={access === 'read'} onChange={() => setAccess('read')} /> Read only
            </label>
            <label>
              <input type="radio" name="access" value="trade" checked={access === 'trade'} onChange={() => setAccess('trade')} /> Read and trade
            </label>
          </fieldset>
          <Field label="Markets" id="consent-markets" hint="Comma-separated, e.g. BTC-USD, ETH-USD. Empty: all markets.">
            <input id="consent-markets" value={markets} onInput={(e) => setMarkets(e.currentTarget.value)} />
          </Field>
          <label>
            <input id="consent-reduce-only" type="checkbox" checked={reduceOnly} onChange={(e) => setReduceOnly(e.currentTarget.checked)} /> Reduce-only
          </label>
          <Field label="Largest order (USD)" id="consent-max-order">
            <input id="consent-max-order" inputMode="decimal" value={maxOrder} onInput={(e) => setMaxOrder(e.currentTarget.value)} />
          </Field>
          <Field label="Largest position (USD)" id="consent-max-position">
            <input id="consent-max-position" inputMode="decimal" value={maxPosition} onInput={(e) => setMaxPosition(e.currentTarget.value)} />
          </Field>
          <Field label="Loss stop (USD)" id="consent-loss-stop">
            <input id="consent-loss-stop" inputMode="decimal" value={lossStop} onInput={(e) => setLossStop(e.currentTarget.value)} />
          </Field>
          <Field label="IP allowlist" id="consent-ips" hint="Comma-separated addresses or CIDR ranges. Empty: any.">
            <input id="consent-ips" value={ips} onInput={(e) => setIps(e.currentTarget.value)} />
          </Field>
          {client.kind === 'app' ? (
            <Field label="End date" id="consent-end" hint="The app's access ends on this day (UTC). Empty: until you revoke it.">
              <input id="consent-end" type="date" value={endDate} onInput={(e) => setEndDate(e.currentTarget.value)} />
            </Field>
          ) : null}
        </Panel>
        {request.environment === 'live' ? (
          <Panel title="Confirm with an emailed code">
            <p>
              Access to your <strong>live</strong> accounts reaches real money: confirm it with the code we email you.
            </p>
            <div class="live-unlock-row">
              <Button type="button" kind="secondary" busy={sending.busy} onClick={sendCode}>
                Email me a code
              </Button>
              <Field label="Emailed code" id="consent-code">
                <input id="consent-code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required value={code} onInput={(e) => setCode(e.currentTarget.value)} />
              </Field>
            </div>
            <p class="ok-note" role="status">
              {sentTo ? `Code sent to ${sentTo}.` : ''}
            </p>
            <ErrorNote error={sending.error} />
          </Panel>
        ) : null}
        <ErrorNote error={act.error} />
        <div class="actions">
          <Button type="submit" busy={act.busy}>
            Approve
          </Button>{' '}
          <Button kind="secondary" type="button" onClick={async () => go(await act.run(() => session.deny(uid)))}>
            Refuse
          </Button>
        </div>
      </form>
    </div>
  );
}
