import { ZERO } from './decimal.js';
import { transition } from './order-status.js';
import { sourceOf, type Core, type Outcome, type PlaceRequest } from './pipeline/core.js';
import { newOrder } from './pipeline/order-factory.js';
import type { Order } from './state.js';

/**
 * Orders whose engine answer was lost (SPEC: 202, status unconfirmed). The order is stored as the API knows it but
 * is not on the engine; it settles once the engine's answer comes (`settleLate`) or never does (`settleLost`).
 */

/** The order as the API knows it when the engine's answer was lost. */
export function unconfirmed(e: Core, req: PlaceRequest, remember: (o: Order) => void): Order {
  const book = e.books.get(req.accountId)!;
  const b = req.order;
  const o = newOrder({
    id: req.orderId ?? e.o.newId('ord'),
    seq: e.nextSeq(),
    clientOrderId: b.clientOrderId,
    accountId: book.id,
    customerId: book.customerId,
    keyId: req.actor.keyId,
    market: b.market,
    side: b.side,
    type: b.type,
    status: transition('pending', 'lose_answer'),
    size: b.size ?? ZERO,
    limitPrice: b.limitPrice,
    stopPrice: b.stopPrice,
    worstPrice: b.worstPrice,
    reduceOnly: b.reduceOnly,
    postOnly: b.postOnly,
    tif: b.timeInForce ?? (b.type === 'market' ? 'ioc' : 'gtc'),
    expiresAt: b.expiresAt,
    origin: req.actor.origin,
    exits: req.exits,
    now: req.now,
  });
  remember(o);
  e.journal.order(o);
  return o;
}

/** The engine never received an unconfirmed order: it ends rejected (CONTRACT §7). */
export function settleLost(e: Core, o: Order, now: number): void {
  o.status = transition(o.status, 'reject');
  o.reject = { code: 'order_rejected', message: 'The order never reached the engine; nothing was placed.' };
  o.updatedAt = now;
  e.journal.order(o);
  e.journal.emit({ type: 'order.rejected', accountId: o.accountId, at: now, source: sourceOf(o.origin), order: o });
}

/** The engine's late answer for an unconfirmed order: placed now, or rejected with the code a placement gets. */
export function settleLate(e: Core, shell: Order, req: PlaceRequest, place: (req: PlaceRequest) => Outcome<Order>): Order {
  const r = place({ ...req, orderId: shell.id });
  if (r.ok) return r.value;
  shell.status = transition(shell.status, 'reject');
  shell.reject = r.rejection;
  shell.updatedAt = req.now;
  e.journal.order(shell);
  e.journal.emit({ type: 'order.rejected', accountId: shell.accountId, at: req.now, source: sourceOf(shell.origin), order: shell });
  return shell;
}
