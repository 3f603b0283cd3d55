import { resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool } from '../helpers/mcp.js';
import { TestServer } from '../helpers/server.js';

/** `rampart mcp` in its own process, spoken to over stdio by the SDK's client, against a started server. */

const BIN = resolve(import.meta.dirname, '../../bin/rampart.mjs');
let s: TestServer;
let t: { key: string; accountId: string };
let client: Client;
let stderr = '';

beforeAll(async () => {
  s = await TestServer.start();
  expect((await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000' })).status).toBe(200);
  await s.settleTrading();
  t = await s.trader();
  // No RAMPART_MCP_URL: a sandbox key (rk_test_…) is sent to the sandbox's public URL, here the test listener.
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('RAMPART_')) env[k] = v;
  Object.assign(env, { RAMPART_MCP_TOKEN: t.key, RAMPART_SANDBOX_URL: s.url.sandbox, RAMPART_LIVE_URL: 'http://127.0.0.1:9', RAMPART_LOG_LEVEL: 'silent' });
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env, stderr: 'pipe' });
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  client = new Client({ name: 'rampart-test', version: '1.0.0' });
  await client.connect(transport);
}, 60_000);
afterAll(async () => {
  await client?.close();
  await s.close();
});

describe('rampart mcp (stdio)', () => {
  it('lists the tools; the place tool states the account limits', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name)).toContain('place');
    expect(tools.find((x) => x.name === 'place')!.description).toContain(`account ${t.accountId}`);
  });

  it('reads the accounts with headroom and places with confirm through the API', async () => {
    const a = await callTool(client, 'accounts', { account_id: t.accountId });
    expect(a.isError, JSON.stringify(a.data)).toBe(false);
    // The environment comes from the credential (a test key: the sandbox), the account from the call.
    expect(a.data).toMatchObject({ environment: 'sandbox', account_id: t.accountId });
    expect(a.data.account.headroom.find((h: { rule: string }) => h.rule === 'daily_loss').headroom).toMatch(/^\d/);
    const order = { account_id: t.accountId, market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01', stop_loss: { price: '59000' } };
    expect((await callTool(client, 'place', order)).data.sent).toBe(false);
    const sent = await callTool(client, 'place', { ...order, confirm: true });
    expect(sent.isError, JSON.stringify(sent.data)).toBe(false);
    await s.settleTrading();
    const pos = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key });
    expect(pos.body).toMatchObject({ side: 'long', size: '0.01', exits: { stop_loss: { price: '59000' } } });
  });

  it('an API refusal is a tool error with the code', async () => {
    const r = await callTool(client, 'positions', { account_id: t.accountId, market: 'ETH-USD' });
    expect(r.isError).toBe(true);
    expect(r.data.error.code).toBe('position_not_found');
  });

  it('writes its own lines to stderr only (stdout is the protocol)', () => {
    expect(stderr).toContain('rampart mcp: serving on stdio');
  });
});
