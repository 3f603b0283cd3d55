/** A moment of a group commit (store/port.ts `StoreGate.atBatch`), in the order a batch meets them. */
export type BatchPhase = 'between-savepoints' | 'before-commit' | 'after-commit' | 'after-sync';

/** The moments of a group commit a crash point can stop at, in the order a batch meets them. */
export const BATCH_PHASES: readonly BatchPhase[] = ['between-savepoints', 'before-commit', 'after-commit', 'after-sync'];

/**
 * A test-only crash point (RAMPART_FAULTS=1 with RAMPART_CRASH_POINT=batch:<phase>:<n>): the process kills itself
 * with SIGKILL — no shutdown path, no flush, as a crash — the n-th time a batch of the group commit reaches the phase,
 * counted from when it is armed (`rampart serve` arms it once start-up is done, so the start-up's own writes, which
 * test/crash/restart-crash.test.ts kills, are not counted). The phases:
 * - `between-savepoints`: a member's savepoint is done and kept in the open batch; the next member or the COMMIT
 *   has not begun (counted per member);
 * - `before-commit`: the batch is about to send its COMMIT;
 * - `after-commit`: the COMMIT is done; on SQLite the WAL it wrote is not yet synced (fdatasync), on PostgreSQL the
 *   COMMIT's answer comes after its WAL flush, so this is the moment of `after-sync`;
 * - `after-sync`: the batch is on disk; none of its members has been answered or its events published.
 */
export class CrashPoint {
  armed = false;
  private count = 0;

  constructor(
    readonly phase: BatchPhase,
    readonly n: number,
  ) {}

  reached(phase: BatchPhase): void {
    if (!this.armed || phase !== this.phase || ++this.count < this.n) return;
    process.kill(process.pid, 'SIGKILL');
  }
}

/** `batch:<phase>:<n>` (n ≥ 1) as a crash point; throws saying what is wrong otherwise. */
export function parseCrashPoint(text: string): CrashPoint {
  const m = /^batch:([a-z-]+):([1-9][0-9]{0,8})$/.exec(text);
  const phase = m?.[1] as BatchPhase | undefined;
  if (!m || !phase || !BATCH_PHASES.includes(phase)) {
    throw new Error(`must be batch:<phase>:<n> with phase one of ${BATCH_PHASES.join(', ')} and n ≥ 1, got "${text}"`);
  }
  return new CrashPoint(phase, Number(m[2]));
}
