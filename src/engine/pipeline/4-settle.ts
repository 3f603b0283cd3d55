import { settingOf, type Book } from '../book.js';
import { add, div, divInt, mul, roundMoney, sub, ZERO, type Dec } from '../decimal.js';
import { hasExits } from '../exits.js';
import { net, type Netted } from '../netting.js';
import { transition } from '../order-status.js';
import type { CloseReason, Fill, Order, Position } from '../state.js';
import type { CancelReason, MarketSpec } from '../types.js';
import { sourceOf, type Core } from './core.js';
import { placeExits, resizeExits } from './5-exits.js';

/**
 * Stage 4, settle: an order fills whole at a price. The fee and the realized P&L go to the balance, the order
 * leaves its books filled, the fill is recorded, and the position nets (opens, adds, reduces, closes or flips);
 * then the exits the order carried are placed on the position it opened or added to.
 */
export function settle(e: Core, o: Order, price: Dec, now: number, liquidity: 'maker' | 'taker', liquidation: boolean): void {
  const book = e.books.get(o.accountId)!;
  const m = e.o.markets.get(o.market)!;
  const pos = book.positions.get(o.market);
  const side = o.side!;
  const fee = roundMoney(mul(mul(price, o.size), liquidity === 'maker' ? m.makerFee : m.takerFee));
  const held = pos ? { side: pos.side, size: pos.size, entryPrice: pos.entryPrice } : null;
  const n = net(held, side, o.size, price);
  // Exits are placed once the position shows this fill; their ids are known now, so the order.filled event and the
  // stored order list them (CONTRACT §3: order_id once placed).
  const placesExits = hasExits(o.exits) && (n.kind === 'opened' || n.kind === 'added' || n.kind === 'flipped');
  if (placesExits) o.exitOrderIds = { takeProfit: o.exits!.takeProfit ? e.o.newId('ord') : null, stopLoss: o.exits!.stopLoss ? e.o.newId('ord') : null };
  book.balance = sub(add(book.balance, n.realized), fee);
  e.journal.balance(book);
  e.afterFill(book, o, n.realized, fee, now);
  o.status = transition(o.status, 'fill');
  o.filledSize = o.size;
  o.averageFillPrice = price;
  o.fee = fee;
  o.filledAt = now;
  o.updatedAt = now;
  e.resting.remove(o);
  book.orders.delete(o.id);
  e.journal.order(o);
  const fill: Fill = {
    id: e.o.newId('fil'),
    orderId: o.id,
    accountId: o.accountId,
    market: o.market,
    side,
    size: o.size,
    price,
    fee,
    liquidation,
    realizedPnl: n.realized,
    filledAt: now,
  };
  e.journal.fill(fill);
  const source = sourceOf(o.origin);
  e.journal.emit({ type: 'order.filled', accountId: o.accountId, at: now, source, order: o });
  e.journal.emit({ type: 'fill.created', accountId: o.accountId, at: now, source, fill });

  const after = position(e, book, m, o, pos, n, price, now, liquidation);
  if (after && placesExits) {
    placeExits(e, after, o.exits!, o.origin, now, { keyId: o.keyId, lossStop: o.keyLossStop ?? null }, o.exitOrderIds!);
  }
  // The closed trade's point of the equity curve, taken once the position shows the fill: the P&L it realized
  // is in the balance and no longer in the open position's unrealized P&L.
  if (book.rule && book.rules && n.realized !== ZERO) {
    e.journal.equityPoint(book, 'trade', now, e.figures(book).equity);
  }
}

/** The position after the fill (netted as `n` says), recorded and announced; undefined once closed. */
function position(e: Core, book: Book, m: MarketSpec, o: Order, pos: Position | undefined, n: Netted, price: Dec, now: number, liquidation: boolean): Position | undefined {
  if (n.kind === 'opened' || n.kind === 'flipped') {
    // A flip opens with the leverage and mode of the position it reverses (taken before that one is gone).
    const setting = settingOf(book, m);
    if (pos && n.kind === 'flipped') closePositionRecord(e, book, pos, now, 'reversed', n.realized, 'position_reversed');
    const after = n.after!;
    const opened: Position = {
      accountId: book.id,
      market: o.market,
      side: after.side,
      size: after.size,
      entryPrice: after.entryPrice,
      realizedPnl: ZERO,
      leverage: setting.leverage,
      marginMode: setting.mode,
      // Initial margin is money computed at the fill: 8 places, half-even (CONTRACT conventions).
      margin: roundMoney(divInt(mul(after.size, after.entryPrice), setting.leverage)),
      takeProfitId: null,
      stopLossId: null,
      breakEven: null,
      liquidating: false,
      openedAt: now,
      updatedAt: now,
    };
    book.positions.set(o.market, opened);
    e.accounts.hold(opened);
    e.journal.position(opened);
    e.journal.emit({ type: 'position.opened', accountId: book.id, at: now, source: 'engine', position: opened });
    return opened;
  }
  const p = pos!;
  if (n.kind === 'closed') {
    closePositionRecord(e, book, p, now, o.exitKind ? 'exit' : liquidation ? 'liquidation' : (o.closeReason ?? 'user'), n.realized, 'position_closed', o);
    return undefined;
  }
  const previous = p.size;
  const after = n.after!;
  if (p.marginMode === 'isolated') {
    p.margin = roundMoney(n.kind === 'added' ? add(p.margin, divInt(mul(o.size, price), p.leverage)) : div(mul(p.margin, after.size), p.size));
  } else {
    p.margin = roundMoney(divInt(mul(after.size, after.entryPrice), p.leverage));
  }
  p.size = after.size;
  p.entryPrice = after.entryPrice;
  e.accounts.hold(p);
  p.realizedPnl = add(p.realizedPnl, n.realized);
  p.updatedAt = now;
  resizeExits(e, p, now);
  e.journal.position(p);
  e.journal.emit({ type: 'position.changed', accountId: book.id, at: now, source: 'engine', position: p, previousSize: previous });
  return p;
}

/** The position is gone (closed, or reversed by a fill): its exits are canceled (oco when an exit closed it). */
function closePositionRecord(e: Core, book: Book, p: Position, now: number, reason: CloseReason, realized: Dec, exitReason: CancelReason, by?: Order): void {
  p.realizedPnl = add(p.realizedPnl, realized);
  const closed: Position = { ...p, size: ZERO, updatedAt: now };
  book.positions.delete(p.market);
  e.accounts.release(book.id, p.market);
  e.breakEvens.remove(p.market, book.id);
  e.risk.touch(book.id);
  for (const id of [p.takeProfitId, p.stopLossId]) {
    if (!id || id === by?.id) continue;
    const exit = e.resting.get(id);
    if (exit) e.cancel(exit, by?.exitKind ? 'oco' : exitReason, now);
  }
  e.journal.positionGone(book.id, p.market);
  e.journal.emit({ type: 'position.closed', accountId: book.id, at: now, source: 'engine', closedPosition: closed, previousSize: p.size, closeReason: reason });
}
