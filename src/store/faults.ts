import type { CrashPoint } from '../config/crash-point.js';
import type { BatchPhase } from '../config/crash-point.js';
import { StoreUnavailableError, type StoreGate } from './port.js';

/**
 * Fault switches for tests (RAMPART_FAULTS=1, POST /admin/v1/faults): a gate the composition root installs on the
 * store only then. `failing` makes every call fail and, through `beforeCommit`, the COMMIT a batch of transactions
 * shares (every member rolled back and undone); `erroring` throws an unexpected error (a bug, as far as the caller
 * can tell); `delayMs` answers late; `crashPoint` (RAMPART_CRASH_POINT) kills the process at a moment of a batch.
 * The stores themselves know only the gate, never these switches.
 */
export class StoreFaults implements StoreGate {
  failing = false;
  erroring = false;
  delayMs = 0;
  crashPoint: CrashPoint | undefined;

  get active(): boolean {
    return this.failing || this.erroring || this.delayMs > 0;
  }

  async beforeCall(): Promise<void> {
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    this.beforeCommit();
    if (this.erroring) throw new Error('unexpected store error (injected fault)');
  }

  beforeCommit(): void {
    if (this.failing) throw new StoreUnavailableError('store failing (injected fault)');
  }

  atBatch(phase: BatchPhase): void {
    this.crashPoint?.reached(phase);
  }

  clear(): void {
    this.failing = false;
    this.erroring = false;
    this.delayMs = 0;
  }

  /** The switches as the operator API shows them. */
  view(): { failing: boolean; erroring: boolean; delayMs: number } {
    return { failing: this.failing, erroring: this.erroring, delayMs: this.delayMs };
  }
}

/** Installs fault switches on a store (tests, RAMPART_FAULTS=1) and answers them. */
export function withFaults(store: { setGate(g: StoreGate): void }): StoreFaults {
  const faults = new StoreFaults();
  store.setGate(faults);
  return faults;
}
