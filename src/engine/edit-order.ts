import { fmt } from './decimal.js';
import { exitsList, mergeExits, type ExitPatch } from './exits.js';
import type { Dec } from './decimal.js';
import type { OrderIntent } from './order-checks.js';
import { fail, sourceOf, type Core, type Evaluation, type Fences, type Outcome, type PlaceRequest } from './pipeline/core.js';
import { validate } from './pipeline/1-validate.js';
import { pretradeRisk } from './pipeline/2-pretrade-risk.js';
import type { Order } from './state.js';

/** What an edit may change of a working order (PATCH …/orders/{id}); exits given replace those parts. */
export interface OrderPatch {
  size?: Dec;
  limitPrice?: Dec;
  stopPrice?: Dec;
  expiresAt?: number | null;
  exits?: ExitPatch | null;
}

/** Every check a placement makes (stages 1 and 2), without changing anything. */
function evaluate(e: Core, req: PlaceRequest): Outcome<Evaluation> {
  const v = validate(e, req);
  return v.ok ? pretradeRisk(e, req, v.value) : v;
}

/**
 * Edits a working order (size, limit_price, stop_price, expires_at, exits): the edited order passes every
 * check a new placement would (with its own reservation set aside) and may not fill at once.
 */
export function editOrder(e: Core, accountId: string, orderId: string, patch: OrderPatch, fences: Fences | null, now: number): Outcome<Order> {
  const book = e.books.get(accountId);
  const o = e.resting.get(orderId);
  if (!book || !o || o.accountId !== accountId) return fail('order_not_found', { order_id: orderId });
  if (o.status !== 'working') return fail('order_not_working', { order_id: orderId, status: o.status });
  if (o.exitKind !== null || o.side === null || (o.type !== 'limit' && o.type !== 'stop_market' && o.type !== 'stop_limit')) {
    return fail('invalid_request', { order_id: orderId }, 'Only limit and stop orders placed through the API can be edited; exits are changed through the position.');
  }
  // A stop limit whose stop has triggered is a resting limit now: it is judged as one (its stop, passed, is no longer
  // checked against the last price) and keeps its stop as it was.
  const triggeredLimit = o.triggered && o.type === 'stop_limit';
  const order: OrderIntent = {
    market: o.market,
    side: o.side,
    type: triggeredLimit ? 'limit' : o.type,
    size: patch.size ?? o.size,
    notionalUsd: null,
    limitPrice: patch.limitPrice ?? o.limitPrice,
    stopPrice: triggeredLimit ? null : (patch.stopPrice ?? o.stopPrice),
    worstPrice: null,
    maxSlippagePct: null,
    reduceOnly: o.reduceOnly ?? false,
    postOnly: o.postOnly,
    timeInForce: o.tif,
    expiresAt: patch.expiresAt !== undefined ? patch.expiresAt : o.expiresAt,
    clientOrderId: o.clientOrderId,
  };
  if (triggeredLimit && patch.stopPrice !== undefined) {
    return fail('invalid_request', { field: 'stop_price' }, 'The stop of this order has already triggered.');
  }
  // Exits given replace those parts of the pending exits (null removes one, or all when exits is null).
  const exits = patch.exits !== undefined ? mergeExits(o.exits, patch.exits) : o.exits;
  book.orders.delete(o.id);
  let ev: Outcome<Evaluation>;
  try {
    ev = evaluate(e, { accountId, order, exits, actor: { keyId: o.keyId, fences, origin: o.origin }, now });
  } finally {
    book.orders.set(o.id, o);
  }
  if (!ev.ok) return ev;
  if (ev.value.priced.immediate !== null) return fail('invalid_request', { reason: 'would_fill' }, 'The edited order would fill at once; cancel it and place a new one instead.');
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const p = ev.value.priced;
  const stopPrice = triggeredLimit ? o.stopPrice : p.stopPrice;
  const set = (field: string, from: unknown, to: unknown) => {
    if (from !== to) changes[field] = { from, to };
  };
  set('size', fmt(o.size), fmt(p.size));
  set('limit_price', o.limitPrice === null ? null : fmt(o.limitPrice), p.limitPrice === null ? null : fmt(p.limitPrice));
  set('stop_price', o.stopPrice === null ? null : fmt(o.stopPrice), stopPrice === null ? null : fmt(stopPrice));
  set('expires_at', o.expiresAt, p.expiresAt);
  const exitsFrom = exitsList(o);
  const exitsTo = exitsList({ ...o, exits });
  if (JSON.stringify(exitsFrom) !== JSON.stringify(exitsTo)) changes.exits = { from: exitsFrom, to: exitsTo };
  if (Object.keys(changes).length === 0) return { ok: true, value: o };
  o.size = p.size;
  o.limitPrice = p.limitPrice;
  o.stopPrice = stopPrice;
  o.expiresAt = p.expiresAt;
  o.exits = exits;
  o.updatedAt = now;
  book.orders.set(o.id, o); // again: the OrderMap takes the new size and prices into the account's reservation
  e.resting.index(o);
  e.journal.order(o);
  e.journal.emit({ type: 'order.edited', accountId, at: now, source: sourceOf(o.origin), order: o, changes });
  return { ok: true, value: o };
}
