import type { Environment, Rule, Stage } from '../schemas/common.js';
import { add, dec, fmt, max, pct, sub, ZERO, type Dec } from './decimal.js';
import type { TradingCalendar } from './trading-day.js';

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

function dailyLossBasis(rule: Rule, f: LiveFigures, startingBalance: Dec): Dec {
  switch (rule.daily_loss?.basis as string | undefined) {
    case 'peak_balance':
      return f.peak_balance;
    case 'peak_equity':
      return f.peak_equity;
    case 'start_balance':
      return startingBalance;
    case 'day_start_equity':
      return f.day_start_equity;
    default:
      return f.day_start_balance;
  }
}

/** The account as the API shows it (CONTRACT §3), with the metrics its rule is judged on. */
export function accountView(record: AccountState, f: LiveFigures, now: number, calendar: TradingCalendar) {
  const rule = record.rule;
  const starting = dec(record.starting_balance);
  const balance = dec(record.balance);
  const equity = add(balance, f.unrealized_pnl);
  const basis = dailyLossBasis(rule, f, starting);
  const dl = rule.daily_loss;
  // The limit is percent × the basis value at day start (CONTRACT §3), as the engine judges it (rules.ts).
  const basisAtDayStart =
    dl?.basis === 'start_balance' ? starting : dl?.basis === 'day_start_equity' || dl?.basis === 'peak_equity' ? f.day_start_equity : f.day_start_balance;
  const dailyLimit = dl ? (dl.amount_usd !== null ? dec(dl.amount_usd) : dl.percent !== null ? pct(basisAtDayStart, dec(dl.percent)) : null) : null;
  const dd = rule.drawdown;
  const ddAmount = dd ? (dd.amount_usd !== null ? dec(dd.amount_usd) : dd.percent !== null ? pct(starting, dec(dd.percent)) : null) : null;
  const profit = sub(balance, starting);
  const calendarDays = calendar.rolloversBetween(record.created_at, now) + 1;
  const payoutEligible =
    record.stage === 'funded' && record.status === 'active' && profit > 0n && f.trading_days >= rule.min_trading_days;
  return {
    id: record.id,
    status: record.status,
    environment: record.environment,
    stage: record.stage,
    product: record.product,
    size: record.size,
    starting_balance: fmt(starting),
    balance: fmt(balance),
    equity: fmt(equity),
    unrealized_pnl: fmt(f.unrealized_pnl),
    margin_used: fmt(f.margin_used),
    margin_available: fmt(max(ZERO, sub(equity, f.margin_used))),
    rule,
    metrics: {
      day_start_balance: fmt(f.day_start_balance),
      day_start_equity: fmt(f.day_start_equity),
      peak_balance: fmt(f.peak_balance),
      peak_equity: fmt(f.peak_equity),
      drawdown_reference: fmt(f.drawdown_reference),
      drawdown_floor: ddAmount === null ? null : fmt(sub(f.drawdown_reference, ddAmount)),
      daily_loss_limit_usd: dailyLimit === null ? null : fmt(dailyLimit),
      daily_loss_used: fmt(max(ZERO, sub(basis, equity))),
      profit: fmt(profit),
      trading_days: f.trading_days,
      calendar_days: calendarDays,
      last_trade_at: f.last_trade_at,
    },
    payout_eligible: payoutEligible,
    parked: record.parked,
    paused_until: record.paused_until,
    status_reason: record.status_reason,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

export type AccountView = ReturnType<typeof accountView>;
