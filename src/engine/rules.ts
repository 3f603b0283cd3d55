import type { Rule } from '../schemas/common.js';
import { add, dec, max, pct, sub, ZERO, type Dec } from './decimal.js';

/**
 * What an account's rule is judged on (CONTRACT §3 Rule, decided semantics). Kept by the engine, stored with the
 * account, shown as `metrics`.
 */
export interface RuleState {
  /** Start of the trading day these figures belong to. */
  dayStart: number;
  dayStartBalance: Dec;
  dayStartEquity: Dec;
  /** Highest balance / equity so far in the trading day. */
  peakBalance: Dec;
  peakEquity: Dec;
  drawdownReference: Dec;
  tradingDays: number;
  tradedToday: boolean;
  lastTradeAt: number | null;
  /** Trading days that ended since the last fill (or since the account opened). */
  idleDays: number;
  /** flatten / flatten_and_pause acted: daily loss is not judged again until the rollover. */
  dailyLossActed: boolean;
  /** The rollover of the last `day` point of the equity curve (absent in state stored before it was kept). */
  lastDayPoint?: number;
  /** With a consistency rule: the highest balance gain of a trading day that ended (absent: none yet). */
  bestDayProfit?: Dec;
  /** With a windowed consistency rule: the balance the current window started from, and its trading days so far. */
  windowStartBalance?: Dec;
  windowDays?: number;
  /** With a profitable-days rule: trading days that ended with a balance gain of at least its min_profit_usd. */
  profitableDays?: number;
  /** Soft limits: the breach open (since when, null: none) and the breaches so far, per limit. */
  soft?: Partial<Record<SoftLimit, { since: number | null; count: number }>>;
}

/** The limits that may be soft. */
export type SoftLimit = 'daily_loss' | 'drawdown';

export type Verdict =
  | { kind: 'fail'; reason: 'daily_loss' | 'drawdown' | 'inactivity' }
  | { kind: 'pass' }
  | { kind: 'flatten'; pauseUntil: number | null };

export function initialRuleState(balance: Dec, startingBalance: Dec, dayStart: number): RuleState {
  return {
    dayStart,
    dayStartBalance: balance,
    dayStartEquity: balance,
    peakBalance: balance,
    peakEquity: balance,
    drawdownReference: startingBalance,
    tradingDays: 0,
    tradedToday: false,
    lastTradeAt: null,
    idleDays: 0,
    dailyLossActed: false,
  };
}

// Rule amounts and percents are a handful of strings judged on every look at an account: parsed once each.
const parsed = new Map<string, Dec>();
const amount = (text: string): Dec => {
  let d = parsed.get(text);
  if (d === undefined) {
    d = dec(text);
    if (parsed.size < 10_000) parsed.set(text, d);
  }
  return d;
};

const amountOf = (x: { amount_usd: string | null; percent: string | null } | null, base: Dec): Dec | null =>
  x ? (x.amount_usd !== null ? amount(x.amount_usd) : x.percent !== null ? pct(base, amount(x.percent)) : null) : null;

/**
 * The scaling plan's largest position per market for a day-start balance: the tier with the highest min_balance at
 * or below it, else the lowest tier; null without size tiers.
 */
export function sizeTierLimit(rule: Rule, dayStartBalance: Dec): Dec | null {
  const tiers = rule.size_tiers;
  if (!tiers || tiers.length === 0) return null;
  let best: { min: Dec; max: Dec } | null = null;
  let lowest: { min: Dec; max: Dec } | null = null;
  for (const t of tiers) {
    const tier = { min: amount(t.min_balance), max: amount(t.max_position_usd) };
    if (lowest === null || tier.min < lowest.min) lowest = tier;
    if (tier.min <= dayStartBalance && (best === null || tier.min > best.min)) best = tier;
  }
  return (best ?? lowest)!.max;
}

const DAY_MS = 86_400_000;
const NONE: ReadonlySet<SoftLimit> = new Set();

