import { useState } from 'preact/hooks';
import { session } from '../api/session.js';
import type { DashboardConfig, SessionInfo } from '../api/types.js';
import { useAction } from '../hooks.js';
import { Brand, Button, ErrorNote, Field } from '../parts/ui.js';
import { navigate, takeNext } from '../router.js';

export function SignInPage({ config, mode, onSignedIn }: { config: DashboardConfig; mode: 'sign-in' | 'sign-up'; onSignedIn: (s: SessionInfo) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [invitation, setInvitation] = useState('');
  /** An open sign-up's answer: where the link went (the same answer whether or not the address has an account). */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const act = useAction();
  const signUp = mode === 'sign-up';

  const submit = async (e: Event) => {
    e.preventDefault();
    const s = await act.run(() => (signUp ? session.signUp(email, password, invitation || undefined) : session.signIn(email, password)));
    if (s && 'sent_to' in s) {
      setSentTo(s.sent_to);
    } else if (s) {
      onSignedIn(s);
      navigate(takeNext() ?? '/accounts', true);
    }
  };

  const swap = (e: Event) => {
    e.preventDefault();
    act.setError(null);
    setSentTo(null);
    navigate(signUp ? '/sign-in' : '/sign-up');
  };

  if (signUp && sentTo) return <CheckYourMail sentTo={sentTo} onBack={swap} />;

  return (
    <main class="center-page" id="main" tabIndex={-1}>
      <form class="auth-card" onSubmit={submit} aria-labelledby="auth-title">
        <Brand />
        <h1 id="auth-title">{signUp ? 'Create your account' : 'Sign in'}</h1>
        <Field label="Email" id="email">
          <input id="email" type="email" autoComplete="username" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        </Field>
        <Field label="Password" id="password" hint={signUp ? 'At least 10 characters.' : undefined}>
          <input
            id="password"
            type="password"
            autoComplete={signUp ? 'new-password' : 'current-password'}
            required
            minLength={signUp ? 10 : undefined}
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </Field>
        {signUp && config.signup === 'invite' ? (
          <Field label="Invitation" id="invitation" hint="Sign-up needs the invitation your operator sent.">
            <input id="invitation" required value={invitation} onInput={(e) => setInvitation(e.currentTarget.value)} />
          </Field>
        ) : null}
        <ErrorNote error={act.error} />
        <Button type="submit" busy={act.busy} class="wide">
          {signUp ? 'Sign up' : 'Sign in'}
        </Button>
        <p class="muted">
          {signUp ? 'Already have an account? ' : 'New to Rampart? '}
          <a href={signUp ? '/sign-in' : '/sign-up'} onClick={swap}>
            {signUp ? 'Sign in' : 'Create an account'}
          </a>
        </p>
      </form>
    </main>
  );
}

/** After an open sign-up: the link is in the mail; nothing is made until it is opened with the password. */
function CheckYourMail({ sentTo, onBack }: { sentTo: string; onBack: (e: Event) => void }) {
  return (
    <main class="center-page" id="main" tabIndex={-1}>
      <section class="auth-card" aria-labelledby="auth-title">
        <Brand />
        <h1 id="auth-title">Check your mail</h1>
        <p role="status">
          We sent a link to <span class="sent-to">{sentTo}</span>. Open it within 24 hours and enter your password to finish signing up.
        </p>
        <p class="muted">Nothing came? Look in your spam folder. If the address already has an account, the mail says so instead.</p>
        <p>
          <a href="/sign-in" onClick={onBack}>
            Back to sign in
          </a>
        </p>
      </section>
    </main>
  );
}
