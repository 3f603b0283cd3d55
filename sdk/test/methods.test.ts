import { describe, expect, it } from 'vitest';
import { Rampart, OPERATIONS, type OperationId } from '../src/index.js';

/**
 * One method per operation: each operationId of the document is called by the method named here, which sends
 * the operation's method and path. The table is typed by the generated operations, so a new operation without a
 * method fails the typecheck as well as this test.
 */
const A = 'acc-1';
const METHODS: Record<OperationId, [string, (r: Rampart) => Promise<unknown>]> = {
  getOpenApi: ['service.openapi', (r) => r.service.openapi()],
  getStatus: ['service.status', (r) => r.service.status()],
  getLimits: ['service.limits', (r) => r.service.limits()],
  listMarkets: ['markets.list', (r) => r.markets.list()],
  getMarket: ['markets.get', (r) => r.markets.get('BTC-USD')],
  listProducts: ['products.list', (r) => r.products.list()],
  listAccounts: ['accounts.list', (r) => r.accounts.list({ limit: 10 })],
  openAccount: ['accounts.open', (r) => r.accounts.open()],
  getAccount: ['accounts.get', (r) => r.accounts.get(A)],
  getEquityCurve: ['accounts.equity', (r) => r.accounts.equity(A, { resolution: 'day' })],
  listOrders: ['orders.list', (r) => r.orders.list(A)],
  placeOrder: ['orders.place', (r) => r.orders.place(A, { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' })],
  previewOrder: ['orders.preview', (r) => r.orders.preview(A, { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' })],
  cancelAllOrders: ['orders.cancelAll', (r) => r.orders.cancelAll(A)],
  armDeadManSwitch: ['orders.cancelAllAfter', (r) => r.orders.cancelAllAfter(A, { timeout_ms: 60_000 })],
  getDeadManSwitch: ['orders.deadManSwitch', (r) => r.orders.deadManSwitch(A)],
  getOrder: ['orders.get', (r) => r.orders.get(A, 'ord-1')],
  cancelOrder: ['orders.cancel', (r) => r.orders.cancel(A, 'ord-1')],
  editOrder: ['orders.edit', (r) => r.orders.edit(A, 'ord-1', { limit_price: '59000' })],
  listPositions: ['positions.list', (r) => r.positions.list(A)],
  closeAllPositions: ['positions.closeAll', (r) => r.positions.closeAll(A)],
  getPosition: ['positions.get', (r) => r.positions.get(A, 'BTC-USD')],
  closePosition: ['positions.close', (r) => r.positions.close(A, 'BTC-USD')],
  setPositionExits: ['positions.setExits', (r) => r.positions.setExits(A, 'BTC-USD', { take_profit: { price: '61000' }, stop_loss: null, break_even: null })],
  adjustPositionMargin: ['positions.adjustMargin', (r) => r.positions.adjustMargin(A, 'BTC-USD', { amount: '10' })],
  listFills: ['fills.list', (r) => r.fills.list(A)],
  listMarginSettings: ['margin.list', (r) => r.margin.list(A)],
  setMarginSetting: ['margin.set', (r) => r.margin.set(A, 'BTC-USD', { leverage: 5 })],
  listEvents: ['events.list', (r) => r.events.list({ account_id: A })],
  streamAccount: ['events.stream', (r) => r.events.stream(A, { maxReconnects: 0 })[Symbol.asyncIterator]().next().catch(() => undefined)],
  createWebhook: ['webhooks.create', (r) => r.webhooks.create({ url: 'https://example.com/hooks' })],
  listWebhooks: ['webhooks.list', (r) => r.webhooks.list()],
  deleteWebhook: ['webhooks.delete', (r) => r.webhooks.delete('wh-1')],
  listWebhookDeliveries: ['webhooks.deliveries', (r) => r.webhooks.deliveries('wh-1')],
  createSignal: ['signals.create', (r) => r.signals.create({ name: 'Breakout', accounts: [{ account_id: 'SANDBOX-1001-1', multiplier: '2' }] })],
  listSignals: ['signals.list', (r) => r.signals.list()],
  revokeSignal: ['signals.revoke', (r) => r.signals.revoke('sig-1')],
  listSignalDeliveries: ['signals.deliveries', (r) => r.signals.deliveries('sig-1')],
  receiveAlert: ['signals.alert', (r) => r.signals.alert('rsig_1', { ticker: 'BTCUSDT', action: 'buy', quantity: '0.1' })],
};

/** The document's path template as a pattern of concrete paths. */
const pattern = (template: string) => new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`);

describe('the client has one method per operation', () => {
  it('every operationId of the document is called by its method, with its HTTP method and path', async () => {
    expect(Object.keys(METHODS).sort()).toEqual(Object.keys(OPERATIONS).sort());
    const seen: { method: string; path: string; idempotencyKey: string | null }[] = [];
    const fetch = (async (url: string | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      seen.push({ method: init?.method ?? 'GET', path: new URL(url).pathname, idempotencyKey: headers.get('idempotency-key') });
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof globalThis.fetch;
    const rampart = new Rampart({ apiKey: 'rk_test_x', baseUrl: 'http://rampart.invalid', fetch });
    for (const [operationId, [name, call]] of Object.entries(METHODS) as [OperationId, (typeof METHODS)[OperationId]][]) {
      const [group, method] = name.split('.') as [string, string];
      expect(typeof (rampart as any)[group][method], name).toBe('function');
      seen.length = 0;
      await call(rampart);
      const spec = OPERATIONS[operationId];
      expect(seen[0], operationId).toMatchObject({ method: spec.method });
      expect(seen[0]!.path, operationId).toMatch(pattern(spec.path));
      if (spec.idempotencyKey) expect(seen[0]!.idempotencyKey, operationId).toMatch(/^[0-9a-f-]{36}$/);
      else expect(seen[0]!.idempotencyKey, operationId).toBeNull();
    }
  });
});
