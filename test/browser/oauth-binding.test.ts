import { createServer, type Server } from 'node:http';
import * as oauth from 'oauth4webapi';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assistantClient, clientOptions, discover, PASSWORD } from '../helpers/oauth.js';
import { DASHBOARD_URL, LIVE_URL, SANDBOX_URL, TestServer } from '../helpers/server.js';
import { chromiumAvailable, launch, screenshot, type Chromium } from './chromium.js';

/**
 * Issue 27, finding 3 (docs/SECURITY.md), in the attacker's own tool: two browsers. The attacker starts an
 * authorization for their self-registered assistant in their browser and sends the victim the consent link; the
 * victim, signed in, opens it in theirs. The page refuses and explains; nothing reaches the attacker's redirect
 * URI. The same assistant asked for from the victim's own browser is shown as unverified and still connects.
 */
const EMAIL = 'victim@example.com';
const eventually = <T>(f: () => Promise<T> | T) => expect.poll(f, { timeout: 10_000, interval: 100 });

describe.skipIf(!chromiumAvailable())('OAuth consent bound to its browser', () => {
  let s: TestServer;
  let attacker: Chromium;
  let victim: Chromium;
  let callback: Server;
  let REDIRECT: string;
  /** What reached the redirect URI (the attacker's server). */
  const landed: string[] = [];
  const host = (url: string) => new URL(url).host;

  beforeAll(async () => {
    s = await TestServer.start();
    expect((await s.dashboard().signUp(EMAIL, PASSWORD)).status).toBe(201);
    const node = s.nodes[0]!.url;
    const hosts = { [host(DASHBOARD_URL)]: host(node.dashboard), [host(LIVE_URL)]: host(node.live), [host(SANDBOX_URL)]: host(node.sandbox) };
    [attacker, victim] = [await launch({ hosts }), await launch({ hosts })];
    callback = createServer((req, res) => {
      // (The browser also asks it for a favicon.)
      if (req.url?.startsWith('/callback')) landed.push(req.url);
      res.end('connected');
    });
    await new Promise<void>((done) => callback.listen(0, '127.0.0.1', done));
    REDIRECT = `http://127.0.0.1:${(callback.address() as { port: number }).port}/callback`;
  }, 60_000);

  afterAll(async () => {
    await attacker?.close();
    await victim?.close();
    await s?.close();
    callback?.close();
  });

  async function authorizeUrl(client: oauth.Client, state: string, verifier: string): Promise<string> {
    const as = await discover(s);
    const url = new URL(as.authorization_endpoint!);
    const params = {
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'trade',
      state,
      resource: SANDBOX_URL,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.href;
  }

  /** Opens the authorization URL in a browser; answers the consent page's uid it was sent to. */
  async function start(page: Page, url: string): Promise<string> {
    const toConsent = page.waitForRequest((r) => /^\/consent\/[^/]+$/.test(new URL(r.url()).pathname));
    await page.goto(url);
    return new URL((await toConsent).url()).pathname.split('/')[2]!;
  }

  it('refuses the consent link in the victim browser, then connects when the victim starts it', async () => {
    const as = await discover(s);
    const client = await assistantClient(s, as, 'Rampart Helper', REDIRECT);

    // The attacker's browser: the flow starts, the consent page wants a sign-in the attacker cannot give.
    const stolenUid = await start(attacker.page, await authorizeUrl(client, 'attacker-state', oauth.generateRandomCodeVerifier()));

    // The victim signs in in their own browser and opens the link they were sent.
    await victim.page.goto(`${DASHBOARD_URL}/sign-in`);
    await victim.page.getByLabel('Email').fill(EMAIL);
    await victim.page.getByLabel('Password').fill(PASSWORD);
    await victim.page.getByRole('button', { name: 'Sign in' }).click();
    await victim.page.waitForURL((u) => !u.pathname.startsWith('/sign-in'));
    await victim.page.goto(`${DASHBOARD_URL}/consent/${stolenUid}`);
    await eventually(() => victim.page.getByRole('heading', { name: 'This request was started in another browser' }).count()).toBe(1);
    expect(await victim.page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await screenshot(victim.page, 'oauth-consent-refused');

    // Even a crafted approval from the victim's page (session cookie and CSRF token, but not the request's cookie).
    const forced = await victim.page.evaluate(async (uid) => {
      const me = (await (await fetch('/session')).json()) as { csrf_token: string };
      const r = await fetch(`/consent/${uid}/approve`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf_token },
        body: JSON.stringify({ access: 'trade' }),
      });
      return { status: r.status, code: ((await r.json()) as { error: { code: string } }).error.code };
    }, stolenUid);
    expect(forced).toEqual({ status: 403, code: 'authorization_request_not_yours' });

    // The attacker's browser returns to the authorization server: no code, sent to a new consent page.
    await attacker.page.goto(`${DASHBOARD_URL}/oauth/authorize/${stolenUid}`);
    await attacker.page.waitForURL((u) => u.pathname.startsWith('/consent/') || u.pathname.startsWith('/sign-in'));
    expect(landed).toEqual([]);

    // The legitimate case: the victim's own browser starts the flow and approves it.
    const state = oauth.generateRandomState();
    const verifier = oauth.generateRandomCodeVerifier();
    await start(victim.page, await authorizeUrl(client, state, verifier));
    await eventually(() => victim.page.getByRole('heading', { name: /Connect Rampart Helper/ }).count()).toBe(1);
    await eventually(() => victim.page.getByText('Unverified app.').count()).toBe(1);
    await screenshot(victim.page, 'oauth-consent-unverified');
    await victim.page.getByRole('button', { name: 'Approve' }).click();
    await victim.page.waitForURL(`${REDIRECT}**`);
    expect(landed).toHaveLength(1);
    const params = oauth.validateAuthResponse(as, client, new URL(victim.page.url()), state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, clientOptions(s)),
    );
    expect((await s.sandboxCall('GET', '/v1/accounts', { key: tokens.access_token })).status).toBe(200);
  }, 90_000);
});
