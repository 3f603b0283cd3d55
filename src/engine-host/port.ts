import type { Static } from 'typebox';
import type { PreviewBody } from '../http/schemas/orders.js';
import type { Rejection } from '../errors/api-error.js';
import type { Environment, Rule } from '../schemas/common.js';
import type { Fences as StoredFences, Tx } from '../store/port.js';

/**
 * The engine-host port: the only way the HTTP layer reaches the order engine. Commands and queries are plain
 * JSON data (decimals as strings, times as epoch ms, no closures or class instances), so a command can be
 * forwarded to another process as one message and executed there exactly as here. The host takes the time of a
 * command from its own Clock.
 */

/** How long the API waits for the engine's answer to a command (SPEC: up to two seconds). */
export const ANSWER_WAIT_MS = 2000;

/** Exits as the API takes them (decimal strings). A part left out (or null) is not set. */
export interface ExitsWire {
  take_profit?: { price: string; limit_price?: string | undefined } | null | undefined;
  stop_loss?: { price: string; trailing?: { distance: string } | undefined } | null | undefined;
  break_even?: { trigger_price: string; offset_ticks: number } | null | undefined;
}

/** The fences of the key a command is made with that the engine judges (as stored: decimal strings). */
export type KeyFences = Omit<StoredFences, 'ip_allowlist'>;

/**
 * An order body as it travels to the engine host: the API's own (http/schemas/orders.ts `PreviewBody`, decimal
 * strings, after schema validation), not described a second time.
 */
export type OrderWire = Static<typeof PreviewBody>;

/** The key a command is made with: its id (null for an app token) and its fences, as stored. */
export interface ActorWire {
  key_id: string | null;
  /** null: an operator's order, which no key fence limits. */
  fences: KeyFences | null;
  origin: 'api' | 'platform' | 'strategy' | 'tradingview';
}

export interface PlaceCommand {
  kind: 'place';
  account_id: string;
  order: OrderWire;
  exits: ExitsWire | null;
  actor: ActorWire;
}

export type EngineCommand =
  | PlaceCommand
  | { kind: 'cancel'; account_id: string; order_id: string; reason: 'user' | 'external' | 'strategy'; markets: string[] | null }
  | { kind: 'cancel_all'; account_id: string; market: string | null; markets: string[] | null }
  /** Arms the account's dead-man switch to fire timeout_ms from now (renewed by each call), or disarms it (0). */
  | { kind: 'arm_dead_man'; account_id: string; timeout_ms: number }
  | {
      kind: 'edit';
      account_id: string;
      order_id: string;
      fields: { size?: string; limit_price?: string; stop_price?: string; expires_at?: number };
      /** undefined: exits untouched; null: all removed; else each part given replaces (null removes) that exit. */
      exits?: ExitsWire | null;
      actor: ActorWire;
    }
  | { kind: 'close_position'; account_id: string; market: string; actor: ActorWire }
  | { kind: 'close_all'; account_id: string; actor: ActorWire }
  | { kind: 'set_exits'; account_id: string; market: string; exits: ExitsWire; actor: ActorWire }
  /** The operator moves the account to another version of its product's rulebook (docs/RULES.md). */
  | { kind: 'set_rule'; account_id: string; rule: Rule; from_version: number; to_version: number }
  /** What a signal's alert did on the account (docs/SIGNALS.md): a signal.alert event in the account's log. */
  | { kind: 'record_alert'; account_id: string; alert: Record<string, unknown> }
  | { kind: 'set_margin'; account_id: string; market: string; leverage?: number | undefined; margin_mode?: 'isolated' | 'cross' | undefined }
  | { kind: 'adjust_margin'; account_id: string; market: string; amount: string }
  | { kind: 'restart' }
  /** The engine's answer to a placement did not come in time: the order is stored `unconfirmed` (SPEC 202). */
  | { kind: 'record_unconfirmed'; place: PlaceCommand }
  /** Settles an unconfirmed order: placed (or rejected) now if the engine received it, else rejected `order_rejected`. */
  | { kind: 'settle_unconfirmed'; order_id: string; place: PlaceCommand; received: boolean };