/** What happened to a soft limit when the account was judged (an account.rule_breach event each but `held`). */
export type SoftStep =
  | { limit: SoftLimit; status: 'opened' | 'cured' | 'acted'; since: number; correctBy: number; count: number; max: number; value: Dec; bound: Dec }
  | { limit: SoftLimit; status: 'held'; correctBy: number };

/**
 * Soft limits (`daily_loss.soft`, `drawdown.soft`): a limit reached opens a breach instead of acting, while breaches
 * are left; back within it before the correction window ends cures it; still past it when the window ends — or
 * reached with no breach left — the action follows. Changes the rule state; answers the limits not to act on now and
 * what happened to each (docs/RULES.md "Soft breaches").
 */
export function softLimits(rule: Rule, s: RuleState, m: RuleMetrics, equity: Dec, now: number): { suppressed: Set<SoftLimit>; steps: SoftStep[] } {
  const suppressed = new Set<SoftLimit>();
  const steps: SoftStep[] = [];
  const parts: [SoftLimit, { correction_ms: number; max_soft_breaches: number } | null | undefined, boolean, Dec, Dec][] = [
    ['drawdown', rule.drawdown?.soft, m.drawdownFloor !== null && equity <= m.drawdownFloor, equity, m.drawdownFloor ?? ZERO],
    ['daily_loss', rule.daily_loss?.soft, m.dailyLossLimit !== null && !s.dailyLossActed && m.dailyLoss >= m.dailyLossLimit, m.dailyLoss, m.dailyLossLimit ?? ZERO],
  ];
  for (const [limit, cfg, reached, value, bound] of parts) {
    if (!cfg) continue;
    const st = ((s.soft ??= {})[limit] ??= { since: null, count: 0 });
    const windowMs = cfg.correction_ms;
    const step = (status: 'opened' | 'cured' | 'acted', since: number) =>
      steps.push({ limit, status, since, correctBy: since + windowMs, count: st.count, max: cfg.max_soft_breaches, value, bound });
    if (!reached) {
      if (st.since !== null) {
        step('cured', st.since);
        st.since = null;
      }
      continue;
    }
    if (st.since === null) {
      if (st.count >= cfg.max_soft_breaches) continue; // no breach left: it acts
      st.since = now;
      st.count += 1;
      step('opened', now);
      suppressed.add(limit);
    } else if (now < st.since + windowMs) {
      suppressed.add(limit);
      steps.push({ limit, status: 'held', correctBy: st.since + windowMs });
    } else {
      step('acted', st.since);
      st.since = null;
    }
  }
  return { suppressed, steps };
}

/** Whole 24-hour days since the last fill, else since the account opened (`inactivity_calendar_days`). */
export function calendarIdleDays(s: Pick<RuleState, 'lastTradeAt'>, now: number, createdAt: number): number {
  return Math.max(0, Math.floor((now - (s.lastTradeAt ?? createdAt)) / DAY_MS));
}

/** With `inactivity_calendar_days`: the moment the account fails unless it trades before; else null. */
export function inactivityDeadline(rule: Rule, s: Pick<RuleState, 'lastTradeAt'>, createdAt: number): number | null {
  const days = rule.inactivity_calendar_days;
  return days === undefined || days === null ? null : (s.lastTradeAt ?? createdAt) + days * DAY_MS;
}

/** The most a trade may lose at its stop: amount_usd, else percent % of the balance; null without a limit. */
export function riskLimit(rule: Rule, balance: Dec): Dec | null {
  const s = rule.risk_per_trade;
  if (!s) return null;
  if (s.amount_usd !== null) return amount(s.amount_usd);
  return s.percent !== null ? pct(balance, amount(s.percent)) : null;
}

/** With a stop required and a grace: how long a position may stay without a stop-loss exit, ms; else null. */
export function stopGraceMs(rule: Rule | undefined): number | null {
  const s = rule?.risk_per_trade;
  return s?.require_stop_loss && s.grace_ms !== undefined && s.grace_ms !== null ? s.grace_ms : null;
}

