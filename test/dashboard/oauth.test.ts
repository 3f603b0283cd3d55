import { randomUUID } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appClient,
  assistantClient,
  clientOptions,
  connect,
  consentCall,
  discover,
  PASSWORD,
  person as signedUp,
  REDIRECT,
  resume,
  startAuthorization,
} from '../helpers/oauth.js';
import { advanceOn, DASHBOARD_URL, expectError, LIVE_URL, SANDBOX_URL, TestServer } from '../helpers/server.js';

let s: TestServer;
let as: oauth.AuthorizationServer;
let n = 0;

beforeAll(async () => {
  // Many flows from one address on a clock that does not move by itself: a budget that does not get in the way.
  s = await TestServer.start({ limits: { rate_limits: { oauth: { capacity: 10_000, refill_per_second: 100 } } } });
  as = await discover(s);
});
afterAll(() => s.close());

const person = () => signedUp(s, `oauth${++n}@example.com`);
const assistant = () => assistantClient(s, as);
const app = () => appClient(s);

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

  it('registers an assistant (RFC 7591), issues a one-hour rat_test_ token for the sandbox host only, with a refresh token for the next', async () => {
    const { d, email } = await person();
    const client = await assistant();
    expect(client.client_id).toBeTruthy();
    const consentedAt = s.services.clock.now();
    const tokens = await connect(s, as, client, d, { access: 'read' });
    expect(tokens.access_token).toMatch(/^rat_test_/);
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.expires_in).toBe(3600);
    expect((await accounts(tokens.access_token)).status).toBe(200);
    expectError(await accounts(tokens.access_token, 'live'), 401, 'wrong_resource', { expected_resource: new URL(SANDBOX_URL).host });
    const apps = await d.call('GET', '/session/apps');
    expect(apps.body.data).toEqual([
      expect.objectContaining({ client_name: 'Helper', kind: 'assistant', environment: 'sandbox', access: 'read', resource: SANDBOX_URL, ends_at: consentedAt + 30 * 24 * 3_600_000 }),
    ]);
    await advanceOn(s, 3_600_001);
    expectError(await accounts(tokens.access_token), 401, 'expired_token');
    // The hour is the access token's, not the grant's: it stays in Connected apps, and the refresh token renews it.
    expect((await d.signIn(email, PASSWORD)).status).toBe(200);
    expect((await d.call('GET', '/session/apps')).body.data).toEqual([expect.objectContaining({ client_name: 'Helper', kind: 'assistant' })]);
    const renewed = await oauth.processRefreshTokenResponse(as, client, await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, clientOptions(s)));
    expect(renewed).toMatchObject({ access_token: expect.stringMatching(/^rat_test_/), expires_in: 3600, scope: 'read' });
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await accounts(renewed.access_token)).status).toBe(200);
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
    // The token answer's scope is what the user granted, not what the client asked for (RFC 6749 §5.1).
    expect(tokens.scope).toBe('trade');
    const read = await connect(s, as, await assistant(), d, { access: 'read' });
    expect(read.scope).toBe('read');
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
      // Each access token an hour; the grant 30 days at most.
      token_lifetime_ms: 3_600_000,
      grant_lifetime_ms: 30 * 24 * 3_600_000,
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
