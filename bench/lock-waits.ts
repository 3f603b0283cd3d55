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
}

const SAMPLE_MS = 20;

/** Samples the store at `url` until stop() is called. */
export async function sampleLockWaits(url: string): Promise<{ stop(): Promise<LockWaits> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const out: LockWaits = { samples: 0, withWaits: 0, most: 0 };
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const r = await client.query<{ n: string }>(
        "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1 AND wait_event_type = 'Lock'",
        [applicationName(url)],
      );
      const n = Number(r.rows[0]!.n);
      out.samples++;
      if (n > 0) out.withWaits++;
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
