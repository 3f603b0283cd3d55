import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveAndReturn, clientOptions, connect, discover, openAuthorization, person, REDIRECT, refresh } from '../helpers/oauth.js';
import { callTool, mcpClient, MemoryOAuthClient, oauthTransport } from '../helpers/mcp.js';
import { advanceOn, expectError, SANDBOX_URL, TestServer } from '../helpers/server.js';

/**
 * Issue 18's path for an AI assistant, end to end: it registers itself (RFC 7591), the user consents on the
 * dashboard, it gets a one-hour sandbox token (rat_test_), calls the MCP tools on the sandbox host within the
 * consent's fences, is refused on the live host, and its token ends after the hour. Issue 31: it also gets a
 * rotating refresh token, so an MCP client (the SDK's own OAuth) stays connected past the hour, up to 30 days,
 * until a replayed refresh token ends the grant.
 */
let s: TestServer;
let as: oauth.AuthorizationServer;

/** Fresh prices (a quote goes stale once the manual clock has moved past it). */
async function prices() {
  expect((await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000' })).status).toBe(200);
  expect((await s.admin('PUT', '/admin/v1/markets/ETH-USD/price', { bid: '3000', ask: '3001', last: '3000' })).status).toBe(200);
  await s.settleTrading();
}

beforeAll(async () => {
  s = await TestServer.start();
  as = await discover(s);
  await prices();
});
afterAll(() => s.close());

describe('an AI assistant through OAuth and MCP', () => {
  it('registers, gets a one-hour sandbox token, trades through the MCP tools within its fences, and is refused on live', async () => {
    const d = s.dashboard();
    expect((await d.signUp('assistant-user@example.com', 'correct horse battery')).status).toBe(201);
    const key = await d.call('POST', '/session/keys', { body: { environment: 'sandbox', access: 'read' } });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const accountId = key.body.opened_account.id as string;
    await s.settle();

    const reg = await oauth.dynamicClientRegistrationRequest(as, { client_name: 'Desk assistant', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }, clientOptions(s));
    const client = (await oauth.processDynamicClientRegistrationResponse(reg)) as oauth.Client;
    const tokens = await connect(s, as, client, d, { access: 'trade', markets: ['BTC-USD'] });
    expect(tokens.access_token).toMatch(/^rat_test_/);
    expect(tokens.expires_in).toBe(3600);
    expect(tokens.refresh_token).toBeTruthy();

    const mcp = await mcpClient(s.url.sandbox, tokens.access_token);
    try {
      const accounts = await callTool(mcp, 'accounts');
      expect(accounts.isError, JSON.stringify(accounts.data)).toBe(false);
      expect(accounts.data.accounts.map((a: { id: string }) => a.id)).toEqual([accountId]);

      const order = { account_id: accountId, market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01', stop_loss: { price: '59000' } };
      const dry = await callTool(mcp, 'place', order);
      expect(dry.data).toMatchObject({ sent: false, preview: { outcome: 'would_fill' } });
      const sent = await callTool(mcp, 'place', { ...order, confirm: true });
      expect(sent.isError, JSON.stringify(sent.data)).toBe(false);
      expect(sent.data.order).toMatchObject({ market: 'BTC-USD', origin: 'api' });
      await s.settleTrading();
      const positions = await callTool(mcp, 'positions', { account_id: accountId });
      expect(positions.data.positions).toEqual([expect.objectContaining({ market: 'BTC-USD', size: '0.01' })]);

      // The consent allowed BTC-USD only: the key fence applies to the assistant as to a key.
      const eth = await callTool(mcp, 'place', { account_id: accountId, market: 'ETH-USD', side: 'buy', type: 'market', size: '0.1', confirm: true });
      expect(eth.isError).toBe(true);
      expect(eth.data.error?.code ?? eth.data.preview?.reject?.code).toBe('key_market_not_allowed');
      expect(eth.data.sent).not.toBe(true);
    } finally {
      await mcp.close();
    }

    // Issued for the sandbox host: the live host refuses it, on the API and on /mcp alike.
    expectError(await s.liveCall('GET', '/v1/accounts', { key: tokens.access_token }), 401, 'wrong_resource');
    const live = await s.call(s.url.live, 'POST', '/mcp', {
      key: tokens.access_token,
      body: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } },
      headers: { accept: 'application/json, text/event-stream' },
    });
    expectError(live, 401, 'wrong_resource');
    expect(live.headers.get('www-authenticate')).toContain('resource_metadata=');

    // An assistant's access token lasts one hour; its refresh token gives it the next.
    await advanceOn(s, 3_600_001);
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: tokens.access_token }), 401, 'expired_token');
    const renewed = await refresh(s, as, client, tokens.refresh_token!);
    expect(renewed.expires_in).toBe(3600);
    expect((await s.sandboxCall('GET', '/v1/accounts', { key: renewed.access_token })).status).toBe(200);
  });

  it("an MCP client authorizing with the SDK's own OAuth moves a position's stop, stays connected past the hour, and loses the grant to a replayed refresh token", async () => {
    const { d, accountId } = await person(s, 'mcp-oauth@example.com');
    const auth = new MemoryOAuthClient();
    const mcp = new Client({ name: 'desk', version: '1.0.0' });
    // No token yet: the 401's WWW-Authenticate leads the SDK to the resource metadata, the authorization server,
    // registration (RFC 7591) and the authorization URL it opens in the user's browser.
    await expect(mcp.connect(oauthTransport(s, SANDBOX_URL, auth))).rejects.toBeInstanceOf(UnauthorizedError);
    expect(auth.authorizationUrls).toHaveLength(1);
    const opened = auth.authorizationUrls[0]!;
    expect(opened.searchParams.get('resource')).toBe(SANDBOX_URL);
    const back = await approveAndReturn(s, d, await openAuthorization(s, opened), { access: 'trade' });
    const first = oauthTransport(s, SANDBOX_URL, auth);
    await first.finishAuth(back.searchParams.get('code')!);
    const issued = auth.tokens()!;
    expect(issued).toMatchObject({ access_token: expect.stringMatching(/^rat_test_/), expires_in: 3600, refresh_token: expect.any(String) });
    await mcp.connect(oauthTransport(s, SANDBOX_URL, auth));
    try {
      await prices();
      const order = { account_id: accountId, market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01', stop_loss: { price: '59000' } };
      const placed = await callTool(mcp, 'place', { ...order, confirm: true });
      expect(placed.isError, JSON.stringify(placed.data)).toBe(false);
      await s.settleTrading();

      // The new tool: a preview that sends nothing, then the stop moved with confirm.
      const dry = await callTool(mcp, 'set_exits', { account_id: accountId, market: 'BTC-USD', stop_loss: { price: '59500' } });
      expect(dry.data).toMatchObject({ environment: 'sandbox', account_id: accountId, sent: false, exits_now: { stop_loss: { price: '59000' } }, exits_after: { stop_loss: { price: '59500' } } });
      expect(dry.data.what_would_happen).toContain(`sandbox account ${accountId}: would change the exits`);
      const moved = await callTool(mcp, 'set_exits', { account_id: accountId, market: 'BTC-USD', stop_loss: { price: '59500' }, confirm: true });
      expect(moved.isError, JSON.stringify(moved.data)).toBe(false);
      expect(moved.data).toMatchObject({ environment: 'sandbox', account_id: accountId, sent: true, position: { exits: { stop_loss: { price: '59500' } } } });

      // Past the hour: the access token has expired; the client refreshes on the 401 and carries on.
      await advanceOn(s, 3_600_001);
      expectError(await s.sandboxCall('GET', '/v1/accounts', { key: issued.access_token }), 401, 'expired_token');
      const later = await callTool(mcp, 'positions', { account_id: accountId, market: 'BTC-USD' });
      expect(later.isError, JSON.stringify(later.data)).toBe(false);
      expect(later.data.position.exits.stop_loss.price).toBe('59500');
      const renewed = auth.tokens()!;
      expect(renewed.access_token).not.toBe(issued.access_token);
      expect(renewed.refresh_token).not.toBe(issued.refresh_token);
      expect(auth.authorizationUrls).toHaveLength(1);

      // The first refresh token, spent, used again (stolen and replayed): the grant ends with every token it gave.
      const client = { client_id: auth.clientInformation()!.client_id, token_endpoint_auth_method: 'none' };
      await expect(refresh(s, as, client, issued.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
      expectError(await s.sandboxCall('GET', '/v1/accounts', { key: renewed.access_token }), 401, 'revoked_token');
      await expect(refresh(s, as, client, renewed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
      // The MCP client cannot refresh any more: it is sent back to the user's consent.
      await expect(mcp.callTool({ name: 'accounts', arguments: {} })).rejects.toBeInstanceOf(UnauthorizedError);
      expect(auth.authorizationUrls).toHaveLength(2);
      expect((await d.call('GET', '/session/apps')).body.data).toEqual([]);
    } finally {
      await mcp.close();
    }
  });
});
