import { add, divInt, fromProducts, max, mul, sub, sumOfProducts, ZERO, type Dec } from './decimal.js';
import { OrderMap } from './order-map.js';
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
  /** When the account's dead-man switch fires (dead-man-switch.ts); null or absent: not armed. */
  deadManAt?: number | null;
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

/** The leverage the account's orders and positions in the market use (settingOf's leverage, without an object). */
export function leverageOf(book: Book, m: MarketSpec): number {
  return book.positions.get(m.id)?.leverage ?? book.margin.get(m.id)?.leverage ?? m.defaultLeverage;
}

export function settingOf(book: Book, m: MarketSpec): MarginSetting & { source: 'position' | 'saved' | 'default' } {
  const p = book.positions.get(m.id);
  if (p) return { leverage: p.leverage, mode: p.marginMode, source: 'position' };
  const s = book.margin.get(m.id);
  if (s) return { ...s, source: 'saved' };
  return { leverage: m.defaultLeverage, mode: 'cross', source: 'default' };
}

/**
 * The margin mode of a market cannot change while the account holds a position or any open order there (the
 * margin they hold was figured in that mode). The one test: setting the mode and the margin views' `locked` use it.
 */
export function marginLocked(book: Book, market: string): boolean {
  if (book.positions.has(market)) return true;
  for (const o of book.orders.values()) if (o.market === market) return true;
  return false;
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
    else cross = add(cross, divInt(mul(p.size, mark), p.leverage));
  }
  const reserved = book.orders instanceof OrderMap ? reservedOf(book, book.orders, markets, quote) : reservedByScan(book, markets, quote);
  const equity = add(book.balance, upnl);
  const used = add(add(isolated, cross), reserved);
  return { equity, unrealizedPnl: upnl, isolatedMargin: isolated, crossMargin: cross, reserved, marginUsed: used, available: sub(equity, used) };
}

/** Margin reserved for the opening orders, from the sums the account's OrderMap keeps (no visit of every order). */
function reservedOf(book: Book, orders: OrderMap, markets: ReadonlyMap<string, MarketSpec>, quote: (market: string) => Quote | undefined): Dec {
  let reserved = ZERO;
  for (const market of orders.markets()) {
    const m = markets.get(market);
    if (!m) continue;
    const raw = orders.openingNotionalRaw(market, book.positions.get(market), quote(market));
    if (raw !== 0n) reserved = add(reserved, divInt(fromProducts(raw), leverageOf(book, m)));
  }
  return reserved;
}

/**
 * The same reservation found by visiting every order (a book whose orders are a plain Map; and the reference the
 * OrderMap is tested against): opening notional summed raw per market, rounded once, divided by that market's leverage.
 */
export function reservedByScan(book: Book, markets: ReadonlyMap<string, MarketSpec>, quote: (market: string) => Quote | undefined): Dec {
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
    if (m) reserved = add(reserved, divInt(sum.total(), leverageOf(book, m)));
  }
  return reserved;
}
