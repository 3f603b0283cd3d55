import { cmp, dec, fmtMoney, pct, sub, ZERO, type Dec } from '../engine/decimal.js';

/** The parts of the account view (GET /v1/accounts/{id}) the headroom is worked out from. */
export interface AccountView {
  id: string;
  status: string;
  stage: string;
  product: string;
  starting_balance: string;
  balance: string;
  equity: string;
  rule: {
    daily_loss: { amount_usd: string | null; percent: string | null } | null;
    drawdown: { amount_usd: string | null; percent: string | null; mode: string } | null;
    profit_target: { amount_usd: string | null; percent: string | null } | null;
    min_trading_days: number;
  };
  metrics: {
    drawdown_floor: string | null;
    daily_loss_limit_usd: string | null;
    daily_loss_used: string;
    profit: string;
    trading_days: number;
  };
}

/** How much room each rule of the account leaves: money as decimal strings, null where the rule is off. */
export interface Headroom {
  daily_loss_left_usd: string | null;
  drawdown_floor: string | null;
  distance_to_drawdown_floor_usd: string | null;
  profit_target_usd: string | null;
  profit_usd: string;
  profit_target_left_usd: string | null;
  trading_days: number;
  min_trading_days: number;
}

const nonNegative = (d: Dec): Dec => (cmp(d, ZERO) < 0 ? ZERO : d);

/** The profit target in USD: the rule's amount, else its percent of the starting balance. */
function targetUsd(a: AccountView): Dec | null {
  const t = a.rule.profit_target;
  if (!t) return null;
  if (t.amount_usd !== null) return dec(t.amount_usd);
  if (t.percent !== null) return pct(dec(a.starting_balance), dec(t.percent));
  return null;
}

/** Reads the headroom off the account view's own figures (the rules' judge computes them; nothing is re-judged here). */
export function headroomOf(a: AccountView): Headroom {
  const m = a.metrics;
  const target = targetUsd(a);
  const profit = dec(m.profit);
  return {
    daily_loss_left_usd: m.daily_loss_limit_usd === null ? null : fmtMoney(nonNegative(sub(dec(m.daily_loss_limit_usd), dec(m.daily_loss_used)))),
    drawdown_floor: m.drawdown_floor,
    distance_to_drawdown_floor_usd: m.drawdown_floor === null ? null : fmtMoney(sub(dec(a.equity), dec(m.drawdown_floor))),
    profit_target_usd: target === null ? null : fmtMoney(target),
    profit_usd: fmtMoney(profit),
    profit_target_left_usd: target === null ? null : fmtMoney(nonNegative(sub(target, profit))),
    trading_days: m.trading_days,
    min_trading_days: a.rule.min_trading_days,
  };
}

/** One line per account for tool descriptions: the limits an order must stay inside. */
export function ruleLine(a: AccountView): string {
  const h = headroomOf(a);
  const parts = [`account ${a.id} (${a.product}, ${a.status}, equity ${a.equity} USD)`];
  if (a.metrics.daily_loss_limit_usd !== null) parts.push(`daily loss limit ${a.metrics.daily_loss_limit_usd} USD (left today ${h.daily_loss_left_usd})`);
  if (h.drawdown_floor !== null) parts.push(`drawdown floor ${h.drawdown_floor} USD equity (${h.distance_to_drawdown_floor_usd} USD away, ${a.rule.drawdown?.mode ?? ''} drawdown)`);
  if (h.profit_target_usd !== null) parts.push(`profit target ${h.profit_target_usd} USD (${h.profit_target_left_usd} to go)`);
  if (h.min_trading_days > 0) parts.push(`min trading days ${h.min_trading_days} (done ${h.trading_days})`);
  return parts.join('; ');
}
