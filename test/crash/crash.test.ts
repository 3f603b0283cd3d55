import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { add, dec, fmt, fromInt, mul, sub, type Dec } from '../../src/engine/decimal.js';
import { adminCall, call, listAll, seeded, startChild, type ChildServer, type Reply } from '../helpers/child-server.js';

/**
 * Crash safety (issue 7): a server in its own process takes parallel order traffic, every creating call with an
 * Idempotency-Key, and is killed with SIGKILL at a random moment, several times. After each restart on the same
 * SQLite file nothing acknowledged is lost, nothing is doubled, the restart transition ran, retries of the
 * unanswered calls answer the original or make exactly one, and the event log has no gap and no duplicate.
 *
 * CRASH_KILLS (default 3) and CRASH_SEED (default: random, printed on failure) replay or extend a run.
 */

const KILLS = Number(process.env.CRASH_KILLS ?? 3);
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
const WORKERS = 8;
const CUSTOMERS = 3;
/** Sandbox accounts a customer may still open here (its first key opened one; 10 for life). */
const OPENS_PER_CUSTOMER = 3;

const rand = seeded(SEED);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const between = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

interface MarketModel {
  id: string;
  tick: Dec;
  step: Dec;
  /** last, in ticks. */
  last: number;
  start: number;
  maxSteps: number;
}
const markets: MarketModel[] = [
  { id: 'BTC-USD', tick: dec('0.5'), step: dec('0.001'), last: 120_000, start: 120_000, maxSteps: 20 },
  { id: 'ETH-USD', tick: dec('0.05'), step: dec('0.01'), last: 60_000, start: 60_000, maxSteps: 20 },
];
const price = (m: MarketModel, ticks: number) => fmt(mul(fromInt(ticks), m.tick));
const size = (m: MarketModel, steps: number) => fmt(mul(fromInt(steps), m.step));
const quoteOf = (m: MarketModel) => ({ bid: price(m, m.last - 1), ask: price(m, m.last + 1), last: price(m, m.last) });

type Kind = 'place' | 'cancel' | 'cancel_all' | 'open';

