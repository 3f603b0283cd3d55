/**
 * One step at a time, first come first served: each adapter runs its transactions through one chain per process
 * (SQLite: the one connection must never interleave two; PostgreSQL: the engine beside the store is in memory and
 * its undo callbacks assume transactions do not overlap).
 */
export class WriterChain {
  private chain: Promise<unknown> = Promise.resolve();

  async run<T>(fn: () => Promise<T> | T): Promise<T> {
    const previous = this.chain;
    let release!: () => void;
    this.chain = new Promise<void>((r) => (release = r));
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  }

  /** Settles when every step queued so far has run. */
  idle(): Promise<unknown> {
    return this.chain;
  }
}
