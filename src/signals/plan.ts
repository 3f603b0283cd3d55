import { add, ceilToStep, cmp, dec, div, type Dec, floorToStep, fmt, isZero, mul, pct, sub, ZERO } from '../engine/decimal.js';
import type { ExitsWire, OrderWire } from '../engine-host/port.js';
import type { Alert, Level } from './alert.js';

/** What one account does with an alert (docs/SIGNALS.md "What an alert does"). */
export type Plan =
  | { kind: 'nothing'; message: string }
  | { kind: 'cancel'; market: string | null }
  | { kind: 'close'; market: string }
  | { kind: 'order'; order: OrderWire; exits: ExitsWire | null }
  | { kind: 'refuse'; code: 'order_too_small' | 'invalid_request' | 'no_price'; message: string };

export interface PlanInput {
  alert: Alert;
  /** The market the ticker names (null: cancel on every market). */
  market: string | null;
  sizeStep: Dec;
  tickSize: Dec;
  multiplier: Dec;
  /** The account's position in the market: signed size (long > 0), or zero. */
  position: Dec;
  /** The price an order is judged at: the limit price, else the side's quote (ask for a buy, bid for a sell). */
  quote: { bid: Dec; ask: Dec } | null;
  /** The account's balance (risk_percent sizes from it). */
  balance: Dec;
  clientOrderId: string;
}

const HUNDRED = dec('100');

/**
 * One account's share of an alert: exits and `flat` close, a contrary sentiment reduces, buy and sell open or add
 * with the size × the account's multiplier (rounded down to the size step), risk_percent sizes by the stop, and
 * exits given as a percent or an amount become prices from the reference price (rounded to the tick towards it).
 */
export function planFor(p: PlanInput): Plan {
  const { alert } = p;
  if (alert.action === 'cancel') return { kind: 'cancel', market: p.market };
  const market = p.market!;
  const closing = alert.action === 'exit' || alert.sentiment === 'flat';
  const reducing = (alert.action === 'buy' && alert.sentiment === 'short') || (alert.action === 'sell' && alert.sentiment === 'long');
  if (closing || reducing) {
    if (isZero(p.position)) return { kind: 'nothing', message: `No position in ${market} to ${closing ? 'close' : 'reduce'}.` };
    // An exit's side is the position's opposite, whatever the alert's action says.
    const side = p.position > 0n ? 'sell' : 'buy';
    if (closing && alert.quantity === null) return { kind: 'close', market };
    const size = alert.quantity === null ? null : floorToStep(mul(dec(alert.quantity), p.multiplier, 'down'), p.sizeStep);
    if (size === null) return { kind: 'close', market };
    if (isZero(size)) return { kind: 'refuse', code: 'order_too_small', message: `quantity × multiplier rounds down to 0 at the size step ${fmt(p.sizeStep)}.` };
    return { kind: 'order', order: { market, side, type: 'market', size: fmt(size), reduce_only: true, client_order_id: p.clientOrderId }, exits: null };
  }
  const side = alert.action as 'buy' | 'sell';
  const limit = alert.price !== null && alert.order_type !== 'market' ? dec(alert.price) : null;
  const reference = alert.price !== null ? dec(alert.price) : p.quote ? (side === 'buy' ? p.quote.ask : p.quote.bid) : null;
  const needsReference = alert.risk_percent !== null || isRelative(alert.take_profit) || isRelative(alert.stop_loss) || alert.trailing_stop !== null;
  if (reference === null && needsReference) return { kind: 'refuse', code: 'no_price', message: `No price for ${market} to set the exits or the size from.` };
  const dir = side === 'buy' ? 1 : -1;
  const tp = alert.take_profit ? levelPrice(alert.take_profit, reference, dir, p.tickSize) : null;
  let sl = alert.stop_loss ? levelPrice(alert.stop_loss, reference, -dir, p.tickSize) : null;
  let trailing: string | undefined;
  if (alert.trailing_stop) {
    const distance = 'distance' in alert.trailing_stop ? dec(alert.trailing_stop.distance) : pct(reference!, dec(alert.trailing_stop.percent));
    // On the tick, never wider than asked, at least one tick.
    const floored = floorToStep(distance, p.tickSize);
    const d = isZero(floored) ? p.tickSize : floored;
    trailing = fmt(d);
    sl ??= roundTo(dir > 0 ? sub(reference!, d) : add(reference!, d), p.tickSize, -dir);
  }
  let size: Dec;
  if (alert.risk_percent !== null) {
    const perUnit = sub(reference!, sl!);
    const risk = perUnit < 0n ? (-perUnit as Dec) : perUnit;
    if (isZero(risk)) return { kind: 'refuse', code: 'invalid_request', message: 'risk_percent needs a stop_loss away from the entry.' };
    const budget = div(mul(p.balance, dec(alert.risk_percent), 'down'), HUNDRED, 'down');
    size = floorToStep(mul(div(budget, risk, 'down'), p.multiplier, 'down'), p.sizeStep);
  } else {
    size = floorToStep(mul(dec(alert.quantity!), p.multiplier, 'down'), p.sizeStep);
  }
  if (isZero(size)) return { kind: 'refuse', code: 'order_too_small', message: `The size rounds down to 0 at the size step ${fmt(p.sizeStep)}.` };
  const order: OrderWire = { market, side, type: limit ? 'limit' : 'market', size: fmt(size), client_order_id: p.clientOrderId, ...(limit ? { limit_price: fmt(limit) } : {}) };
  const exits: ExitsWire = {};
  if (tp) exits.take_profit = { price: fmt(tp) };
  if (sl) exits.stop_loss = { price: fmt(sl), ...(trailing ? { trailing: { distance: trailing } } : {}) };
  return { kind: 'order', order, exits: tp || sl ? exits : null };
}

const isRelative = (l: Level | null): boolean => l !== null && !('price' in l);

/** A take profit (towards +dir) or stop (towards −dir of the entry) as a price on the tick. */
function levelPrice(l: Level, reference: Dec | null, towards: number, tick: Dec): Dec {
  if ('price' in l) return dec(l.price);
  const distance = 'percent' in l ? pct(reference!, dec(l.percent)) : dec(l.amount);
  const raw = towards > 0 ? add(reference!, distance) : sub(reference!, distance);
  return roundTo(cmp(raw, ZERO) > 0 ? raw : tick, tick, towards);
}

/** On the tick, rounded towards the entry: an exit is never further from it than the alert asked. */
function roundTo(price: Dec, tick: Dec, towards: number): Dec {
  return towards > 0 ? floorToStep(price, tick) : ceilToStep(price, tick);
}
