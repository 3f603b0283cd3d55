import { useState } from 'preact/hooks';
import { session } from '../api/session.js';
import { useAction } from '../hooks.js';
import { ConnectedApps } from '../parts/connected-apps.js';
import { Button, ErrorNote, Field, Panel } from '../parts/ui.js';
import { useSignOut } from '../sign-out.js';
import { useApp } from '../state.js';

export function SettingsPage() {
  const { me } = useApp();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [done, setDone] = useState(false);
  const change = useAction();
  const out = useSignOut();

  const submit = async (e: Event) => {
    e.preventDefault();
    setDone(false);
    const ok = await change.run(async () => {
      await session.changePassword(current, next);
      return true;
    });
    if (ok) {
      setDone(true);
      setCurrent('');
      setNext('');
    }
  };

  return (
    <div class="page narrow">
      <h1>Settings</h1>
      <Panel title="Password" id="password-panel">
        <form onSubmit={submit} class="form">
          <Field label="Current password" id="current-password">
            <input id="current-password" type="password" autoComplete="current-password" required value={current} onInput={(e) => setCurrent(e.currentTarget.value)} />
          </Field>
          <Field label="New password" id="new-password" hint="At least 10 characters. Changing it signs out your other sessions and ends the access you granted.">
            <input id="new-password" type="password" autoComplete="new-password" required minLength={10} value={next} onInput={(e) => setNext(e.currentTarget.value)} />
          </Field>
          <ErrorNote error={change.error} />
          <p class="ok-note" role="status">
            {done ? 'Password changed.' : ''}
          </p>
          <Button type="submit" busy={change.busy}>
            Change password
          </Button>
        </form>
      </Panel>
      <ConnectedApps />
      <Panel title="Session" id="session-panel">
        <p>
          Signed in as <strong>{me.user.email}</strong>.
        </p>
        <ErrorNote error={out.error} />
        <Button kind="secondary" type="button" busy={out.busy} onClick={out.signOut}>
          Sign out
        </Button>
      </Panel>
    </div>
  );
}
