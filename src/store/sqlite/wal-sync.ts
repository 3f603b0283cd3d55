import { closeSync, fdatasync, openSync } from 'node:fs';
import { StoreUnavailableError } from '../port.js';

/** Test-only: make the next syncs fail, or hold them until the promise settles. */
export interface SyncFaults {
  failing: boolean;
  hold: Promise<void> | undefined;
}

/**
 * The sync of the WAL, off the event loop: the COMMIT wrote the WAL without syncing it (synchronous=NORMAL), and
 * fdatasync runs on libuv's thread pool before any batch it covers is settled. One sync at a time; the batches
 * committed meanwhile share the next one (the group commit's fsync, pipelined with the following batches' work).
 */
export class WalSync<B> {
  /**
   * Set when a sync failed: the batches it covered may not be on disk and the OS may have dropped the pages it
   * could not write, so nothing more is acknowledged (every call answers store unavailable) until the process
   * restarts and SQLite recovers the file.
   */
  broken: StoreUnavailableError | undefined;
  /** Opened at the first sync; it lives as long as the connections. */
  private fd: number | undefined;
  /** Batches committed and written to the WAL, waiting for the sync that makes them durable. */
  private unsynced: B[] = [];
  /** The sync in flight: it covers the batches committed before it started; later ones wait for the next. */
  private syncing: Promise<void> | undefined;

  constructor(
    private readonly walFile: string,
    private readonly faults: SyncFaults,
    private readonly stats: { syncs: number },
    /** A batch is on disk. */
    private readonly settle: (batch: B) => void,
    /** A batch may not be on disk: its members fail with err. */
    private readonly fail: (batch: B, err: StoreUnavailableError) => void,
  ) {}

  /** A batch was committed to the WAL: it settles after the sync that covers it. */
  add(batch: B): void {
    this.unsynced.push(batch);
    this.sync();
  }

  /**
   * What a read of the event log waits for: the syncs that cover what is committed now, at most two — the one in
   * flight, then the one that covers the batches waiting for it now. Not "until no sync runs", which under steady
   * writes (a new sync starts as each one ends) could wait for ever. A batch that commits during the wait may be
   * read ≈1 ms before its own sync (lost only to a power cut in that window). Undefined when nothing is syncing.
   */
  waitForLog(): Promise<void> | undefined {
    if (!this.syncing) return undefined;
    const waiting = this.unsynced.length > 0;
    return (async () => {
      await this.syncing;
      if (waiting && this.syncing) await this.syncing;
    })();
  }

  /** The sync in flight (settles after the batches it covers were settled), or undefined. */
  get inFlight(): Promise<void> | undefined {
    return this.syncing;
  }

  /** Waits until no sync is in flight (close). */
  async drain(): Promise<void> {
    while (this.syncing) await this.syncing;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
  }

  private sync(): void {
    if (this.syncing || this.unsynced.length === 0) return;
    const covered = this.unsynced;
    this.unsynced = [];
    // Settled in a then(): `syncing` is set before afterSync can clear it, even when syncFile fails at once.
    this.syncing = this.syncFile().then(
      () => this.afterSync(covered, undefined),
      (err: unknown) => this.afterSync(covered, err ?? new Error('sync failed')),
    );
  }

  private async syncFile(): Promise<void> {
    if (this.faults.hold) await this.faults.hold;
    if (this.faults.failing) throw Object.assign(new Error('EIO: i/o error, fdatasync (injected fault)'), { code: 'EIO' });
    this.fd ??= openSync(this.walFile, 'r+');
    const fd = this.fd;
    await new Promise<void>((resolve, reject) => fdatasync(fd, (e) => (e ? reject(e) : resolve())));
  }

  private afterSync(covered: B[], err: unknown): void {
    this.syncing = undefined;
    if (err !== undefined || this.broken) {
      this.broken ??= new StoreUnavailableError(`the store could not sync its log to disk: ${(err as Error).message}`);
      // Committed in the file but perhaps not on disk: answered as unavailable (retryable; a retry with the same
      // Idempotency-Key after the restart gets the stored answer if the write survived, or runs anew if not).
      for (const b of covered) this.fail(b, this.broken);
    } else {
      this.stats.syncs++;
      for (const b of covered) this.settle(b);
    }
    this.sync();
  }
}