export type EngineQuery =
  | { kind: 'preview'; account_id: string; order: OrderWire; exits?: ExitsWire | null; fences: KeyFences }
  | { kind: 'position'; account_id: string; market: string }
  | { kind: 'positions'; account_id: string }
  | { kind: 'margin_settings'; account_id: string }
  | { kind: 'figures'; account_id: string };

/** REST views, as the engine host renders them (plain JSON). */
export type OrderJson = Record<string, unknown> & { id: string };
export type PositionJson = Record<string, unknown> & { market: string };
export interface MarginSettingJson {
  market: string;
  leverage: number;
  margin_mode: 'isolated' | 'cross';
  max_leverage: number;
  leverage_source: string;
  locked: boolean;
}
/** The live figures an account view shows (decimal strings), empty when the engine does not hold the account. */
export type FiguresJson = Record<string, string | number | null>;

export interface CommandResults {
  place: { order: OrderJson };
  cancel: { order: OrderJson };
  cancel_all: { account_id: string; market: string | null; canceled_count: number };
  arm_dead_man: { armed: boolean; fires_at: number | null };
  edit: { order: OrderJson };
  close_position: { order: OrderJson };
  close_all: { account_id: string; closed: string[]; failed: { market: string; code: string }[] };
  set_exits: { position: PositionJson };
  set_rule: { account_id: string };
  record_alert: { account_id: string };
  set_margin: { setting: MarginSettingJson };
  adjust_margin: { position: PositionJson };
  restart: Record<string, never>;
  record_unconfirmed: { order_id: string };
  settle_unconfirmed: { order_id: string };
}

export interface QueryResults {
  preview: Record<string, unknown>;
  position: { position: PositionJson | null };
  positions: { positions: PositionJson[] };
  margin_settings: { settings: MarginSettingJson[] };
  figures: { figures: FiguresJson };
}

/**
 * What a command comes to: done (with its result), rejected by the engine (a refusal, nothing changed), or no
 * answer in time — SPEC's `unconfirmed`: the order is stored, the API answers 202 and it settles later.
 */
export type EngineAnswer<R> =
  | { outcome: 'done'; result: R }
  | { outcome: 'rejected'; rejection: Rejection }
  | { outcome: 'timeout'; order_id: string };

export type QueryAnswer<R> = { outcome: 'done'; result: R } | { outcome: 'rejected'; rejection: Rejection };

export type ResultOf<C extends EngineCommand> = CommandResults[C['kind']];
export type QueryResultOf<Q extends EngineQuery> = QueryResults[Q['kind']];

export interface ExecuteOptions {
  /** How long the caller waits for the engine's answer (SPEC: two seconds); past it, a placement is `unconfirmed`. */
  timeoutMs: number;
  /**
   * In-process only: the caller's transaction (its Idempotency-Key record is written in it), so what the command
   * changed and that record commit together. Without it the command runs in a transaction of its own.
   */
  tx?: Tx;
}

export interface EnginePort {
  /**
   * Waits while the engine's queue is slow. Called before the caller's transaction opens, so nothing is held
   * while it waits. (A down or full engine is an answer of execute: `engine_unavailable`, `engine_busy`.)
   */
  admit(env: Environment, cmd: EngineCommand, opts: ExecuteOptions): Promise<void>;
  execute<C extends EngineCommand>(env: Environment, cmd: C, opts: ExecuteOptions): Promise<EngineAnswer<ResultOf<C>>>;
  query<Q extends EngineQuery>(env: Environment, q: Q): Promise<QueryAnswer<QueryResultOf<Q>>>;
  /** Whether the engine of env is up (it opens pending accounts only then; `/v1/status` shows it). */
  isUp(env: Environment): boolean;
}
