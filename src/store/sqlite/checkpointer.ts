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
  /**
   * How long after a commit the next checkpoint starts: the commits of that time share it, and a page they all wrote
   * (an account's index leaf) is copied once (default 100 ms; at 20 ms the worker spent 23–26 µs per market order,
   * at 100 ms 11–13, and wrote 17% fewer bytes: docs/PERFORMANCE.md run 19).
   */
  cadenceMs?: number;
  /**
   * WAL frames (pages) past which the writer, before its next batch, waits for a checkpoint of everything committed,
   * so that batch starts the WAL over from its beginning (default 16,000: ≈64 MB of 4 KB pages, the WAL file's size
   * once reached). Each wait lasts a checkpoint (3–12 ms measured) and delays the requests of that moment: at 1,000
   * frames a server placing market orders waited 129 times in 20 s (every ≈100 ms at 1,500 orders/s, a few % of
   * the orders delayed, in the p99); at 16,000, sixteen times fewer.
   */
  restartFrames?: number;
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
  /** Checkpoints that copied every frame, so a write transaction that begins after it starts the WAL over. */
  complete: number;
  /** Batches held back until a checkpoint had copied every frame, so the WAL could start over. */
  holds: number;
  /** The WAL's length in frames (pages) as the last checkpoint found it: under restartFrames and a batch or two. */
  frames: number;
}

/**
 * The WAL checkpoint, on a worker thread with its own connection (the main connection runs with
 * `wal_autocheckpoint = 0`): SQLite's automatic checkpoint ran inside the COMMIT that crossed 1,000 pages, ≈10 ms on
 * the event loop every few batches. Here the loop only posts a message after a commit; the copy and the sync of the
 * database file run on another core while the loop serves requests.
 *
 * SQLite starts the WAL over only in a write transaction that *began* after a checkpoint had copied every frame.
 * Under steady writes the writer begins its next batch right after each COMMIT, before the checkpoint of that
 * COMMIT's frames can end, so without help the WAL never starts over: it grew by ≈25 MB a second of market orders
 * (hundreds of MB in a bench run; in production, for as long as the writes never pause), every frame appended to
 * the file's end, where the kernel allocates and zeroes each new block (the zeroing alone ≈6% of the CPU samples of
 * a server placing market orders on SQLite; docs/PERFORMANCE.md run 19).
 *
 * So once the WAL holds more than restartFrames frames, the writer waits before its next BEGIN for a checkpoint
 * that started after its last COMMIT (`beforeBegin`): that batch starts the WAL over, and the frames after it
 * overwrite blocks the file already has. A checkpoint that could not copy everything (a reader on an old snapshot,
 * such as the operator CLI) is not waited for again until the WAL grew by another restartFrames. The longest wait
 * is the first batch after a restart transition that canceled many orders (≈200 MB of WAL with 100k of them): it
 * waits for the rest of that WAL's copy, which the worker starts 100 ms after that commit anyway (the first order
 * after such a start was answered in 59 ms: docs/PERFORMANCE.md run 20); reads are answered meanwhile.
 */
export class Checkpointer {
  readonly stats: CheckpointStats = { checkpoints: 0, complete: 0, holds: 0, frames: 0 };
  /** Started at the first checkpoint: a store that never writes (a CLI read) starts no thread. */
  private worker: Worker | undefined;
  private inFlight: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** A commit since the last checkpoint started: its frames are not all copied. */
  private dirty = false;
  private closed = false;
  /** The worker stopped (an error): no more checkpoints; SQLite checkpoints when the last connection closes. */
  private dead = false;
  private settle: (() => void) | undefined;
  /** The WAL's frames as the last checkpoint found them (since it last started over). */
  private frames = 0;
  /** The WAL's length in frames past which the next batch waits for a checkpoint so it can start the WAL over. */
  private restartAt: number;
  /** The last checkpoint copied every frame there was. */
  private finished = false;

  private readonly cadenceMs: number;
  private readonly restartFrames: number;

  constructor(
    private readonly file: string,
    options: CheckpointOptions = {},
    private readonly log: (message: string) => void = () => {},
  ) {
    this.cadenceMs = options.cadenceMs ?? 100;
    this.restartFrames = options.restartFrames ?? 16_000;
    this.restartAt = this.restartFrames;
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
   * Undefined when the writer may begin its next batch now; else a promise that settles once a checkpoint started
   * after the last commit has ended, so that the batch begun next starts the WAL over (the WAL outgrew
   * restartFrames). Called with no batch open.
   */
  beforeBegin(): Promise<void> | undefined {
    if (this.frames <= this.restartAt || this.closed || this.dead) return undefined;
    this.stats.holds++;
    return this.checkpointAll();
  }

  private async checkpointAll(): Promise<void> {
    if (this.inFlight) await this.inFlight;
    if (this.dirty && !this.inFlight) this.start();
    if (this.inFlight) await this.inFlight;
    if (this.finished && !this.dirty) {
      // The next write starts the WAL over; the checkpoint after it reports its new length.
      this.frames = 0;
      this.restartAt = this.restartFrames;
    } else {
      // A reader holds an old snapshot (or the worker failed): not again until the WAL grew by another step.
      this.restartAt = this.frames + this.restartFrames;
    }
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
      this.finished = m.busy === 0 && m.checkpointed === m.log;
      if (this.finished) this.stats.complete++;
      this.frames = m.log ?? 0;
      this.stats.frames = this.frames;
      if (this.frames <= this.restartFrames) this.restartAt = this.restartFrames;
    } else {
      // A failed checkpoint loses nothing (the WAL keeps every frame); the writer must not wait for it again soon.
      this.finished = false;
      if (m.message) this.log(`WAL checkpoint failed: ${m.message}`);
    }
    settle?.();
    if (!this.dead && this.dirty) this.committed();
  }
}
