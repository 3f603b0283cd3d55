// The shell: loads the dashboard's settings and the session, shows sign-in until there is one, then the header
// (environment switch, navigation) and the page the path names.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { apiClient, forgetClients } from './api/client.js';
import { RampartError } from './api/http.js';
import { onSessionEnded, session } from './api/session.js';
import type { DashboardConfig, Environment, SessionInfo } from './api/types.js';
import { Header } from './parts/header.js';
import { ErrorNote } from './parts/ui.js';
import { AccountPage } from './pages/account.js';
import { AccountsPage } from './pages/accounts.js';
import { ConsentPage } from './pages/consent.js';
import { KeysPage } from './pages/keys.js';
import { SettingsPage } from './pages/settings.js';
import { SignalsPage } from './pages/signals.js';
import { SignInPage } from './pages/sign-in.js';
import { VerifyEmailPage } from './pages/verify-email.js';
import { WebhooksPage } from './pages/webhooks.js';
import { navigate, onLinkClick, rememberNext, takeNext, usePath } from './router.js';
import { AppContext, savedEnv, saveEnv, type AppState } from './state.js';

const PUBLIC = ['/sign-in', '/sign-up', '/verify-email'];

export function App() {
  const path = usePath();
  const [config, setConfig] = useState<DashboardConfig | null>(null);
  const [me, setMe] = useState<SessionInfo | null | undefined>(undefined);
  const [env, setEnvState] = useState<Environment>(savedEnv());
  const [fatal, setFatal] = useState<unknown>(null);

  useEffect(() => {
    onSessionEnded(() => {
      forgetClients();
      setMe(null);
    });
    session.config().then(setConfig, setFatal);
    session.current().then(setMe, (err) => {
      if (err instanceof RampartError && err.status === 401) setMe(null);
      else setFatal(err);
    });
  }, []);

  useEffect(() => {
    // A consent page reached signed out comes back after the sign-in (the authorization request waits).
    if (me === null && path.startsWith('/consent/')) rememberNext(path);
    if (me === null && !PUBLIC.includes(path)) navigate('/sign-in', true);
    if (me && (PUBLIC.includes(path) || path === '/')) navigate(takeNext() ?? '/accounts', true);
  }, [me, path]);

  useEffect(() => {
    const main = document.getElementById('main');
    main?.focus({ preventScroll: true });
    document.title = `${titleOf(path)} · Rampart`;
  }, [path]);

  const state = useMemo<AppState | null>(() => {
    if (!config || !me) return null;
    return {
      config,
      me,
      env,
      api: apiClient(env, config.api[env]),
      setEnv: (e) => {
        saveEnv(e);
        setEnvState(e);
        if (/^\/accounts\/./.test(location.pathname)) navigate('/accounts');
      },
      signedOut: () => {
        forgetClients();
        setMe(null);
      },
    };
  }, [config, me, env]);

  if (fatal) {
    return (
      <main class="center-page" id="main" tabIndex={-1}>
        <h1>Rampart</h1>
        <ErrorNote error={fatal} />
      </main>
    );
  }
  if (!config || me === undefined) return <main class="center-page" id="main" tabIndex={-1} aria-busy="true" />;
  if (!state && path === '/verify-email') return <VerifyEmailPage onSignedIn={setMe} />;
  if (!state) return <SignInPage config={config} mode={path === '/sign-up' ? 'sign-up' : 'sign-in'} onSignedIn={setMe} />;

  return (
    <AppContext.Provider value={state}>
      <div class={`shell env-${state.env}`} onClick={onLinkClick}>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <Header path={path} />
        <main id="main" tabIndex={-1} class="main">
          <Route path={path} />
        </main>
      </div>
    </AppContext.Provider>
  );
}

function Route({ path }: { path: string }) {
  const consent = /^\/consent\/([^/]+)$/.exec(path);
  if (consent) return <ConsentPage key={consent[1]} uid={decodeURIComponent(consent[1]!)} />;
  const account = /^\/accounts\/([^/]+)(\/trade)?$/.exec(path);
  if (account) return <AccountPage key={account[1]} id={decodeURIComponent(account[1]!)} trade={Boolean(account[2])} />;
  if (path === '/accounts') return <AccountsPage />;
  if (path === '/signals') return <SignalsPage />;
  if (path === '/developers/keys' || path === '/developers') return <KeysPage />;
  if (path === '/developers/webhooks') return <WebhooksPage />;
  if (path === '/settings') return <SettingsPage />;
  return (
    <div class="page">
      <h1>Not found</h1>
      <p>
        There is no page at <code>{path}</code>. <a href="/accounts">Go to your accounts</a>.
      </p>
    </div>
  );
}

function titleOf(path: string): string {
  if (path.startsWith('/accounts/')) return path.endsWith('/trade') ? 'Trade' : 'Account';
  if (path === '/accounts') return 'Accounts';
  if (path.startsWith('/consent/')) return 'Connect an app';
  if (path === '/signals') return 'Signals';
  if (path.startsWith('/developers/webhooks')) return 'Webhooks';
  if (path.startsWith('/developers')) return 'API keys';
  if (path === '/settings') return 'Settings';
  if (path === '/sign-up') return 'Sign up';
  if (path === '/verify-email') return 'Confirm your email';
  return 'Sign in';
}
