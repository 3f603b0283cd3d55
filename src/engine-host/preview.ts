import { settingOf, type Book } from '../engine/book.js';
import { add, ceilToStep, div, floorToStep, fmt, fmtMoney, max, mul, neg, parseDec, roundMoney, sub, ZERO, type Dec } from '../engine/decimal.js';
import { ruleMetrics } from '../engine/rules.js';
import type { Engine } from '../engine/engine.js';
import type { MarketSpec } from '../engine/types.js';
import { rejectionToError, type Rejection } from '../errors/api-error.js';
import { CODES } from '../errors/codes.js';
import type { AccountRecord } from '../store/port.js';
import type { ExitsWire, KeyFences, OrderWire } from './port.js';
import { exitsFromWire, fencesFromWire, orderFromWire } from './wire.js';

type PreviewAnswer = { ok: true; value: Record<string, unknown> } | { ok: false; rejection: Rejection };

/**
 * Runs every check of an order without sending it and answers what would happen: would fill, rest or be
 * rejected (rule refusals are the preview's answer; malformed requests and unavailable prices are errors).
 */
export function preview(engine: Engine, book: Book, account: AccountRecord, m: MarketSpec, body: OrderWire, exits: ExitsWire | null, fences: KeyFences, now: number): PreviewAnswer {
  const figures = engine.figures(book);
  const tradable: Rejection | null =
    account.status === 'active' ? null : { code: 'account_not_tradable', details: { account_id: account.id, status: account.status, reason: account.status_reason ?? account.status } };
  const ev = tradable ? { ok: false as const, rejection: tradable } : engine.evaluate({ accountId: account.id, order: orderFromWire(body), exits: exits ? exitsFromWire(exits) : null, actor: { keyId: null, fences: fencesFromWire(fences), origin: 'api' }, now });
  const base = { market: body.market, side: body.side, type: body.type };
  if (!ev.ok) {
    if (CODES[ev.rejection.code].status !== 422) return ev;
    const err = rejectionToError(ev.rejection);
    // Nothing would change: the answer shows the account as it is (its setting, position and exposure).
    const setting = settingOf(book, m);
    const held = book.positions.get(m.id);
    const exposure = engine.exposureOf(account.id, m.id) ?? { cap: m.exposureCap, open: ZERO };
    const open = roundMoney(exposure.open);
    const asked = body.size === undefined ? undefined : parseDec(body.size);
    return {
      ok: true,
      value: {
        outcome: 'would_reject',
        reject: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
        ...base,
        size: asked === undefined ? null : fmt(asked),
        price: { fills_immediately: false, price: null, worst_price: null },
        value_usd: null,
        fee: null,
        margin: { mode: setting.mode, leverage: setting.leverage, required: null, available: fmtMoney(figures.available), remaining: null },
        position_after: held ? { size: fmt(held.size), side: held.side, entry_price: fmtMoney(held.entryPrice) } : null,
        exposure: { cap_usd: fmt(exposure.cap), open_usd: fmt(open), room_usd: fmt(max(ZERO, sub(exposure.cap, open))) },
        rule_impact: null,
        risk_at_stop: riskOf(ev.rejection),
      },
    };
  }
  const v = ev.value;
  const p = v.priced;
  const exposureOpen = roundMoney(v.exposure.open);
  return {
    ok: true,
    value: {
      outcome: p.immediate !== null ? 'would_fill' : p.expiresUnfilled ? 'would_reject' : 'would_rest',
      reject: p.expiresUnfilled ? { code: 'order_rejected', message: 'An ioc or fok order that cannot fill at once would end expired.', details: { reason: 'would_expire' } } : null,
      ...base,
      size: fmt(p.size),
      price: { fills_immediately: p.immediate !== null, price: fmt(p.immediate ?? p.limitPrice ?? p.stopPrice ?? p.valuePrice), worst_price: p.worstPrice === null ? null : fmt(p.worstPrice) },
      value_usd: fmt(roundMoney(p.notional)),
      fee: fmt(v.fee),
      margin: {
        mode: v.mode,
        leverage: v.leverage,
        required: fmt(roundMoney(v.required)),
        available: fmt(roundMoney(v.before.available)),
        remaining: fmt(roundMoney(sub(v.before.available, v.required))),
      },
      position_after: v.positionAfter ? { size: fmt(v.positionAfter.size), side: v.positionAfter.side, entry_price: fmtMoney(v.positionAfter.entryPrice) } : null,
      exposure: { cap_usd: fmt(v.exposure.cap), open_usd: fmt(exposureOpen), room_usd: fmt(max(ZERO, sub(v.exposure.cap, exposureOpen))) },
      rule_impact: ruleImpact(engine, book, m, p.side, p.size, p.immediate ?? p.limitPrice ?? p.stopPrice ?? p.valuePrice, v.fee, v.positionAfter),
      risk_at_stop: v.risk ? { stop_price: fmt(v.risk.stopPrice), risk_usd: fmt(roundMoney(v.risk.loss)), max_risk_usd: v.risk.limit === null ? null : fmt(roundMoney(v.risk.limit)) } : null,
    },
  };
}

