import { expect } from 'vitest';
import { add, dec, fmt, fromInt, mul, sub, type Dec } from '../../src/engine/decimal.js';
import { adminCall, call, CHILD_ADMIN_TOKEN, listAll, nextMondayNoon, seeded, type ChildServer, type Reply } from './child-server.js';

/**
 * The traffic and the checks of the crash tests (test/crash/crash.test.ts, batch-crash.test.ts): customers trading
 * in parallel through a child server, every creating call with an Idempotency-Key, the server killed; then, on the
 * restarted server, what must hold: nothing acknowledged lost, nothing doubled, nothing half-applied, the retries of
 * the unanswered calls answering the original or making exactly one. One run per store, replayable from its seed.
 */

const WORKERS = 8;
const CUSTOMERS = 3;
/** Sandbox accounts a customer may still open here (its first key opened one; 10 for life). */
const OPENS_PER_CUSTOMER = 3;

interface MarketModel {
  id: string;
  tick: Dec;
  step: Dec;
  /** last, in ticks. */
  last: number;
  start: number;
  maxSteps: number;
}
const price = (m: MarketModel, ticks: number) => fmt(mul(fromInt(ticks), m.tick));
const size = (m: MarketModel, steps: number) => fmt(mul(fromInt(steps), m.step));
const quoteOf = (m: MarketModel) => ({ bid: price(m, m.last - 1), ask: price(m, m.last + 1), last: price(m, m.last) });

type Kind = 'place' | 'cancel' | 'cancel_all' | 'open';

/** One creating call: what was sent and what (if anything) came back. */
export interface Sent {
  kind: Kind;
  phase: number;
  customer: number;
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
  idempotencyKey: string;
  clientOrderId: string | undefined;
  /** The latest answer for this key (a retry's answer replaces a missing one). */
  answer: Reply | undefined;
}

interface Customer {
  id: string;
  key: string;
  accounts: string[];
  opens: number;
}

export interface Snapshot {
  orders: Map<string, any>;
  fills: any[];
}

/** A row of the event log as the store holds it. */
export interface EventRow {
  /** The event's place among its customer's events in its environment. */
  seq: number;
  id: string;
  environment: string;
  account_id: string;
  customer_id: string;
  type: string;
  data: string;
}


export class CrashRun {
  readonly rand: () => number;
  readonly customers: Customer[] = [];
  readonly sent: Sent[] = [];
  /** Answers by status (and code), for failure messages. */
  readonly statuses = new Map<string, number>();
  /** How the retries of unanswered calls were answered: the original (replayed) or for the first time (fresh). */
  readonly retried = new Map<string, number>();
  private seq = 0;
  private readonly monday = nextMondayNoon();
  private readonly markets: MarketModel[] = [
    { id: 'BTC-USD', tick: dec('0.5'), step: dec('0.001'), last: 120_000, start: 120_000, maxSteps: 20 },
    { id: 'ETH-USD', tick: dec('0.05'), step: dec('0.01'), last: 60_000, start: 60_000, maxSteps: 20 },
  ];

  /** `label` names the run in keys and messages (a store, a test). */
  constructor(
    readonly seed: number,
    readonly label = 'crash',
  ) {
    this.rand = seeded(seed);
  }

