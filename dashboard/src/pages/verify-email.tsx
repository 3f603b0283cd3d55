// The page a sign-up's mailed link opens (/verify-email#token=…): the token rides in the fragment, which the browser
// never sends to a server, and is dropped from the address bar at once. The password chosen at sign-up completes
// it — a sign-up someone else started for this address (with their password) cannot become an account this way.
import { useEffect, useState } from 'preact/hooks';
import { session } from '../api/session.js';
import type { SessionInfo } from '../api/types.js';
import { useAction } from '../hooks.js';
import { Brand, Button, ErrorNote, Field } from '../parts/ui.js';
import { navigate } from '../router.js';

export function VerifyEmailPage({ onSignedIn }: { onSignedIn: (s: SessionInfo) => void }) {
  const [token] = useState(() => new URLSearchParams(location.hash.slice(1)).get('token') ?? '');
  const [password, setPassword] = useState('');
  const act = useAction();

  useEffect(() => {
    if (location.hash) history.replaceState(null, '', location.pathname);
  }, []);

  const submit = async (e: Event) => {
    e.preventDefault();
    const s = await act.run(() => session.verifySignUp(token, password));
    if (s) {
      onSignedIn(s);
      navigate('/accounts', true);
    }
  };

  return (
    <main class="center-page" id="main" tabIndex={-1}>
      <form class="auth-card" onSubmit={submit} aria-labelledby="auth-title">
        <Brand />
        <h1 id="auth-title">Confirm your email</h1>
        {token ? (
          <p>Enter the password you chose when you signed up.</p>
        ) : (
          <p class="error-note" role="alert">
            This link is incomplete: open the link from your mail again.
          </p>
        )}
        <Field label="Password" id="password">
          <input id="password" type="password" autoComplete="current-password" required value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
        </Field>
        <ErrorNote error={act.error} />
        <Button type="submit" busy={act.busy} disabled={!token} class="wide">
          Confirm and sign in
        </Button>
      </form>
    </main>
  );
}
