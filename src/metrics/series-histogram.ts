import type { Metric, Registry } from 'prom-client';

/** One line of the exposition, as prom-client's registry reads a metric's values. */
interface Value {
  labels: Record<string, string | number>;
  value: number;
  metricName: string;
}

/** One labelled series: a count per bucket (the last for values above every bound), their sum and count. */
export class Series {
  private readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Readonly<Record<string, string>>,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    if (!Number.isFinite(value)) throw new TypeError(`Value is not a valid number: ${value}`);
    let i = 0;
    while (i < this.bounds.length && value > this.bounds[i]!) i++;
    this.counts[i]! += 1;
    this.sum += value;
    this.count += 1;
  }

  clear(): void {
    this.counts.fill(0);
    this.sum = 0;
    this.count = 0;
  }

  /** The bucket counts as Prometheus shows them: each bound's count of values at or below it. */
  cumulative(): number[] {
    let acc = 0;
    return this.bounds.map((_, i) => (acc += this.counts[i]!));
  }
}

/**
 * A Prometheus histogram for the hot paths (each HTTP answer, store transaction and engine command): a series is
 * labelled once and kept, and an observation is a bucket search and three additions. prom-client's own histogram
 * builds, checks and hashes the labels on every observation, even through a child from `labels()` — ≈1.5 µs each,
 * three per placed order (docs/PERFORMANCE.md, run 20). Registered in a prom-client Registry beside its metrics and
 * exposed in the same text: `_bucket{…,le}` (cumulative, then `+Inf`), `_sum`, `_count` per series.
 */
export class SeriesHistogram<L extends string> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, Series>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly L[],
    private readonly bounds: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as unknown as Metric);
  }

  /** The series of these labels (every label name given), made at its first use and kept. */
  labels(labels: Readonly<Record<L, string>>): Series {
    const key = this.labelNames.map((n) => labels[n]).join('\u0000');
    let s = this.series.get(key);
    if (!s) {
      const own: Record<string, string> = {};
      for (const n of this.labelNames) own[n] = labels[n];
      s = new Series(own, this.bounds);
      this.series.set(key, s);
    }
    return s;
  }

  /** Makes the series at zero (a rate() over it is defined from the first scrape). */
  zero(labels: Readonly<Record<L, string>>): void {
    this.labels(labels);
  }

  /**
   * Forgets every observation (prom-client's `Registry.resetMetrics` calls this on each metric). In place: the series
   * handed out go on counting.
   */
  reset(): void {
    for (const s of this.series.values()) s.clear();
  }

  /** What prom-client's registry reads of a metric to write its text (`getMetricsAsString`). */
  get(): { name: string; help: string; type: 'histogram'; values: Value[]; aggregator: 'sum' } {
    const values: Value[] = [];
    for (const s of this.series.values()) {
      s.cumulative().forEach((n, i) => values.push({ labels: { le: this.bounds[i]!, ...s.labels }, value: n, metricName: `${this.name}_bucket` }));
      values.push({ labels: { le: '+Inf', ...s.labels }, value: s.count, metricName: `${this.name}_bucket` });
      values.push({ labels: s.labels, value: s.sum, metricName: `${this.name}_sum` });
      values.push({ labels: s.labels, value: s.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: 'histogram', values, aggregator: 'sum' };
  }
}
