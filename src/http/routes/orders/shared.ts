import { Type } from 'typebox';
import { dec, type Dec } from '../../../engine/decimal.js';
import type { Fences } from '../../../engine/engine.js';
import type { ExitPatch } from '../../../engine/exits.js';
import type { ExitSpec } from '../../../engine/state.js';
import { ApiError } from '../../../errors/api-error.js';
import type { Environment } from '../../../schemas/common.js';
import type { Rampart } from '../../../services/rampart.js';
import type { AccountRecord } from '../../../store/port.js';
import type { Principal } from '../../plugins/auth.js';
import { AccountId } from '../../schemas/resources.js';

export const AccountParams = Type.Object({ account_id: AccountId }, { additionalProperties: false });
export const OrderParams = Type.Object({ account_id: AccountId, order_id: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
export const MarketParams = Type.Object({ account_id: AccountId, market: Type.String({ minLength: 1, maxLength: 32 }) }, { additionalProperties: false });

/** Codes every engine command can answer on the way to the engine. */
export const ENGINE_CODES = ['engine_unavailable', 'engine_busy', 'state_unavailable'] as const;

export function fencesOf(p: Principal): Fences {
  return {
    markets: p.fences.markets,
    reduceOnly: p.fences.reduce_only,
    maxOrderUsd: p.fences.max_order_usd === null ? null : dec(p.fences.max_order_usd),
    maxPositionUsd: p.fences.max_position_usd === null ? null : dec(p.fences.max_position_usd),
    lossStopUsd: p.fences.loss_stop_usd === null ? null : dec(p.fences.loss_stop_usd),
  };
}

/** The key a request is made with: orders the service places for it (closes, exits) count toward its loss stop. */
export function requestKey(p: Principal): { keyId: string | null; lossStop: Dec | null } {
  return { keyId: p.kind === 'key' ? p.id : null, lossStop: fencesOf(p).lossStopUsd ?? null };
}

interface ExitsInput {
  take_profit?: { price: string; limit_price?: string | undefined } | null | undefined;
  stop_loss?: { price: string; trailing?: { distance: string } | undefined } | null | undefined;
  break_even?: { trigger_price: string; offset_ticks: number } | null | undefined;
}

export function exitsOf(b: ExitsInput): ExitSpec | null {
  if (!b.take_profit && !b.stop_loss && !b.break_even) return null;
  return {
    takeProfit: b.take_profit ? { price: dec(b.take_profit.price), limitPrice: b.take_profit.limit_price ? dec(b.take_profit.limit_price) : null } : null,
    stopLoss: b.stop_loss ? { price: dec(b.stop_loss.price), trailingDistance: b.stop_loss.trailing ? dec(b.stop_loss.trailing.distance) : null } : null,
    breakEven: b.break_even ? { triggerPrice: dec(b.break_even.trigger_price), offsetTicks: b.break_even.offset_ticks } : null,
  };
}

/** An edit's `exits` (PATCH): each part given replaces that exit, null removes it; `exits: null` removes them all. */
export function exitPatchOf(b: ExitsInput | null): ExitPatch | null {
  if (b === null) return null;
  const spec = exitsOf(b);
  const patch: ExitPatch = {};
  if (b.take_profit !== undefined) patch.takeProfit = spec?.takeProfit ?? null;
  if (b.stop_loss !== undefined) patch.stopLoss = spec?.stopLoss ?? null;
  if (b.break_even !== undefined) patch.breakEven = spec?.breakEven ?? null;
  return patch;
}

/** The engine must be there and have room (fault injection reaches these in tests). */
export function assertEngine(rampart: Rampart, env: Environment): void {
  if (!rampart.engine.up[env]) throw new ApiError('engine_unavailable');
  if (rampart.trading.faults.busy) throw new ApiError('engine_busy');
}

/** The account for a trading call: reachable, open on the engine, tradable, with its book in the engine. */
export async function tradingAccount(rampart: Rampart, principal: Principal, accountId: string, env: Environment): Promise<AccountRecord> {
  const account = await rampart.accounts.reachable(accountId, principal.customer.id, env);
  rampart.accounts.assertTradable(account);
  rampart.trading.ensureBook(account);
  return account;
}

/** The key's market fence (key_market_not_allowed, details.markets). */
export function assertKeyMarket(principal: Principal, market: string): void {
  const markets = principal.fences.markets;
  if (markets && !markets.includes(market)) throw new ApiError('key_market_not_allowed', { details: { markets } });
}
