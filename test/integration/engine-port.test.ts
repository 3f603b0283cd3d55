import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineCommand, EngineQuery, KeyFences } from '../../src/engine-host/port.js';
import { expectError, TestServer } from '../helpers/server.js';

let s: TestServer;
let n = 0;
const ik = () => `p-${++n}`;
const fences: KeyFences = { markets: null, reduce_only: false, max_order_usd: null, max_position_usd: null, loss_stop_usd: null };
const actor = { key_id: null, fences, origin: 'api' as const };

beforeAll(async () => {
  s = await TestServer.start();
  await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
  await s.settleTrading();
});
afterAll(() => s.close());

/** Ids differ between two accounts doing the same; everything else must not. */
const same = (v: unknown, account: string) => JSON.stringify(v).replaceAll(account, 'ACCOUNT').replace(/"(ord|fil)_[A-Za-z0-9_]+"/g, '"$1_*"');

describe('the engine-host port', () => {
  it('executes a command that went through JSON exactly as the command itself', async () => {
    const a = await s.trader();
    const b = await s.trader();
    const script = (account: string): (EngineCommand | EngineQuery)[] => [
      { kind: 'set_margin', account_id: account, market: 'BTC-USD', leverage: 20, margin_mode: 'isolated' },
      { kind: 'preview', account_id: account, order: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.5' }, fences },
      { kind: 'place', account_id: account, order: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.5' }, exits: { stop_loss: { price: '58000' } }, actor },
      { kind: 'set_exits', account_id: account, market: 'BTC-USD', exits: { take_profit: { price: '65000' }, stop_loss: null }, actor },
      { kind: 'adjust_margin', account_id: account, market: 'BTC-USD', amount: '100.5' },
      { kind: 'place', account_id: account, order: { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000', client_order_id: `c-${account}` }, exits: null, actor },
      { kind: 'positions', account_id: account },
      { kind: 'margin_settings', account_id: account },
      { kind: 'figures', account_id: account },
      { kind: 'cancel_all', account_id: account, market: 'BTC-USD', markets: null },
      { kind: 'close_all', account_id: account, actor },
      { kind: 'position', account_id: account, market: 'BTC-USD' },
      { kind: 'close_position', account_id: account, market: 'BTC-USD', actor },
    ];
    const port = s.services.enginePort;
    const run = async (step: EngineCommand | EngineQuery) =>
      'actor' in step || ['set_margin', 'adjust_margin', 'cancel_all'].includes(step.kind)
        ? port.execute('sandbox', step as EngineCommand, { timeoutMs: 2000 })
        : port.query('sandbox', step as EngineQuery);
    const direct = script(a.accountId);
    const original = script(b.accountId);
    const wired = original.map((step) => JSON.parse(JSON.stringify(step)) as EngineCommand | EngineQuery);
    for (let i = 0; i < direct.length; i++) {
      expect(wired[i], `step ${i} is plain data`).toEqual(original[i]);
      const x = await run(direct[i]!);
      const y = await run(wired[i]!);
      expect(x.outcome, `step ${i}: ${JSON.stringify(x)}`).toBe(i === direct.length - 1 ? 'rejected' : 'done');
      expect(same(y, b.accountId), `step ${i}: ${direct[i]!.kind}`).toBe(same(x, a.accountId));
      // And its answer is plain data too: one JSON message back.
      expect(JSON.parse(JSON.stringify(x))).toEqual(x);
    }
    // What was done is what the API shows: a position opened, margin added, exits set, then closed by close-all.
    const closed = await run(direct[10]!);
    expect(closed).toMatchObject({ outcome: 'done', result: { closed: [], failed: [] } });
    const last = await run(direct[12]!);
    expect(last).toEqual({ outcome: 'rejected', rejection: { code: 'position_not_found', details: { market: 'BTC-USD' } } });
    const orders = await s.sandboxCall('GET', `/v1/accounts/${b.accountId}/orders?status=filled`, { key: b.key });
    expect(orders.body.data.map((o: { side: string; size: string }) => `${o.side} ${o.size}`)).toEqual(['sell 0.5', 'buy 0.5']);
    const positions = await s.sandboxCall('GET', `/v1/accounts/${b.accountId}/positions`, { key: b.key });
    expect(positions.body).toEqual({ data: [] });
  });

  it('answers a retried placement from its Idempotency-Key record even while the engine is busy or down', async () => {
    const t = await s.trader();
    const key = ik();
    const body = { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000' };
    const first = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: key, body });
    expect(first.status).toBe(201);
    await s.fault({ kind: 'engine_busy', enabled: true });
    const busy = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: key, body });
    const fresh = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: ik(), body });
    await s.fault({ kind: 'clear' });
    await s.fault({ kind: 'engine_down', environment: 'sandbox', enabled: true });
    const down = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, { key: t.key, idempotencyKey: key, body });
    await s.fault({ kind: 'clear' });
    for (const retry of [busy, down]) {
      expect(retry.status, JSON.stringify(retry.body)).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body).toMatchObject({ id: first.body.id, status: 'working' });
    }
    // A new placement is still refused, and takes nothing.
    expectError(fresh, 503, 'engine_busy');
    expect(fresh.body.error).toMatchObject({ type: 'engine', retryable: true });
    const open = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders?status=open`, { key: t.key });
    expect(open.body.data.map((o: { id: string }) => o.id)).toEqual([first.body.id]);
  });

  it('answers a retried close from its record after the position is gone, and position_not_found to a new one', async () => {
    const t = await s.trader();
    const opened = await s.sandboxCall('POST', `/v1/accounts/${t.accountId}/orders`, {
      key: t.key,
      idempotencyKey: ik(),
      body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.1' },
    });
    expect(opened.status).toBe(201);
    const key = ik();
    const close = () => s.sandboxCall('DELETE', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key, idempotencyKey: key });
    const first = await close();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ status: 'filled', side: 'sell', size: '0.1' });
    const retry = await close();
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    const again = await s.sandboxCall('DELETE', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key, idempotencyKey: ik() });
    expectError(again, 404, 'position_not_found', { market: 'BTC-USD' });
  });

  it("refuses operator orders while the engine is down, and leaves one whose answer is lost unconfirmed until it settles", async () => {
    const t = await s.trader();
    const order = { market: 'BTC-USD', side: 'buy', type: 'limit', size: '0.01', limit_price: '59000', origin: 'platform' };
    await s.fault({ kind: 'engine_down', environment: 'sandbox', enabled: true });
    const down = await s.admin('POST', `/admin/v1/accounts/${t.accountId}/orders`, order);
    await s.fault({ kind: 'clear' });
    expectError(down, 503, 'engine_unavailable');
    expect((await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders`, { key: t.key })).body.data).toEqual([]);

    await s.fault({ kind: 'engine_lost', enabled: true });
    const lost = await s.admin('POST', `/admin/v1/accounts/${t.accountId}/orders`, order);
    await s.fault({ kind: 'clear' });
    expect(lost.status, JSON.stringify(lost.body)).toBe(202);
    expect(lost.body).toMatchObject({ status: 'unconfirmed', origin: 'platform' });
    await s.admin('POST', '/admin/v1/clock', { advance_ms: 1000 });
    await s.settleTrading();
    const settled = await s.sandboxCall('GET', `/v1/accounts/${t.accountId}/orders/${lost.body.id}`, { key: t.key });
    expect(settled.body).toMatchObject({ status: 'rejected', reject: { code: 'order_rejected' } });
  });

  it('refuses a command or query it does not know, changing nothing', async () => {
    const port = s.services.enginePort;
    const count = async () => JSON.stringify(await s.rawQuery('SELECT COUNT(*) AS n FROM events'));
    const before = await count();
    await expect(port.execute('sandbox', JSON.parse('{"kind":"melt_down"}') as EngineCommand, { timeoutMs: 2000 })).rejects.toThrow('unknown engine command melt_down');
    await expect(port.query('sandbox', JSON.parse('{"kind":"secrets"}') as EngineQuery)).rejects.toThrow('unknown engine query secrets');
    expect(await count()).toBe(before);
  });

  it('keeps routes off the live engine: no closure into it, no read of its maps, no import of it', () => {
    const root = join(import.meta.dirname, '../../src/http/routes');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) {
      const text = readFileSync(join(root, f), 'utf8');
      expect(text, f).not.toMatch(/\.command\(|\.books\b|services\.engineHost\b|\.engine\(|engine\/engine\.js|engine-host\/host\.js|engine\/book\.js/);
    }
  });

  it('keeps routes off the composition root and the store: they call the facades of their context', () => {
    const root = join(import.meta.dirname, '../../src/http/routes');
    // Files the dependency-cruiser fence test plants for a moment (test/lint/route-fence.test.ts) are not routes.
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.includes('planted-'));
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) {
      const text = readFileSync(join(root, f), 'utf8');
      expect(text, f).not.toMatch(/\brampart\b|services\/rampart\.js|\/store\/|\.store\.|\btx\.\w+\(/);
    }
  });
});
