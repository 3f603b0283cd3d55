import { ApiError } from '../../errors/api-error.js';

/** How long a caller turned away is told to wait: a check takes tens of milliseconds, so a second is plenty. */
const RETRY_AFTER_S = 1;

/**
 * A bound on one kind of costly work in flight in this process: at most `maxInFlight` jobs run, at most `maxQueued`
 * wait their turn, and anything past that is refused at once with 503 capacity (retryable) rather than queued
 * without bound. It keeps password hashing — 32 MiB of scrypt each, on libuv's shared thread pool — from starving
 * the pool (file syncs, DNS) or the memory under a flood of sign-ins.
 */
export class WorkGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly maxInFlight: number,
    private readonly maxQueued: number,
    private readonly busyMessage: string,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.maxInFlight) {
      this.running++;
    } else {
      if (this.waiting.length >= this.maxQueued) throw new ApiError('capacity', { message: this.busyMessage, retryAfter: RETRY_AFTER_S });
      // The slot is handed over by the job that ends (running stays as it is).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Jobs running and waiting now (metrics, tests). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
