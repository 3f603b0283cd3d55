import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Checkpointer } from './checkpointer.js';
import { SqliteStore } from './sqlite-store.js';

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rampart-checkpoint-'));
  file = join(dir, 'rampart.db');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A writer as the store opens it: WAL, no automatic checkpoint. */
function writer(): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v BLOB NOT NULL)');
  return db;
}

const walFrames = (db: Database.Database) => (db.pragma('wal_checkpoint(NOOP)') as { log: number }[])[0]!.log;
const until = async (cond: () => boolean) => {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
};

describe('Checkpointer', () => {
  it('holds a short-lived process open while close waits for a checkpoint in flight (no exit 13)', async () => {
    // The worker is unref'd; before close ref'd it, a CLI command that closed the store during a checkpoint ended
    // about every other time with exit code 13 (its top-level await never settled). Five runs catch that.
    const script = resolve(import.meta.dirname, '../../../test/fixtures/checkpoint-close.ts');
    for (let i = 0; i < 5; i++) {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script, join(dir, `close-${i}.db`)]);
      expect(stdout).toBe('closed\n');
    }
  }, 60_000);

  it('checkpoints on its worker after commits, so the next write starts the WAL over', async () => {
    const db = writer();
    const cp = new Checkpointer(file, { cadenceMs: 1 });
    const insert = db.prepare('INSERT INTO t (v) VALUES (randomblob(4000))');
    for (let i = 0; i < 50; i++) insert.run();
    const before = walFrames(db);
    cp.committed();
    await until(() => cp.stats.complete > 0);
    insert.run();
    // The whole WAL was copied into the database file: the write after it restarted the WAL at its first frames.
    expect(walFrames(db)).toBeLessThan(before);
    expect(new Database(file, { readonly: true }).prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 51 });
    await cp.close();
    db.close();
  });

  /**
   * A writer as the store's group commit runs: each batch begins as soon as the one before committed (before any
   * checkpoint of that commit can end), asking the checkpointer first, and stays open while the event loop turns.
   * Answers the WAL's largest length in frames, how many times it started over, and how many of those in a batch
   * that had waited. (One may start over without a wait, rarely: a checkpoint the worker was asked for before a
   * COMMIT but began only after it, and ended before the next BEGIN — a thread scheduled late on a loaded box.)
   */
  async function batches(db: Database.Database, cp: Checkpointer, n: number, rows: number): Promise<{ longest: number; restarts: number; afterWait: number }> {
    const insert = db.prepare('INSERT INTO t (v) VALUES (randomblob(4000))');
    let longest = 0;
    let restarts = 0;
    let afterWait = 0;
    let last = walFrames(db);
    for (let i = 0; i < n; i++) {
      const wait = cp.beforeBegin();
      if (wait) await wait;
      db.exec('BEGIN IMMEDIATE');
      for (let r = 0; r < rows; r++) insert.run();
      // The batch stays open while the event loop turns (the store's batch grows during the sync of the one
      // before): checkpoints start and answer meanwhile, and the next batch begins right after this COMMIT.
      await new Promise((r) => setTimeout(r, 0));
      db.exec('COMMIT');
      cp.committed();
      const frames = walFrames(db);
      if (frames < last) {
        restarts++;
        if (wait) afterWait++;
      }
      last = frames;
      longest = Math.max(longest, frames);
    }
    return { longest, restarts, afterWait };
  }

  /** One commit and its checkpoint: the worker thread has started (it takes tens of ms). */
  async function warm(db: Database.Database, cp: Checkpointer): Promise<void> {
    db.prepare('INSERT INTO t (v) VALUES (randomblob(4000))').run();
    cp.committed();
    await until(() => cp.stats.checkpoints > 0);
  }

  it('makes the next batch wait for a checkpoint of everything once the WAL outgrew its bound, so it starts the WAL over', async () => {
    const db = writer();
    const cp = new Checkpointer(file, { cadenceMs: 1, restartFrames: 50 });
    await warm(db, cp);
    // 400 batches of 5 pages: 2,000 frames. Begun right after each commit, no batch would ever find the WAL copied
    // (SQLite starts it over only in a transaction begun after that): without the wait the WAL holds them all
    // (2,862 frames measured) and never starts over.
    const { longest, restarts, afterWait } = await batches(db, cp, 400, 5);
    expect(afterWait).toBeGreaterThanOrEqual(2);
    expect(restarts).toBeGreaterThanOrEqual(afterWait);
    expect(cp.stats.holds).toBeGreaterThanOrEqual(afterWait);
    // How far past its bound it grows is how many batches commit before a checkpoint reports: a box's load.
    expect(longest).toBeLessThan(2000);
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 2001 });
    await cp.close();
    db.close();
  });

  it('does not hold batches again while a reader on an old snapshot keeps checkpoints from finishing, until the WAL grew by another bound', async () => {
    const db = writer();
    const cp = new Checkpointer(file, { cadenceMs: 1, restartFrames: 50 });
    await warm(db, cp);
    const complete = cp.stats.complete;
    // A reader on an old snapshot (the operator CLI, say): no checkpoint can copy the frames written after it.
    const reader = new Database(file, { readonly: true });
    reader.exec('BEGIN');
    reader.prepare('SELECT count(*) FROM t').get();
    await batches(db, cp, 30, 5);
    await until(() => cp.stats.frames > 50);
    // Every checkpoint from here on finds the WAL past its bound and cannot finish: a hold, then none until the WAL
    // grew by another 50 frames (10 batches), not one before every batch.
    const held = cp.stats.holds;
    await batches(db, cp, 30, 5);
    expect(cp.stats.holds - held).toBeGreaterThanOrEqual(1);
    expect(cp.stats.holds - held).toBeLessThanOrEqual(4);
    expect(cp.stats.complete).toBe(complete);
    // The reader is gone: a later hold's checkpoint finishes and the WAL starts over.
    reader.exec('COMMIT');
    reader.close();
    let restarts = 0;
    for (let i = 0; i < 100 && restarts === 0; i++) restarts += (await batches(db, cp, 5, 5)).restarts;
    expect(restarts).toBeGreaterThan(0);
    expect(cp.stats.complete).toBeGreaterThan(complete);
    await cp.close();
    db.close();
  });

  it('checkpoints the store\'s batches on its worker, every row durable, the WAL kept short under steady writes', async () => {
    const store = new SqliteStore(file, undefined, { restartFrames: 300, cadenceMs: 5 });
    // 20 clients, each writing again as soon as its last write is answered: a batch is always open (it grows
    // during the sync of the one before), as under steady traffic. ≈12 MB of rows: ≈3,000 pages.
    await Promise.all(
      Array.from({ length: 20 }, async (_, c) => {
        for (let i = 0; i < 200; i++) {
          await store.transaction((tx) => tx.insertCustomer({ id: `cus_${c}_${i}`, number: c * 1000 + i + 1, name: 'x'.repeat(3000), api_enabled: true, created_at: 1 }));
        }
      }),
    );
    // The WAL started over (its header counts the times, bytes 12–15) about once per 300 frames written: without the
    // wait at most once, at the start, and its file held every page written (≈7,800 frames, 32 MB).
    const restarts = readFileSync(`${file}-wal`).readUInt32BE(12);
    expect(restarts).toBeGreaterThanOrEqual(3);
    expect(store.checkpoints?.holds).toBeGreaterThan(0);
    await store.close();
    // The store closed cleanly: SQLite's last connection folded the WAL into the file.
    expect(statSync(file).size).toBeGreaterThan(4000 * 3000);
    const db = new Database(file, { readonly: true });
    expect(db.prepare('SELECT count(*) AS n FROM customers').get()).toEqual({ n: 4000 });
    db.close();
  });
});
