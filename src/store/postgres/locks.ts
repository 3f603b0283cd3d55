import type { IdempotencyClaim, IdempotencyRecord, LockWrites } from '../port.js';
import type { Q, Row } from './durability.js';

/**
 * Named locks between the nodes on one schema: transaction-scoped advisory locks (released by COMMIT or
 * ROLLBACK, so a node that dies holding one frees it with its connection). Keyed by the schema like the event
 * log's writer lock, so that schemas of one database (tests in parallel) never contend.
 */
const KEY = "hashtext('rampart.' || $1 || ':' || current_schema())";

export function lockWrites(q: Q): LockWrites {
  return {
    // A wait longer than lock_timeout answers 55P03, a StoreUnavailableError (durability.ts).
    lock: async (name: string) => {
      await q.rows(`SELECT pg_advisory_xact_lock(${KEY})`, [name]);
    },
    tryLock: async (name: string) => (await q.rows<{ ok: boolean }>(`SELECT pg_try_advisory_xact_lock(${KEY}) AS ok`, [name]))[0]!.ok,
    // One statement (sent with what the transaction holds, its BEGIN too): the function (migration 012) reads the
    // record in a statement of its own after taking the lock, so it sees what the lock's last holder committed.
    claimIdempotency: async (lock: string, scope: string, key: string) => claimOf(await q.rows(CLAIM, [lock, scope, key]), scope, key),
    // The same statement held, judged when the message it travels in (the call's writes, a market order's) is answered.
    checkIdempotency: async (lock: string, scope: string, key: string, judge: (claim: IdempotencyClaim) => void) => {
      if (q.check) await q.check(CLAIM, [lock, scope, key], (rows) => judge(claimOf(rows, scope, key)));
      else judge(claimOf(await q.rows(CLAIM, [lock, scope, key]), scope, key));
    },
  };
}

const CLAIM = 'SELECT * FROM rampart_claim_idempotency($1, $2, $3)';

function claimOf(rows: Row[], scope: string, key: string): IdempotencyClaim {
  const { locked, ...prior } = rows[0] as Omit<IdempotencyRecord, 'scope' | 'key'> & { locked: boolean };
  return { locked, prior: locked && prior.fingerprint !== null ? { scope, key, ...prior } : undefined };
}
