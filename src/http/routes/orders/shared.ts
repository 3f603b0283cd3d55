import { Type } from 'typebox';
import {
  ANSWER_WAIT_MS,
  type ActorWire,
  type EngineAnswer,
  type EngineCommand,
  type EnginePort,
  type EngineQuery,
  type ExecuteOptions,
  type KeyFences,
  type QueryResultOf,
  type ResultOf,
} from '../../../engine-host/port.js';
import { ApiError, rejectionToError } from '../../../errors/api-error.js';
import type { Environment } from '../../../schemas/common.js';
import type { AccountRecord, AccountsFacade } from '../../facades.js';
import type { Principal } from '../../plugins/auth.js';
import { AccountId } from '../../schemas/resources.js';

export const AccountParams = Type.Object({ account_id: AccountId }, { additionalProperties: false });
export const OrderParams = Type.Object({ account_id: AccountId, order_id: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
export const MarketParams = Type.Object({ account_id: AccountId, market: Type.String({ minLength: 1, maxLength: 32 }) }, { additionalProperties: false });

/** Codes every engine command can answer on the way to the engine. */
export const ENGINE_CODES = ['engine_unavailable', 'engine_busy', 'state_unavailable'] as const;

/** The fences of the request's key that the engine judges (the IP allowlist was judged at the door). */
export function fencesOf(p: Principal): KeyFences {
  const { markets, reduce_only, max_order_usd, max_position_usd, loss_stop_usd } = p.fences;
  return { markets, reduce_only, max_order_usd, max_position_usd, loss_stop_usd };
}

/** Who a command is made by: the request's key (an app token has no key id), its fences, and its origin. */
export function actorOf(p: Principal): ActorWire {
  return { key_id: p.kind === 'key' ? p.id : null, fences: fencesOf(p), origin: p.origin };
}

/** Waits while the engine is slow to take commands (fault injection), before the request's transaction opens. */
export function admit(engine: EnginePort, env: Environment, cmd: EngineCommand): Promise<void> {
  return engine.admit(env, cmd, { timeoutMs: ANSWER_WAIT_MS });
}

/** Runs a command (in the request's transaction when given); a refusal is thrown as its error. */
export async function execute<C extends EngineCommand>(
  engine: EnginePort,
  env: Environment,
  cmd: C,
  tx?: ExecuteOptions['tx'],
): Promise<Exclude<EngineAnswer<ResultOf<C>>, { outcome: 'rejected' }>> {
  const a = await engine.execute(env, cmd, { timeoutMs: ANSWER_WAIT_MS, ...(tx ? { tx } : {}) });
  if (a.outcome === 'rejected') throw rejectionToError(a.rejection);
  return a;
}

/** A command that always answers in time (only a placement can be left unconfirmed): its result. */
export async function executed<C extends EngineCommand>(engine: EnginePort, env: Environment, cmd: C, tx?: ExecuteOptions['tx']): Promise<ResultOf<C>> {
  const a = await execute(engine, env, cmd, tx);
  if (a.outcome === 'timeout') throw new ApiError('engine_unavailable');
  return a.result;
}

/** Asks the engine; a refusal is thrown as its error. */
export async function ask<Q extends EngineQuery>(engine: EnginePort, env: Environment, q: Q): Promise<QueryResultOf<Q>> {
  const a = await engine.query(env, q);
  if (a.outcome === 'rejected') throw rejectionToError(a.rejection);
  return a.result;
}

/** The account for a trading call: reachable, open on the engine and tradable. */
export async function tradingAccount(accounts: AccountsFacade, principal: Principal, accountId: string, env: Environment): Promise<AccountRecord> {
  const account = await accounts.reachable(accountId, principal.customer.id, env);
  accounts.assertTradable(account);
  return account;
}

/** The key's market fence (key_market_not_allowed, details.markets). */
export function assertKeyMarket(principal: Principal, market: string): void {
  const markets = principal.fences.markets;
  if (markets && !markets.includes(market)) throw new ApiError('key_market_not_allowed', { details: { markets } });
}
