import { add, div, fromInt, max, mul, sub, sumOfProducts, ZERO, type Dec } from './decimal.js';
import { unrealized } from './netting.js';
import type { Rule } from '../schemas/common.js';
import type { RuleState } from './rules.js';
import type { MarginSetting, Order, Position } from './state.js';
import type { MarketSpec, Quote } from './types.js';

/** What the engine holds of one account. */
export interface Book {
  id: string;
  customerId: string;
  product: string;
  status: string;
  balance: Dec;
  /** Working orders (and pending/unconfirmed ones), by id. */
  orders: Map<string, Order>;
  positions: Map<string, Position>;
  margin: Map<string, MarginSetting>;
  /** The account's rule lets positions be opened or added to on a weekend trading day. */
  weekendAllowed: boolean;
  /** The account's rule and what it is judged on; absent, nothing is judged (engine unit tests). */
  rule?: Rule;
  rules?: RuleState;
  startingBalance?: Dec;
  createdAt?: number;
  pausedUntil?: number | null;
  statusReason?: string | null;
  /** Per key: loss of the trading day from fills of orders placed with it, and until when it is stopped. */
  keyLoss?: Map<string, { dayStart: number; loss: Dec; until: number | null }>;
}

export interface Figures {
  equity: Dec;
  unrealizedPnl: Dec;
  isolatedMargin: Dec;
  crossMargin: Dec;
  reserved: Dec;
  marginUsed: Dec;
  available: Dec;
}

export function settingOf(book: Book, m: MarketSpec): MarginSetting & { source: 'position' | 'saved' | 'default' } {
  const p = book.positions.get(m.id);
  if (p) return { leverage: p.leverage, mode: p.marginMode, source: 'position' };
  const s = book.margin.get(m.id);
  if (s) return { ...s, source: 'saved' };
  return { leverage: m.defaultLeverage, mode: 'cross', source: 'default' };
}

/** The part of an order that opens or adds exposure, given the position now. */
export function openingSize(order: { side: 'buy' | 'sell' | null; size: Dec; reduceOnly: boolean | null }, p: Position | undefined): Dec {
  if (order.reduceOnly || order.side === null) return ZERO;
  if (!p) return order.size;
  const same = (order.side === 'buy') === (p.side === 'long');
  return same ? order.size : max(ZERO, sub(order.size, p.size));
}

/** Price a working order is valued at (CONTRACT §7): limit → limit price, stop → stop price. */
export function orderValuePrice(o: Order, q: Quote | undefined): Dec {
  if (o.type === 'limit' || o.type === 'take_limit') return o.limitPrice!;
  if (o.stopPrice !== null) return o.stopPrice;
  return o.side === 'buy' ? (q?.ask ?? ZERO) : (q?.bid ?? ZERO);
}

/**
 * Equity and margin (CONTRACT §6–7): available = equity − isolated margins − cross initial margin − reservations
 * of opening orders. Marks at the market's last.
 */
export function figures(book: Book, markets: ReadonlyMap<string, MarketSpec>, quote: (market: string) => Quote | undefined): Figures {
  let upnl = ZERO;
  let isolated = ZERO;
  let cross = ZERO;
  for (const p of book.positions.values()) {
    const q = quote(p.market);
    const mark = q?.last ?? p.entryPrice;
    upnl = add(upnl, unrealized(p, mark));
    if (p.marginMode === 'isolated') isolated = add(isolated, p.margin);
    else cross = add(cross, div(mul(p.size, mark), fromInt(p.leverage)));
  }
  // Opening notional per market first, then one division by that market's leverage: the tick and fill paths
  // call this often, and a bigint division per working order showed up in profiles.
  // The products add up raw and are rounded once per market (sumOfProducts): no bigint division per order.
  const notional = new Map<string, ReturnType<typeof sumOfProducts>>();
  for (const o of book.orders.values()) {
    const size = openingSize(o, book.positions.get(o.market));
    if (size === ZERO) continue;
    let sum = notional.get(o.market);
    if (!sum) notional.set(o.market, (sum = sumOfProducts()));
    sum.add(size, orderValuePrice(o, quote(o.market)));
  }
  let reserved = ZERO;
  for (const [market, sum] of notional) {
    const m = markets.get(market);
    if (m) reserved = add(reserved, div(sum.total(), fromInt(settingOf(book, m).leverage)));
  }
  const equity = add(book.balance, upnl);
  const used = add(add(isolated, cross), reserved);
  return { equity, unrealizedPnl: upnl, isolatedMargin: isolated, crossMargin: cross, reserved, marginUsed: used, available: sub(equity, used) };
}
