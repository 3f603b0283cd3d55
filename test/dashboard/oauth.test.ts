import { randomUUID } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardClient } from '../helpers/dashboard.js';
import { clientOptions, connect, consentCall, discover, REDIRECT, resume, startAuthorization } from '../helpers/oauth.js';
import { advanceOn, DASHBOARD_URL, expectError, LIVE_URL, SANDBOX_URL, TestServer } from '../helpers/server.js';

let s: TestServer;
let as: oauth.AuthorizationServer;
const PASSWORD = 'correct horse battery';
let n = 0;

beforeAll(async () => {
  s = await TestServer.start();
  as = await discover(s);
});
afterAll(() => s.close());

async function person(): Promise<{ d: DashboardClient; email: string; accountId: string }> {
  const d = s.dashboard();
  const email = `oauth${++n}@example.com`;
  const r = await d.signUp(email, PASSWORD);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  // A sandbox key opens the first sandbox account.
  const k = await d.call('POST', '/session/keys', { body: { environment: 'sandbox', access: 'read' } });
  await s.settle();
  return { d, email, accountId: k.body.opened_account.id as string };
}

async function assistant(): Promise<oauth.Client> {
  const res = await oauth.dynamicClientRegistrationRequest(as, { client_name: 'Helper', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }, clientOptions(s));
  return (await oauth.processDynamicClientRegistrationResponse(res)) as oauth.Client;
}

async function app(): Promise<oauth.Client> {
  // As the operator registers one (POST /admin/v1/apps, as `rampart apps create`).
  const made = await s.admin('POST', '/admin/v1/apps', { name: 'Tradebook', redirect_uris: [REDIRECT] });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { client_id: made.body.client_id as string, token_endpoint_auth_method: 'none' };
}

const accounts = (token: string, host: 'sandbox' | 'live' = 'sandbox') =>
  host === 'sandbox' ? s.sandboxCall('GET', '/v1/accounts', { key: token }) : s.liveCall('GET', '/v1/accounts', { key: token });

