import type { EngineHost } from '../engine-host/host.js';
import type { FastifyInstance } from 'fastify';
import type { Store } from '../store/port.js';
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
 * Times Store.transaction from the outside, at the composition root: the store's own modules are left as they are
 * (they are being split and given a PostgreSQL twin), and every adapter of the port is measured the same way.
 */
export function measureStore(store: Store, metrics: Metrics): void {
  const transaction = store.transaction.bind(store);
  // Labelled once: no label object built, merged and checked per transaction.
  const commit = metrics.storeTransaction.labels({ outcome: 'commit' });
  const rollback = metrics.storeTransaction.labels({ outcome: 'rollback' });
  const timed: Store['transaction'] = (fn) => {
    const start = performance.now();
    return transaction(fn).then(
      (value) => {
        commit.observe((performance.now() - start) / 1000);
        return value;
      },
      (err: unknown) => {
        rollback.observe((performance.now() - start) / 1000);
        throw err;
      },
    );
  };
  (store as { transaction: Store['transaction'] }).transaction = timed;
}

/**
 * Engine commands per environment and partition: latency from submission to durable result and how many wait
 * (commands run one after another through the store's transaction chain, so those submitted and not answered are
 * the queue); and the tick-to-trigger lag: each price tick from its arrival to the COMMIT (and sync) of everything
 * it fired (ticks that fire nothing are timed too: the floor of the same path).
 */
export function measureEngine(host: EngineHost, metrics: Metrics): void {
  // Per environment, the command histogram's child of each partition, labelled at its first command.
  const timers: Record<string, { observe(v: number): void }[]> = { live: [], sandbox: [] };
  host.observer = {
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
      return metrics.tickLag.startTimer();
    },
  };
}

type Send = (...args: never[]) => Promise<number>;

/** Webhook attempts: the dispatcher's POST to the endpoint, timed from outside (its module is left as it is). */
export function measureWebhooks(dispatcher: object, metrics: Metrics): void {
  const target = dispatcher as { send?: Send };
  const send = target.send?.bind(dispatcher);
  if (!send) throw new Error('metrics: the webhook dispatcher has no send() to time');
  target.send = (...args) => {
    const end = metrics.webhookDelivery.startTimer();
    return send(...args).then(
      (status) => {
        end({ outcome: status >= 200 && status < 300 ? 'success' : 'refused' });
        return status;
      },
      (err: unknown) => {
        end({ outcome: 'error' });
        throw err;
      },
    );
  };
}
