import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOptions, connect, discover, REDIRECT } from '../helpers/oauth.js';
import { callTool, mcpClient } from '../helpers/mcp.js';
import { advanceOn, expectError, TestServer } from '../helpers/server.js';

/**
 * Issue 18's path for an AI assistant, end to end: it registers itself (RFC 7591), the user consents on the
 * dashboard, it gets a one-hour sandbox token (rat_test_), calls the MCP tools on the sandbox host within the
 * consent's fences, is refused on the live host, and its token ends after the hour.
 */
let s: TestServer;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  s = await TestServer.start();
  as = await discover(s);
  expect((await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000' })).status).toBe(200);
  expect((await s.admin('PUT', '/admin/v1/markets/ETH-USD/price', { bid: '3000', ask: '3001', last: '3000' })).status).toBe(200);
  await s.settleTrading();
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
    expect(tokens.refresh_token).toBeUndefined();

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

    // An assistant's token lasts one hour.
    await advanceOn(s, 3_600_001);
    expectError(await s.sandboxCall('GET', '/v1/accounts', { key: tokens.access_token }), 401, 'expired_token');
  });
});
