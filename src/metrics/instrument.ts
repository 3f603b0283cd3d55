import type { FastifyInstance } from 'fastify';
import type { Telemetry } from '../kernel/telemetry.js';
import type { Metrics } from './metrics.js';

/**
 * Counts every answer of a listener by route pattern and status. The pattern (`/v1/accounts/:account_id`), never
 * the URL: ids in URLs would make one series per resource. Unrouted requests (404/405) count as `unmatched`.
 */
export function instrumentHttp(app: FastifyInstance, metrics: Metrics, listener: string): void {
  // Each series' children, labelled once: prom-client hashes the labels of every unlabelled inc or observe.
  const series = new Map<string, { requests: { inc(): void }; duration: { observe(v: number): void } }>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    const status = reply.statusCode;
    const key = `${method} ${status} ${route}`;
    let s = series.get(key);
    if (!s) {
      s = { requests: metrics.httpRequests.labels({ listener, method, route, status }), duration: metrics.httpDuration.labels({ listener, method, route }) };
      series.set(key, s);
    }
    s.requests.inc();
    s.duration.observe(reply.elapsedTime / 1000);
    done();
  });
}

/**
 * The Telemetry the service's parts are made with (store, engine host, webhook dispatcher, tick record), reporting
 * to this registry: engine commands per environment and partition (latency from submission to durable result, and
 * how many wait: commands run one after another through the store's transaction chain), the tick-to-trigger lag
 * (each price tick from its arrival to the COMMIT and sync of everything it fired; ticks that fire nothing are
 * timed too), store transactions by outcome, webhook attempts by outcome, tick rows dropped.
 */
export function metricsTelemetry(metrics: Metrics): Telemetry {
  // Labelled once: no label object built, merged and checked per transaction or command.
  const commit = metrics.storeTransaction.labels({ outcome: 'commit' });
  const rollback = metrics.storeTransaction.labels({ outcome: 'rollback' });
  // Per environment, the command histogram's child of each partition, labelled at its first command.
  const timers: Record<string, { observe(v: number): void }[]> = { live: [], sandbox: [] };
  return {
    transaction(outcome, seconds) {
      (outcome === 'commit' ? commit : rollback).observe(seconds);
    },
    command(environment, partition) {
      const queued = (metrics.queued[environment] ??= []);
      queued[partition] = (queued[partition] ?? 0) + 1;
      const timer = ((timers[environment] ??= [])[partition] ??= metrics.engineCommand.labels({ environment, partition: String(partition) }));
      const start = performance.now();
      return () => {
        queued[partition]! -= 1;
        timer.observe((performance.now() - start) / 1000);
      };
    },
    tick() {
      const end = metrics.tickLag.startTimer();
      return () => void end();
    },
    webhookAttempt(outcome, seconds) {
      metrics.webhookDelivery.observe({ outcome }, seconds);
    },
    ticksDropped(rows) {
      metrics.ticksDropped.inc(rows);
    },
  };
}
