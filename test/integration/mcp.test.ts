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
    type Props = Record<string, Record<string, unknown>>;
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual([
      'accounts', 'cancel', 'cancel_all', 'close', 'dead_man_switch', 'edit', 'events', 'markets', 'orders', 'place', 'positions', 'preview', 'set_exits',
    ]);
    const place = tools.find((x) => x.name === 'place')!;
    expect(place.description).toContain(`account ${t.accountId}`);
    expect(place.description).toMatch(/daily loss limit \d+/);
    expect(place.description).toMatch(/drawdown floor/);
    expect(place.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(tools.find((x) => x.name === 'close')!.annotations).toMatchObject({ destructiveHint: true, idempotentHint: true });
    expect(tools.find((x) => x.name === 'accounts')!.annotations).toMatchObject({ readOnlyHint: true });
    // The new writes say what they may do: each changes or ends something; only the switch's renewal is not idempotent.
    const annotations = (name: string) => tools.find((x) => x.name === name)!.annotations;
    for (const name of ['set_exits', 'edit', 'cancel_all']) expect(annotations(name), name).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false });
    expect(annotations('dead_man_switch')).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false });
    for (const name of ['set_exits', 'edit', 'cancel_all', 'dead_man_switch']) {
      expect(Object.keys(tools.find((x) => x.name === name)!.inputSchema.properties as object), name).toEqual(expect.arrayContaining(['account_id', 'confirm']));
    }
    const exitProps = tools.find((x) => x.name === 'set_exits')!.inputSchema.properties as Props;
    // An exit to change is the API's exit object, or null to remove it.
    expect(JSON.stringify(exitProps.stop_loss)).toContain('"null"');
    expect(JSON.stringify(exitProps.stop_loss)).toContain('"trailing"');
    // Prices and sizes are decimal strings in the input schema, never numbers.
    expect((place.inputSchema.properties as Record<string, { type: string }>).size!.type).toBe('string');
    // The order fields are the API's own (made from the TypeBox body schemas): same fields, patterns, bounds, enums.
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

