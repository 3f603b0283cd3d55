// The user's connected apps (GET /session/apps): the OAuth grants until they are over, each revocable.
import { useEffect, useState } from 'preact/hooks';
import { session, type ConnectedApp } from '../api/session.js';
import { useAction } from '../hooks.js';
import { DataTable, type Column } from './data-table.js';
import { Button, ErrorNote, Panel } from './ui.js';

const day = (ms: number | null) => (ms === null ? '—' : new Date(ms).toISOString().slice(0, 10));

const APP_COLUMNS: Column<ConnectedApp>[] = [
  {
    header: 'App',
    cell: (a) => (
      <>
        {a.client_name} <small>({a.kind})</small>
      </>
    ),
  },
  { header: 'Environment', cell: (a) => a.environment },
  { header: 'Access', cell: (a) => a.access },
  { header: 'Markets', cell: (a) => a.markets?.join(', ') ?? 'all' },
  { header: 'Connected', cell: (a) => day(a.created_at) },
  { header: 'Last used', cell: (a) => day(a.last_used_at) },
  { header: 'Ends', cell: (a) => day(a.ends_at) },
];

export function ConnectedApps() {
  const [apps, setApps] = useState<ConnectedApp[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const act = useAction();
  const load = () => session.apps().then((r) => setApps(r.data), setLoadError);
  useEffect(() => {
    void load();
  }, []);

  const columns: Column<ConnectedApp>[] = [
    ...APP_COLUMNS,
    {
      header: 'Actions',
      actions: true,
      cell: (a) => (
        <Button kind="danger" type="button" aria-label={`Revoke ${a.client_name}`} onClick={async () => (await act.run(() => session.revokeApp(a.id))) && load()}>
          Revoke
        </Button>
      ),
    },
  ];
  return (
    <Panel title="Connected apps" id="connected-apps">
      <ErrorNote error={loadError ?? act.error} />
      {apps ? <DataTable rows={apps} columns={columns} rowKey={(a) => a.id} empty="No app or assistant has access." /> : null}
    </Panel>
  );
}
