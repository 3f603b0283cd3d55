// Lock waits between partitions, measured from outside: while a load runs, the store's sessions (every node's,
// named after the store's schema: src/store/postgres/durability.ts applicationName) are sampled in
// pg_stat_activity for one waiting on a lock. Partitions share no lock on the write path: the goal is none.
import pg from 'pg';
import { applicationName } from '../src/store/postgres/durability.js';

export interface LockWaits {
  /** Samples taken (one every SAMPLE_MS). */
  samples: number;
  /** Samples that found a session of the store waiting on a lock. */
  withWaits: number;
  /** The most sessions found waiting at once. */
  most: number;
  /**
   * What waited on what, "waiting ← blocking [lock]" (the statements' kind and table; the lock waited for: a row's
   * transaction `transactionid`, a row lock `tuple`, an `advisory` lock — an Idempotency-Key another node serves —, a
   * `relation`), and how often it was seen.
   */
  pairs: Record<string, number>;
}

const SAMPLE_MS = 20;

/** Samples the store at `url` until stop() is called. */
export async function sampleLockWaits(url: string): Promise<{ stop(): Promise<LockWaits> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const out: LockWaits = { samples: 0, withWaits: 0, most: 0, pairs: {} };
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      // One query per sample: each waiting session of the store with what it waits for and whom on (a wait can end
      // between two queries, so a count and then a second look would miss what the first saw).
      const who = await client.query<{ pid: number; waiting: string; blocking: string | null; lock: string }>(
        `SELECT a.pid, a.query AS waiting, b.query AS blocking, a.wait_event AS lock FROM pg_stat_activity a
           LEFT JOIN LATERAL unnest(pg_blocking_pids(a.pid)) AS bp(pid) ON true LEFT JOIN pg_stat_activity b ON b.pid = bp.pid
         WHERE a.datname = current_database() AND a.application_name = $1 AND a.wait_event_type = 'Lock'`,
        [applicationName(url)],
      );
      const n = new Set(who.rows.map((w) => w.pid)).size;
      out.samples++;
      if (n > 0) out.withWaits++;
      // Which statement waited on which (a partition's write on another's would show here).
      for (const w of who.rows) {
        const key = `${short(w.waiting)} ← ${w.blocking === null ? 'gone' : short(w.blocking)} [${w.lock}]`;
        out.pairs[key] = (out.pairs[key] ?? 0) + 1;
      }
      out.most = Math.max(out.most, n);
      await new Promise((res) => setTimeout(res, SAMPLE_MS));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await client.end();
      return out;
    },
  };
}

/** A statement's kind and table, for telling waits apart: "UPDATE partition_leases", "SELECT … FROM quotes". */
function short(sql: string): string {
  const last = sql.split(/;\s*/).filter((x) => x.trim() && !/^(SAVEPOINT|RELEASE|BEGIN)/i.test(x.trim())).at(-1) ?? sql;
  const verb = /^\s*(\w+)/.exec(last)?.[1]?.toUpperCase() ?? '?';
  const table = /(?:FROM|INTO|UPDATE)\s+(\w+)/i.exec(last)?.[1] ?? '?';
  return `${verb} ${table}`;
}
