import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

/**
 * What overload shedding looks at: requests in flight across the listeners and the event loop's delay.
 * Past either bound new requests answer 503 capacity instead of queueing without bound.
 */
export class LoadMonitor {
  inFlight = 0;
  private readonly histogram: IntervalHistogram;
  private delayMs = 0;
  private timer: NodeJS.Timeout;

  constructor(
    readonly maxInFlight: number,
    readonly maxDelayMs: number,
  ) {
    this.histogram = monitorEventLoopDelay({ resolution: 20 });
    this.histogram.enable();
    this.timer = setInterval(() => {
      this.delayMs = this.histogram.percentile(99) / 1e6;
      this.histogram.reset();
    }, 1000);
    this.timer.unref();
  }

  get eventLoopDelayMs(): number {
    return this.delayMs;
  }

  overloaded(): boolean {
    return this.inFlight > this.maxInFlight || this.delayMs > this.maxDelayMs;
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }
}
