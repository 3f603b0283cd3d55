import { expect } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import type { LimitsConfig } from '../../src/config/markets.js';
import type { Product, Rule } from '../../src/schemas/common.js';
import { expectError, TestServer, type Answer } from './server.js';

/** Helpers for the account-rule tests: products with one rule part each, accounts of them, prices and the clock. */

export const at = (iso: string): number => Date.parse(iso);
export const base = loadConfig({});

/** A rule that never acts: each test adds the one part it proves. */
export const QUIET: Rule = {
  starting_balance: '100000',
  daily_loss: null,
  drawdown: null,
  profit_target: null,
  min_trading_days: 0,
  min_calendar_days: 0,
  overnight_allowed: true,
  weekend_allowed: true,
  inactivity_days: null,
};

export function product(id: string, rule: Partial<Rule>, stage: Product['stage'] = 'evaluation'): Product {
  return { id, stage, size: '100000', rule: { ...QUIET, ...rule } };
}

export interface Trader {
  customerId: string;
  key: string;
  keyId: string;
  accountId: string;
  env: 'sandbox' | 'live';
}

export interface Metrics {
  day_start_balance: string;
  day_start_equity: string;
  peak_balance: string;
  peak_equity: string;
  drawdown_reference: string;
  drawdown_floor: string | null;
  daily_loss_limit_usd: string | null;
  daily_loss_used: string;
  profit: string;
  trading_days: number;
  calendar_days: number;
  last_trade_at: number | null;
}

/** One Rampart with the given products; the clock starts at T0 (Monday 2026-03-02 12:00 UTC). */
export class World {
  private n = 0;
  private constructor(readonly s: TestServer) {}

  static async start(products: Product[], limits: Partial<LimitsConfig> = {}): Promise<World> {
    const s = await TestServer.start({ config: { products: [...base.products, ...products] }, limits });
    return new World(s);
  }

  close(): Promise<void> {
    return this.s.close();
  }

  ik(): string {
    return `rules-${++this.n}`;
  }

  now(): number {
    return this.s.services.clock.now();
  }

  /** A new customer with a sandbox trade key and a sandbox account of the product (its first account is the default). */
  async open(productId: string, keyFields: Record<string, unknown> = {}): Promise<Trader> {
    const c = await this.s.customer();
    const k = await this.s.key(c.id, keyFields);
    const r = await this.s.sandboxCall('POST', '/v1/accounts', { key: k.key, idempotencyKey: this.ik(), body: { product: productId } });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    await this.s.settle();
    return { customerId: c.id, key: k.key, keyId: k.id, accountId: r.body.id, env: 'sandbox' };
  }

  /** A new customer with a live account of the product (the operator opens it) and a live trade key. */
  async openLive(productId: string): Promise<Trader> {
    const c = await this.s.customer();
    const opened = await this.s.admin('POST', `/admin/v1/customers/${c.id}/accounts`, { product: productId });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    await this.s.settle();
    const k = await this.s.key(c.id, { environment: 'live' });
    return { customerId: c.id, key: k.key, keyId: k.id, accountId: opened.body.id, env: 'live' };
  }

  /** Another key of the same customer on the same account. */
  async otherKey(t: Trader, fields: Record<string, unknown> = {}): Promise<Trader> {
    const k = await this.s.key(t.customerId, { environment: t.env, ...fields });
    return { ...t, key: k.key, keyId: k.id };
  }

  call<T = any>(t: Trader, method: string, path: string, o: { body?: unknown; idempotent?: boolean } = {}): Promise<Answer<T>> {
    const url = t.env === 'live' ? this.s.url.live : this.s.url.sandbox;
    return this.s.call<T>(url, method, path, {
      key: t.key,
      ...(o.body !== undefined ? { body: o.body } : {}),
      ...(o.idempotent ? { idempotencyKey: this.ik() } : {}),
    });
  }

