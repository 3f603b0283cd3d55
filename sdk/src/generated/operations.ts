/**
 * How each operation is called, generated from Rampart's OpenAPI document by `npm run sdk:generate`. Do not edit:
 * sdk/test/generated.test.ts fails when this file differs from what the current document generates.
 */
import type { operations } from './openapi.js';

export interface OperationSpec {
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'HEAD';
  readonly path: string;
  /** The document takes an Idempotency-Key on it: the client sends one (the same on every retry). */
  readonly idempotencyKey: boolean;
}

export const OPERATIONS = {
  getOpenApi: { method: 'GET', path: '/v1/openapi.json', idempotencyKey: false },
  getStatus: { method: 'GET', path: '/v1/status', idempotencyKey: false },
  getLimits: { method: 'GET', path: '/v1/limits', idempotencyKey: false },
  listMarkets: { method: 'GET', path: '/v1/markets', idempotencyKey: false },
  getMarket: { method: 'GET', path: '/v1/markets/{market}', idempotencyKey: false },
  listProducts: { method: 'GET', path: '/v1/products', idempotencyKey: false },
  listAccounts: { method: 'GET', path: '/v1/accounts', idempotencyKey: false },
  openAccount: { method: 'POST', path: '/v1/accounts', idempotencyKey: true },
  getAccount: { method: 'GET', path: '/v1/accounts/{account_id}', idempotencyKey: false },
  listOrders: { method: 'GET', path: '/v1/accounts/{account_id}/orders', idempotencyKey: false },
  placeOrder: { method: 'POST', path: '/v1/accounts/{account_id}/orders', idempotencyKey: true },
  previewOrder: { method: 'POST', path: '/v1/accounts/{account_id}/orders/test', idempotencyKey: false },
  cancelAllOrders: { method: 'POST', path: '/v1/accounts/{account_id}/orders/cancel-all', idempotencyKey: true },
  getDeadManSwitch: { method: 'GET', path: '/v1/accounts/{account_id}/orders/cancel-all-after', idempotencyKey: false },
  armDeadManSwitch: { method: 'POST', path: '/v1/accounts/{account_id}/orders/cancel-all-after', idempotencyKey: true },
  getOrder: { method: 'GET', path: '/v1/accounts/{account_id}/orders/{order_id}', idempotencyKey: false },
  cancelOrder: { method: 'DELETE', path: '/v1/accounts/{account_id}/orders/{order_id}', idempotencyKey: true },
  editOrder: { method: 'PATCH', path: '/v1/accounts/{account_id}/orders/{order_id}', idempotencyKey: true },
  listPositions: { method: 'GET', path: '/v1/accounts/{account_id}/positions', idempotencyKey: false },
  closeAllPositions: { method: 'POST', path: '/v1/accounts/{account_id}/positions/close-all', idempotencyKey: true },
  getPosition: { method: 'GET', path: '/v1/accounts/{account_id}/positions/{market}', idempotencyKey: false },
  closePosition: { method: 'DELETE', path: '/v1/accounts/{account_id}/positions/{market}', idempotencyKey: true },
  setPositionExits: { method: 'PUT', path: '/v1/accounts/{account_id}/positions/{market}/exits', idempotencyKey: false },
  adjustPositionMargin: { method: 'POST', path: '/v1/accounts/{account_id}/positions/{market}/margin', idempotencyKey: true },
  listFills: { method: 'GET', path: '/v1/accounts/{account_id}/fills', idempotencyKey: false },
  getEquityCurve: { method: 'GET', path: '/v1/accounts/{account_id}/history/equity', idempotencyKey: false },
  listMarginSettings: { method: 'GET', path: '/v1/accounts/{account_id}/margin', idempotencyKey: false },
  setMarginSetting: { method: 'PUT', path: '/v1/accounts/{account_id}/margin/{market}', idempotencyKey: false },
  listEvents: { method: 'GET', path: '/v1/events', idempotencyKey: false },
  streamAccount: { method: 'GET', path: '/v1/accounts/{account_id}/stream', idempotencyKey: false },
  listWebhooks: { method: 'GET', path: '/v1/webhooks', idempotencyKey: false },
  createWebhook: { method: 'POST', path: '/v1/webhooks', idempotencyKey: true },
  deleteWebhook: { method: 'DELETE', path: '/v1/webhooks/{webhook_id}', idempotencyKey: false },
  listWebhookDeliveries: { method: 'GET', path: '/v1/webhooks/{webhook_id}/deliveries', idempotencyKey: false },
  listSignals: { method: 'GET', path: '/v1/signals', idempotencyKey: false },
  createSignal: { method: 'POST', path: '/v1/signals', idempotencyKey: true },
  revokeSignal: { method: 'DELETE', path: '/v1/signals/{signal_id}', idempotencyKey: false },
  listSignalDeliveries: { method: 'GET', path: '/v1/signals/{signal_id}/deliveries', idempotencyKey: false },
  receiveAlert: { method: 'POST', path: '/v1/alerts/{secret}', idempotencyKey: false },
} as const satisfies Record<keyof operations, OperationSpec>;
