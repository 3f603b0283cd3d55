import { Type, type Static } from 'typebox';
import type { Services } from '../../../compose.js';
import type { EngineFault } from '../../../engine-host/faults.js';
import { Environment, strict } from '../../../schemas/common.js';

/** A fault switch (RAMPART_FAULTS=1 only): POST /admin/v1/faults takes one, every node applies it. */
export const Fault = Type.Union([
  strict({ kind: Type.Literal('engine_down'), environment: Environment, enabled: Type.Boolean() }),
  strict({ kind: Type.Literal('store_failing'), enabled: Type.Boolean() }),
  strict({ kind: Type.Literal('store_error'), enabled: Type.Boolean() }),
  strict({ kind: Type.Literal('store_delay'), ms: Type.Integer({ minimum: 0, maximum: 60_000 }) }),
  strict({ kind: Type.Literal('engine_busy'), enabled: Type.Boolean() }),
  strict({ kind: Type.Literal('engine_delay'), ms: Type.Integer({ minimum: 0, maximum: 60_000 }) }),
  strict({ kind: Type.Literal('engine_lost'), enabled: Type.Boolean() }),
  strict({ kind: Type.Literal('clear') }),
]);

/** How a fault switch is applied in this process (given to ClusterOps when app.ts makes it): the same switch on every node. */
export function faultApplier(services: Pick<Services, 'storeFaults' | 'engineFaults' | 'opener'>): (fault: Record<string, unknown>) => unknown {
  return (fault) => {
    const f = fault as Static<typeof Fault>;
    // The store's switches are a gate installed on it, the engine's a decorator around the engine-host port:
    // both only with RAMPART_FAULTS=1.
    const switches = services.storeFaults!;
    if (f.kind === 'store_failing') switches.failing = f.enabled;
    if (f.kind === 'store_error') switches.erroring = f.enabled;
    if (f.kind === 'store_delay') switches.delayMs = f.ms;
    if (f.kind === 'clear') switches.clear();
    const store = switches.view();
    const faults = services.engineFaults!;
    const engine = f.kind === 'clear' || f.kind.startsWith('engine_') ? faults.set(f as EngineFault) : faults.view();
    if (f.kind === 'clear' || f.kind === 'engine_down') services.opener.kick();
    return { engine_up: services.opener.up, store, engine: { busy: engine.busy, answerDelayMs: engine.answerDelayMs, answerLost: engine.answerLost } };
  };
}
