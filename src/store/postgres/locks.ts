import type { Q } from './durability.js';

/**
 * Named locks between the nodes on one schema: transaction-scoped advisory locks (released by COMMIT or
 * ROLLBACK, so a node that dies holding one frees it with its connection). Keyed by the schema like the event
 * log's writer lock, so that schemas of one database (tests in parallel) never contend.
 */
const KEY = "hashtext('rampart.' || $1 || ':' || current_schema())";

export function lockWrites(q: Q) {
  return {
    // A wait longer than lock_timeout answers 55P03, a StoreUnavailableError (durability.ts).
    lock: async (name: string) => {
      await q.rows(`SELECT pg_advisory_xact_lock(${KEY})`, [name]);
    },
    tryLock: async (name: string) => (await q.rows<{ ok: boolean }>(`SELECT pg_try_advisory_xact_lock(${KEY}) AS ok`, [name]))[0]!.ok,
  };
}
