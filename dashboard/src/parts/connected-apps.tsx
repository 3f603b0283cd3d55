// The user's connected apps (GET /session/apps): the OAuth grants in force, each revocable.
import { useEffect, useState } from 'preact/hooks';
import { session, type ConnectedApp } from '../api/session.js';
import { useAction } from '../hooks.js';
import { Button, ErrorNote, Panel } from './ui.js';

const day = (ms: number | null) => (ms === null ? '—' : new Date(ms).toISOString().slice(0, 10));

export function ConnectedApps() {
  const [apps, setApps] = useState<ConnectedApp[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const act = useAction();
  const load = () => session.apps().then((r) => setApps(r.data), setLoadError);
  useEffect(() => {
    void load();
  }, []);

  return (
    <Panel title="Connected apps" id="connected-apps">
      <ErrorNote error={loadError ?? act.error} />
      {apps && apps.length === 0 ? <p>No app or assistant has access.</p> : null}
      {apps && apps.length > 0 ? (
        <table class="table">
          <thead>
            <tr>
              <th>App</th>
              <th>Environment</th>
              <th>Access</th>
              <th>Markets</th>
              <th>Connected</th>
              <th>Last used</th>
              <th>Ends</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {apps.map((a) => (
              <tr key={a.id}>
                <td>
                  {a.client_name} <small>({a.kind})</small>
                </td>
                <td>{a.environment}</td>
                <td>{a.access}</td>
                <td>{a.markets?.join(', ') ?? 'all'}</td>
                <td>{day(a.created_at)}</td>
                <td>{day(a.last_used_at)}</td>
                <td>{day(a.expires_at)}</td>
                <td>
                  <Button kind="danger" type="button" aria-label={`Revoke ${a.client_name}`} onClick={async () => (await act.run(() => session.revokeApp(a.id))) && load()}>
                    Revoke
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Panel>
  );
}
