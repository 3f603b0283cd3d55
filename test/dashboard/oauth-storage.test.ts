import { createHash } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appClient, approveAndReturn, clientOptions, discover, person, REDIRECT, refresh, startAuthorization } from '../helpers/oauth.js';
import { SANDBOX_URL, TestServer } from '../helpers/server.js';

/**
 * Issue 27, finding 9 (docs/SECURITY.md): authorization codes, refresh tokens, the authorization server's session
 * cookies — every token-valued record — are stored under a SHA-256 of the value, and the value is nowhere in the
 * table (the migration for older rows: test/store/oauth-migration.test.ts).
 */
let s: TestServer;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  s = await TestServer.start();
  as = await discover(s);
});
afterAll(() => s.close());

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

describe('OAuth records are stored hashed', () => {
  it('keeps no code, refresh token or session cookie in oauth_records, and the grant still works', async () => {
    const { d } = await person(s, 'hashed@example.com');
    const client = await appClient(s);
    const started = await startAuthorization(s, as, client.client_id, { resource: SANDBOX_URL });
    const back = await approveAndReturn(s, d, started, { access: 'read' });
    const code = back.searchParams.get('code')!;
    const session = started.jar.value('_session')!;
    expect(code).toBeTruthy();
    expect(session).toBeTruthy();
    const params = oauth.validateAuthResponse(as, client, back, started.state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, started.verifier, clientOptions(s)),
    );
    const rotated = await refresh(s, as, client, tokens.refresh_token!);

    const table = JSON.stringify(await s.raw.query('SELECT * FROM oauth_records'));
    for (const secret of [code, session, tokens.refresh_token!, rotated.refresh_token!, tokens.access_token, rotated.access_token]) {
      expect(table.includes(secret), `${secret.slice(0, 6)}… is stored`).toBe(false);
    }
    const modelOf = async (id: string) => (await s.raw.query<{ model: string }>('SELECT model FROM oauth_records WHERE id = ?', [id])).map((r) => r.model);
    expect(await modelOf(sha256(code))).toEqual(['AuthorizationCode']);
    expect(await modelOf(sha256(session))).toEqual(['Session']);
    expect(await modelOf(sha256(rotated.refresh_token!))).toEqual(['RefreshToken']);
    // Found by hashing what is presented: the rotated refresh token works, the spent one is refused.
    expect((await refresh(s, as, client, rotated.refresh_token!)).access_token).toMatch(/^rat_test_/);
    await expect(refresh(s, as, client, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
  });
});
