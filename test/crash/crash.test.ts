import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startChild, type ChildServer } from '../helpers/child-server.js';
import { CrashRun, type EventRow } from '../helpers/crash-run.js';

/**
 * Crash safety (issue 7): a server in its own process takes parallel order traffic, every creating call with an
 * Idempotency-Key, and is killed with SIGKILL at a random moment, several times. After each restart on the same
 * SQLite file nothing acknowledged is lost, nothing is doubled, the restart transition ran, retries of the
 * unanswered calls answer the original or make exactly one, and the event log has no gap and no duplicate.
 * The traffic and the checks are test/helpers/crash-run.ts (batch-crash.test.ts kills at chosen moments of a batch).
 *
 * CRASH_KILLS (default 3) and CRASH_SEED (default: random, printed on failure) replay or extend a run.
 */

const KILLS = Number(process.env.CRASH_KILLS ?? 3);
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));

const run = new CrashRun(SEED);
const dir = mkdtempSync(join(tmpdir(), 'rampart-crash-'));
const dbFile = join(dir, 'rampart.db');
let child: ChildServer | undefined;

afterAll(async () => {
  await child?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function start(phase: number): Promise<ChildServer> {
  const c = await startChild({ dbFile });
  await run.prepare(c, phase);
  return c;
}

/** Parallel traffic until a random moment, then SIGKILL. */
async function trafficThenKill(c: ChildServer, phase: number): Promise<void> {
  let running = true;
  const traffic = run.traffic(c, phase, () => running);
  const early = c.exited.then(({ code, signal }) => {
    if (running) throw new Error(`the server died on its own (${code ?? signal}) (${run.where()}):\n${c.output().slice(-4000)}`);
  });
  await Promise.race([new Promise((r) => setTimeout(r, run.between(1200, 3500))), early]);
  await c.kill();
  running = false;
  await traffic;
  const { signal } = await c.exited;
  expect(signal, `the server ended by itself rather than by our SIGKILL (${run.where()})`).toBe('SIGKILL');
}

/** The event log, read from the SQLite file. */
function eventRows(): EventRow[] {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT cseq AS seq, id, environment, account_id, customer_id, type, data FROM events ORDER BY environment, customer_id, cseq').all() as EventRow[];
  } finally {
    db.close();
  }
}

describe('crash safety', () => {
  it(`loses and doubles nothing across ${KILLS} SIGKILLs under parallel order traffic`, async () => {
    child = await start(0);
    await run.addCustomers(child);
    await run.openAccounts(child);

    let restartCancels = 0;
    for (let phase = 0; phase < KILLS; phase++) {
      await run.openAccounts(child);
      await trafficThenKill(child, phase);
      child = await start(phase + 1);
      await run.verifyTransition(child);
      await run.openAccounts(child);
      await run.retryUnanswered(child, phase);
      await run.replaySample(child);
      const snap = await run.verifyAccounts(child);
      await run.verifyEvents(child, snap, eventRows());
      restartCancels = [...snap.orders.values()].filter((o) => o.cancel_reason === 'system_restart').length;
    }
    const answered = run.sent.filter((s) => s.answer).length;
    // The run did what it is for: traffic was acknowledged, some was cut off by a kill, the transition canceled.
    expect(answered, `${answered} answered of ${run.sent.length} (${run.where()}) ${JSON.stringify(Object.fromEntries(run.statuses))}`).toBeGreaterThan(KILLS * 20);
    expect(restartCancels, `orders canceled system_restart (${run.where()})`).toBeGreaterThan(0);
    if (process.env.CRASH_DEBUG) console.log(run.summary());
  }, 180_000);
});
