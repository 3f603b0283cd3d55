import type { Environment } from '../schemas/common.js';

/**
 * The lease a partition's writes are fenced by (docs/ARCHITECTURE.md, "Cluster"): a fenced transaction writes only
 * while this node holds the partition at this epoch (PostgreSQL checks it in the transaction; SQLite has one node).
 */
export interface Fence {
  readonly environment: Environment;
  readonly partition: number;
  readonly owner: string;
  readonly epoch: number;
}

/** A write for a partition whose lease this node no longer holds (epoch moved on, released or lapsed). */
export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
  constructor(
    readonly environment: Environment,
    readonly partition: number,
    readonly epoch: number,
    readonly current: { owner: string | null; epoch: number } | null,
  ) {
    super(
      `lease lost for ${environment} partition ${partition} at epoch ${epoch}` +
        (current ? ` (now ${current.owner ?? 'no owner'} at epoch ${current.epoch})` : ' (no lease row)'),
    );
  }
}