/** One creating call: what was sent and what (if anything) came back. */
interface Sent {
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

const dir = mkdtempSync(join(tmpdir(), 'rampart-crash-'));
const dbFile = join(dir, 'rampart.db');
let child: ChildServer | undefined;
const customers: Customer[] = [];
const sent: Sent[] = [];
const statuses = new Map<string, number>();
/** How the retries of unanswered calls were answered: the original (replayed) or for the first time (fresh). */
const retried = new Map<string, number>();
let seq = 0;

afterAll(async () => {
  await child?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A Monday noon after now: the sandbox rule refuses opening orders on weekends, whenever CI runs. */
function nextMondayNoon(): number {
  const d = new Date();
  d.setUTCHours(12, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7));
  return d.getTime();
}
const MONDAY = nextMondayNoon();

async function start(phase: number): Promise<ChildServer> {
  const c = await startChild({ dbFile });
  await adminCall(c, 'POST', '/admin/v1/clock', { now: MONDAY + phase * 60_000 });
  for (const m of markets) await adminCall(c, 'PUT', `/admin/v1/markets/${m.id}/price`, quoteOf(m));
  return c;
}

const where = () => `seed ${SEED}`;

/** Any answer must be a success or the error envelope, and never a 5xx other than a retryable shed. */
function checkAnswer(r: Reply, what: string): void {
  const label = `${r.status}${r.body?.error ? ` ${r.body.error.code}` : ''}`;
  statuses.set(label, (statuses.get(label) ?? 0) + 1);
  if (r.status >= 200 && r.status < 300) return;
  expect(Object.keys(r.body ?? {}), `${what}: ${JSON.stringify(r.body)} (${where()})`).toEqual(['error']);
  expect(r.status === 500 || (r.status > 500 && r.body.error.code !== 'capacity'), `${what}: ${label} (${where()})`).toBe(false);
}

function newSent(kind: Kind, phase: number, customer: number, method: string, path: string, body?: Record<string, unknown>): Sent {
  const n = ++seq;
  const clientOrderId = kind === 'place' ? `crash-${SEED}-${n}` : undefined;
  const s: Sent = {
    kind,
    phase,
    customer,
    method,
    path,
    body: body && clientOrderId ? { ...body, client_order_id: clientOrderId } : body,
    idempotencyKey: `crash-${SEED}-${n}`,
    clientOrderId,
    answer: undefined,
  };
  sent.push(s);
  return s;
}

async function send(c: ChildServer, s: Sent): Promise<Reply | undefined> {
  try {
    const r = await call(c.url.sandbox, s.method, s.path, { key: customers[s.customer]!.key, idempotencyKey: s.idempotencyKey, ...(s.body ? { body: s.body } : {}) });
    checkAnswer(r, `${s.method} ${s.path}`);
    return r;
  } catch {
    return undefined; // no answer: the process died with the request in flight (or before it arrived)
  }
}

/** A random creating call for a random account. */
function nextCall(phase: number): Sent {
  const ci = between(0, CUSTOMERS - 1);
  const cust = customers[ci]!;
  const account = pick(cust.accounts);
  const base = `/v1/accounts/${account}/orders`;
  const m = pick(markets);
  const side = rand() < 0.5 ? 'buy' : 'sell';
  const r = rand();
  if (r < 0.42) return newSent('place', phase, ci, 'POST', base, { market: m.id, side, type: 'market', size: size(m, between(1, 20)) });
  if (r < 0.78) {
    const away = between(1, 60);
    const limit = side === 'buy' ? m.last - away : m.last + away;
    return newSent('place', phase, ci, 'POST', base, { market: m.id, side, type: 'limit', size: size(m, between(1, 20)), limit_price: price(m, limit) });
  }
  if (r < 0.9) {
    const working = sent.filter((s) => s.kind === 'place' && s.path === base && s.answer?.body?.status === 'working');
    if (working.length > 0) return newSent('cancel', phase, ci, 'DELETE', `${base}/${pick(working).answer!.body.id}`);
  }
  if (r < 0.96 || cust.opens >= OPENS_PER_CUSTOMER) return newSent('cancel_all', phase, ci, 'POST', `${base}/cancel-all`, rand() < 0.5 ? { market: m.id } : {});
  cust.opens++;
  return newSent('open', phase, ci, 'POST', '/v1/accounts', {});
}

/** Prices walk (limits rest, then fill as the price passes them) until stopped. */
async function ticker(c: ChildServer, running: () => boolean): Promise<void> {
  while (running()) {
    for (const m of markets) {
      const next = m.last + between(-m.maxSteps, m.maxSteps);
      // Stay well inside the price band around the start.
      m.last = Math.min(Math.max(next, Math.round(m.start * 0.96)), Math.round(m.start * 1.04));
      try {
        await call(c.url.admin, 'PUT', `/admin/v1/markets/${m.id}/price`, { key: 'radm_child_admin_token_0123456789abcdef', body: quoteOf(m) });
      } catch {
        return;
      }
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Parallel traffic until a random moment, then SIGKILL. */
async function trafficThenKill(c: ChildServer, phase: number): Promise<void> {
  let running = true;
  const workers = Array.from({ length: WORKERS }, async () => {
    while (running) {
      const s = nextCall(phase);
      s.answer = await send(c, s);
      if (!s.answer && running) await new Promise((r) => setTimeout(r, 5));
      if (s.kind === 'open' && s.answer?.status === 202) customers[s.customer]!.accounts.push(s.answer.body.id);
    }
  });
  const tick = ticker(c, () => running);
  const early = c.exited.then(({ code, signal }) => {
    if (running) throw new Error(`the server died on its own (${code ?? signal}) (${where()}):\n${c.output().slice(-4000)}`);
  });
  await Promise.race([new Promise((r) => setTimeout(r, between(1200, 3500))), early]);
  await c.kill();
  running = false;
  await Promise.all([...workers, tick]);
  const { signal } = await c.exited;
  expect(signal, `the server ended by itself rather than by our SIGKILL (${where()})`).toBe('SIGKILL');
}

/** Answers of a retry (after the restart) for a call that had none. */
async function retryUnanswered(c: ChildServer, phase: number): Promise<void> {
  for (const s of sent.filter((x) => x.phase === phase && x.answer === undefined)) {
    let r: Reply | undefined;
    for (let attempt = 0; attempt < 5 && (!r || (r.status === 503 && r.body?.error?.retryable)); attempt++) r = await send(c, s);
    expect(r, `no answer to the retry of ${s.method} ${s.path} (${where()})`).toBeDefined();
    const what = `retry of ${s.kind} ${s.idempotencyKey}: ${r!.status} ${JSON.stringify(r!.body).slice(0, 300)} (${where()})`;
    if (s.kind === 'place') {
      // The original answer, or one fresh order; never a second order under the key (that would be a 409 conflict
      // on its client_order_id).
      expect([201, 422], what).toContain(r!.status);
    } else if (s.kind === 'open') {
      expect(r!.status, what).toBe(202);
      const cust = customers[s.customer]!;
      if (!cust.accounts.includes(r!.body.id)) cust.accounts.push(r!.body.id);
    } else if (s.kind === 'cancel') {
      // The order may have been canceled by the restart transition meanwhile.
      expect(r!.status === 200 || (r!.status === 409 && r!.body.error.code === 'order_not_working') || (r!.status === 422 && r!.body.error.code === 'account_not_tradable'), what).toBe(true);
    } else {
      expect([200, 422], what).toContain(r!.status);
    }
    s.answer = r;
    const how = `${s.kind} ${r!.headers.get('idempotent-replayed') === 'true' ? 'replayed' : 'fresh'}`;
    retried.set(how, (retried.get(how) ?? 0) + 1);
    // Once answered, the key keeps its answer.
    const again = await send(c, s);
    expect(again?.status, `replay of ${what}`).toBe(r!.status);
    expect(again?.headers.get('idempotent-replayed'), `replay of ${what}`).toBe('true');
    if (r!.status < 300 && r!.body?.id) expect(again?.body.id, `replay of ${what}`).toBe(r!.body.id);
  }
}

async function openAccounts(c: ChildServer): Promise<void> {
  for (const cust of customers) {
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

interface Snapshot {
  orders: Map<string, any>;
  fills: any[];
}

/** Right after a restart, before any new call: the transition canceled every working order and closed every position. */
async function verifyTransition(c: ChildServer): Promise<void> {
  for (const cust of customers) {
    for (const account of await listAll(c.url.sandbox, '/v1/accounts', cust.key)) {
      const positions = await call(c.url.sandbox, 'GET', `/v1/accounts/${account.id}/positions`, { key: cust.key });
      expect(positions.body.data, `positions of ${account.id} after the restart (${where()})`).toEqual([]);
      const open = await call(c.url.sandbox, 'GET', `/v1/accounts/${account.id}/orders?status=open`, { key: cust.key });
      expect(open.body.data, `open orders of ${account.id} after the restart (${where()})`).toEqual([]);
    }
  }
}

/** Everything a restart must have kept, read through the API. */
async function verifyAccounts(c: ChildServer): Promise<Snapshot> {
  const orders = new Map<string, any>();
  const fills: any[] = [];
  for (const cust of customers) {
    const listed = await listAll(c.url.sandbox, '/v1/accounts', cust.key);
    // Never a second account for one key: the first account plus one per answered opening.
    const opened = new Set(sent.filter((s) => s.kind === 'open' && customers[s.customer] === cust && s.answer?.status === 202).map((s) => s.answer!.body.id));
    expect(listed.map((a) => a.id).sort(), `accounts of ${cust.id} (${where()})`).toEqual([...new Set([cust.accounts[0]!, ...opened])].sort());
    for (const account of listed) {
      const id = account.id as string;
      const accountOrders = await listAll(c.url.sandbox, `/v1/accounts/${id}/orders`, cust.key);
      const accountFills = await listAll(c.url.sandbox, `/v1/accounts/${id}/fills`, cust.key);
      for (const o of accountOrders) {
        orders.set(o.id, o);
        if (o.status === 'canceled') expect(['system_restart', 'cancel_all', 'user'], `order ${o.id} (${where()})`).toContain(o.cancel_reason);
      }
      fills.push(...accountFills);
      // The balance reproduces exactly from the fills.
      const fromFills = accountFills.reduce<Dec>((acc, f) => sub(add(acc, dec(f.realized_pnl)), dec(f.fee)), dec(account.starting_balance));
      expect(account.balance, `balance of ${id} against its ${accountFills.length} fills (${where()})`).toBe(fmt(fromFills));
    }
  }
  // Whole fills: one per filled order, of its size; none for an order that did not fill.
  const fillsByOrder = new Map<string, any[]>();
  for (const f of fills) fillsByOrder.set(f.order_id, [...(fillsByOrder.get(f.order_id) ?? []), f]);
  for (const o of orders.values()) {
    const of = fillsByOrder.get(o.id) ?? [];
    expect(of.length, `fills of ${o.id} (${o.status}) (${where()})`).toBe(o.status === 'filled' ? 1 : 0);
    if (o.status === 'filled') expect(of[0].size).toBe(o.size);
  }
  for (const orderId of fillsByOrder.keys()) expect(orders.has(orderId), `fill of an unknown order ${orderId} (${where()})`).toBe(true);

  // Every acknowledged order is there, as acknowledged or further along; no client_order_id twice.
  const byClientId = new Map<string, number>();
  for (const o of orders.values()) if (o.client_order_id) byClientId.set(o.client_order_id, (byClientId.get(o.client_order_id) ?? 0) + 1);
  for (const [cid, n] of byClientId) expect(n, `orders with client_order_id ${cid} (${where()})`).toBe(1);
  for (const s of sent.filter((x) => x.kind === 'place')) {
    const a = s.answer;
    if (a && a.status === 201) {
      const now = orders.get(a.body.id);
      expect(now, `acknowledged order ${a.body.id} (${where()})`).toBeDefined();
      expect(now.client_order_id).toBe(s.clientOrderId);
      if (a.body.status === 'filled') expect(now.status, `filled order ${a.body.id}`).toBe('filled');
      if (a.body.status === 'expired') expect(now.status, `expired order ${a.body.id}`).toBe('expired');
    } else if (a) {
      expect(byClientId.has(s.clientOrderId!), `${s.clientOrderId} answered ${a.status} but an order holds it (${where()})`).toBe(false);
    }
  }
  return { orders, fills };
}

/** The event log, read from the SQLite file: no gap, no duplicate, an event for every order change and fill. */
async function verifyEvents(c: ChildServer, snap: Snapshot): Promise<void> {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  let rows: { seq: number; id: string; environment: string; account_id: string; type: string; data: string }[];
  try {
    rows = db.prepare('SELECT seq, id, environment, account_id, type, data FROM events ORDER BY seq').all() as typeof rows;
  } finally {
    db.close();
  }
  // GET /v1/events lists exactly the log's events of the customer's accounts, in order.
  for (const cust of customers) {
    const listed = (await listAll(c.url.sandbox, '/v1/events', cust.key)).map((e) => e.id as string);
    const accounts = new Set((await listAll(c.url.sandbox, '/v1/accounts', cust.key)).map((a) => a.id as string));
    expect(listed, `GET /v1/events of ${cust.id} (${where()})`).toEqual(rows.filter((r) => r.environment === 'sandbox' && accounts.has(r.account_id)).map((r) => r.id));
  }
  expect(rows.length).toBeGreaterThan(0);
  const ids = new Set<string>();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    // Seq is one counter for both environments: consecutive, and ids follow it.
    expect(r.seq, `event seq after ${rows[i - 1]?.id} (${where()})`).toBe(rows[0]!.seq + i);
    expect(ids.has(r.id), `event id ${r.id} twice`).toBe(false);
    ids.add(r.id);
    if (i > 0) expect(r.id > rows[i - 1]!.id, `event ids increase: ${rows[i - 1]!.id} then ${r.id}`).toBe(true);
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
      if (r.type === 'fill.created') expect(snap.fills.some((f) => f.id === subject), `${r.id}: fill ${subject} not in the store (${where()})`).toBe(true);
      else expect(snap.orders.has(subject!), `${r.id}: ${r.type} of an order not in the store: ${subject} (${where()})`).toBe(true);
    }
  }
  for (const [k, n] of seen) if (!k.startsWith('order.edited')) expect(n, `${k} (${where()})`).toBe(1);
  const endEvent: Record<string, string> = { filled: 'order.filled', canceled: 'order.canceled', expired: 'order.expired', rejected: 'order.rejected' };
  for (const o of snap.orders.values()) {
    expect(seen.get(`order.created ${o.id}`), `order.created of ${o.id} (${o.status}) (${where()})`).toBe(1);
    const end = endEvent[o.status];
    if (end) expect(seen.get(`${end} ${o.id}`), `${end} of ${o.id} (${where()})`).toBe(1);
  }
  for (const f of snap.fills) expect(seen.get(`fill.created ${f.id}`), `fill.created of ${f.id} (${where()})`).toBe(1);
}

/** Answered calls still answer the same (a sample: the key is kept across restarts). */
async function replaySample(c: ChildServer): Promise<void> {
  const answered = sent.filter((s) => s.answer && s.answer.status < 300 && s.kind !== 'cancel_all');
  for (let i = 0; i < Math.min(12, answered.length); i++) {
    const s = answered[Math.floor(rand() * answered.length)]!;
    const r = await send(c, s);
    const what = `replay of ${s.kind} ${s.idempotencyKey} (${where()})`;
    expect(r?.status, what).toBe(s.answer!.status);
    expect(r?.headers.get('idempotent-replayed'), what).toBe('true');
    expect(r?.body.id, what).toBe(s.answer!.body.id);
  }
}

describe('crash safety', () => {
  it(`loses and doubles nothing across ${KILLS} SIGKILLs under parallel order traffic`, async () => {
    child = await start(0);
    for (let i = 0; i < CUSTOMERS; i++) {
      const created = await adminCall(child, 'POST', '/admin/v1/customers', { name: `crash ${i}` });
      const key = await adminCall(child, 'POST', `/admin/v1/customers/${created.id}/keys`, { environment: 'sandbox', access: 'trade' });
      customers.push({ id: created.id, key: key.key, accounts: [key.opened_account_id], opens: 0 });
    }
    await openAccounts(child);

    let restartCancels = 0;
    for (let phase = 0; phase < KILLS; phase++) {
      await openAccounts(child);
      await trafficThenKill(child, phase);
      child = await start(phase + 1);
      await verifyTransition(child);
      await openAccounts(child);
      await retryUnanswered(child, phase);
      await replaySample(child);
      const snap = await verifyAccounts(child);
      await verifyEvents(child, snap);
      restartCancels = [...snap.orders.values()].filter((o) => o.cancel_reason === 'system_restart').length;
    }
    const answered = sent.filter((s) => s.answer).length;
    // The run did what it is for: traffic was acknowledged, some was cut off by a kill, the transition canceled.
    expect(answered, `${answered} answered of ${sent.length} (${where()}) ${JSON.stringify(Object.fromEntries(statuses))}`).toBeGreaterThan(KILLS * 20);
    expect(restartCancels, `orders canceled system_restart (${where()})`).toBeGreaterThan(0);
    if (process.env.CRASH_DEBUG) console.log({ seed: SEED, sent: sent.length, statuses: Object.fromEntries(statuses), retried: Object.fromEntries(retried) });
  }, 180_000);
});
