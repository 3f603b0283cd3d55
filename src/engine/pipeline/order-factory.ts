import { ZERO, type Dec } from '../decimal.js';
import type { OrderStatus } from '../order-status.js';
import type { ExitSpec, Order } from '../state.js';
import type { Origin, OrderType, Side, TimeInForce } from '../types.js';

/** What makes one order: who, where and what; anything not given is as on an order nothing has happened to. */
export interface OrderInit {
  id: string;
  seq: number;
  accountId: string;
  customerId: string;
  market: string;
  side: Side;
  type: OrderType;
  size: Dec;
  origin: Origin;
  now: number;
  status?: OrderStatus;
  clientOrderId?: string | null;
  keyId?: string | null;
  limitPrice?: Dec | null;
  stopPrice?: Dec | null;
  worstPrice?: Dec | null;
  reduceOnly?: boolean;
  postOnly?: boolean;
  tif?: TimeInForce;
  expiresAt?: number | null;
  exits?: ExitSpec | null;
  exitKind?: 'take_profit' | 'stop_loss' | null;
  trailingDistance?: Dec | null;
  trailingAnchor?: Dec | null;
  /** Set (even to null) only for orders placed with a key: absent, the order counts toward no key's loss stop. */
  keyLossStop?: Dec | null;
}

/**
 * The one order factory: a client's order, an unconfirmed one, a position's exit and a system close are all made
 * here, so every order has the same fields in the same order (one shape for the engine's hot paths, and one JSON
 * layout in the store). Nothing has happened to it yet: not filled, not ended, created and updated `now`.
 */
export function newOrder(i: OrderInit): Order {
  const o: Order = {
    id: i.id,
    seq: i.seq,
    clientOrderId: i.clientOrderId ?? null,
    accountId: i.accountId,
    customerId: i.customerId,
    keyId: i.keyId ?? null,
    market: i.market,
    side: i.side,
    type: i.type,
    status: i.status ?? 'pending',
    size: i.size,
    filledSize: ZERO,
    limitPrice: i.limitPrice ?? null,
    stopPrice: i.stopPrice ?? null,
    worstPrice: i.worstPrice ?? null,
    reduceOnly: i.reduceOnly ?? false,
    postOnly: i.postOnly ?? false,
    tif: i.tif ?? 'gtc',
    expiresAt: i.expiresAt ?? null,
    origin: i.origin,
    exits: i.exits ?? null,
    exitOrderIds: null,
    averageFillPrice: null,
    fee: null,
    exitKind: i.exitKind ?? null,
    trailingDistance: i.trailingDistance ?? null,
    trailingAnchor: i.trailingAnchor ?? null,
    triggered: false,
    closeReason: null,
    cancelReason: null,
    reject: null,
    createdAt: i.now,
    filledAt: null,
    canceledAt: null,
    updatedAt: i.now,
    activeFrom: i.now,
  };
  if (i.keyLossStop !== undefined) o.keyLossStop = i.keyLossStop;
  return o;
}
