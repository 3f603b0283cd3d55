import type { Environment, Rule, Stage } from '../schemas/common.js';
import { add, dec, fmt, fmtMoney, max, roundMoney, sub, ZERO, type Dec } from './decimal.js';
import { bestDay, calendarIdleDays, consistencyBase, consistencyHeld, consistencyLimit, profitableDays, ruleMetrics, type RuleMetrics } from './rules.js';
import { calendarOf, type TradingCalendar } from './trading-day.js';

/** The stored account, as far as the view needs it (store/port's AccountRecord fits). */
export interface AccountState {
  id: string;
  environment: Environment;
  status: string;
  stage: Stage;
  product: string;
  size: string;
  starting_balance: string;
  balance: string;
  rule: Rule;
  status_reason: string | null;
  parked: boolean;
  paused_until: number | null;
  /** When the dead-man switch fires; null or absent: not armed. */
  dead_man_fires_at?: number | null | undefined;
  /** The rulebook version it is on; null or absent: 1. */
  rule_version?: number | null | undefined;
  created_at: number;
  updated_at: number;
}

/** What the engine knows of an account's open risk; zero until positions exist. */
export interface LiveFigures {
  unrealized_pnl: Dec;
  margin_used: Dec;
  day_start_balance: Dec;
  day_start_equity: Dec;
  peak_balance: Dec;
  peak_equity: Dec;
  drawdown_reference: Dec;
  trading_days: number;
  last_trade_at: number | null;
  /** With a consistency rule: the best trading day's balance gain that ended (absent: none). */
  best_day_profit?: Dec;
  /** With a profitable-days rule: the days that ended with at least its gain (absent: none). */
  profitable_days?: number;
  /** With a windowed consistency rule: the balance the current window started from (absent: the starting balance). */
  window_start_balance?: Dec;
  /** Trading days that ended since the last fill (inactivity; absent: 0). */
  idle_days?: number;
  /** Soft limits: the open breach's start (absent or null: none) and the breaches so far. */
  soft_daily_loss_since?: number | null;
  soft_daily_loss_count?: number;
  soft_drawdown_since?: number | null;
  soft_drawdown_count?: number;
}

/** Live figures as they travel between nodes (decimal strings) read back; a figure left out stays out. */
export function figuresFromJson(j: Record<string, string | number | null>): Partial<LiveFigures> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(j)) {
    // Counts and times travel as numbers (or null), money as decimal strings.
    if (typeof v === 'number' || v === null) out[k] = v;
    else if (typeof v === 'string') out[k] = dec(v);
  }
  return out as Partial<LiveFigures>;
}

export function startingFigures(record: AccountState): LiveFigures {
  const balance = dec(record.balance);
  return {
    unrealized_pnl: ZERO,
    margin_used: ZERO,
    day_start_balance: balance,
    day_start_equity: balance,
    peak_balance: balance,
    peak_equity: balance,
    drawdown_reference: dec(record.starting_balance),
    trading_days: 0,
    last_trade_at: null,
  };
}

/**
 * The account as the API shows it (CONTRACT §3), with the metrics its rule is judged on. The figures are the
 * engine's (exact, as judged: rules.ts ruleMetrics is the one derivation of the limits); every money field is
 * shown rounded to 8 places half-even. Nothing here changes state: the highest equity of the day is the one the
 * engine took, or the equity now when that is higher (computed for this answer, not kept).
 */
