import type { Rejection } from '../errors/api-error.js';
import type { Dec } from './decimal.js';
import type { OrderStatus } from './order-status.js';
import type { CancelReason, Origin, OrderType, Side, TimeInForce } from './types.js';

export type ExitKind = 'take_profit' | 'stop_loss' | 'break_even';
export type MarginMode = 'isolated' | 'cross';
export type CloseReason = 'user' | 'close_all' | 'flatten' | 'exit' | 'liquidation' | 'risk_rule' | 'system_restart' | 'reversed';

/** Exits as asked for on an order or a position (CONTRACT §3 Order exits). */
export interface ExitSpec {
  takeProfit: { price: Dec; limitPrice: Dec | null } | null;
  stopLoss: { price: Dec; trailingDistance: Dec | null } | null;
  breakEven: { triggerPrice: Dec; offsetTicks: number } | null;
}

export interface Order {
  id: string;
  seq: number;
  clientOrderId: string | null;
  accountId: string;
  customerId: string;
  keyId: string | null;
  market: string;
  side: Side | null;
  type: OrderType;
  status: OrderStatus;
  size: Dec;
  filledSize: Dec;
  limitPrice: Dec | null;
  stopPrice: Dec | null;
  worstPrice: Dec | null;
  averageFillPrice: Dec | null;
  fee: Dec | null;
  reduceOnly: boolean | null;
  postOnly: boolean;
  tif: TimeInForce;
  expiresAt: number | null;
  origin: Origin;
  /** Exits asked for with this order; placed when it fills. */
  exits: ExitSpec | null;
  /** The exit orders its fill placed (null until then; absent on orders stored before the ids were kept). */
  exitOrderIds?: { takeProfit: string | null; stopLoss: string | null } | null;
  /** This order is one of a position's exits. */
  exitKind: 'take_profit' | 'stop_loss' | null;
  trailingDistance: Dec | null;
  /** Best last seen since a trailing stop was placed (highest for a long's stop, lowest for a short's). */
  trailingAnchor: Dec | null;
  triggered: boolean;
  /** For an order that closes a position on request: the close_reason its position.closed carries. */
  closeReason: CloseReason | null;
  cancelReason: CancelReason | null;
  reject: Rejection | null;
  createdAt: number;
  filledAt: number | null;
  canceledAt: number | null;
  updatedAt: number;
  /** Exits are judged from the tick after the fill that placed them. */
  activeFrom: number;
  /** The loss stop of the key that placed it (counts this order's fills toward that key's daily loss). */
  keyLossStop?: Dec | null;
}

export interface Fill {
  id: string;
  orderId: string;
  accountId: string;
  market: string;
  side: Side;
  size: Dec;
  price: Dec;
  fee: Dec;
  liquidation: boolean;
  realizedPnl: Dec;
  filledAt: number;
}

export interface Position {
  accountId: string;
  market: string;
  side: 'long' | 'short';
  size: Dec;
  entryPrice: Dec;
  realizedPnl: Dec;
  leverage: number;
  marginMode: MarginMode;
  /** Isolated: the margin the position holds. Cross: the initial margin at open (for display). */
  margin: Dec;
  takeProfitId: string | null;
  stopLossId: string | null;
  breakEven: { triggerPrice: Dec; offsetTicks: number; done: boolean } | null;
  liquidating: boolean;
  openedAt: number;
  updatedAt: number;
}

export interface MarginSetting {
  leverage: number;
  mode: MarginMode;
}

export type EventType =
  | 'order.created'
  | 'order.edited'
  | 'order.filled'
  | 'order.canceled'
  | 'order.expired'
  | 'order.rejected'
  | 'fill.created'
  | 'position.opened'
  | 'position.changed'
  | 'position.closed'
  | 'engine.restarted'
  | 'account.rule_breach'
  | 'account.rule_version'
  | 'signal.alert';

/** An event before it is numbered and stored: `data` is rendered by the host as REST renders it. */
export interface EngineEvent {
  type: EventType;
  accountId: string;
  at: number;
  source: 'api' | 'platform' | 'engine';
  order?: Order;
  fill?: Fill;
  position?: Position;
  /** position.closed: the position as it was, size 0. */
  closedPosition?: Position;
  changes?: Record<string, { from: unknown; to: unknown }>;
  previousSize?: Dec;
  closeReason?: CloseReason;
  restart?: { environment: string; canceled_orders: number; closed_positions: number };
  /** account.*: what happened to the account, as the API shows it. */
  account?: Record<string, unknown>;
}
