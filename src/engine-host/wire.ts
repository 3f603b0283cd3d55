import { dec, type Dec } from '../engine/decimal.js';
import type { Actor, Fences } from '../engine/engine.js';
import type { ExitPatch } from '../engine/exits.js';
import type { OrderPatch } from '../engine/edit-order.js';
import type { OrderIntent } from '../engine/order-checks.js';
import type { ExitSpec } from '../engine/state.js';
import type { ActorWire, ExitsWire, KeyFences, OrderWire } from './port.js';

const decOrNull = (t: string | undefined): Dec | null => (t === undefined ? null : dec(t));

/**
 * An order body as the engine takes it: decimal strings become Dec (schema validation let through only decimals
 * Dec holds: at most 18 places), absent fields null. The engine judges the values (positive, on the market's steps).
 */
export function orderFromWire(b: OrderWire): OrderIntent {
  return {
    market: b.market,
    side: b.side,
    type: b.type,
    size: decOrNull(b.size),
    notionalUsd: decOrNull(b.notional_usd),
    limitPrice: decOrNull(b.limit_price),
    stopPrice: decOrNull(b.stop_price),
    worstPrice: decOrNull(b.worst_price),
    maxSlippagePct: decOrNull(b.max_slippage_pct),
    reduceOnly: b.reduce_only ?? false,
    postOnly: b.post_only ?? false,
    timeInForce: b.time_in_force ?? null,
    expiresAt: b.expires_at ?? null,
    clientOrderId: b.client_order_id ?? null,
  };
}

/** The fields of an edit (PATCH) as the engine takes them. */
export function orderPatchFromWire(f: { size?: string; limit_price?: string; stop_price?: string; expires_at?: number }): OrderPatch {
  return {
    ...(f.size !== undefined ? { size: dec(f.size) } : {}),
    ...(f.limit_price !== undefined ? { limitPrice: dec(f.limit_price) } : {}),
    ...(f.stop_price !== undefined ? { stopPrice: dec(f.stop_price) } : {}),
    ...(f.expires_at !== undefined ? { expiresAt: f.expires_at } : {}),
  };
}

/** A key's fences as the engine judges them (decimal strings become Dec; no float on the way). */
export function fencesFromWire(f: KeyFences): Fences {
  return {
    markets: f.markets,
    reduceOnly: f.reduce_only,
    maxOrderUsd: f.max_order_usd === null ? null : dec(f.max_order_usd),
    maxPositionUsd: f.max_position_usd === null ? null : dec(f.max_position_usd),
    lossStopUsd: f.loss_stop_usd === null ? null : dec(f.loss_stop_usd),
  };
}

export function actorFromWire(a: ActorWire): Actor {
  return { keyId: a.key_id, fences: a.fences ? fencesFromWire(a.fences) : null, origin: a.origin };
}

/** The key a command is made with: orders the service places for it (closes, exits) count toward its loss stop. */
export function requestKey(a: ActorWire): { keyId: string | null; lossStop: Dec | null } {
  return { keyId: a.key_id, lossStop: a.fences?.loss_stop_usd ? dec(a.fences.loss_stop_usd) : null };
}

export function exitsFromWire(b: ExitsWire): ExitSpec | null {
  if (!b.take_profit && !b.stop_loss && !b.break_even) return null;
  return {
    takeProfit: b.take_profit ? { price: dec(b.take_profit.price), limitPrice: b.take_profit.limit_price ? dec(b.take_profit.limit_price) : null } : null,
    stopLoss: b.stop_loss ? { price: dec(b.stop_loss.price), trailingDistance: b.stop_loss.trailing ? dec(b.stop_loss.trailing.distance) : null } : null,
    breakEven: b.break_even ? { triggerPrice: dec(b.break_even.trigger_price), offsetTicks: b.break_even.offset_ticks } : null,
  };
}

/** An edit's `exits` (PATCH): each part given replaces that exit, null removes it; `exits: null` removes them all. */
export function exitPatchFromWire(b: ExitsWire | null): ExitPatch | null {
  if (b === null) return null;
  const spec = exitsFromWire(b);
  const patch: ExitPatch = {};
  if (b.take_profit !== undefined) patch.takeProfit = spec?.takeProfit ?? null;
  if (b.stop_loss !== undefined) patch.stopLoss = spec?.stopLoss ?? null;
  if (b.break_even !== undefined) patch.breakEven = spec?.breakEven ?? null;
  return patch;
}
