import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appClient, assistantClient, connect, discover, PASSWORD, person, refresh, revokeAt } from '../helpers/oauth.js';
import { advanceOn, expectError, TestServer } from '../helpers/server.js';

/**
 * Issue 27, finding 2 (docs/SECURITY.md): revocation reaches every token a grant minted, app access tokens are
 * short-lived and renewed by the rotating refresh token, and a grant is listed in Connected apps until it is over.
 */
let s: TestServer;
let as: oauth.AuthorizationServer;
let n = 0;
const HOUR = 3_600_000;

beforeAll(async () => {
  // Many flows from one address on a clock that does not move by itself: a budget that does not get in the way.
  s = await TestServer.start({ limits: { rate_limits: { oauth: { capacity: 10_000, refill_per_second: 100 } } } });
  as = await discover(s);
});
afterAll(() => s.close());

const user = () => person(s, `revocation${++n}@example.com`);
const accounts = (token: string) => s.sandboxCall('GET', '/v1/accounts', { key: token });
const connectedApps = async (d: Awaited<ReturnType<typeof user>>['d']) =>
  (await d.call('GET', '/session/apps')).body.data as { id: string; client_name: string; last_used_at: number | null; ends_at: number }[];

describe('revocation reaches every token a grant minted', () => {
  it.each(['app', 'assistant'] as const)('a replayed refresh token ends the grant (%s): every access token minted for it answers revoked_token', async (kind) => {
    const { d } = await user();
    const client = kind === 'app' ? await appClient(s) : await assistantClient(s, as);
    const first = await connect(s, as, client, d, { access: 'read' });
    const second = await refresh(s, as, client, first.refresh_token!);
    expect((await accounts(first.access_token)).status).toBe(200);
    expect((await accounts(second.access_token)).status).toBe(200);
    // The rotated refresh token used again (stolen and replayed): OAuth 2.1 §4.3.1, the grant is revoked.
    await expect(refresh(s, as, client, first.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expectError(await accounts(first.access_token), 401, 'revoked_token');
    expectError(await accounts(second.access_token), 401, 'revoked_token');
    await expect(refresh(s, as, client, second.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await connectedApps(d)).toEqual([]);
  });

  it('POST /oauth/revoke of a rat_ access token revokes it and ends its grant (RFC 7009); unknown tokens answer 200', async () => {
    const { d } = await user();
    const client = await appClient(s);
    const tokens = await connect(s, as, client, d, { access: 'read' });
    const res = await revokeAt(s, as, client, tokens.access_token, 'access_token');
    expect(res.status).toBe(200);
    expectError(await accounts(tokens.access_token), 401, 'revoked_token');
    await expect(refresh(s, as, client, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await connectedApps(d)).toEqual([]);
    // RFC 7009 §2.2: an unknown or already revoked token is not an error.
    expect((await revokeAt(s, as, client, 'rat_test_0000000000000000000000000000000000000000')).status).toBe(200);
    expect((await revokeAt(s, as, client, tokens.access_token)).status).toBe(200);
  });

  it('refuses to revoke a token issued to another client (RFC 7009 §2.1), which keeps working', async () => {
    const { d } = await user();
    const owner = await appClient(s, 'Owner app');
    const other = await assistantClient(s, as, 'Other');
    const tokens = await connect(s, as, owner, d, { access: 'read' });
    const res = await revokeAt(s, as, other, tokens.access_token);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'invalid_request', error_description: 'this token does not belong to you' });
    expect((await accounts(tokens.access_token)).status).toBe(200);
    // A dashboard token is no client's: refused as well.
    const dashboardToken = await d.apiToken('sandbox');
    expect((await revokeAt(s, as, owner, dashboardToken)).status).toBe(400);
    expect((await accounts(dashboardToken)).status).toBe(200);
  });

  it('revoking the refresh token through /oauth/revoke revokes the access tokens minted for its grant too', async () => {
    const { d } = await user();
    const client = await appClient(s);
    const tokens = await connect(s, as, client, d, { access: 'read' });
    expect((await revokeAt(s, as, client, tokens.refresh_token!, 'refresh_token')).status).toBe(200);
    expectError(await accounts(tokens.access_token), 401, 'revoked_token');
    expect(await connectedApps(d)).toEqual([]);
  });

  it("an app's access token lasts an hour and the refresh token renews it, until the end date chosen at consent", async () => {
    const { d } = await user();
    const client = await appClient(s);
    const end = s.services.clock.now() + 2.5 * HOUR;
    const tokens = await connect(s, as, client, d, { access: 'read', expires_at: end });
    expect(tokens.expires_in).toBe(3600);
    expect(await connectedApps(d)).toEqual([expect.objectContaining({ expires_at: end, ends_at: end })]);
    await advanceOn(s, HOUR + 1);
    expectError(await accounts(tokens.access_token), 401, 'expired_token');
    const renewed = await refresh(s, as, client, tokens.refresh_token!);
    expect(renewed.expires_in).toBe(3600);
    expect((await accounts(renewed.access_token)).status).toBe(200);
    await advanceOn(s, HOUR);
    // Half an hour of the grant is left: the token ends with it.
    const last = await refresh(s, as, client, renewed.refresh_token!);
    expect(last.expires_in).toBe(Math.floor((end - s.services.clock.now()) / 1000));
    await advanceOn(s, HOUR / 2);
    expectError(await accounts(last.access_token), 401, 'expired_token');
    await expect(refresh(s, as, client, last.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect(await connectedApps(d)).toEqual([]);
  });

  it('an app stays in Connected apps through refreshes and sign-outs, and leaves it once unused for 30 days', async () => {
    const { d, email } = await user();
    const client = await appClient(s, 'Steady');
    let tokens = await connect(s, as, client, d, { access: 'read' });
    // Without an end date: until revoked, a year at most.
    expect(await connectedApps(d)).toEqual([expect.objectContaining({ expires_at: null, ends_at: s.services.clock.now() + 365 * 24 * HOUR })]);
    for (let day = 0; day < 3; day++) {
      expect((await accounts(tokens.access_token)).status).toBe(200);
      // A day later (the dashboard session, and the authorization server's login, are long over): it refreshes.
      expect((await d.call('POST', '/session/sign-out')).status).toBe(204);
      await advanceOn(s, 24 * HOUR);
      tokens = await refresh(s, as, client, tokens.refresh_token!);
      expect((await d.signIn(email, PASSWORD)).status).toBe(200);
      expect((await connectedApps(d)).map((a) => a.client_name)).toEqual(['Steady']);
    }
    // (Uses are written in batches, as for every credential.)
    await expect.poll(async () => (await connectedApps(d))[0]!.last_used_at, { timeout: 5000 }).not.toBeNull();
    await advanceOn(s, 30 * 24 * HOUR + 1);
    expect((await d.signIn(email, PASSWORD)).status).toBe(200);
    expect(await connectedApps(d)).toEqual([]);
    await expect(refresh(s, as, client, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it("an assistant's grant lasts 30 days: each access token an hour, renewed by rotating refresh tokens; past the 30 days none refreshes", async () => {
    const { d, email } = await user();
    const client = await assistantClient(s, as, 'Month');
    const end = s.services.clock.now() + 30 * 24 * HOUR;
    let tokens = await connect(s, as, client, d, { access: 'trade' });
    expect(await connectedApps(d)).toEqual([expect.objectContaining({ client_name: 'Month', kind: 'assistant', expires_at: null, ends_at: end })]);
    // A refresh a little before each token's hour is over, as an MCP client does: it stays connected all month.
    for (let day = 0; day < 29; day++) {
      await advanceOn(s, 24 * HOUR);
      expectError(await accounts(tokens.access_token), 401, 'expired_token');
      tokens = await refresh(s, as, client, tokens.refresh_token!);
      expect(tokens.expires_in).toBe(3600);
    }
    expect((await accounts(tokens.access_token)).status).toBe(200);
    // Half an hour before the grant ends, the last token ends with it.
    await advanceOn(s, end - s.services.clock.now() - HOUR / 2);
    const last = await refresh(s, as, client, tokens.refresh_token!);
    expect(last.expires_in).toBe(1800);
    await advanceOn(s, HOUR / 2 + 1);
    expectError(await accounts(last.access_token), 401, 'expired_token');
    await expect(refresh(s, as, client, last.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await d.signIn(email, PASSWORD)).status).toBe(200);
    expect(await connectedApps(d)).toEqual([]);
  });

  it("an assistant's grant ends sooner with an end date given at consent, and is revoked from Connected apps like an app's", async () => {
    const { d } = await user();
    const client = await assistantClient(s, as, 'Week');
    const end = s.services.clock.now() + 7 * 24 * HOUR;
    const tokens = await connect(s, as, client, d, { access: 'read', expires_at: end });
    expect(await connectedApps(d)).toEqual([expect.objectContaining({ client_name: 'Week', expires_at: end, ends_at: end })]);
    await advanceOn(s, 2 * HOUR);
    const renewed = await refresh(s, as, client, tokens.refresh_token!);
    expect((await d.call('DELETE', `/session/apps/${(await connectedApps(d))[0]!.id}`)).status).toBe(200);
    expectError(await accounts(renewed.access_token), 401, 'revoked_token');
    await expect(refresh(s, as, client, renewed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('a password change ends every grant at once: refresh tokens and their records are gone', async () => {
    const { d } = await user();
    const client = await appClient(s);
    const tokens = await connect(s, as, client, d, { access: 'read' });
    const grantId = (await connectedApps(d))[0]!.id;
    expect((await d.call('POST', '/session/password', { body: { current_password: PASSWORD, new_password: 'a new long password' } })).status).toBe(204);
    expectError(await accounts(tokens.access_token), 401, 'revoked_token');
    expect(await s.raw.query('SELECT model FROM oauth_records WHERE grant_id = ? OR id = ?', [grantId, grantId])).toEqual([]);
    await expect(refresh(s, as, client, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});
