import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { PlaceBody, PreviewBody } from '../../src/http/schemas/orders.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callTool, mcpClient } from '../helpers/mcp.js';
import { expectError, LIVE_URL, SANDBOX_URL, TestServer } from '../helpers/server.js';

let s: TestServer;
let t: { customer: { id: string }; key: string; accountId: string };
let client: Client;

async function price(bid: string, ask: string, last: string, market = 'BTC-USD') {
  expect((await s.admin('PUT', `/admin/v1/markets/${market}/price`, { bid, ask, last })).status).toBe(200);
  await s.settleTrading();
}

const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
const mcpPost = (base: string, key?: string) =>
  s.call(base, 'POST', '/mcp', { ...(key !== undefined ? { key } : {}), body: INIT, headers: { accept: 'application/json, text/event-stream' } });

beforeAll(async () => {
  s = await TestServer.start();
  await price('60000', '60001', '60000');
  await price('3000', '3001', '3000', 'ETH-USD');
  t = await s.trader();
  client = await mcpClient(s.url.sandbox, t.key);
});
afterAll(async () => {
  await client?.close();
  await s.close();
});

describe('MCP over Streamable HTTP (POST /mcp)', () => {
  it('lists the tools with annotations, and the place tool states the account rule limits', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(['accounts', 'cancel', 'close', 'events', 'markets', 'orders', 'place', 'positions', 'preview']);
    const place = tools.find((x) => x.name === 'place')!;
    expect(place.description).toContain(`account ${t.accountId}`);
    expect(place.description).toMatch(/daily loss limit \d+/);
    expect(place.description).toMatch(/drawdown floor/);
    expect(place.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(tools.find((x) => x.name === 'close')!.annotations).toMatchObject({ destructiveHint: true, idempotentHint: true });
    expect(tools.find((x) => x.name === 'accounts')!.annotations).toMatchObject({ readOnlyHint: true });
    // Prices and sizes are decimal strings in the input schema, never numbers.
    expect((place.inputSchema.properties as Record<string, { type: string }>).size!.type).toBe('string');
    // The order fields are the API's own (made from the TypeBox body schemas): same fields, patterns, bounds, enums.
    type Props = Record<string, Record<string, unknown>>;
    const placeProps = place.inputSchema.properties as Props;
    const previewProps = tools.find((x) => x.name === 'preview')!.inputSchema.properties as Props;
    const api = PlaceBody.properties as unknown as Props;
    expect(Object.keys(placeProps).sort()).toEqual([...Object.keys(api), 'account_id', 'confirm'].sort());
    expect(Object.keys(previewProps).sort()).toEqual([...Object.keys(PreviewBody.properties), 'account_id'].sort());
    for (const name of ['size', 'limit_price', 'client_order_id', 'market']) {
      for (const k of ['type', 'pattern', 'maxLength', 'minLength']) expect(placeProps[name]![k], `${name}.${k}`).toEqual(api[name]![k]);
    }
    expect(placeProps.time_in_force!.anyOf).toEqual(api.time_in_force!.anyOf);
    expect((placeProps.take_profit as { additionalProperties: unknown }).additionalProperties).toBe(false);
  });

  it('refuses tool input the API would refuse, before any call: a number for a size, more decimals than it takes, an unknown exit field', async () => {
    const base = { account_id: t.accountId, market: 'BTC-USD', side: 'buy', type: 'market' };
    const list = async () => (await s.call(s.url.sandbox, 'GET', `/v1/accounts/${t.accountId}/orders`, { key: t.key })).body.data as unknown[];
    const before = await list();
    for (const args of [
      { ...base, size: 1 },
      { ...base, size: '0.0000000000000000001' },
      { ...base, size: '0.01', take_profit: { price: '70000', when: 'soon' } },
    ]) {
      const r = await client.callTool({ name: 'place', arguments: { ...args, confirm: true } });
      expect(r.isError, JSON.stringify(args)).toBe(true);
      expect(JSON.stringify(r.content)).toMatch(/invalid|Invalid/);
    }
    expect(await list()).toEqual(before);
  });

  it('accounts: each account with its rule headroom', async () => {
    const r = await callTool(client, 'accounts');
    expect(r.isError).toBe(false);
    const a = r.data.accounts.find((x: { id: string }) => x.id === t.accountId);
    // The sandbox product's rule: a daily loss, a static drawdown, a profit target, 4 trading days (CONTRACT products).
    expect(a.headroom.map((h: { rule: string }) => h.rule)).toEqual(['daily_loss', 'drawdown', 'profit_target', 'min_trading_days', 'inactivity_days']);
    expect(a.headroom[0]).toEqual({ rule: 'daily_loss', unit: 'usd', limit: '5000', value: '0', headroom: '5000' });
    expect(a.headroom[1]).toMatchObject({ rule: 'drawdown', limit: '90000', headroom: expect.stringMatching(/^\d+(\.\d+)?$/) });
    expect(a.headroom[3]).toEqual({ rule: 'min_trading_days', unit: 'days', limit: '4', value: '0', headroom: '4' });
    const one = await callTool(client, 'accounts', { account_id: t.accountId });
    expect(one.data.account.headroom).toEqual(a.headroom);
  });

  it('markets and preview', async () => {
    const m = await callTool(client, 'markets', { market: 'BTC-USD' });
    expect(m.data.market.id).toBe('BTC-USD');
    const p = await callTool(client, 'preview', { account_id: t.accountId, market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' });
    expect(p.isError).toBe(false);
    expect(p.data.preview).toMatchObject({ outcome: 'would_fill', market: 'BTC-USD', size: '0.01' });
  });

  it('place previews without confirm and sends nothing; with confirm it places, with its exits', async () => {
    const order = {
      account_id: t.accountId, market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1',
      take_profit: { price: '63000' }, stop_loss: { price: '59000', trailing: { distance: '1000' } }, break_even: { trigger_price: '60500', offset_ticks: 2 },
    };
    const dry = await callTool(client, 'place', order);
    expect(dry.isError).toBe(false);
    expect(dry.data).toMatchObject({ sent: false, preview: { outcome: 'would_fill' } });
    expect(dry.data.what_would_happen).toMatch(/take_profit, stop_loss, break_even/);
    expect((await callTool(client, 'positions', { account_id: t.accountId })).data.positions).toEqual([]);

    const sent = await callTool(client, 'place', { ...order, confirm: true });
    expect(sent.isError, JSON.stringify(sent.data)).toBe(false);
    expect(sent.data.sent).toBe(true);
    expect(sent.data.order.exits.map((e: { kind: string }) => e.kind)).toEqual(['take_profit', 'stop_loss', 'break_even']);
    await s.settleTrading();
    const pos = await callTool(client, 'positions', { account_id: t.accountId, market: 'BTC-USD' });
    expect(pos.data.position).toMatchObject({ side: 'long', size: '0.1' });
    expect(pos.data.position.exits).toMatchObject({ take_profit: { price: '63000' }, stop_loss: { price: '59000', trailing_distance: '1000' }, break_even: { trigger_price: '60500' } });
  });

  it('cancel reads the order, then cancels it with confirm', async () => {
    const placed = await callTool(client, 'place', {
      account_id: t.accountId, market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000', time_in_force: 'gtc', confirm: true,
    });
    expect(placed.isError, JSON.stringify(placed.data)).toBe(false);
    const id = placed.data.order.id as string;
    const dry = await callTool(client, 'cancel', { account_id: t.accountId, order_id: id });
    expect(dry.data).toMatchObject({ sent: false, order: { id } });
    const done = await callTool(client, 'cancel', { account_id: t.accountId, order_id: id, confirm: true });
    expect(done.isError, JSON.stringify(done.data)).toBe(false);
    expect(done.data.order).toMatchObject({ id, status: 'canceled' });
  });

  it('close previews the closing order, then closes the position with confirm; events show it', async () => {
    const dry = await callTool(client, 'close', { account_id: t.accountId, market: 'BTC-USD' });
    expect(dry.data).toMatchObject({ sent: false, preview: { side: 'sell', size: '0.1' } });
    const done = await callTool(client, 'close', { account_id: t.accountId, market: 'BTC-USD', confirm: true });
    expect(done.isError, JSON.stringify(done.data)).toBe(false);
    await s.settleTrading();
    expect((await callTool(client, 'positions', { account_id: t.accountId })).data.positions).toEqual([]);
    const ev = await callTool(client, 'events', { account_id: t.accountId, limit: 100 });
    expect(ev.isError).toBe(false);
    expect(ev.data.data.map((e: { type: string }) => e.type)).toEqual(expect.arrayContaining(['order.created', 'fill.created']));
  });

  it('an API error comes back as a tool error with the envelope code (unknown order)', async () => {
    const r = await callTool(client, 'cancel', { account_id: t.accountId, order_id: 'ord_nope', confirm: true });
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({ status: 404, code: 'order_not_found' });
  });
});

describe('every fence and permission of the credential applies', () => {
  it('a key limited to BTC-USD placing ETH-USD: key_market_not_allowed, nothing placed', async () => {
    const k = await s.key(t.customer.id, { markets: ['BTC-USD'] });
    const c = await mcpClient(s.url.sandbox, k.key);
    const r = await callTool(c, 'place', { account_id: t.accountId, market: 'ETH-USD', side: 'buy', type: 'market', size: '0.1', confirm: true });
    expect(r.isError).toBe(true);
    expect(r.data.error?.code ?? r.data.preview?.reject?.code).toBe('key_market_not_allowed');
    expect(r.data.sent).not.toBe(true);
    await c.close();
  });

  it('a read key: insufficient_permission on place', async () => {
    const k = await s.key(t.customer.id, { access: 'read' });
    const c = await mcpClient(s.url.sandbox, k.key);
    expect((await callTool(c, 'accounts')).isError).toBe(false);
    const r = await callTool(c, 'place', { account_id: t.accountId, market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01', confirm: true });
    expect(r.isError).toBe(true);
    expect(r.data.error.code).toBe('insufficient_permission');
    await c.close();
  });

  it('no bearer or an unknown one: 401 in the envelope with WWW-Authenticate pointing at the resource metadata', async () => {
    const none = await mcpPost(s.url.sandbox);
    expectError(none, 401, 'missing_api_key');
    expect(none.headers.get('www-authenticate')).toBe(`Bearer realm="rampart", resource_metadata="${SANDBOX_URL}/.well-known/oauth-protected-resource"`);
    const bad = await mcpPost(s.url.live, 'rat_live_notarealtoken0000000000000000000');
    expect(bad.status).toBe(401);
    expect(bad.body.error.code).toMatch(/^invalid_(token|api_key)$/);
    expect(bad.headers.get('www-authenticate')).toBe(`Bearer realm="rampart", error="invalid_token", resource_metadata="${LIVE_URL}/.well-known/oauth-protected-resource"`);
  });

  it('keeps the host body limit (413 payload_too_large) and answers with the rate-limit headers', async () => {
    const max = s.services.config.limits.body_max_bytes;
    const big = await s.call(s.url.sandbox, 'POST', '/mcp', { key: t.key, raw: JSON.stringify({ ...INIT, pad: 'x'.repeat(max) }) });
    expectError(big, 413, 'payload_too_large', { max_bytes: max });
    const r = await mcpPost(s.url.sandbox, t.key);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result.serverInfo.name).toBe('rampart');
    expect(r.headers.get('ratelimit-limit')).toMatch(/^\d+$/);
    expect(r.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('GET and DELETE /mcp: 405 with Allow (stateless: no stream, no session)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const r = await s.call(s.url.sandbox, method, '/mcp', { key: t.key });
      expectError(r, 405, 'method_not_allowed', { allow: ['POST'] });
      expect(r.headers.get('allow')).toBe('POST');
    }
  });

  it('an assistant token works on the sandbox /mcp and is refused on the live host with wrong_resource', async () => {
    const tok = await s.admin('POST', `/admin/v1/customers/${t.customer.id}/tokens`, { environment: 'sandbox', kind: 'assistant' });
    expect(tok.status, JSON.stringify(tok.body)).toBe(201);
    const c = await mcpClient(s.url.sandbox, tok.body.token);
    const r = await callTool(c, 'accounts', { account_id: t.accountId });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.data.account.id).toBe(t.accountId);
    await c.close();
    const live = await mcpPost(s.url.live, tok.body.token);
    expectError(live, 401, 'wrong_resource');
    expect(live.headers.get('www-authenticate')).toContain('resource_metadata=');
  });
});

describe('behind a trusted proxy', () => {
  it("the tools' API calls carry the client's IP: a key allowed only from it works through /mcp", async () => {
    const p = await TestServer.start({ env: { RAMPART_TRUST_PROXY: '1' } });
    try {
      expect((await p.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000' })).status).toBe(200);
      const tr = await p.trader();
      const k = await p.key(tr.customer.id, { ip_allowlist: ['10.1.2.3/32'] });
      const client = new Client({ name: 'proxied', version: '1' });
      const headers = { authorization: `Bearer ${k.key}`, 'x-forwarded-for': '10.1.2.3' };
      await client.connect(new StreamableHTTPClientTransport(new URL(`${p.url.sandbox}/mcp`), { requestInit: { headers } }));
      const r = await callTool(client, 'accounts', { account_id: tr.accountId });
      expect(r.isError, JSON.stringify(r.data)).toBe(false);
      await client.close();
      const elsewhere = await p.call(p.url.sandbox, 'POST', '/mcp', { key: k.key, body: INIT, headers: { accept: 'application/json, text/event-stream', 'x-forwarded-for': '10.9.9.9' } });
      expectError(elsewhere, 403, 'ip_not_allowed');
    } finally {
      await p.close();
    }
  });
});