/** The rule figures the judge and the account view both read (RuleState has them; the view passes its own). */
export type RuleFigures = Pick<RuleState, 'dayStartBalance' | 'dayStartEquity' | 'peakBalance' | 'peakEquity' | 'drawdownReference'>;

function dailyLossBasis(rule: Rule, s: RuleFigures, starting: Dec): Dec {
  switch (rule.daily_loss?.basis as string | undefined) {
    case 'peak_balance':
      return s.peakBalance;
    case 'peak_equity':
      return s.peakEquity;
    case 'start_balance':
      return starting;
    case 'day_start_equity':
      return s.dayStartEquity;
    case 'max_day_start':
      return max(s.dayStartBalance, s.dayStartEquity);
    default:
      return s.dayStartBalance;
  }
}

/**
 * reference − amount, and with `lock_at_usd` never above starting balance + lock_at_usd: a trailing floor stops
 * rising there (docs/RULES.md "Drawdown"). Null without a drawdown.
 */
function drawdownFloor(rule: Rule, reference: Dec, starting: Dec): Dec | null {
  const dd = rule.drawdown;
  const amountDd = amountOf(dd, starting);
  if (amountDd === null) return null;
  const floor = sub(reference, amountDd);
  if (dd!.lock_at_usd === undefined || dd!.lock_at_usd === null) return floor;
  const lock = add(starting, amount(dd!.lock_at_usd));
  return floor > lock ? lock : floor;
}

/** What the rule is judged on, as numbers: the one place the limits are derived from the rule and its state. */
export interface RuleMetrics {
  /** The value the daily loss is measured from (day_start_balance when the rule has no daily loss). */
  dailyLossBasis: Dec;
  /** amount_usd, else percent of the basis value at day start; null without a daily loss. */
  dailyLossLimit: Dec | null;
  /** basis − equity (may be negative: a gain). */
  dailyLoss: Dec;
  drawdownFloor: Dec | null;
  profitTarget: Dec | null;
  /** balance − starting balance. */
  profit: Dec;
}

export function ruleMetrics(rule: Rule, s: RuleFigures, f: { balance: Dec; equity: Dec; starting: Dec }): RuleMetrics {
  const dl = rule.daily_loss;
  const basisAtDayStart =
    dl?.basis === 'start_balance'
      ? f.starting
      : dl?.basis === 'day_start_equity' || dl?.basis === 'peak_equity'
        ? s.dayStartEquity
        : dl?.basis === 'max_day_start'
          ? max(s.dayStartBalance, s.dayStartEquity)
          : s.dayStartBalance;
  const basis = dailyLossBasis(rule, s, f.starting);
  return {
    dailyLossBasis: basis,
    dailyLossLimit: amountOf(dl, basisAtDayStart),
    dailyLoss: sub(basis, f.equity),
    drawdownFloor: drawdownFloor(rule, s.drawdownReference, f.starting),
    profitTarget: amountOf(rule.profit_target, f.starting),
    profit: sub(f.balance, f.starting),
  };
}

/** Follows balance and equity: intraday peaks, and the references that move with them. */
/**
 * The rule is judged on the day's highest equity (daily loss measured from peak equity, or an intraday-equity
 * drawdown). CONTRACT §7: such accounts are evaluated on every tick of their markets (here: looked at on every tick
 * that makes their equity a new high, and on every threshold). For other rules the highest equity is a metric only:
 * taken whenever the account is looked at (fills, thresholds, rollovers) and computed when the account is read.
 */
export function dependsOnPeakEquity(rule: Rule): boolean {
  return rule.daily_loss?.basis === 'peak_equity' || rule.drawdown?.mode === 'intraday_equity';
}

export function observe(rule: Rule, s: RuleState, balance: Dec, equity: Dec): void {
  s.peakBalance = max(s.peakBalance, balance);
  s.peakEquity = max(s.peakEquity, equity);
  if (rule.drawdown?.mode === 'intraday_equity') s.drawdownReference = max(s.drawdownReference, equity);
}

