import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliOn } from '../helpers/cli.js';
import { clientOptions, connect, discover, REDIRECT } from '../helpers/oauth.js';
import { expectError, TestServer } from '../helpers/server.js';

let s: TestServer;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  s = await TestServer.start();
  as = await discover(s);
});
afterAll(() => s.close());

describe('OAuth app clients from the operator API and the CLI', { timeout: 90_000 }, () => {
  it('POST /admin/v1/apps registers an app; GET lists the apps, not the assistants', async () => {
    const made = await s.admin('POST', '/admin/v1/apps', { name: 'Tradebook', redirect_uris: [REDIRECT, 'https://tradebook.example/cb'] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toEqual({ client_id: expect.stringMatching(/^app_/), client_name: 'Tradebook', redirect_uris: [REDIRECT, 'https://tradebook.example/cb'] });
    // A self-registered client is an assistant: not listed.
    const reg = await oauth.dynamicClientRegistrationRequest(as, { client_name: 'Helper', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }, clientOptions(s));
    await oauth.processDynamicClientRegistrationResponse(reg);
    const list = await s.admin('GET', '/admin/v1/apps');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([made.body]);
  });

  it('refuses a redirect URI that is not https or loopback, or has a fragment; a bad name; an unknown field', async () => {
    for (const uri of ['http://tradebook.example/cb', 'https://tradebook.example/cb#x', 'https://tradebook.example/cb#', 'not a uri']) {
      expectError(await s.admin('POST', '/admin/v1/apps', { name: 'Bad', redirect_uris: [REDIRECT, uri] }), 400, 'invalid_request', { field: 'redirect_uris', invalid: uri });
    }
    expectError(await s.admin('POST', '/admin/v1/apps', { name: '   ', redirect_uris: [REDIRECT] }), 400, 'invalid_request', { field: 'name' });
    expectError(await s.admin('POST', '/admin/v1/apps', { name: 'x'.repeat(101), redirect_uris: [REDIRECT] }), 400, 'invalid_request');
    expectError(await s.admin('POST', '/admin/v1/apps', { name: 'Bad', redirect_uris: [] }), 400, 'invalid_request');
    expectError(await s.admin('POST', '/admin/v1/apps', { name: 'Bad', redirect_uris: [REDIRECT], rampart_kind: 'app' }), 400, 'unknown_field');
    expect((await s.admin('GET', '/admin/v1/apps')).body.data.map((a: { client_name: string }) => a.client_name)).not.toContain('Bad');
  });

  it('`rampart apps create` makes an app that completes the authorization-code flow with a refresh token', async () => {
    const created = await cliOn(s, 'apps', 'create', '--name', 'Desk', '--redirect-uri', `${REDIRECT},https://desk.example/cb`);
    expect(created.code, created.stderr).toBe(0);
    expect(created.out).toEqual({ client_id: expect.stringMatching(/^app_/), client_name: 'Desk', redirect_uris: [REDIRECT, 'https://desk.example/cb'] });
    const listed = await cliOn(s, 'apps', 'list');
    expect(listed.out).toEqual(expect.arrayContaining([created.out]));
    const bad = await cliOn(s, 'apps', 'create', '--name', 'Desk', '--redirect-uri', 'http://desk.example/cb');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/invalid_request/);

    const d = s.dashboard();
    expect((await d.signUp('apps@example.com', 'correct horse battery')).status).toBe(201);
    await d.call('POST', '/session/keys', { body: { environment: 'sandbox', access: 'read' } });
    await s.settle();
    const client: oauth.Client = { client_id: created.out.client_id, token_endpoint_auth_method: 'none' };
    const tokens = await connect(s, as, client, d, { access: 'read' });
    expect(tokens.access_token).toMatch(/^rat_test_/);
    expect(tokens.refresh_token).toBeTruthy();
    expect((await s.sandboxCall('GET', '/v1/accounts', { key: tokens.access_token })).status).toBe(200);
  });
});