  /** A quote with bid = ask = last, so market orders fill at `last` and the arithmetic stays readable. */
  async price(last: string, market = 'BTC-USD'): Promise<void> {
    const r = await this.s.admin('PUT', `/admin/v1/markets/${market}/price`, { bid: last, ask: last, last });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await this.s.settleTrading();
  }

  async clockTo(t: number): Promise<void> {
    const r = await this.s.admin('POST', '/admin/v1/clock', { now: t });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await this.s.settleTrading();
  }

  place(t: Trader, body: Record<string, unknown>): Promise<Answer> {
    return this.call(t, 'POST', `/v1/accounts/${t.accountId}/orders`, { body, idempotent: true });
  }

  /** A market order that must fill; answers the order. */
  async market(t: Trader, side: 'buy' | 'sell', size: string, market = 'BTC-USD'): Promise<any> {
    const r = await this.place(t, { market, side, type: 'market', size });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.status).toBe('filled');
    await this.s.settleTrading();
    return r.body;
  }

  /** A resting limit order (working); answers the order. */
  async rest(t: Trader, side: 'buy' | 'sell', size: string, limit: string, market = 'BTC-USD'): Promise<any> {
    const r = await this.place(t, { market, side, type: 'limit', size, limit_price: limit });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.status).toBe('working');
    return r.body;
  }

  async account(t: Trader): Promise<any> {
    const r = await this.call(t, 'GET', `/v1/accounts/${t.accountId}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  }

  async metrics(t: Trader): Promise<Metrics> {
    return (await this.account(t)).metrics as Metrics;
  }

  async positions(t: Trader): Promise<any[]> {
    const r = await this.call(t, 'GET', `/v1/accounts/${t.accountId}/positions`);
    expect(r.status).toBe(200);
    return r.body.data;
  }

  async order(t: Trader, id: string): Promise<any> {
    const r = await this.call(t, 'GET', `/v1/accounts/${t.accountId}/orders/${id}`);
    expect(r.status).toBe(200);
    return r.body;
  }

  async orders(t: Trader, status?: string): Promise<any[]> {
    const r = await this.call(t, 'GET', `/v1/accounts/${t.accountId}/orders${status ? `?status=${status}` : ''}`);
    expect(r.status).toBe(200);
    return r.body.data;
  }

  async fills(t: Trader): Promise<any[]> {
    const r = await this.call(t, 'GET', `/v1/accounts/${t.accountId}/fills?limit=1000`);
    expect(r.status).toBe(200);
    return r.body.data;
  }

  async equity(t: Trader, resolution: 'trade' | 'day'): Promise<{ time: number; equity: string; balance: string }[]> {
    const r = await this.call(t, 'GET', `/v1/accounts/${t.accountId}/history/equity?resolution=${resolution}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.resolution).toBe(resolution);
    return r.body.points;
  }

  /** The `close_reason` of every position.closed event of the account, oldest first (from the event log). */
  async closeReasons(t: Trader): Promise<string[]> {
    const events = await this.s.services.store.listEvents({ accountId: t.accountId, afterSeq: 0, limit: 10_000 });
    return events.filter((e) => e.type === 'position.closed').map((e) => (JSON.parse(e.data) as { close_reason: string }).close_reason);
  }

  /** The account is active, trades, and is not paused. */
  async expectActive(t: Trader): Promise<void> {
    const a = await this.account(t);
    expect(a.status).toBe('active');
    expect(a.status_reason).toBeNull();
  }

  /**
   * The account ended (failed or passed) with the reason: status and reason shown, a new order answers
   * account_not_tradable with details.reason, nothing is left working or open.
   */
  async expectEnded(t: Trader, status: 'failed' | 'passed', reason: string): Promise<void> {
    const a = await this.account(t);
    expect([a.status, a.status_reason]).toEqual([status, reason]);
    expect(await this.positions(t)).toEqual([]);
    expect(await this.orders(t, 'working')).toEqual([]);
    const r = await this.place(t, { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.01' });
    expectError(r, 422, 'account_not_tradable', { reason, status });
  }
}