/** A fill of an order the trader placed (not a liquidation, restart or rule close) makes the day a trading day. */
export function onTrade(s: RuleState, now: number): void {
  if (!s.tradedToday) {
    s.tradedToday = true;
    s.tradingDays += 1;
  }
  s.lastTradeAt = now;
  s.idleDays = 0;
}

/** A trade closed (a fill realized P&L): end_of_trade references follow the balance. */
export function onClosedTrade(rule: Rule, s: RuleState, balance: Dec): void {
  if (rule.drawdown?.mode === 'end_of_trade') s.drawdownReference = max(s.drawdownReference, balance);
}

/** The day rolled over: new day-start values, end_of_day reference, idle count, daily loss armed again. */
export function rollover(rule: Rule, s: RuleState, balance: Dec, equity: Dec, dayStart: number, daysPassed: number): void {
  // end_of_day: the balance at the rollover moves the reference, or the equity with basis equity.
  if (rule.drawdown?.mode === 'end_of_day') s.drawdownReference = max(s.drawdownReference, rule.drawdown.basis === 'equity' ? equity : balance);
  if (rule.consistency) {
    const dayProfit = sub(balance, s.dayStartBalance);
    if (dayProfit > (s.bestDayProfit ?? ZERO)) s.bestDayProfit = dayProfit;
    // A window of window_days trading days ends: the next starts from this balance, with no best day yet.
    const window = rule.consistency.window_days;
    if (window !== undefined) {
      s.windowDays = (s.windowDays ?? 0) + daysPassed;
      if (s.windowDays >= window) {
        s.windowDays %= window;
        s.windowStartBalance = balance;
        delete s.bestDayProfit;
      }
    }
  }
  if (rule.min_profitable_days && sub(balance, s.dayStartBalance) >= amount(rule.min_profitable_days.min_profit_usd)) {
    s.profitableDays = (s.profitableDays ?? 0) + 1;
  }
  s.idleDays += s.tradedToday ? Math.max(0, daysPassed - 1) : daysPassed;
  s.dayStart = dayStart;
  s.dayStartBalance = balance;
  s.dayStartEquity = equity;
  s.peakBalance = balance;
  s.peakEquity = equity;
  s.tradedToday = false;
  s.dailyLossActed = false;
}

/**
 * Judges the rule: failure first (drawdown, daily loss with fail_account, inactivity), then the daily-loss
 * flatten actions, then the profit target.
 */
export function judgeRule(
  rule: Rule,
  s: RuleState,
  figures: { balance: Dec; equity: Dec; flat: boolean; starting: Dec; calendarDays: number; nextRollover: number; now: number; createdAt: number },
  /** Soft limits inside their correction window: not acted on now. */
  suppressed: ReadonlySet<SoftLimit> = NONE,
): Verdict | null {
  const m = ruleMetrics(rule, s, figures);
  if (!suppressed.has('drawdown') && m.drawdownFloor !== null && figures.equity <= m.drawdownFloor) return { kind: 'fail', reason: 'drawdown' };
  if (rule.inactivity_days !== null && s.idleDays >= rule.inactivity_days) return { kind: 'fail', reason: 'inactivity' };
  const calendarLimit = rule.inactivity_calendar_days;
  if (calendarLimit !== undefined && calendarLimit !== null && calendarIdleDays(s, figures.now, figures.createdAt) >= calendarLimit) return { kind: 'fail', reason: 'inactivity' };
  if (!suppressed.has('daily_loss') && m.dailyLossLimit !== null && !s.dailyLossActed && m.dailyLoss >= m.dailyLossLimit) {
    const action = rule.daily_loss!.action;
    if (action === 'fail_account') return { kind: 'fail', reason: 'daily_loss' };
    return { kind: 'flatten', pauseUntil: action === 'flatten_and_pause' ? figures.nextRollover : null };
  }
  if (m.profitTarget !== null) {
    // With close_positions the target is judged on the balance while flat; otherwise on equity.
    const profit = rule.profit_target!.close_positions ? (figures.flat ? m.profit : null) : sub(figures.equity, figures.starting);
    if (
      profit !== null &&
      profit >= m.profitTarget &&
      s.tradingDays >= rule.min_trading_days &&
      figures.calendarDays >= rule.min_calendar_days &&
      consistencyHeld(rule, s, figures.balance, figures.starting) &&
      (!rule.min_profitable_days || profitableDays(rule, s, figures.balance) >= rule.min_profitable_days.count)
    ) {
      return { kind: 'pass' };
    }
  }
  return null;
}

