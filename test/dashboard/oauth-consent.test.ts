import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appClient,
  approveAndReturn,
  assistantClient,
  clientOptions,
  consentCall,
  CookieJar,
  discover,
  person,
  REDIRECT,
  resume,
  startAuthorization,
} from '../helpers/oauth.js';
import { expectError, LIVE_URL, SANDBOX_URL, TestServer } from '../helpers/server.js';

/**
 * Issue 27, finding 3 (docs/SECURITY.md): an authorization request is answered only from the browser that started
 * it, the consent screen names the client as registered (unverified when it registered itself), and the
 * authorization server's login of a user ends with the dashboard session. The attack in a real browser, with two
 * Chromium profiles, is test/browser/oauth-binding.test.ts.
 */
let s: TestServer;
let as: oauth.AuthorizationServer;
let n = 0;

beforeAll(async () => {
  s = await TestServer.start({ limits: { rate_limits: { oauth: { capacity: 10_000, refill_per_second: 100 } } } });
  as = await discover(s);
});
afterAll(() => s.close());

const user = () => person(s, `consent${++n}@example.com`);

describe('consent is bound to the browser that started the flow', () => {
  it("refuses the request's link in another browser (authorization_request_not_yours) and no code reaches the starter", async () => {
    const victim = await user();
    const attacker = await assistantClient(s, as, 'Helpful assistant');
    // The attacker starts the flow in their own browser and sends the victim the /consent/{uid} link.
    const started = await startAuthorization(s, as, attacker.client_id, { resource: SANDBOX_URL });
    const victimBrowser = new CookieJar();
    for (const action of ['request', 'approve', 'deny'] as const) {
      const r = await consentCall(victim.d, victimBrowser, started.uid!, action, action === 'approve' ? { access: 'trade' } : undefined);
      expectError(r, 403, 'authorization_request_not_yours', { interaction_id: started.uid });
    }
    // The attacker's browser comes back to the authorization endpoint: nothing was approved, no code, a new request.
    const back = await fetch(`${s.dashboardUrl}/oauth/authorize/${started.uid}`, { redirect: 'manual', headers: { cookie: started.jar.header() } });
    expect(back.headers.get('location') ?? '').not.toMatch(/^http:\/\/127\.0\.0\.1:8999\/callback/);
    expect(back.headers.get('location') ?? '').toMatch(/\/consent\//);
    // The victim's own request, from the victim's own browser, goes through.
    const own = await startAuthorization(s, as, attacker.client_id, { resource: SANDBOX_URL });
    const landed = await approveAndReturn(s, victim.d, own, { access: 'read' });
    expect(landed.searchParams.get('code')).toBeTruthy();
  });

  it('names the client as registered and marks one that registered itself unverified', async () => {
    const { d } = await user();
    const assistant = await assistantClient(s, as, 'Rampart Official Support');
    const app = await appClient(s, 'Tradebook');
    const a = await startAuthorization(s, as, assistant.client_id, { resource: SANDBOX_URL });
    const b = await startAuthorization(s, as, app.client_id, { resource: SANDBOX_URL });
    expect((await consentCall(d, a.jar, a.uid!, 'request')).body).toMatchObject({
      client: { id: assistant.client_id, name: 'Rampart Official Support', kind: 'assistant', verified: false },
      redirect_uri: REDIRECT,
    });
    expect((await consentCall(d, b.jar, b.uid!, 'request')).body).toMatchObject({
      client: { id: app.client_id, name: 'Tradebook', kind: 'app', verified: true },
      token_lifetime_ms: null,
      grant_lifetime_ms: null,
    });
  });

  it('asks again on every authorization: a grant is never reused silently through the browser', async () => {
    const { d } = await user();
    const client = await assistantClient(s, as);
    const browser = new CookieJar();
    const first = await startAuthorization(s, as, client.client_id, { resource: SANDBOX_URL, jar: browser });
    expect((await approveAndReturn(s, d, first, { access: 'read' })).searchParams.get('code')).toBeTruthy();
    // The same client again in the same browser (its authorization-server login is on): the consent page, no code.
    const second = await startAuthorization(s, as, client.client_id, { resource: SANDBOX_URL, jar: browser });
    expect(second.location).not.toContain('code=');
    expect(second.uid, second.location).toBeTruthy();
  });

  it("signing out and a new password end the user's logins at the authorization server", async () => {
    const { d, email } = await user();
    const sessionsOf = async (userId: string) => (await s.raw.query<{ n: number }>("SELECT COUNT(*) AS n FROM oauth_records WHERE model = 'Session' AND account_id = ?", [userId]))[0]!.n;
    const me = (await d.call('GET', '/session')).body.user.id as string;
    const client = await assistantClient(s, as);
    const started = await startAuthorization(s, as, client.client_id, { resource: SANDBOX_URL });
    await approveAndReturn(s, d, started, { access: 'read' });
    expect(Number(await sessionsOf(me))).toBe(1);
    expect((await d.call('POST', '/session/sign-out')).status).toBe(204);
    expect(Number(await sessionsOf(me))).toBe(0);
    // The browser's old login cookie leads nowhere: the next authorization asks for consent again.
    const again = await startAuthorization(s, as, client.client_id, { resource: SANDBOX_URL, jar: started.jar });
    expect(again.uid, again.location).toBeTruthy();
    expect((await d.signIn(email, 'correct horse battery')).status).toBe(200);
    await approveAndReturn(s, d, again, { access: 'read' });
    expect(Number(await sessionsOf(me))).toBe(1);
    expect((await d.call('POST', '/session/password', { body: { current_password: 'correct horse battery', new_password: 'a new long password' } })).status).toBe(204);
    expect(Number(await sessionsOf(me))).toBe(0);
    // Refusing from the right browser still answers the client.
    const refused = await startAuthorization(s, as, client.client_id, { resource: SANDBOX_URL });
    const denied = await consentCall(d, refused.jar, refused.uid!, 'deny');
    expect((await resume(s, refused.jar, denied.body.redirect_to)).searchParams.get('error')).toBe('access_denied');
  });
});

describe('a consent to the live host needs an emailed code', () => {
  it('refuses it without the newest live_app code (email_code_required, a wrong code invalid_email_code) and grants nothing; with it the app gets a rat_live_ token', async () => {
    const { d } = await user();
    const client = await assistantClient(s, as, 'Live helper');
    const started = await startAuthorization(s, as, client.client_id, { resource: LIVE_URL });
    const grants = async () => (await s.rawQuery<{ n: number }>("SELECT COUNT(*) AS n FROM oauth_records WHERE model = 'Grant'"))[0]!.n;
    const before = Number(await grants());
    expectError(await consentCall(d, started.jar, started.uid!, 'approve', { access: 'trade' }), 422, 'email_code_required', { purpose: 'live_app' });
    expect((await d.call('POST', '/session/email-codes', { body: { purpose: 'live_app' } })).status).toBe(202);
    const code = await d.newestCode();
    const wrong = code === '000000' ? '000001' : '000000';
    expectError(await consentCall(d, started.jar, started.uid!, 'approve', { access: 'trade', email_code: wrong }), 422, 'invalid_email_code', { reason: 'wrong' });
    expect(Number(await grants())).toBe(before);
    // The sandbox host takes no code (nothing to confirm there).
    const sandbox = await startAuthorization(s, as, client.client_id, { resource: SANDBOX_URL });
    expectError(await consentCall(d, sandbox.jar, sandbox.uid!, 'approve', { access: 'read', email_code: code }), 400, 'invalid_request', { field: 'email_code' });
    // With the code: a code, then a live token for the live host.
    const back = await approveAndReturn(s, d, started, { access: 'trade', email_code: code });
    const params = oauth.validateAuthResponse(as, client, back, started.state);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, started.verifier, clientOptions(s)));
    expect(tokens.access_token).toMatch(/^rat_live_/);
    // The code was spent with the consent.
    const again = await startAuthorization(s, as, client.client_id, { resource: LIVE_URL });
    expectError(await consentCall(d, again.jar, again.uid!, 'approve', { access: 'read', email_code: code }), 422, 'invalid_email_code', { reason: 'used' });
  });
});
