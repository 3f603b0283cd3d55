import type { Environment } from '../schemas/common.js';

/**
 * What the service's parts report for its metrics, given to each when it is made (src/metrics/instrument.ts makes
 * the one the service uses from its Prometheus registry). A part made without one reports to NO_TELEMETRY.
 */
export interface Telemetry {
  /** A store transaction ended, committed or rolled back, after `seconds`. */
  transaction(outcome: 'commit' | 'rollback', seconds: number): void;
  /** An engine command for a partition was submitted: answers the function that marks it answered. */
  command(environment: Environment, partition: number): () => void;
  /** A price tick's work began: answers the function that marks it stored. */
  tick(): () => void;
  /** A webhook delivery attempt ended: the endpoint accepted it (2xx), refused it, or could not be reached. */
  webhookAttempt(outcome: 'success' | 'refused' | 'error', seconds: number): void;
  /** Rows of the tick record dropped unwritten (its buffer was full). */
  ticksDropped(rows: number): void;
}

const done = (): void => undefined;

export const NO_TELEMETRY: Telemetry = {
  transaction: done,
  command: () => done,
  tick: () => done,
  webhookAttempt: done,
  ticksDropped: done,
};

/** A store transaction, its time reported as committed or rolled back (nothing added when nobody listens). */
export function timedTransaction<T>(telemetry: Pick<Telemetry, 'transaction'>, run: () => Promise<T>): Promise<T> {
  if (telemetry === NO_TELEMETRY) return run();
  const start = performance.now();
  return run().then(
    (value) => {
      telemetry.transaction('commit', (performance.now() - start) / 1000);
      return value;
    },
    (err: unknown) => {
      telemetry.transaction('rollback', (performance.now() - start) / 1000);
      throw err;
    },
  );
}
