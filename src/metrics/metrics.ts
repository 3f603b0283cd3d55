import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { SeriesHistogram } from './series-histogram.js';

/** Readings taken at scrape time from what the process already keeps (no bookkeeping on the hot path). */
export interface MetricSources {
  /** Open account streams (SSE), all environments. */
  streamClients(): number;
  /** Webhook deliveries due now and not yet attempted (a store read, at scrape time only). */
  webhookBacklog(): Promise<number>;
  /** The store's sessions waiting for a lock now (a store read, at scrape time only). */
  storeLockWaits(): Promise<number>;
  /** Messages of notices to the other nodes (PostgreSQL, sent after each COMMIT) that failed; 0 on SQLite. */
  storeNoticesFailed(): number;
  /** SQLite's WAL: its length at the last checkpoint and the batches that waited so it could start over; none on PostgreSQL. */
  storeWal(): { frames: number; holds: number } | undefined;
  /** This node's name (RAMPART_NODE_ID). */
  nodeId: string;
  /** The partition leases this node holds now, with their epochs. */
  leases(): { environment: string; partition: number; epoch: number }[];
  /** Partitions per environment (RAMPART_ENGINE_PARTITIONS). */
  partitions: number;
}

const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The process's Prometheus metrics, in a Registry of its own: two apps in one process (tests, a restart) never
 * share or collide on a metric. Served as text by GET /metrics on the operator listener.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests = new Counter({
    name: 'rampart_http_requests_total',
    help: 'HTTP requests answered, by listener, method, route pattern (never the raw URL) and status',
    labelNames: ['listener', 'method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly httpDuration = new SeriesHistogram(
    'rampart_http_request_duration_seconds',
    'Time from the request arriving to its answer being sent, by listener, method and route pattern',
    ['listener', 'method', 'route'] as const,
    LATENCY_BUCKETS,
    this.registry,
  );
  readonly engineCommand = new SeriesHistogram(
    'rampart_engine_command_duration_seconds',
    'Engine commands from submission to durable result (queueing, engine, store commit), per environment and partition',
    ['environment', 'partition'] as const,
    LATENCY_BUCKETS,
    this.registry,
  );
  /**
   * Engine commands submitted and not answered, by environment and partition number: counted here on the command
   * path (no labels to build and hash twice per command), read into the gauge at scrape time.
   */
  readonly queued: Record<string, number[]> = { live: [], sandbox: [] };
  readonly engineQueue = new Gauge({
    name: 'rampart_engine_queue_depth',
    help: 'Engine commands submitted and not yet answered, per environment and partition',
    labelNames: ['environment', 'partition'] as const,
    registers: [this.registry],
    collect: () => {
      for (const [environment, counts] of Object.entries(this.queued)) {
        counts.forEach((n, p) => this.engineQueue.set({ environment, partition: String(p) }, n));
      }
    },
  });
  readonly tickLag = new Histogram({
    name: 'rampart_engine_tick_to_trigger_seconds',
    help: 'From a price tick reaching the engine host to what it triggered (stops, take-profits, fills) being durable, in every partition this node holds',
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly storeTransaction = new SeriesHistogram(
    'rampart_store_transaction_duration_seconds',
    'Store transactions from call to durable commit (or rollback), group-commit wait and WAL sync included',
    ['outcome'] as const,
    LATENCY_BUCKETS,
    this.registry,
  );
  readonly rateLimited = new Counter({
    name: 'rampart_rate_limit_rejections_total',
    help: 'Requests refused 429 rate_limited, by budget scope',
    labelNames: ['scope'] as const,
    registers: [this.registry],
  });
  readonly limiterUnavailable = new Counter({
    name: 'rampart_rate_limiter_unavailable_total',
    help: 'Requests refused 503 limiter_unavailable because the shared limiter (Redis) did not answer',
    registers: [this.registry],
  });
  readonly webhookDelivery = new Histogram({
    name: 'rampart_webhook_delivery_duration_seconds',
    help: 'Webhook delivery attempts (POST to the endpoint), by outcome: success (2xx), refused (other status), error',
    labelNames: ['outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly ticksDropped = new Counter({
    name: 'rampart_ticks_dropped_total',
    help: 'Rows of the tick record dropped unwritten because its buffer was full (the store did not keep up)',
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    collectDefaultMetrics({ register: this.registry, prefix: 'rampart_' });
    new Gauge({
      name: 'rampart_stream_clients',
      help: 'Open account streams (SSE)',
      registers: [this.registry],
      collect() {
        this.set(sources.streamClients());
      },
    });
    new Gauge({
      name: 'rampart_webhook_backlog',
      help: 'Webhook deliveries due now and not yet attempted (read at scrape time)',
      registers: [this.registry],
      async collect() {
        // A store that cannot answer leaves the last reading: the scrape itself must still succeed.
        await sources.webhookBacklog().then((n) => this.set(n), () => undefined);
      },
    });
    new Gauge({
      name: 'rampart_store_lock_waits',
      help: "The store's sessions (every node's) waiting for a lock now; partitions never wait on one another (read at scrape time)",
      registers: [this.registry],
      async collect() {
        await sources.storeLockWaits().then((n) => this.set(n), () => undefined);
      },
    });
    this.countOf(
      'rampart_store_notices_failed_total',
      "Messages of notices to the other nodes that failed after their COMMIT (PostgreSQL): the other nodes saw those events on their next poll of the log and those accounts' figures at their cache's next check",
      () => sources.storeNoticesFailed(),
    );
    new Gauge({
      name: 'rampart_store_wal_frames',
      help: "SQLite: the WAL's length in pages as the last checkpoint found it (it starts over past 16,000); 0 on PostgreSQL",
      registers: [this.registry],
      collect() {
        this.set(sources.storeWal()?.frames ?? 0);
      },
    });
    this.countOf(
      'rampart_store_wal_restart_waits_total',
      'SQLite: batches that waited for a checkpoint of the whole WAL before they began, so that the WAL could start over (a few ms each)',
      () => sources.storeWal()?.holds ?? 0,
    );
    new Gauge({
      name: 'rampart_node_info',
      help: 'This node (RAMPART_NODE_ID); always 1',
      labelNames: ['node'] as const,
      registers: [this.registry],
    }).set({ node: sources.nodeId }, 1);
    new Gauge({
      name: 'rampart_partition_lease_epoch',
      help: 'Per engine partition: the epoch of the lease this node holds, 0 when it holds none (another node owns it)',
      labelNames: ['environment', 'partition'] as const,
      registers: [this.registry],
      collect() {
        const held = new Map(sources.leases().map((l) => [`${l.environment}/${l.partition}`, l.epoch]));
        for (const environment of ['live', 'sandbox']) {
          for (let p = 0; p < sources.partitions; p++) this.set({ environment, partition: String(p) }, held.get(`${environment}/${p}`) ?? 0);
        }
      },
    });
    // Known series start at zero, so a rate() over them is defined from the first scrape.
    for (const environment of ['live', 'sandbox']) {
      for (let p = 0; p < sources.partitions; p++) {
        this.queued[environment]![p] = 0;
        this.engineCommand.zero({ environment, partition: String(p) });
      }
    }
    this.tickLag.zero({});
    this.ticksDropped.inc(0);
  }

  /** A counter that follows a count a part keeps itself (it only grows), read at scrape time. */
  private countOf(name: string, help: string, read: () => number): void {
    let seen = 0;
    new Counter({
      name,
      help,
      registers: [this.registry],
      collect() {
        const n = read();
        if (n > seen) this.inc(n - seen);
        seen = n;
      },
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
