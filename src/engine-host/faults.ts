import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../engine/clock.js';
import type { Environment } from '../schemas/common.js';
import type { EngineAnswer, EngineCommand, EnginePort, EngineQuery, ExecuteOptions, PlaceCommand, QueryAnswer, QueryResultOf, ResultOf } from './port.js';

/** After this long an unconfirmed order the engine never received is settled as rejected (reconciliation). */
export const UNCONFIRMED_SETTLE_MS = 1000;

/** The faults a test can switch on (`POST /admin/v1/faults`), as the operator API shows them. */
export interface EngineFaultState {
  /** Per environment: the engine is down (engine_unavailable; it opens no pending account). */
  down: Record<Environment, boolean>;
  /** The engine's queue is full (engine_busy). */
  busy: boolean;
  /** The engine answers this late (past the caller's wait: 202 unconfirmed, placed when the answer comes). */
  answerDelayMs: number;
  /** The engine never receives a placement (202 unconfirmed, settled rejected). */
  answerLost: boolean;
}

export type EngineFault =
  | { kind: 'engine_down'; environment: Environment; enabled: boolean }
  | { kind: 'engine_busy'; enabled: boolean }
  | { kind: 'engine_delay'; ms: number }
  | { kind: 'engine_lost'; enabled: boolean }
  | { kind: 'clear' };

const healthy = (): EngineFaultState => ({ down: { live: false, sandbox: false }, busy: false, answerDelayMs: 0, answerLost: false });

/**
 * Fault injection around the engine-host port, installed only with RAMPART_FAULTS=1: the engine down or busy
 * refuses commands (the operator's restart goes through); a late or lost answer to a placement leaves the order `unconfirmed` (the
 * caller's timeout) and settles it later through the port, as a transport that lost the answer would.
 */
export class FaultyEngine implements EnginePort {
  private state = healthy();

  constructor(
    private readonly inner: EnginePort,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Switches one fault (or clears them all); answers the state. */
  set(f: EngineFault): EngineFaultState {
    if (f.kind === 'engine_down') this.state.down[f.environment] = f.enabled;
    if (f.kind === 'engine_busy') this.state.busy = f.enabled;
    if (f.kind === 'engine_delay') this.state.answerDelayMs = f.ms;
    if (f.kind === 'engine_lost') this.state.answerLost = f.enabled;
    if (f.kind === 'clear') this.state = healthy();
    return this.view();
  }

  view(): EngineFaultState {
    return { ...this.state, down: { ...this.state.down } };
  }

  isUp(env: Environment): boolean {
    return !this.state.down[env] && this.inner.isUp(env);
  }

  async admit(env: Environment, cmd: EngineCommand, opts: ExecuteOptions): Promise<void> {
    await this.inner.admit(env, cmd, opts);
    // An answer late but within the caller's wait only makes the call slower (waited before the caller's
    // transaction opens, so nothing is held meanwhile).
    const delay = this.state.answerDelayMs;
    if (cmd.kind === 'place' && !this.state.answerLost && delay > 0 && delay <= opts.timeoutMs) await new Promise((r) => setTimeout(r, delay));
  }

  async execute<C extends EngineCommand>(env: Environment, cmd: C, opts: ExecuteOptions): Promise<EngineAnswer<ResultOf<C>>> {
    // Refused on the way in, inside the caller's transaction: nothing is written, and a retry of a call that
    // already succeeded is answered from its Idempotency-Key record before the engine is asked at all.
    if (cmd.kind !== 'restart') {
      if (this.state.down[env]) return { outcome: 'rejected', rejection: { code: 'engine_unavailable' } };
      if (this.state.busy) return { outcome: 'rejected', rejection: { code: 'engine_busy' } };
    }
    const { answerLost, answerDelayMs } = this.state;
    if (cmd.kind !== 'place' || (!answerLost && answerDelayMs <= opts.timeoutMs)) return this.inner.execute(env, cmd, opts);
    const place = cmd as PlaceCommand;
    const r = await this.inner.execute(env, { kind: 'record_unconfirmed', place }, opts);
    if (r.outcome !== 'done') return r as EngineAnswer<ResultOf<C>>;
    const orderId = r.result.order_id;
    const settle = () =>
      void this.inner
        .execute(env, { kind: 'settle_unconfirmed', order_id: orderId, place, received: !answerLost }, { timeoutMs: opts.timeoutMs })
        .catch((err: unknown) => this.log.error({ err, order_id: orderId }, 'settling an unconfirmed order failed'));
    // Only once the caller's transaction holds the unconfirmed order can it be settled; settling is scheduled now
    // and runs in a transaction of its own after it.
    this.after(answerLost ? UNCONFIRMED_SETTLE_MS : answerDelayMs, settle);
    return { outcome: 'timeout', order_id: orderId };
  }

  query<Q extends EngineQuery>(env: Environment, q: Q): Promise<QueryAnswer<QueryResultOf<Q>>> {
    return this.inner.query(env, q);
  }

  private after(ms: number, fn: () => void): void {
    if (this.clock.kind === 'manual') {
      // On the manual clock the answer comes when the clock passes its time, so tests move time, not wait.
      const due = this.clock.now() + ms;
      const off = this.clock.onAdvance((now) => {
        if (now < due) return;
        off();
        fn();
      });
      return;
    }
    setTimeout(fn, ms).unref();
  }
}
