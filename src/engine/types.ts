import type { Dec } from './decimal.js';
import type { OrderStatus } from './order-status.js';

export type Side = 'buy' | 'sell';
export type OrderType = 'market' | 'limit' | 'stop_market' | 'stop_limit' | 'take_market' | 'take_limit';
export type TimeInForce = 'gtc' | 'gtd' | 'ioc' | 'fok';
/** Where an order came from (the event's source follows from it). */
export const ORIGINS = ['api', 'platform', 'strategy', 'tradingview', 'system'] as const;
export type Origin = (typeof ORIGINS)[number];
export type CancelReason =
  | 'user'
  | 'cancel_all'
  | 'flatten'
  | 'close_all'
  | 'position_closed'
  | 'position_reversed'
  | 'close_assist'
  | 'oco'
  | 'replaced'
  | 'strategy'
  | 'key_loss_stop'
  | 'risk_rule'
  | 'system_restart'
  | 'dead_man_switch'
  | 'external';

/** A market's trading parameters as exact decimals. */
export interface MarketSpec {
  id: string;
  sizeStep: Dec;
  tick: Dec;
  minNotional: Dec;
  maxLeverage: number;
  defaultLeverage: number;
  slippage: { default: Dec; min: Dec; max: Dec };
  bandPct: Dec;
  exposureCap: Dec;
  makerFee: Dec;
  takerFee: Dec;
  maintenanceRate: Dec;
  staleAfterMs: number;
}

export interface Quote {
  bid: Dec;
  ask: Dec;
  last: Dec;
  time: number;
}

/** What an order needs to be judged by the fill rules. */
export interface Triggerable {
  side: Side;
  type: OrderType;
  limitPrice: Dec | null;
  stopPrice: Dec | null;
  /** stop_limit / take_limit: the stop was reached (the trigger latches). */
  triggered: boolean;
}

export type { OrderStatus };
