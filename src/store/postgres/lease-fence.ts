import type { Q } from './durability.js';
import { LeaseLostError, type Fence } from '../fence.js';

/** Unix ms from the database clock, the one clock every node's leases are compared against. */
export const DB_NOW_MS = '(extract(epoch FROM clock_timestamp()) * 1000)::bigint';

/**
 * Call first inside a write's transaction: refuses (LeaseLostError, so the transaction rolls back) unless this
 * node still holds the partition at this epoch and the lease has not lapsed; in a group commit's transaction the
 * refusal comes with its next statement (or its end), before anything it wrote can commit. FOR KEY SHARE holds a
 * take-over (which changes `epoch`, a key column since migration 013) until this transaction ends, so no write of an
 * old epoch can commit after a new owner began; the owner's renewal and release change no key column and do not wait.
 */
export async function assertLease(q: Q, f: Fence): Promise<void> {
  // In a transaction of the group commit, held and sent with its next statement (no round trip of its own): a
  // lease found lost fails that statement, and the transaction rolls back what ran after the check.
  if (q.check) await q.check(LEASE_SQL, [f.environment, f.partition], (rows) => judgeLease(rows, f));
  else judgeLease(await q.rows(LEASE_SQL, [f.environment, f.partition]), f);
}

const LEASE_SQL = `SELECT owner, epoch, expires_at > ${DB_NOW_MS} AS live FROM partition_leases WHERE environment = $1 AND partition = $2 FOR KEY SHARE`;

function judgeLease(rows: Record<string, unknown>[], f: Fence): void {
  const row = rows[0] as { owner: string | null; epoch: number; live: boolean } | undefined;
  if (!row || row.owner !== f.owner || row.epoch !== f.epoch || !row.live) {
    throw new LeaseLostError(f.environment, f.partition, f.epoch, row ? { owner: row.owner, epoch: row.epoch } : null);
  }
}
