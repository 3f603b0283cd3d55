import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import * as oauth from 'oauth4webapi';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApp } from '../../src/services/oauth/apps.js';
import { clientOptions, discover } from '../helpers/oauth.js';
import { DASHBOARD_URL, expectError, LIVE_URL, SANDBOX_URL, TestServer } from '../helpers/server.js';
import { chromiumAvailable, launch, screenshot, type Chromium } from './chromium.js';

/**
 * An app connects through the browser: the authorization request lands on the dashboard, the user signs in, sees
 * the consent screen, grants sandbox trade fenced to one market, and later revokes it on the Connected apps panel.
 */
const EMAIL = 'grace@example.com';
const PASSWORD = 'correct horse battery';
const eventually = <T>(f: () => Promise<T> | T) => expect.poll(f, { timeout: 10_000, interval: 100 });

describe.skipIf(!chromiumAvailable())('OAuth consent in a browser', () => {
  let s: TestServer;
  let c: Chromium;
  let page: Page;
  let accountId: string;
  let callback: Server;
  let REDIRECT: string;
  const host = (url: string) => new URL(url).host;

  beforeAll(async () => {
    s = await TestServer.start();
    for (const [market, last] of [
      ['BTC-USD', 60000],
      ['ETH-USD', 3000],
    ] as const) {
      expect((await s.admin('PUT', `/admin/v1/markets/${market}/price`, { bid: `${last - 1}`, ask: `${last + 1}`, last: `${last}` })).status).toBe(200);
    }
    const d = s.dashboard();
    expect((await d.signUp(EMAIL, PASSWORD)).status).toBe(201);
    const k = await d.call('POST', '/session/keys', { body: { environment: 'sandbox', access: 'read' } });
    await s.settle();
    accountId = k.body.opened_account.id as string;
    const node = s.nodes[0]!.url;
    c = await launch({ hosts: { [host(DASHBOARD_URL)]: host(node.dashboard), [host(LIVE_URL)]: host(node.live), [host(SANDBOX_URL)]: host(node.sandbox) } });
    page = c.page;
    // The app's redirect URI: the browser lands there with the code.
    callback = createServer((_req, res) => res.end('connected'));
    await new Promise<void>((done) => callback.listen(0, '127.0.0.1', done));
    REDIRECT = `http://127.0.0.1:${(callback.address() as { port: number }).port}/callback`;
  }, 60_000);

  afterAll(async () => {
    await c?.close();
    await s?.close();
    callback?.close();
  });

  it('signs in, consents to sandbox trade on BTC-USD only, and the app trades within that fence until revoked', async () => {
    const as = await discover(s);
    const made = await registerApp(s.services.store, { name: 'Tradebook', redirect_uris: [REDIRECT] });
    const client: oauth.Client = { client_id: made.client_id, token_endpoint_auth_method: 'none' };
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    for (const [k, v] of Object.entries({
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'trade',
      state,
      resource: SANDBOX_URL,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    })) {
      url.searchParams.set(k, v);
    }
    await page.goto(url.href);
    await page.waitForURL('**/sign-in');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/consent/**');
    await eventually(() => page.getByRole('heading', { name: 'Connect Tradebook' }).count()).toBe(1);
    await page.getByLabel('Read and trade').check();
    await page.getByLabel('Markets').fill('BTC-USD');
    await screenshot(page, 'oauth-consent');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${REDIRECT}**`);

    const params = oauth.validateAuthResponse(as, client, new URL(page.url()), state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, clientOptions(s)),
    );
    expect(tokens.access_token).toMatch(/^rat_test_/);
    const order = (market: string) =>
      s.sandboxCall('POST', `/v1/accounts/${accountId}/orders`, { key: tokens.access_token, idempotencyKey: randomUUID(), body: { market, side: 'buy', type: 'market', size: '0.01' } });
    const placed = await order('BTC-USD');
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expectError(await order('ETH-USD'), 422, 'key_market_not_allowed', { markets: ['BTC-USD'] });

    await page.goto(`${DASHBOARD_URL}/settings`);
    const panel = page.locator('#connected-apps');
    await eventually(() => panel.getByText('Tradebook').count()).toBe(1);
    await screenshot(page, 'oauth-connected-apps');
    await panel.getByRole('button', { name: 'Revoke Tradebook' }).click();
    await eventually(() => panel.getByText('No app or assistant has access.').count()).toBe(1);
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: tokens.access_token }), 401, 'revoked_token');
  }, 60_000);
});
