import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The worker's code, run as a script (no file to ship beside the bundle): its own connection to the file, one
 * `wal_checkpoint(PASSIVE)` per message. PASSIVE neither waits for nor blocks the writer or the readers; it copies
 * the WAL frames committed when it starts into the database file and syncs it.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
parentPort.on('message', (m) => {
  if (m === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const r = checkpoint.get();
    parentPort.postMessage({ ok: true, busy: r.busy, log: r.log, checkpointed: r.checkpointed });
  } catch (e) {
    parentPort.postMessage({ ok: false, message: String((e && e.message) || e) });
  }
});
`;

export interface CheckpointOptions {
  /** How long after a commit the next checkpoint starts: the commits of that time share it (default 20 ms). */
  cadenceMs?: number;
  /** WAL frames (pages) past which a checkpoint that could not finish makes the writer wait for the next one. */
  holdFrames?: number;
}

interface WorkerAnswer {
  ok: boolean;
  busy?: number;
  log?: number;
  checkpointed?: number;
  message?: string;
}

export interface CheckpointStats {
  checkpoints: number;
  /** Checkpoints that copied every frame, so the next write starts the WAL over. */
  complete: number;
  /** Commits held back so a checkpoint could finish (the WAL had grown past holdFrames). */
  holds: number;
}

/**
 * The WAL checkpoint, on a worker thread with its own connection (the main connection runs with
 * `wal_autocheckpoint = 0`): SQLite's automatic checkpoint ran inside the COMMIT that crossed 1,000 pages, ≈10 ms on
 * the event loop every few batches. Here the loop only posts a message after a commit; the copy and the sync of the
 * database file run on another core while the loop serves requests.
 *
 * A PASSIVE checkpoint finishes (and lets the next write start the WAL from its beginning) only if nothing committed
 * while it ran. Under steady writes that may not happen, and the WAL would grow: once it holds more than
 * holdFrames frames after a checkpoint that could not finish, the writer holds its next COMMIT until the following
 * checkpoint is done (`whenCommitMay`): the rare case where the loop waits, as it did for every checkpoint before.
 */
export class Checkpointer {
  readonly stats: CheckpointStats = { checkpoints: 0, complete: 0, holds: 0 };
  /** Started at the first checkpoint: a store that never writes (a CLI read) starts no thread. */
  private worker: Worker | undefined;
  private inFlight: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  private overdue = false;
  private closed = false;
  /** The worker stopped (an error): no more checkpoints; SQLite checkpoints when the last connection closes. */
  private dead = false;
  private settle: (() => void) | undefined;

  private readonly cadenceMs: number;
  private readonly holdFrames: number;

  constructor(
    private readonly file: string,
    options: CheckpointOptions = {},
    private readonly log: (message: string) => void = () => {},
  ) {
    this.cadenceMs = options.cadenceMs ?? 20;
    // ≈32 MB of 4 KB pages: far past a checkpoint's usual size, reached only when checkpoints cannot keep up.
    this.holdFrames = options.holdFrames ?? 8000;
  }

  private startWorker(): Worker {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file: this.file, driver } });
    worker.unref();
    worker.on('message', (m: WorkerAnswer) => this.done(m));
    worker.on('error', (err) => {
      this.log(`the WAL checkpoint worker stopped: ${err.message}`);
      this.dead = true;
      this.done({ ok: false });
    });
    return worker;
  }

  /** A batch committed: a checkpoint follows within the cadence (one for all the commits of that time). */
  committed(): void {
    if (this.closed) return;
    this.dirty = true;
    if (this.timer || this.inFlight) return;
    this.timer = setTimeout(() => this.start(), this.cadenceMs);
    this.timer.unref();
  }

  /**
   * Undefined when the writer may commit now; else a promise that settles when the checkpoint it must wait for is
   * done (the WAL grew past holdFrames while checkpoints could not finish).
   */
  whenCommitMay(): Promise<void> | undefined {
    if (!this.overdue) return undefined;
    this.stats.holds++;
    if (!this.inFlight) this.start();
    return this.inFlight;
  }

  /** Waits for the checkpoint in flight, then stops the worker (before the main connection closes). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    // The worker is unref'd so a running server's checkpoints never hold the process open; while close waits for it,
    // it must: in a short-lived process (a CLI command) nothing else may keep the loop alive, and Node would end
    // with exit code 13 (a top-level await that never settled) before the checkpoint's answer or the worker's exit.
    this.worker?.ref();
    await this.inFlight;
    const worker = this.worker;
    if (!worker || this.dead) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('close');
    await exited;
  }

  private start(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.closed || this.dead || this.inFlight) return;
    this.dirty = false;
    this.inFlight = new Promise<void>((resolve) => {
      this.settle = resolve;
    });
    this.worker ??= this.startWorker();
    this.worker.postMessage('checkpoint');
  }

  private done(m: WorkerAnswer): void {
    const settle = this.settle;
    this.settle = undefined;
    this.inFlight = undefined;
    if (m.ok) {
      this.stats.checkpoints++;
      const finished = m.busy === 0 && m.checkpointed === m.log;
      if (finished) this.stats.complete++;
      this.overdue = !finished && (m.log ?? 0) > this.holdFrames;
    } else {
      // A failed checkpoint loses nothing (the WAL keeps every frame); the writer must not wait for it.
      this.overdue = false;
      if (m.message) this.log(`WAL checkpoint failed: ${m.message}`);
    }
    settle?.();
    if (!this.dead && (this.dirty || this.overdue)) this.committed();
  }
}
