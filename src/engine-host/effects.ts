import { type Book } from '../engine/book.js';
import { dec, fmt, fmtMoney } from '../engine/decimal.js';
import type { Effects } from '../engine/engine.js';
import { initialRuleState, ruleStateFromJson, ruleStateToJson } from '../engine/rules.js';
import type { Order } from '../engine/state.js';
import { calendarOf, type TradingCalendar } from '../engine/trading-day.js';
import type { Environment } from '../schemas/common.js';
import type { AccountRecord, OrderRow, Tx } from '../store/port.js';
import { fillToData, orderToData, positionToData } from '../views/trading-views.js';

/** Whether an engine's effects carry anything to store. */
export function hasEffects(fx: Effects): boolean {
  return fx.orders.size + fx.fills.length + fx.positions.size + fx.balances.size + fx.margins.size + fx.accounts.size + fx.equity.length + fx.events.length + fx.deadMen.size > 0;
}

/** The accounts an engine's effects changed. */
export function accountsOf(fx: Effects): Set<string> {
  const ids = new Set<string>(fx.balances.keys());
  for (const id of fx.accounts.keys()) ids.add(id);
  for (const o of fx.orders.values()) ids.add(o.accountId);
  for (const f of fx.fills) ids.add(f.accountId);
  for (const p of fx.positions.values()) ids.add(p.accountId);
  for (const m of fx.margins.values()) ids.add(m.accountId);
  for (const e of fx.equity) ids.add(e.accountId);
  for (const e of fx.events) ids.add(e.accountId);
  for (const id of fx.deadMen.keys()) ids.add(id);
  return ids;
}

/** The row the store keeps for an order: its indexed columns and its JSON (`data`, by default as the engine has it). */
export function orderRow(o: Order, env: Environment, data: string = orderToData(o)): OrderRow {
  return {
    id: o.id,
    seq: o.seq,
    environment: env,
    account_id: o.accountId,
    customer_id: o.customerId,
    client_order_id: o.clientOrderId,
    market: o.market,
    status: o.status,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
    data,
  };
}

/**
 * Writes what an engine changed, its events aside (the host numbers those under the event log's lock): orders,
 * fills, positions, margin settings, one UPDATE per account (balance, rule state and dead-man switch together),
 * equity points.
 */
export async function writeEffects(fx: Effects, env: Environment, tx: Tx, now: number): Promise<void> {
  for (const o of fx.orders.values()) await tx.upsertOrder(orderRow(o, env));
  for (const f of fx.fills) await tx.insertFill({ id: f.id, account_id: f.accountId, order_id: f.orderId, filled_at: f.filledAt, data: fillToData(f) });
  for (const p of fx.positions.values()) await tx.putPosition(p.accountId, p.market, p.position ? positionToData(p.position) : null);
  for (const s of fx.margins.values()) await tx.putMarginSetting(s.accountId, s.market, s.leverage, s.mode);
  // One UPDATE per account: its new balance, its rule state and its dead-man switch together.
  const patches = new Map<string, Parameters<Tx['updateAccount']>[1]>();
  for (const [id, balance] of fx.balances) patches.set(id, { balance: fmt(balance) });
  for (const b of fx.accounts.values()) {
    const ruleState = b.rules
      ? JSON.stringify({ rules: ruleStateToJson(b.rules), keyLoss: [...(b.keyLoss ?? new Map()).entries()].map(([k, v]) => [k, { ...v, loss: fmt(v.loss) }]) })
      : null;
    patches.set(b.id, { ...patches.get(b.id), status: b.status as AccountRecord['status'], status_reason: b.statusReason ?? null, paused_until: b.pausedUntil ?? null, rule_state: ruleState });
  }
  for (const [id, at] of fx.deadMen) patches.set(id, { ...patches.get(id), dead_man_fires_at: at });
  for (const [id, patch] of patches) await tx.updateAccount(id, patch, now);
  for (const p of fx.equity) {
    await tx.insertEquityPoint({ account_id: p.accountId, resolution: p.resolution, time: p.time, equity: fmtMoney(p.equity), balance: fmtMoney(p.balance) });
  }
}

/** An account's engine book from its stored record (balance, rule state, status). */
export function bookFromRecord(a: AccountRecord, calendar: TradingCalendar): Book {
  const starting = dec(a.starting_balance);
  const stored = a.rule_state ? (JSON.parse(a.rule_state) as { rules: Record<string, unknown>; keyLoss: [string, { dayStart: number; loss: string; until: number | null }][] }) : null;
  return {
    id: a.id,
    customerId: a.customer_id,
    product: a.product,
    status: a.status,
    balance: dec(a.balance),
    orders: new Map(),
    positions: new Map(),
    margin: new Map(),
    weekendAllowed: a.rule.weekend_allowed,
    rule: a.rule,
    rules: stored ? ruleStateFromJson(stored.rules) : initialRuleState(dec(a.balance), starting, calendarOf(a.rule, calendar).dayStart(a.created_at)),
    startingBalance: starting,
    createdAt: a.created_at,
    pausedUntil: a.paused_until,
    statusReason: a.status_reason,
    deadManAt: a.dead_man_fires_at ?? null,
    keyLoss: new Map((stored?.keyLoss ?? []).map(([k, v]) => [k, { ...v, loss: dec(v.loss) }])),
  };
}