  where(): string {
    return `${this.label}, seed ${this.seed}`;
  }

  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rand() * xs.length)]!;
  }

  between(lo: number, hi: number): number {
    return lo + Math.floor(this.rand() * (hi - lo + 1));
  }

  /** A started server's clock (a Monday, later with each phase) and prices, as the run left them. */
  async prepare(c: ChildServer, phase: number): Promise<void> {
    await adminCall(c, 'POST', '/admin/v1/clock', { now: this.monday + phase * 60_000 });
    for (const m of this.markets) await adminCall(c, 'PUT', `/admin/v1/markets/${m.id}/price`, quoteOf(m));
  }

  /** The run's customers, each with a sandbox trading key (which opened its first account). */
  async addCustomers(c: ChildServer): Promise<void> {
    for (let i = 0; i < CUSTOMERS; i++) {
      const created = await adminCall(c, 'POST', '/admin/v1/customers', { name: `${this.label} ${i}` });
      const key = await adminCall(c, 'POST', `/admin/v1/customers/${created.id}/keys`, { environment: 'sandbox', access: 'trade' });
      this.customers.push({ id: created.id, key: key.key, accounts: [key.opened_account_id], opens: 0 });
    }
  }

  /** Any answer must be a success or the error envelope, and never a 5xx other than a retryable shed. */
  private checkAnswer(r: Reply, what: string): void {
    const label = `${r.status}${r.body?.error ? ` ${r.body.error.code}` : ''}`;
    this.statuses.set(label, (this.statuses.get(label) ?? 0) + 1);
    if (r.status >= 200 && r.status < 300) return;
    expect(Object.keys(r.body ?? {}), `${what}: ${JSON.stringify(r.body)} (${this.where()})`).toEqual(['error']);
    expect(r.status === 500 || (r.status > 500 && r.body.error.code !== 'capacity'), `${what}: ${label} (${this.where()})`).toBe(false);
  }

  private newSent(kind: Kind, phase: number, customer: number, method: string, path: string, body?: Record<string, unknown>): Sent {
    const n = ++this.seq;
    const clientOrderId = kind === 'place' ? `${this.label}-${this.seed}-${n}` : undefined;
    const s: Sent = {
      kind,
      phase,
      customer,
      method,
      path,
      body: body && clientOrderId ? { ...body, client_order_id: clientOrderId } : body,
      idempotencyKey: `${this.label}-${this.seed}-${n}`,
      clientOrderId,
      answer: undefined,
    };
    this.sent.push(s);
    return s;
  }

  async send(c: ChildServer, s: Sent): Promise<Reply | undefined> {
    try {
      const r = await call(c.url.sandbox, s.method, s.path, { key: this.customers[s.customer]!.key, idempotencyKey: s.idempotencyKey, ...(s.body ? { body: s.body } : {}) });
      this.checkAnswer(r, `${s.method} ${s.path}`);
      return r;
    } catch {
      return undefined; // no answer: the process died with the request in flight (or before it arrived)
    }
  }

  /** A random creating call for a random account. */
  private nextCall(phase: number): Sent {
    const ci = this.between(0, CUSTOMERS - 1);
    const cust = this.customers[ci]!;
    const account = this.pick(cust.accounts);
    const base = `/v1/accounts/${account}/orders`;
    const m = this.pick(this.markets);
    const side = this.rand() < 0.5 ? 'buy' : 'sell';
    const r = this.rand();
    if (r < 0.42) return this.newSent('place', phase, ci, 'POST', base, { market: m.id, side, type: 'market', size: size(m, this.between(1, 20)) });
    if (r < 0.78) {
      const away = this.between(1, 60);
      const limit = side === 'buy' ? m.last - away : m.last + away;
      return this.newSent('place', phase, ci, 'POST', base, { market: m.id, side, type: 'limit', size: size(m, this.between(1, 20)), limit_price: price(m, limit) });
    }
    if (r < 0.9) {
      const working = this.sent.filter((s) => s.kind === 'place' && s.path === base && s.answer?.body?.status === 'working');
      if (working.length > 0) return this.newSent('cancel', phase, ci, 'DELETE', `${base}/${this.pick(working).answer!.body.id}`);
    }
    if (r < 0.96 || cust.opens >= OPENS_PER_CUSTOMER) return this.newSent('cancel_all', phase, ci, 'POST', `${base}/cancel-all`, this.rand() < 0.5 ? { market: m.id } : {});
    cust.opens++;
    return this.newSent('open', phase, ci, 'POST', '/v1/accounts', {});
  }

  /** Prices walk (limits rest, then fill as the price passes them) until stopped. */
  private async ticker(c: ChildServer, running: () => boolean): Promise<void> {
    while (running()) {
      for (const m of this.markets) {
        const next = m.last + this.between(-m.maxSteps, m.maxSteps);
        // Stay well inside the price band around the start.
        m.last = Math.min(Math.max(next, Math.round(m.start * 0.96)), Math.round(m.start * 1.04));
        try {
          await call(c.url.admin, 'PUT', `/admin/v1/markets/${m.id}/price`, { key: CHILD_ADMIN_TOKEN, body: quoteOf(m) });
        } catch {
          return;
        }
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Parallel traffic (WORKERS callers and a price walk) until `running` answers false; settles once all stopped. */
  async traffic(c: ChildServer, phase: number, running: () => boolean): Promise<void> {
    const workers = Array.from({ length: WORKERS }, async () => {
      while (running()) {
        const s = this.nextCall(phase);
        s.answer = await this.send(c, s);
        if (!s.answer && running()) await new Promise((r) => setTimeout(r, 5));
        if (s.kind === 'open' && s.answer?.status === 202) this.customers[s.customer]!.accounts.push(s.answer.body.id);
      }
    });
    await Promise.all([...workers, this.ticker(c, running)]);
  }

  /** Answers of a retry (after the restart) for a call that had none. */
  async retryUnanswered(c: ChildServer, phase: number): Promise<void> {
    const where = this.where();
    for (const s of this.sent.filter((x) => x.phase === phase && x.answer === undefined)) {
      let r: Reply | undefined;
      for (let attempt = 0; attempt < 5 && (!r || (r.status === 503 && r.body?.error?.retryable)); attempt++) r = await this.send(c, s);
      expect(r, `no answer to the retry of ${s.method} ${s.path} (${where})`).toBeDefined();
      const what = `retry of ${s.kind} ${s.idempotencyKey}: ${r!.status} ${JSON.stringify(r!.body).slice(0, 300)} (${where})`;
      if (s.kind === 'place') {
        // The original answer, or one fresh order; never a second order under the key (that would be a 409 conflict
        // on its client_order_id).
        expect([201, 422], what).toContain(r!.status);
      } else if (s.kind === 'open') {
        expect(r!.status, what).toBe(202);
        const cust = this.customers[s.customer]!;
        if (!cust.accounts.includes(r!.body.id)) cust.accounts.push(r!.body.id);
      } else if (s.kind === 'cancel') {
        // The order may have been canceled by the restart transition meanwhile.
        expect(r!.status === 200 || (r!.status === 409 && r!.body.error.code === 'order_not_working') || (r!.status === 422 && r!.body.error.code === 'account_not_tradable'), what).toBe(true);
      } else {
        expect([200, 422], what).toContain(r!.status);
      }
      s.answer = r;
      const how = `${s.kind} ${r!.headers.get('idempotent-replayed') === 'true' ? 'replayed' : 'fresh'}`;
      this.retried.set(how, (this.retried.get(how) ?? 0) + 1);
      // Once answered, the key keeps its answer.
      const again = await this.send(c, s);
      expect(again?.status, `replay of ${what}`).toBe(r!.status);
      expect(again?.headers.get('idempotent-replayed'), `replay of ${what}`).toBe('true');
      if (r!.status < 300 && r!.body?.id) expect(again?.body.id, `replay of ${what}`).toBe(r!.body.id);
    }
  }

  /**
   * Waits until the server serves the run's accounts: on PostgreSQL a restarted node takes the partitions of the one
   * that died once their leases expire, and answers 503 temporarily_unavailable until then.
   */
  async awaitServing(c: ChildServer): Promise<void> {
    const cust = this.customers[0]!;
    for (let i = 0; ; i++) {
      const r = await call(c.url.sandbox, 'GET', `/v1/accounts/${cust.accounts[0]}`, { key: cust.key });
      if (r.status !== 503) return;
      if (i > 300) throw new Error(`the server answers 503 for 15 s: ${JSON.stringify(r.body)} (${this.where()})`);
      await new Promise((res) => setTimeout(res, 50));
    }
  }

  /** Waits until every account of the run is out of pending. */
  async openAccounts(c: ChildServer): Promise<void> {
    for (const cust of this.customers) {
      for (const id of cust.accounts) {
        for (let i = 0; ; i++) {
          const r = await call(c.url.sandbox, 'GET', `/v1/accounts/${id}`, { key: cust.key });
          if (r.status === 200 && r.body.status !== 'pending') break;
          if (i > 100) throw new Error(`account ${id} stays pending: ${JSON.stringify(r.body)}`);
          await new Promise((res) => setTimeout(res, 50));
        }
      }
    }
  }

  /** Right after a restart, before any new call: the transition canceled every working order and closed every position. */
  async verifyTransition(c: ChildServer): Promise<void> {
    for (const cust of this.customers) {
      for (const account of await listAll(c.url.sandbox, '/v1/accounts', cust.key)) {
        const positions = await call(c.url.sandbox, 'GET', `/v1/accounts/${account.id}/positions`, { key: cust.key });
        expect(positions.body.data, `positions of ${account.id} after the restart (${this.where()})`).toEqual([]);
        const open = await call(c.url.sandbox, 'GET', `/v1/accounts/${account.id}/orders?status=open`, { key: cust.key });
        expect(open.body.data, `open orders of ${account.id} after the restart (${this.where()})`).toEqual([]);
      }
    }
  }

  /** Everything a restart must have kept, read through the API. */
  async verifyAccounts(c: ChildServer): Promise<Snapshot> {
    const where = this.where();
    const orders = new Map<string, any>();
    const fills: any[] = [];
    for (const cust of this.customers) {
      const listed = await listAll(c.url.sandbox, '/v1/accounts', cust.key);
      // Never a second account for one key: the first account plus one per answered opening.
      const opened = new Set(this.sent.filter((s) => s.kind === 'open' && this.customers[s.customer] === cust && s.answer?.status === 202).map((s) => s.answer!.body.id));
      expect(listed.map((a) => a.id).sort(), `accounts of ${cust.id} (${where})`).toEqual([...new Set([cust.accounts[0]!, ...opened])].sort());
      for (const account of listed) {
        const id = account.id as string;
        const accountOrders = await listAll(c.url.sandbox, `/v1/accounts/${id}/orders`, cust.key);
        const accountFills = await listAll(c.url.sandbox, `/v1/accounts/${id}/fills`, cust.key);
        for (const o of accountOrders) {
          orders.set(o.id, o);
          if (o.status === 'canceled') expect(['system_restart', 'cancel_all', 'user'], `order ${o.id} (${where})`).toContain(o.cancel_reason);
        }
        fills.push(...accountFills);
        // The balance reproduces exactly from the fills.
        const fromFills = accountFills.reduce<Dec>((acc, f) => sub(add(acc, dec(f.realized_pnl)), dec(f.fee)), dec(account.starting_balance));
        expect(account.balance, `balance of ${id} against its ${accountFills.length} fills (${where})`).toBe(fmt(fromFills));
      }
    }
    // Whole fills: one per filled order, of its size; none for an order that did not fill.
    const fillsByOrder = new Map<string, any[]>();
    for (const f of fills) fillsByOrder.set(f.order_id, [...(fillsByOrder.get(f.order_id) ?? []), f]);
    for (const o of orders.values()) {
      const of = fillsByOrder.get(o.id) ?? [];
      expect(of.length, `fills of ${o.id} (${o.status}) (${where})`).toBe(o.status === 'filled' ? 1 : 0);
      if (o.status === 'filled') expect(of[0].size).toBe(o.size);
    }
    for (const orderId of fillsByOrder.keys()) expect(orders.has(orderId), `fill of an unknown order ${orderId} (${where})`).toBe(true);

    // Every acknowledged order is there, as acknowledged or further along; no client_order_id twice.
    const byClientId = new Map<string, number>();
    for (const o of orders.values()) if (o.client_order_id) byClientId.set(o.client_order_id, (byClientId.get(o.client_order_id) ?? 0) + 1);
    for (const [cid, n] of byClientId) expect(n, `orders with client_order_id ${cid} (${where})`).toBe(1);
    for (const s of this.sent.filter((x) => x.kind === 'place')) {
      const a = s.answer;
      if (a && a.status === 201) {
        const now = orders.get(a.body.id);
        expect(now, `acknowledged order ${a.body.id} (${where})`).toBeDefined();
        expect(now.client_order_id).toBe(s.clientOrderId);
        if (a.body.status === 'filled') expect(now.status, `filled order ${a.body.id}`).toBe('filled');
        if (a.body.status === 'expired') expect(now.status, `expired order ${a.body.id}`).toBe('expired');
      } else if (a) {
        expect(byClientId.has(s.clientOrderId!), `${s.clientOrderId} answered ${a.status} but an order holds it (${where})`).toBe(false);
      }
    }
    return { orders, fills };
  }

  /**
   * The event log as the store holds it (`rows`, by environment, customer and place): each customer's a run with no
   * gap and no duplicate, its ids increasing, an event for every order change and fill.
   */
  async verifyEvents(c: ChildServer, snap: Snapshot, rows: EventRow[]): Promise<void> {
    const where = this.where();
    // GET /v1/events lists exactly the log's events of the customer's accounts, in order.
    for (const cust of this.customers) {
      const listed = (await listAll(c.url.sandbox, '/v1/events', cust.key)).map((e) => e.id as string);
      const accounts = new Set((await listAll(c.url.sandbox, '/v1/accounts', cust.key)).map((a) => a.id as string));
      expect(listed, `GET /v1/events of ${cust.id} (${where})`).toEqual(rows.filter((r) => r.environment === 'sandbox' && accounts.has(r.account_id)).map((r) => r.id));
    }
    expect(rows.length).toBeGreaterThan(0);
    const ids = new Set<string>();
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      expect(ids.has(r.id), `event id ${r.id} twice`).toBe(false);
      ids.add(r.id);
      const before = rows[i - 1];
      if (!before || before.environment !== r.environment || before.customer_id !== r.customer_id) continue;
      // Each customer's places are one run (no transaction rolled back here: nothing skipped), and ids follow them.
      expect(r.seq, `event seq after ${before.id} (${where})`).toBe(before.seq + 1);
      expect(r.id > before.id, `event ids increase: ${before.id} then ${r.id}`).toBe(true);
    }
    const seen = new Map<string, number>();
    for (const r of rows) {
      const e = JSON.parse(r.data);
      expect(e.id).toBe(r.id);
      const subject = e.data?.id as string | undefined;
      if (r.type.startsWith('order.') || r.type === 'fill.created') {
        expect(subject, `${r.id} ${r.type} without data.id`).toBeDefined();
        const k = `${r.type} ${subject}`;
        seen.set(k, (seen.get(k) ?? 0) + 1);
        if (r.type === 'fill.created') expect(snap.fills.some((f) => f.id === subject), `${r.id}: fill ${subject} not in the store (${where})`).toBe(true);
        else expect(snap.orders.has(subject!), `${r.id}: ${r.type} of an order not in the store: ${subject} (${where})`).toBe(true);
      }
    }
    for (const [k, n] of seen) if (!k.startsWith('order.edited')) expect(n, `${k} (${where})`).toBe(1);
    const endEvent: Record<string, string> = { filled: 'order.filled', canceled: 'order.canceled', expired: 'order.expired', rejected: 'order.rejected' };
    for (const o of snap.orders.values()) {
      expect(seen.get(`order.created ${o.id}`), `order.created of ${o.id} (${o.status}) (${where})`).toBe(1);
      const end = endEvent[o.status];
      if (end) expect(seen.get(`${end} ${o.id}`), `${end} of ${o.id} (${where})`).toBe(1);
    }
    for (const f of snap.fills) expect(seen.get(`fill.created ${f.id}`), `fill.created of ${f.id} (${where})`).toBe(1);
  }

  /** Answered calls still answer the same (a sample: the key is kept across restarts). */
  async replaySample(c: ChildServer): Promise<void> {
    const answered = this.sent.filter((s) => s.answer && s.answer.status < 300 && s.kind !== 'cancel_all');
    for (let i = 0; i < Math.min(12, answered.length); i++) {
      const s = answered[Math.floor(this.rand() * answered.length)]!;
      const r = await this.send(c, s);
      const what = `replay of ${s.kind} ${s.idempotencyKey} (${this.where()})`;
      expect(r?.status, what).toBe(s.answer!.status);
      expect(r?.headers.get('idempotent-replayed'), what).toBe('true');
      expect(r?.body.id, what).toBe(s.answer!.body.id);
    }
  }

  /** The run's figures, for a failure message or CRASH_DEBUG. */
  summary(): Record<string, unknown> {
    return { seed: this.seed, sent: this.sent.length, answered: this.sent.filter((s) => s.answer).length, statuses: Object.fromEntries(this.statuses), retried: Object.fromEntries(this.retried) };
  }
}
