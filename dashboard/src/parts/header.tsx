import type { Environment } from '../api/types.js';
import { useApp } from '../state.js';
import { UserMenu } from './user-menu.js';

const NAV = [
  { href: '/accounts', label: 'Accounts', match: '/accounts' },
  { href: '/signals', label: 'Signals', match: '/signals' },
  { href: '/developers/keys', label: 'API keys', match: '/developers/keys' },
  { href: '/developers/webhooks', label: 'Webhooks', match: '/developers/webhooks' },
  { href: '/settings', label: 'Settings', match: '/settings' },
];

export function Header({ path }: { path: string }) {
  const { env, setEnv } = useApp();
  return (
    <header class="topbar">
      <div class="topbar-row">
        <a class="brand" href="/accounts">
          <span class="brand-mark" aria-hidden="true">
            ▲
          </span>
          Rampart
        </a>
        <div class="env-switch" role="group" aria-label="Environment">
          {(['sandbox', 'live'] as Environment[]).map((e) => (
            <button type="button" class={`env-btn${env === e ? ' on' : ''}`} aria-pressed={env === e} data-env={e} onClick={() => setEnv(e)}>
              {e === 'sandbox' ? 'Sandbox' : 'Live'}
            </button>
          ))}
        </div>
        <UserMenu />
      </div>
      <nav aria-label="Main" class="nav">
        {NAV.map((n) => (
          <a href={n.href} aria-current={path.startsWith(n.match) ? 'page' : undefined}>
            {n.label}
          </a>
        ))}
      </nav>
    </header>
  );
}