export function accountView(record: AccountState, f: LiveFigures, now: number, calendar: TradingCalendar) {
  const rule = record.rule;
  const starting = dec(record.starting_balance);
  const balance = dec(record.balance);
  const equity = add(balance, f.unrealized_pnl);
  const peakEquity = max(f.peak_equity, equity);
  const state = {
    dayStartBalance: f.day_start_balance,
    dayStartEquity: f.day_start_equity,
    peakBalance: f.peak_balance,
    peakEquity,
    drawdownReference: f.drawdown_reference,
  };
  const m = ruleMetrics(rule, state, { balance, equity, starting });
  const calendarDays = calendarOf(rule, calendar).rolloversBetween(record.created_at, now) + 1;
  // A funded account's payout also needs its consistency (in the current window with window_days) to hold.
  const payoutEligible =
    record.stage === 'funded' &&
    record.status === 'active' &&
    m.profit > 0n &&
    f.trading_days >= rule.min_trading_days &&
    consistencyHeld(rule, { bestDayProfit: f.best_day_profit, dayStartBalance: f.day_start_balance, windowStartBalance: f.window_start_balance }, balance, starting);
  // Shown figures add up as shown: equity = balance + unrealized_pnl, margin_available = equity − margin_used.
  const balanceShown = roundMoney(balance);
  const unrealizedShown = roundMoney(f.unrealized_pnl);
  const equityShown = add(balanceShown, unrealizedShown);
  const usedShown = roundMoney(f.margin_used);
  return {
    id: record.id,
    status: record.status,
    environment: record.environment,
    stage: record.stage,
    product: record.product,
    size: record.size,
    starting_balance: fmtMoney(starting),
    balance: fmt(balanceShown),
    equity: fmt(equityShown),
    unrealized_pnl: fmt(unrealizedShown),
    margin_used: fmt(usedShown),
    margin_available: fmt(max(ZERO, sub(equityShown, usedShown))),
    rule,
    rule_version: record.rule_version ?? 1,
    metrics: {
      day_start_balance: fmtMoney(f.day_start_balance),
      day_start_equity: fmtMoney(f.day_start_equity),
      peak_balance: fmtMoney(f.peak_balance),
      peak_equity: fmtMoney(peakEquity),
      drawdown_reference: fmtMoney(f.drawdown_reference),
      drawdown_floor: m.drawdownFloor === null ? null : fmtMoney(m.drawdownFloor),
      daily_loss_limit_usd: m.dailyLossLimit === null ? null : fmtMoney(m.dailyLossLimit),
      daily_loss_used: fmtMoney(max(ZERO, m.dailyLoss)),
      profit: fmtMoney(m.profit),
      trading_days: f.trading_days,
      calendar_days: calendarDays,
      last_trade_at: f.last_trade_at,
    },
    headroom: headroomOf(rule, m, {
      equity,
      starting,
      tradingDays: f.trading_days,
      calendarDays,
      bestDay: bestDay({ bestDayProfit: f.best_day_profit, dayStartBalance: f.day_start_balance }, balance),
      consistencyLimit: consistencyLimit(rule, balance, consistencyBase(rule, { windowStartBalance: f.window_start_balance }, starting)),
      profitableDays: profitableDays(rule, { profitableDays: f.profitable_days, dayStartBalance: f.day_start_balance }, balance),
      idleDays: f.idle_days ?? 0,
      calendarIdleDays: calendarIdleDays({ lastTradeAt: f.last_trade_at }, now, record.created_at),
    }),
    rule_warnings: ruleWarnings(rule, f),
    payout_eligible: payoutEligible,
    parked: record.parked,
    paused_until: record.paused_until,
    status_reason: record.status_reason,
    dead_man_switch: deadManSwitchView(record.dead_man_fires_at),
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

/** One rule in force, as the account shows it: its limit, its value now, and how far the value may go (docs/RULES.md). */
export interface RuleHeadroom {
  rule: 'daily_loss' | 'drawdown' | 'profit_target' | 'consistency' | 'min_profitable_days' | 'min_trading_days' | 'min_calendar_days' | 'inactivity_days' | 'inactivity_calendar_days';
  unit: 'usd' | 'days';
  limit: string;
  value: string;
  headroom: string;
}

/**
 * Each rule in force with its headroom, from the figures the judge uses (ruleMetrics): the daily loss may grow by
 * `headroom` before its action; equity may fall by `headroom` before the drawdown floor; the profit target is
 * `headroom` away (as judged: on the balance while flat with close_positions, else on equity); the day minimums need
 * `headroom` more days. Never negative: a rule reached shows 0.
 */
function headroomOf(
  rule: Rule,
  m: RuleMetrics,
  f: { equity: Dec; starting: Dec; tradingDays: number; calendarDays: number; bestDay: Dec; consistencyLimit: Dec | null; profitableDays: number; idleDays: number; calendarIdleDays: number },
): RuleHeadroom[] {
  const out: RuleHeadroom[] = [];
  const money = (r: RuleHeadroom['rule'], limit: Dec, value: Dec, room: Dec) =>
    out.push({ rule: r, unit: 'usd', limit: fmtMoney(limit), value: fmtMoney(value), headroom: fmtMoney(max(ZERO, room)) });
  if (m.dailyLossLimit !== null) {
    const used = max(ZERO, m.dailyLoss);
    money('daily_loss', m.dailyLossLimit, used, sub(m.dailyLossLimit, used));
  }
  if (m.drawdownFloor !== null) money('drawdown', m.drawdownFloor, f.equity, sub(f.equity, m.drawdownFloor));
  if (m.profitTarget !== null) {
    const profit = rule.profit_target!.close_positions ? m.profit : sub(f.equity, f.starting);
    money('profit_target', m.profitTarget, profit, sub(m.profitTarget, profit));
  }
  // consistency: the most the best day may have made (its share of the total profit) against the best day so far.
  if (f.consistencyLimit !== null) money('consistency', f.consistencyLimit, f.bestDay, sub(f.consistencyLimit, f.bestDay));
  const days = (r: RuleHeadroom['rule'], limit: number, value: number) =>
    out.push({ rule: r, unit: 'days', limit: String(limit), value: String(value), headroom: String(Math.max(0, limit - value)) });
  if (rule.min_profitable_days) days('min_profitable_days', rule.min_profitable_days.count, f.profitableDays);
  if (rule.min_trading_days > 0) days('min_trading_days', rule.min_trading_days, f.tradingDays);
  if (rule.min_calendar_days > 0) days('min_calendar_days', rule.min_calendar_days, f.calendarDays);
  // inactivity: the days without a fill it allows and those counted; headroom, the days left to trade in.
  if (rule.inactivity_days !== null) days('inactivity_days', rule.inactivity_days, f.idleDays);
  if (rule.inactivity_calendar_days !== undefined && rule.inactivity_calendar_days !== null) days('inactivity_calendar_days', rule.inactivity_calendar_days, f.calendarIdleDays);
  return out;
}

/** The soft breaches open now: the limit, since when, the time to be back within it by, and the breaches used. */
function ruleWarnings(rule: Rule, f: LiveFigures) {
  const out: { rule: 'daily_loss' | 'drawdown'; since: number; correct_by: number; breaches_used: number; max_breaches: number }[] = [];
  const add = (limit: 'daily_loss' | 'drawdown', cfg: { correction_ms: number; max_soft_breaches: number } | null | undefined, since: number | null | undefined, count: number | undefined) => {
    if (cfg && since !== null && since !== undefined) {
      out.push({ rule: limit, since, correct_by: since + cfg.correction_ms, breaches_used: count ?? 1, max_breaches: cfg.max_soft_breaches });
    }
  };
  add('daily_loss', rule.daily_loss?.soft, f.soft_daily_loss_since, f.soft_daily_loss_count);
  add('drawdown', rule.drawdown?.soft, f.soft_drawdown_since, f.soft_drawdown_count);
  return out;
}

/** The dead-man switch as the API shows it (the account view and …/orders/cancel-all-after). */
export function deadManSwitchView(firesAt: number | null | undefined): { armed: boolean; fires_at: number | null } {
  return { armed: firesAt !== null && firesAt !== undefined, fires_at: firesAt ?? null };
}

export type AccountView = ReturnType<typeof accountView>;
