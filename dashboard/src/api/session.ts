// The dashboard host's own routes (docs/DASHBOARD.md "Session routes"): the cookie travels by itself (same origin);
// every write carries the session's CSRF token, which GET /session, sign-in and sign-up hand out.
import { callJson, RampartError } from './http.js';
import type { DashboardConfig, DashboardToken, Environment, KeyRecord, SessionInfo, SignUpSent } from './types.js';

let csrf = '';
let ended: () => void = () => undefined;

/** What the page does when a session route says the session is over (expired, signed out elsewhere, password changed). */
export function onSessionEnded(f: () => void): void {
  ended = f;
}

async function watch<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof RampartError && (err.code as string) === 'session_required') ended();
    throw err;
  }
}

function write<T>(method: string, path: string, body?: unknown): Promise<T> {
  return watch(callJson<T>(path, method, { body, headers: { 'x-csrf-token': csrf }, credentials: 'same-origin' }));
}

function remember(s: SessionInfo): SessionInfo {
  csrf = s.csrf_token;
  return s;
}

/**
 * An authorization request waiting for the user's consent (GET /consent/:uid/request). The consent routes sit under
 * the page's own path: the browser that started the request sends its interaction cookie there (and only there).
 */
export interface OAuthRequest {
  id: string;
  /** `verified`: registered by the operator (an app); an assistant registered itself and named itself. */
  client: { id: string; name: string; kind: 'app' | 'assistant'; verified: boolean };
  /** Where the browser goes with the code once approved. */
  redirect_uri: string;
  resource: string;
  environment: Environment;
  scope: string;
  token_lifetime_ms: number | null;
  /** An assistant's grant: how long it lasts at most (its tokens are renewed hourly); null for an app. */
  grant_lifetime_ms: number | null;
}

/** A grant in force (GET /session/apps). */
export interface ConnectedApp {
  id: string;
  client_id: string;
  client_name: string;
  kind: 'app' | 'assistant';
  environment: Environment;
  access: 'read' | 'trade';
  markets?: string[] | null;
  reduce_only?: boolean;
  max_order_usd?: string | null;
  expires_at: number | null;
  created_at: number;
  last_used_at: number | null;
  /** When the grant ends at the latest (the end date; without one a year for an app, 30 days for an assistant). */
  ends_at: number;
}

export interface CreatedKey extends KeyRecord {
  key: string;
  opened_account?: { id: string } | null;
  opened_account_id?: string | null;
}

export const session = {
  config: () => callJson<DashboardConfig>('/session/config', 'GET', { credentials: 'same-origin' }),
  current: async () => remember(await callJson<SessionInfo>('/session', 'GET', { credentials: 'same-origin' })),
  signIn: async (email: string, password: string) => remember(await write<SessionInfo>('POST', '/session/sign-in', { email, password })),
  /** An open sign-up answers "check your mail" (the link completes it); one with an invitation signs in at once. */
  signUp: async (email: string, password: string, invitation?: string): Promise<SessionInfo | SignUpSent> => {
    const answer = await write<SessionInfo | SignUpSent>('POST', '/session/sign-up', { email, password, ...(invitation ? { invitation } : {}) });
    return 'csrf_token' in answer ? remember(answer) : answer;
  },
  verifySignUp: async (token: string, password: string) => remember(await write<SessionInfo>('POST', '/session/sign-up/verify', { token, password })),
  signOut: async () => {
    await write<void>('POST', '/session/sign-out');
    csrf = '';
  },
  changePassword: (current_password: string, new_password: string) => write<void>('POST', '/session/password', { current_password, new_password }),
  /** A live token trades only when asked for with the newest `live_trade` code; without one it reads. */
  apiToken: (environment: Environment, emailCode?: string) =>
    write<DashboardToken>('POST', '/session/api-tokens', { environment, ...(emailCode !== undefined ? { email_code: emailCode } : {}) }),
  emailCode: (purpose: 'live_key' | 'live_trade' | 'live_app' | 'live_signal') => write<{ sent_to: string; expires_at: number }>('POST', '/session/email-codes', { purpose }),
  keys: () => watch(callJson<{ data: KeyRecord[] }>('/session/keys', 'GET', { credentials: 'same-origin' })),
  createKey: (body: Record<string, unknown>) => write<CreatedKey>('POST', '/session/keys', body),
  oauthRequest: (uid: string) => watch(callJson<OAuthRequest>(`/consent/${encodeURIComponent(uid)}/request`, 'GET', { credentials: 'same-origin' })),
  approve: (uid: string, body: Record<string, unknown>) => write<{ redirect_to: string }>('POST', `/consent/${encodeURIComponent(uid)}/approve`, body),
  deny: (uid: string) => write<{ redirect_to: string }>('POST', `/consent/${encodeURIComponent(uid)}/deny`),
  apps: () => watch(callJson<{ data: ConnectedApp[] }>('/session/apps', 'GET', { credentials: 'same-origin' })),
  revokeApp: (id: string) => write<{ id: string; revoked: true }>('DELETE', `/session/apps/${encodeURIComponent(id)}`),
  revokeKey: (id: string) => write<KeyRecord>('DELETE', `/session/keys/${encodeURIComponent(id)}`),
};
