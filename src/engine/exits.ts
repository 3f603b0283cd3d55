import type { Rejection } from '../errors/api-error.js';
import { fmt, isMultipleOf, nearestSteps, type Dec } from './decimal.js';
import type { ExitSpec, Order } from './state.js';
import type { MarketSpec } from './types.js';

/**
 * Exits: the one validation (for exits placed with an order, edited on a working order, or set on a position),
 * the merge of an edit, and the list an order shows.
 */

/** An edit of an order's pending exits: a part given replaces that exit (null removes it), a part absent keeps it. */
export interface ExitPatch {
  takeProfit?: ExitSpec['takeProfit'];
  stopLoss?: ExitSpec['stopLoss'];
  breakEven?: ExitSpec['breakEven'];
}

/** The exits after an edit; null when none is left (or `patch` is null: every exit removed). */
export function mergeExits(current: ExitSpec | null, patch: ExitPatch | null): ExitSpec | null {
  if (patch === null) return null;
  const next: ExitSpec = {
    takeProfit: patch.takeProfit !== undefined ? patch.takeProfit : (current?.takeProfit ?? null),
    stopLoss: patch.stopLoss !== undefined ? patch.stopLoss : (current?.stopLoss ?? null),
    breakEven: patch.breakEven !== undefined ? patch.breakEven : (current?.breakEven ?? null),
  };
  return hasExits(next) ? next : null;
}

export const hasExits = (e: ExitSpec | null): e is ExitSpec => e !== null && (e.takeProfit !== null || e.stopLoss !== null || e.breakEven !== null);

const refuse = (code: Rejection['code'], message: string, details: Record<string, unknown>): Rejection => ({ code, message, details });

/**
 * Whether exits fit a position of that side and entry (CONTRACT §7): prices positive and on the tick, take profit
 * and the break-even trigger on the profit side of the entry, stop loss on the loss side. `last`: the price now
 * when the position exists or the order fills at once — a stop loss last has already passed would close the
 * position on the next tick, so it must be on the loss side of last too. A resting order's exits are judged on
 * its entry alone (last is then not where it will fill).
 */
export function exitRefusal(exits: ExitSpec, at: { long: boolean; entry: Dec; last: Dec | null }, m: MarketSpec): Rejection | null {
  const prices: [string, Dec | null][] = [
    ['take_profit.price', exits.takeProfit?.price ?? null],
    ['take_profit.limit_price', exits.takeProfit?.limitPrice ?? null],
    ['stop_loss.price', exits.stopLoss?.price ?? null],
    ['stop_loss.trailing.distance', exits.stopLoss?.trailingDistance ?? null],
    ['break_even.trigger_price', exits.breakEven?.triggerPrice ?? null],
  ];
  for (const [field, p] of prices) {
    if (p === null) continue;
    if (p <= 0n) return refuse('invalid_request', `${field} must be positive`, { field });
    if (!isMultipleOf(p, m.tick)) return refuse('invalid_price_tick', `${field} must be a multiple of the tick size ${fmt(m.tick)}`, { field, tick_size: fmt(m.tick), nearest: nearestSteps(p, m.tick).map(fmt) });
  }
  const { long, entry, last } = at;
  const beyond = (price: Dec, ref: Dec, profitSide: boolean) => (long === profitSide ? price > ref : price < ref);
  const tp = exits.takeProfit;
  if (tp && !beyond(tp.price, entry, true)) {
    return refuse('invalid_request', `take_profit must be ${long ? 'above' : 'below'} the entry price`, { field: 'take_profit.price', entry_price: fmt(entry) });
  }
  const sl = exits.stopLoss;
  if (sl && (!beyond(sl.price, entry, false) || (last !== null && !beyond(sl.price, last, false)))) {
    return refuse('invalid_request', `stop_loss must be ${long ? 'below' : 'above'} the entry price${last !== null ? ' and the last price' : ''}`, {
      field: 'stop_loss.price',
      entry_price: fmt(entry),
      ...(last !== null ? { last: fmt(last) } : {}),
    });
  }
  const be = exits.breakEven;
  if (be && !beyond(be.triggerPrice, entry, true)) {
    return refuse('invalid_request', 'break_even.trigger_price must be on the profit side of the entry price', { field: 'break_even.trigger_price', entry_price: fmt(entry) });
  }
  return null;
}

/**
 * An order's exits as REST shows them (CONTRACT §3 Order exits). `order_id` is the exit order's id once its order
 * filled and placed it (null until then, and for break-even, which is a rule on the stop, not an order).
 */
export function exitsList(o: Pick<Order, 'exits' | 'exitOrderIds' | 'status'>) {
  const out: {
    kind: 'take_profit' | 'stop_loss' | 'break_even';
    price: string | null;
    limit_price: string | null;
    trailing_distance: string | null;
    trigger_price: string | null;
    offset_ticks: number | null;
    order_id: string | null;
    status: 'pending' | 'placed';
  }[] = [];
  const e = o.exits;
  if (!e) return out;
  // Orders stored before the ids were kept show placed once filled, without ids.
  const placed = o.exitOrderIds !== undefined && o.exitOrderIds !== null ? true : o.exitOrderIds === undefined && o.status === 'filled';
  const status = placed ? 'placed' : 'pending';
  const ids = o.exitOrderIds ?? null;
  const s = (d: Dec | null) => (d === null ? null : fmt(d));
  if (e.takeProfit) {
    out.push({ kind: 'take_profit', price: fmt(e.takeProfit.price), limit_price: s(e.takeProfit.limitPrice), trailing_distance: null, trigger_price: null, offset_ticks: null, order_id: ids?.takeProfit ?? null, status });
  }
  if (e.stopLoss) {
    out.push({ kind: 'stop_loss', price: fmt(e.stopLoss.price), limit_price: null, trailing_distance: s(e.stopLoss.trailingDistance), trigger_price: null, offset_ticks: null, order_id: ids?.stopLoss ?? null, status });
  }
  if (e.breakEven) {
    out.push({ kind: 'break_even', price: null, limit_price: null, trailing_distance: null, trigger_price: fmt(e.breakEven.triggerPrice), offset_ticks: e.breakEven.offsetTicks, order_id: null, status });
  }
  return out;
}