/**
 * What the order would do to the account's daily loss and drawdown (docs/RULES.md "Headroom"): the limits it would
 * reach at once (its fee and its fill price against the mark), by how much; and, for the position after it, the
 * price of the market at which each would be reached (other positions as marked now; a tick on the side that acts).
 * Null when the account's rule has neither.
 */
function ruleImpact(engine: Engine, book: Book, m: MarketSpec, side: 'buy' | 'sell', size: Dec, fillPrice: Dec, fee: Dec, after: { size: Dec; side: 'long' | 'short' } | null) {
  const rule = book.rule;
  const state = book.rules;
  if (!rule || !state || (!rule.daily_loss && !rule.drawdown)) return null;
  const last = engine.o.quote(m.id)?.last ?? fillPrice;
  const equity = engine.figures(book).equity;
  // Marked at last: a buy filled above it (or a sell below) loses the difference at once, and the fee.
  const slip = mul(side === 'buy' ? sub(last, fillPrice) : sub(fillPrice, last), size);
  const equityAfter = add(sub(equity, fee), slip);
  const metrics = ruleMetrics(rule, { ...state, peakEquity: max(state.peakEquity, equity) }, { balance: sub(book.balance, fee), equity: equityAfter, starting: book.startingBalance ?? book.balance });
  // The equity at which each rule acts: the daily loss at basis − limit (not once it acted today), drawdown at the floor.
  const bounds: { rule: 'daily_loss' | 'drawdown'; equity: Dec }[] = [];
  if (metrics.dailyLossLimit !== null && !state.dailyLossActed) bounds.push({ rule: 'daily_loss', equity: sub(metrics.dailyLossBasis, metrics.dailyLossLimit) });
  if (metrics.drawdownFloor !== null) bounds.push({ rule: 'drawdown', equity: metrics.drawdownFloor });
  const signed = after ? (after.side === 'long' ? after.size : neg(after.size)) : ZERO;
  return {
    breaches: bounds.filter((b) => equityAfter <= b.equity).map((b) => ({ rule: b.rule, by_usd: fmt(roundMoney(sub(b.equity, equityAfter))) })),
    breach_prices: bounds.map((b) => {
      if (signed === ZERO || equityAfter <= b.equity) return { rule: b.rule, price: null };
      // equityAfter + signed × (p − last) = bound  →  p = last + (bound − equityAfter) / signed
      const p = add(last, div(sub(b.equity, equityAfter), signed));
      const price = signed > ZERO ? floorToStep(p, m.tick) : ceilToStep(p, m.tick);
      return { rule: b.rule, price: price > ZERO ? fmt(price) : null };
    }),
  };
}

/** A refusal for the risk per trade still shows the risk it measured (the other refusals measured none). */
function riskOf(r: Rejection): Record<string, string> | null {
  const d = r.details as { reason?: string; risk_usd?: string; max_risk_usd?: string; stop_price?: string } | undefined;
  return d?.reason === 'risk_per_trade' && d.risk_usd && d.max_risk_usd && d.stop_price ? { stop_price: d.stop_price, risk_usd: d.risk_usd, max_risk_usd: d.max_risk_usd } : null;
}