export function ruleStateToJson(s: RuleState): Record<string, unknown> {
  const out: Record<string, unknown> = { ...s };
  for (const k of ['dayStartBalance', 'dayStartEquity', 'peakBalance', 'peakEquity', 'drawdownReference'] as const) out[k] = s[k].toString();
  if (s.bestDayProfit !== undefined) out.bestDayProfit = s.bestDayProfit.toString();
  if (s.windowStartBalance !== undefined) out.windowStartBalance = s.windowStartBalance.toString();
  return out;
}

/** The best day's profit so far: the best that ended, or today's balance gain when higher. */
export function bestDay(s: Pick<RuleState, 'bestDayProfit' | 'dayStartBalance'>, balance: Dec): Dec {
  return max(s.bestDayProfit ?? ZERO, sub(balance, s.dayStartBalance));
}

/** The most the best day may have made: max_best_day_pct % of the total profit (balance − starting); null without the rule. */
/** What consistency measures the profit from: the window's starting balance with window_days, else the starting balance. */
export function consistencyBase(rule: Rule, s: { windowStartBalance?: Dec | undefined }, starting: Dec): Dec {
  return rule.consistency?.window_days !== undefined ? (s.windowStartBalance ?? starting) : starting;
}

export function consistencyLimit(rule: Rule, balance: Dec, starting: Dec): Dec | null {
  const c = rule.consistency;
  return c ? pct(max(ZERO, sub(balance, starting)), amount(c.max_best_day_pct)) : null;
}

/**
 * Profitable days so far: the days that ended with a balance gain of at least min_profit_usd, and today when its gain
 * already is; 0 without the rule.
 */
export function profitableDays(rule: Rule, s: Pick<RuleState, 'profitableDays' | 'dayStartBalance'>, balance: Dec): number {
  const p = rule.min_profitable_days;
  if (!p) return 0;
  return (s.profitableDays ?? 0) + (sub(balance, s.dayStartBalance) >= amount(p.min_profit_usd) ? 1 : 0);
}

/** Consistency holds (or the rule has none): the best day is at most its share of the total profit. */
export function consistencyHeld(rule: Rule, s: Pick<RuleState, 'bestDayProfit' | 'dayStartBalance' | 'windowStartBalance'>, balance: Dec, starting: Dec): boolean {
  const limit = consistencyLimit(rule, balance, consistencyBase(rule, s, starting));
  return limit === null || bestDay(s, balance) <= limit;
}

export function ruleStateFromJson(j: Record<string, unknown>): RuleState {
  const s = { ...j } as unknown as RuleState;
  for (const k of ['dayStartBalance', 'dayStartEquity', 'peakBalance', 'peakEquity', 'drawdownReference'] as const) {
    (s as unknown as Record<string, unknown>)[k] = BigInt(String(j[k])) as Dec;
  }
  if (j.bestDayProfit !== undefined && j.bestDayProfit !== null) s.bestDayProfit = BigInt(String(j.bestDayProfit)) as Dec;
  if (j.windowStartBalance !== undefined && j.windowStartBalance !== null) s.windowStartBalance = BigInt(String(j.windowStartBalance)) as Dec;
  return s;
}

