import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RawStore } from './raw-store.js';

/** Puts the copy back (the service must be down), and forgets it. */
export type PutBack = () => Promise<void>;

const SQLITE_FILES = ['rampart.db', 'rampart.db-wal', 'rampart.db-shm'];

/**
 * A copy of the whole store taken while the service is down, to start again later from exactly that state (as an
 * operator restoring a backup would): SQLite's files, or every table of the PostgreSQL schema with its identity
 * counters. `dir` is the TestServer's directory (where its SQLite file lives).
 */
export async function setAside(raw: RawStore, dir: string): Promise<PutBack> {
  if (raw.kind === 'sqlite') {
    const saved = mkdtempSync(join(tmpdir(), 'rampart-aside-'));
    const files = (d: string) => SQLITE_FILES.filter((f) => existsSync(join(d, f)));
    for (const f of files(dir)) copyFileSync(join(dir, f), join(saved, f));
    return async () => {
      for (const f of files(dir)) rmSync(join(dir, f));
      for (const f of files(saved)) copyFileSync(join(saved, f), join(dir, f));
      rmSync(saved, { recursive: true, force: true });
    };
  }
  const [{ schema }] = (await raw.query<{ schema: string }>('SELECT current_schema() AS schema')) as [{ schema: string }];
  const aside = `${schema}_aside`;
  const tables = (await raw.query<{ t: string }>("SELECT table_name AS t FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'")).map((r) => r.t);
  const sequences = (await raw.query<{ seq: string }>("SELECT pg_get_serial_sequence(table_name, column_name) AS seq FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'")).map((r) => r.seq);
  await raw.query(`CREATE SCHEMA ${aside}`);
  for (const t of tables) await raw.query(`CREATE TABLE ${aside}.${t} AS TABLE ${schema}.${t}`);
  const counters: { seq: string; last: string; called: boolean }[] = [];
  for (const seq of sequences) {
    const [row] = await raw.query<{ last: string; called: boolean }>(`SELECT last_value::text AS last, is_called AS called FROM ${seq}`);
    counters.push({ seq, ...row! });
  }
  return async () => {
    await raw.query(`TRUNCATE ${tables.map((t) => `${schema}.${t}`).join(', ')}`);
    // Rows go back in any table order: foreign keys are not checked while they do (this connection only).
    await raw.query('SET session_replication_role = replica');
    try {
      for (const t of tables) await raw.query(`INSERT INTO ${schema}.${t} OVERRIDING SYSTEM VALUE SELECT * FROM ${aside}.${t}`);
    } finally {
      await raw.query('SET session_replication_role = DEFAULT');
    }
    for (const c of counters) await raw.query(`SELECT setval('${c.seq}', ${c.last}, ${c.called})`);
    await raw.query(`DROP SCHEMA ${aside} CASCADE`);
  };
}