describe('every answer names the environment and the account', () => {
  it('sandbox: the account of the call, or null for a tool that spans accounts; errors too', async () => {
    const list = await callTool(client, 'accounts');
    expect(list.data).toMatchObject({ environment: 'sandbox', account_id: null });
    expect((await callTool(client, 'markets')).data).toMatchObject({ environment: 'sandbox', account_id: null });
    expect((await callTool(client, 'positions', { account_id: t.accountId })).data).toMatchObject({ environment: 'sandbox', account_id: t.accountId });
    const failedCall = await callTool(client, 'orders', { account_id: t.accountId, order_id: 'ord_nope' });
    expect(failedCall).toMatchObject({ isError: true, data: { environment: 'sandbox', account_id: t.accountId, error: { code: 'order_not_found' } } });
    const dry = await callTool(client, 'place', { account_id: t.accountId, market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' });
    expect(dry.data.what_would_happen).toMatch(new RegExp(`^sandbox account ${t.accountId}: buy 0.01 BTC-USD`));
    // The text every client shows the model starts with them as well.
    const raw = await client.callTool({ name: 'positions', arguments: { account_id: t.accountId } });
    expect((raw.content as { text: string }[])[0]!.text).toMatch(new RegExp(`^\\{\\s*"environment": "sandbox",\\s*"account_id": "${t.accountId}"`));
  });

  it('live: a live key on the live host is told it is live, on answers and refusals alike', async () => {
    const live = await s.key(t.customer.id, { environment: 'live' });
    const c = await mcpClient(s.url.live, live.key);
    try {
      expect((await callTool(c, 'accounts')).data).toMatchObject({ environment: 'live', account_id: null });
      const r = await callTool(c, 'dead_man_switch', { account_id: '70000001', timeout_ms: 60_000 });
      expect(r).toMatchObject({ isError: true, data: { environment: 'live', account_id: '70000001', error: { code: 'account_not_found' } } });
      expect((await c.listTools()).tools.length).toBe(13);
    } finally {
      await c.close();
    }
  });
});

describe('changing exits, editing, canceling all, the dead-man switch: preview, then confirm', () => {
  let u: Awaited<ReturnType<TestServer['trader']>>;
  let c: Client;
  const positionOf = async () => (await s.sandboxCall('GET', `/v1/accounts/${u.accountId}/positions/BTC-USD`, { key: u.key })).body;
  const working = async () => ((await s.sandboxCall('GET', `/v1/accounts/${u.accountId}/orders?status=working`, { key: u.key })).body.data as { id: string }[]).length;

  beforeAll(async () => {
    await price('60000', '60001', '60000');
    u = await s.trader();
    c = await mcpClient(s.url.sandbox, u.key);
    const placed = await callTool(c, 'place', {
      account_id: u.accountId, market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01', stop_loss: { price: '59000' }, take_profit: { price: '63000' }, confirm: true,
    });
    expect(placed.isError, JSON.stringify(placed.data)).toBe(false);
    await s.settleTrading();
  });
  afterAll(() => c?.close());

  it('set_exits moves the stop: the preview says what changes and the loss at the new stop, sends nothing; confirm moves it and keeps the take profit', async () => {
    // Bought 0.01 at the ask, 60001: a stop at 59500 loses 501 × 0.01.
    expect((await positionOf()).entry_price).toBe('60001');
    const dry = await callTool(c, 'set_exits', { account_id: u.accountId, market: 'BTC-USD', stop_loss: { price: '59500' } });
    expect(dry.isError, JSON.stringify(dry.data)).toBe(false);
    expect(dry.data).toMatchObject({
      environment: 'sandbox', account_id: u.accountId, sent: false,
      exits_now: { stop_loss: { price: '59000' }, take_profit: { price: '63000' }, break_even: null },
      exits_after: { stop_loss: { price: '59500' }, take_profit: { price: '63000' }, break_even: null },
    });
    expect(dry.data.what_would_happen).toContain('stop loss at 59000 → stop loss at 59500');
    expect(dry.data.what_would_happen).toContain('. Kept: take profit at 63000. At the stop 59500');
    expect(dry.data.what_would_happen).toContain('position would lose 5.01 USD against its entry');
    expect((await positionOf()).exits.stop_loss.price).toBe('59000');

    const done = await callTool(c, 'set_exits', { account_id: u.accountId, market: 'BTC-USD', stop_loss: { price: '59500', trailing: { distance: '600' } }, confirm: true });
    expect(done.isError, JSON.stringify(done.data)).toBe(false);
    expect(done.data).toMatchObject({ sent: true, position: { exits: { stop_loss: { price: '59500', trailing_distance: '600' }, take_profit: { price: '63000' } } } });
    expect((await positionOf()).exits).toMatchObject({ stop_loss: { price: '59500', trailing_distance: '600' }, take_profit: { price: '63000' } });
  });

  it('set_exits adds a break-even and removes the take profit; refusals come back as tool errors and change nothing', async () => {
    const done = await callTool(c, 'set_exits', { account_id: u.accountId, market: 'BTC-USD', take_profit: null, break_even: { trigger_price: '60500', offset_ticks: 2 }, confirm: true });
    expect(done.isError, JSON.stringify(done.data)).toBe(false);
    expect(done.data.what_would_happen).toContain('take profit at 63000 → no take profit');
    expect((await positionOf()).exits).toMatchObject({ take_profit: null, stop_loss: { price: '59500' }, break_even: { trigger_price: '60500', offset_ticks: 2, done: false } });

    const nothing = await callTool(c, 'set_exits', { account_id: u.accountId, market: 'BTC-USD', confirm: true });
    expect(nothing).toMatchObject({ isError: true, data: { sent: false, environment: 'sandbox', account_id: u.accountId } });
    // A stop above the entry of a long: the API refuses it, the exits stay.
    const above = await callTool(c, 'set_exits', { account_id: u.accountId, market: 'BTC-USD', stop_loss: { price: '61000' }, confirm: true });
    expect(above).toMatchObject({ isError: true, data: { doing: 'changing the exits', error: { code: 'invalid_request', details: { field: 'stop_loss.price' } } } });
    const unprotected = await callTool(c, 'set_exits', { account_id: u.accountId, market: 'ETH-USD', stop_loss: null });
    expect(unprotected).toMatchObject({ isError: true, data: { error: { code: 'position_not_found' } } });
    expect((await positionOf()).exits.stop_loss.price).toBe('59500');
    const bare = await callTool(c, 'set_exits', { account_id: u.accountId, market: 'BTC-USD', stop_loss: null });
    expect(bare.data.what_would_happen).toContain('Without a stop loss nothing limits its loss');
  });

  it('edit previews the working order as edited, then changes it in place with confirm; an exit order is sent to set_exits', async () => {
    const placed = await callTool(c, 'place', { account_id: u.accountId, market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '58000', time_in_force: 'gtc', confirm: true });
    expect(placed.isError, JSON.stringify(placed.data)).toBe(false);
    const id = placed.data.order.id as string;
    const dry = await callTool(c, 'edit', { account_id: u.accountId, order_id: id, limit_price: '58500', size: '0.02' });
    expect(dry.isError, JSON.stringify(dry.data)).toBe(false);
    expect(dry.data).toMatchObject({ environment: 'sandbox', account_id: u.accountId, sent: false, changes: { limit_price: '58500', size: '0.02' }, preview: { outcome: 'would_rest', size: '0.02' } });
    expect(dry.data.what_would_happen).toContain('size 0.01 → 0.02; limit_price 58000 → 58500');
    expect((await s.sandboxCall('GET', `/v1/accounts/${u.accountId}/orders/${id}`, { key: u.key })).body.limit_price).toBe('58000');

    const done = await callTool(c, 'edit', { account_id: u.accountId, order_id: id, limit_price: '58500', size: '0.02', confirm: true });
    expect(done.isError, JSON.stringify(done.data)).toBe(false);
    expect(done.data.order).toMatchObject({ id, limit_price: '58500', size: '0.02', status: 'working' });
    // Through the book: the API refuses an edit that would fill at once.
    const through = await callTool(c, 'edit', { account_id: u.accountId, order_id: id, limit_price: '61000', confirm: true });
    expect(through).toMatchObject({ isError: true, data: { doing: 'editing the order', error: { code: 'invalid_request', details: { reason: 'would_fill' } } } });
    expect((await callTool(c, 'edit', { account_id: u.accountId, order_id: id, confirm: true })).isError).toBe(true);

    const stop = (await positionOf()).exits.stop_loss.order_id as string;
    const exitEdit = await callTool(c, 'edit', { account_id: u.accountId, order_id: stop, stop_price: '59600', confirm: true });
    expect(exitEdit).toMatchObject({ isError: true, data: { sent: false } });
    expect(exitEdit.data.what_would_happen).toContain('set_exits');
  });

  it('cancel_all lists the working orders, exits included, then cancels them with confirm', async () => {
    const before = await working();
    expect(before).toBeGreaterThanOrEqual(2);
    const dry = await callTool(c, 'cancel_all', { account_id: u.accountId });
    expect(dry.data).toMatchObject({ environment: 'sandbox', account_id: u.accountId, sent: false });
    expect(dry.data.orders).toHaveLength(before);
    expect(dry.data.what_would_happen).toContain(`would cancel ${before} working orders`);
    expect(dry.data.what_would_happen).toContain('One of them protects an open position, which would be left without it');
    expect(await working()).toBe(before);

    const done = await callTool(c, 'cancel_all', { account_id: u.accountId, market: 'BTC-USD', confirm: true });
    expect(done.isError, JSON.stringify(done.data)).toBe(false);
    expect(done.data.result).toEqual({ account_id: u.accountId, market: 'BTC-USD', canceled_count: before });
    expect(await working()).toBe(0);
    expect((await positionOf()).exits.stop_loss).toBeNull();
    expect((await callTool(c, 'cancel_all', { account_id: u.accountId })).data.what_would_happen).toContain('nothing would be canceled');
  });

  it('dead_man_switch reads the switch, arms it with confirm, refuses under a second, and disarms with 0', async () => {
    const path = `/v1/accounts/${u.accountId}/orders/cancel-all-after`;
    const dry = await callTool(c, 'dead_man_switch', { account_id: u.accountId, timeout_ms: 60_000 });
    expect(dry.data).toMatchObject({ environment: 'sandbox', account_id: u.accountId, sent: false, dead_man_switch: { armed: false, fires_at: null } });
    expect(dry.data.what_would_happen).toContain('would arm the dead-man switch (now not armed): unless it is called again within 60 seconds');
    expect((await s.sandboxCall('GET', path, { key: u.key })).body.armed).toBe(false);

    const armed = await callTool(c, 'dead_man_switch', { account_id: u.accountId, timeout_ms: 60_000, confirm: true });
    expect(armed.isError, JSON.stringify(armed.data)).toBe(false);
    const firesAt = s.services.clock.now() + 60_000;
    expect(armed.data).toMatchObject({ sent: true, dead_man_switch: { armed: true, fires_at: firesAt } });
    expect(armed.data.what_would_happen).toContain(`It fires at ${new Date(firesAt).toISOString()}`);
    expect((await s.sandboxCall('GET', path, { key: u.key })).body).toEqual({ armed: true, fires_at: firesAt });

    const tooShort = await c.callTool({ name: 'dead_man_switch', arguments: { account_id: u.accountId, timeout_ms: 500, confirm: true } });
    expect(tooShort.isError).toBe(true);
    expect((await s.sandboxCall('GET', path, { key: u.key })).body.fires_at).toBe(firesAt);

    const renew = await callTool(c, 'dead_man_switch', { account_id: u.accountId, timeout_ms: 0 });
    expect(renew.data.what_would_happen).toContain('would disarm the dead-man switch (now armed, fires at');
    const off = await callTool(c, 'dead_man_switch', { account_id: u.accountId, timeout_ms: 0, confirm: true });
    expect(off.data).toMatchObject({ sent: true, dead_man_switch: { armed: false, fires_at: null } });
  });

  it('a read key previews the new writes but cannot send them: insufficient_permission', async () => {
    const reader = await mcpClient(s.url.sandbox, (await s.key(u.customer.id, { access: 'read' })).key);
    try {
      expect((await callTool(reader, 'dead_man_switch', { account_id: u.accountId, timeout_ms: 60_000 })).isError).toBe(false);
      const r = await callTool(reader, 'dead_man_switch', { account_id: u.accountId, timeout_ms: 60_000, confirm: true });
      expect(r).toMatchObject({ isError: true, data: { error: { code: 'insufficient_permission' } } });
    } finally {
      await reader.close();
    }
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
