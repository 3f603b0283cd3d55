import { StoreUnavailableError } from '../port.js';

/**
 * Faults a test can switch on (RAMPART_FAULTS=1, POST /admin/v1/faults): the store fails, or answers late. They
 * stay inside the store rather than in a decorator around it because `failing` must reach the group commit: it
 * fails the COMMIT a batch of transactions shares (every member rolled back and undone), which no wrapper of the
 * port's calls can reach.
 */
export interface StoreFaults {
  failing: boolean;
  /** Operations throw an unexpected error (a bug, as far as the caller can tell). */
  erroring: boolean;
  delayMs: number;
}

export function noFaults(): StoreFaults {
  return { failing: false, erroring: false, delayMs: 0 };
}

/** Whether any fault is switched on (a read skips the async gate when none is: the common case). */
export function anyFault(f: StoreFaults): boolean {
  return f.failing || f.erroring || f.delayMs > 0;
}

/** Applies the switched-on faults to a call about to run: the delay first, then the failure. */
export async function injectFaults(f: StoreFaults): Promise<void> {
  if (f.delayMs > 0) await new Promise((r) => setTimeout(r, f.delayMs));
  failIfFailing(f);
  if (f.erroring) throw new Error('unexpected store error (injected fault)');
}

/** The disk "fails" at this point of a transaction or of its COMMIT. */
export function failIfFailing(f: StoreFaults): void {
  if (f.failing) throw new StoreUnavailableError('store failing (injected fault)');
}
