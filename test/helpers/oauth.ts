import * as oauth from 'oauth4webapi';
import { expect } from 'vitest';
import type { DashboardClient } from './dashboard.js';
import { DASHBOARD_URL, LIVE_URL, SANDBOX_URL, type TestServer } from './server.js';

export const REDIRECT = 'http://127.0.0.1:8999/callback';

/** The public names (the issuer, the API hosts' base URLs) mapped to this test server's loopback listeners. */
export function localUrl(s: TestServer, url: string): string {
  for (const [pub, local] of [
    [DASHBOARD_URL, s.dashboardUrl],
    [LIVE_URL, s.url.live],
    [SANDBOX_URL, s.url.sandbox],
  ] as const) {
    if (url.startsWith(pub)) return local + url.slice(pub.length);
  }
  return url;
}

export function clientOptions(s: TestServer) {
  return {
    [oauth.allowInsecureRequests]: true,
    [oauth.customFetch]: (url: string, init: RequestInit) => fetch(localUrl(s, url), init),
  };
}

export async function discover(s: TestServer): Promise<oauth.AuthorizationServer> {
  const res = await oauth.discoveryRequest(new URL(DASHBOARD_URL), { algorithm: 'oauth2', ...clientOptions(s) });
  return oauth.processDiscoveryResponse(new URL(DASHBOARD_URL), res);
}

/** A browser's cookies for the dashboard host (oidc-provider's interaction and resume cookies). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  value(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

export interface AuthorizeOptions {
  resource?: string | undefined;
  scope?: string;
  pkce?: 'S256' | 'plain' | 'none';
  /** The browser's cookies (default: a new browser). */
  jar?: CookieJar;
}

/** Starts the flow as a browser would: answers the consent page's interaction id (or the error redirect). */
export async function startAuthorization(s: TestServer, as: oauth.AuthorizationServer, clientId: string, o: AuthorizeOptions = {}) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', REDIRECT);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', o.scope ?? 'trade');
  url.searchParams.set('state', state);
  if (o.resource !== undefined) url.searchParams.set('resource', o.resource);
  const pkce = o.pkce ?? 'S256';
  if (pkce === 'S256') {
    url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
    url.searchParams.set('code_challenge_method', 'S256');
  } else if (pkce === 'plain') {
    url.searchParams.set('code_challenge', verifier);
    url.searchParams.set('code_challenge_method', 'plain');
  }
  const jar = o.jar ?? new CookieJar();
  const res = await fetch(localUrl(s, url.href), { redirect: 'manual', headers: { cookie: jar.header() } });
  jar.take(res);
  const location = res.headers.get('location') ?? '';
  const uid = /\/consent\/([^/?#]+)/.exec(location)?.[1];
  return { verifier, state, jar, location, uid, status: res.status };
}

/**
 * A browser opening an authorization URL a client made (an MCP client's, say): answers the consent page's interaction
 * id and the browser's cookies, as startAuthorization does for a URL it makes itself.
 */
export async function openAuthorization(s: TestServer, url: URL, jar = new CookieJar()) {
  const res = await fetch(localUrl(s, url.href), { redirect: 'manual', headers: { cookie: jar.header() } });
  jar.take(res);
  const location = res.headers.get('location') ?? '';
  const uid = /\/consent\/([^/?#]+)/.exec(location)?.[1];
  return { jar, location, uid, status: res.status };
}

/** Follows the redirects after the consent (with the browser's cookies) to the client's redirect URI. */
export async function resume(s: TestServer, jar: CookieJar, redirectTo: string): Promise<URL> {
  let next = redirectTo;
  for (let hop = 0; hop < 6; hop++) {
    if (next.startsWith(REDIRECT)) return new URL(next);
    const res = await fetch(localUrl(s, new URL(next, DASHBOARD_URL).href), { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    const location = res.headers.get('location');
    expect(location, `${res.status} ${await res.text()}`).toBeTruthy();
    next = location!;
  }
  throw new Error('too many redirects');
}

/**
 * A consent route (GET /consent/{uid}/request, POST …/approve, …/deny) called by the signed-in user `d` from the
 * browser whose cookies are `jar` (the one that started the request, or another).
 */
export function consentCall(d: DashboardClient, jar: CookieJar, uid: string, action: 'request' | 'approve' | 'deny', body?: Record<string, unknown>) {
  return d.call(action === 'request' ? 'GET' : 'POST', `/consent/${uid}/${action}`, { headers: { cookie: jar.header() }, ...(body ? { body } : {}) });
}

/** Approves an authorization request from the browser that started it and follows the redirects back to the client. */
export async function approveAndReturn(s: TestServer, d: DashboardClient, started: Awaited<ReturnType<typeof openAuthorization>>, consent: Record<string, unknown>): Promise<URL> {
  expect(started.uid, started.location).toBeTruthy();
  const approved = await consentCall(d, started.jar, started.uid!, 'approve', consent);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return resume(s, started.jar, approved.body.redirect_to);
}

/** The whole flow: authorize, consent through the session routes, exchange the code. */
export async function connect(s: TestServer, as: oauth.AuthorizationServer, client: oauth.Client, d: DashboardClient, consent: Record<string, unknown>, resource = SANDBOX_URL) {
  const started = await startAuthorization(s, as, client.client_id, { resource });
  const back = await approveAndReturn(s, d, started, consent);
  const params = oauth.validateAuthResponse(as, client, back, started.state);
  const res = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, started.verifier, clientOptions(s));
  return oauth.processAuthorizationCodeResponse(as, client, res);
}

export const PASSWORD = 'correct horse battery';

/** A user signed up on the dashboard, with a sandbox account (the first sandbox key opens it). */
export async function person(s: TestServer, email: string): Promise<{ d: DashboardClient; email: string; accountId: string }> {
  const d = s.dashboard();
  const r = await d.signUp(email, PASSWORD);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const k = await d.call('POST', '/session/keys', { body: { environment: 'sandbox', access: 'read' } });
  await s.settle();
  return { d, email, accountId: k.body.opened_account.id as string };
}

/** An assistant: a client that registers itself (RFC 7591). */
export async function assistantClient(s: TestServer, as: oauth.AuthorizationServer, name = 'Helper', redirect = REDIRECT): Promise<oauth.Client> {
  const res = await oauth.dynamicClientRegistrationRequest(as, { client_name: name, redirect_uris: [redirect], token_endpoint_auth_method: 'none' }, clientOptions(s));
  return (await oauth.processDynamicClientRegistrationResponse(res)) as oauth.Client;
}

/** An app, registered by the operator (POST /admin/v1/apps, as `rampart apps create`). */
export async function appClient(s: TestServer, name = 'Tradebook', redirect = REDIRECT): Promise<oauth.Client> {
  const made = await s.admin('POST', '/admin/v1/apps', { name, redirect_uris: [redirect] });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { client_id: made.body.client_id as string, token_endpoint_auth_method: 'none' };
}

/** A refresh token exchanged (rejects with the OAuth error, e.g. `{error: 'invalid_grant'}`). */
export async function refresh(s: TestServer, as: oauth.AuthorizationServer, client: oauth.Client, refreshToken: string) {
  return oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshToken, clientOptions(s)));
}

/** RFC 7009 revocation by a client: the raw answer. */
export function revokeAt(s: TestServer, as: oauth.AuthorizationServer, client: oauth.Client, token: string, hint?: string) {
  return oauth.revocationRequest(as, client, oauth.None(), token, { ...clientOptions(s), ...(hint ? { additionalParameters: { token_type_hint: hint } } : {}) });
}