describe('OAuth authorization server', () => {
  it('publishes RFC 8414 metadata on the dashboard host and RFC 9728 metadata on each API host', async () => {
    expect(as).toMatchObject({
      issuer: DASHBOARD_URL,
      authorization_endpoint: `${DASHBOARD_URL}/oauth/authorize`,
      token_endpoint: `${DASHBOARD_URL}/oauth/token`,
      registration_endpoint: `${DASHBOARD_URL}/oauth/register`,
      revocation_endpoint: `${DASHBOARD_URL}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    });
    for (const url of [SANDBOX_URL, LIVE_URL]) {
      const res = await oauth.resourceDiscoveryRequest(new URL(url), clientOptions(s));
      const rs = await oauth.processResourceDiscoveryResponse(new URL(url), res);
      expect(rs).toMatchObject({ resource: url, authorization_servers: [DASHBOARD_URL], bearer_methods_supported: ['header'] });
    }
  });

  it('registers an assistant (RFC 7591), issues a one-hour rat_test_ token for the sandbox host only', async () => {
    const { d } = await person();
    const client = await assistant();
    expect(client.client_id).toBeTruthy();
    const tokens = await connect(s, as, client, d, { access: 'read' });
    expect(tokens.access_token).toMatch(/^rat_test_/);
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.expires_in).toBe(3600);
    expect((await accounts(tokens.access_token)).status).toBe(200);
    expectError(await accounts(tokens.access_token, 'live'), 401, 'wrong_resource', { expected_resource: new URL(SANDBOX_URL).host });
    const apps = await d.call('GET', '/session/apps');
    expect(apps.body.data).toEqual([expect.objectContaining({ client_name: 'Helper', kind: 'assistant', environment: 'sandbox', access: 'read', resource: SANDBOX_URL })]);
    await advanceOn(s, 3_600_001);
    expectError(await accounts(tokens.access_token), 401, 'expired_token');
  });

  it('gives an app rotated refresh tokens; revoking it from connected apps ends its tokens', async () => {
    const { d } = await person();
    const client = await app();
    const tokens = await connect(s, as, client, d, { access: 'read' });
    expect(tokens.access_token).toMatch(/^rat_test_/);
    expect(tokens.refresh_token).toBeTruthy();
    const refreshed = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, clientOptions(s)));
    expect(refreshed.access_token).toMatch(/^rat_test_/);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    // The old refresh token is spent.
    await expect(oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, clientOptions(s)))).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // (Reusing a rotated refresh token revokes the grant, as OAuth 2.1 advises: start again.)
    const again = await connect(s, as, client, d, { access: 'read' });
    expect((await accounts(again.access_token)).status).toBe(200);
    const apps = (await d.call('GET', '/session/apps')).body.data as { id: string }[];
    expect(apps).toHaveLength(1);
    expect((await d.call('DELETE', `/session/apps/${apps[0]!.id}`)).status).toBe(200);
    expectError(await accounts(again.access_token), 401, 'revoked_token');
    await expect(oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), again.refresh_token!, clientOptions(s)))).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect((await d.call('GET', '/session/apps')).body.data).toEqual([]);
    expectError(await d.call('DELETE', `/session/apps/${apps[0]!.id}`), 404, 'route_not_found');
  });

  it('a password change revokes the grants: tokens answer revoked_token, refresh tokens stop working', async () => {
    const { d } = await person();
    const client = await app();
    const tokens = await connect(s, as, client, d, { access: 'read' });
    const r = await d.call('POST', '/session/password', { body: { current_password: PASSWORD, new_password: 'a new long password' } });
    expect(r.status).toBe(204);
    expectError(await accounts(tokens.access_token), 401, 'revoked_token');
    await expect(oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, clientOptions(s)))).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('applies the fences of the consent', async () => {
    const { d, accountId } = await person();
    const tokens = await connect(s, as, await assistant(), d, { access: 'trade', markets: ['ETH-USD'] });
    expect((await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' })).status).toBe(200);
    const r = await s.sandboxCall('POST', `/v1/accounts/${accountId}/orders`, {
      key: tokens.access_token,
      idempotencyKey: randomUUID(),
      body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' },
    });
    expectError(r, 422, 'key_market_not_allowed', { markets: ['ETH-USD'] });
  });

  it('refuses plain PKCE, no PKCE, a missing or unknown resource', async () => {
    const client = await assistant();
    for (const pkce of ['plain', 'none'] as const) {
      const r = await startAuthorization(s, as, client.client_id, { resource: SANDBOX_URL, pkce });
      expect(r.uid).toBeUndefined();
      expect(new URL(r.location).searchParams.get('error')).toBe('invalid_request');
    }
    for (const resource of [undefined, 'http://elsewhere.example']) {
      const r = await startAuthorization(s, as, client.client_id, { resource });
      expect(r.uid).toBeUndefined();
      expect(new URL(r.location).searchParams.get('error'), r.location).toBe('invalid_target');
    }
  });

  it('the consent needs a session; a refusal answers access_denied; a finished request is gone', async () => {
    const { d } = await person();
    const client = await assistant();
    const started = await startAuthorization(s, as, client.client_id, { resource: SANDBOX_URL });
    expectError(await consentCall(s.dashboard(), started.jar, started.uid!, 'request'), 401, 'session_required');
    const shown = await consentCall(d, started.jar, started.uid!, 'request');
    expect(shown.body).toMatchObject({
      client: { id: client.client_id, name: 'Helper', kind: 'assistant', verified: false },
      redirect_uri: REDIRECT,
      resource: SANDBOX_URL,
      environment: 'sandbox',
      token_lifetime_ms: 3_600_000,
    });
    const denied = await consentCall(d, started.jar, started.uid!, 'deny');
    expect(denied.status).toBe(200);
    const back = await resume(s, started.jar, denied.body.redirect_to);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expectError(await consentCall(d, started.jar, started.uid!, 'request'), 404, 'route_not_found');
  });

  it('refuses to register a confidential client or a non-loopback http redirect', async () => {
    for (const metadata of [
      { redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_basic' },
      { redirect_uris: ['http://example.com/cb'], token_endpoint_auth_method: 'none' },
    ]) {
      const res = await oauth.dynamicClientRegistrationRequest(as, metadata, clientOptions(s));
      expect(res.status).toBe(400);
    }
  });
});
