import type { FastifyInstance } from 'fastify';
import type { Store } from '../store/port.js';
import type { Metrics } from './metrics.js';

/**
 * Counts every answer of a listener by route pattern and status. The pattern (`/v1/accounts/:account_id`), never
 * the URL: ids in URLs would make one series per resource. Unrouted requests (404/405) count as `unmatched`.
 */
export function instrumentHttp(app: FastifyInstance, metrics: Metrics, listener: string): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ listener, method: request.method, route, status: reply.statusCode });
    metrics.httpDuration.observe({ listener, method: request.method, route }, reply.elapsedTime / 1000);
  });
}

/**
 * Times Store.transaction from the outside, at the composition root: the store's own modules are left as they are
 * (they are being split and given a PostgreSQL twin), and every adapter of the port is measured the same way.
 */
export function measureStore(store: Store, metrics: Metrics): void {
  const transaction = store.transaction.bind(store);
  const timed: Store['transaction'] = (fn) => {
    const end = metrics.storeTransaction.startTimer();
    return transaction(fn).then(
      (value) => {
        end({ outcome: 'commit' });
        return value;
      },
      (err: unknown) => {
        end({ outcome: 'rollback' });
        throw err;
      },
    );
  };
  (store as { transaction: Store['transaction'] }).transaction = timed;
}

type Command = (env: 'live' | 'sandbox', ...rest: never[]) => Promise<unknown>;

/**
 * Engine commands per environment (one partition, "0", until the engine is partitioned): latency from submission
 * to result and how many wait (commands run one after another through the store's transaction chain, so those
 * submitted and not answered are the queue). Wrapped at the composition root, as the store is.
 */
export function measureEngine(host: object, metrics: Metrics): void {
  const target = host as { command?: Command };
  const command = target.command?.bind(host);
  // A rename must not leave the metric silently empty: fail at start instead.
  if (!command) throw new Error('metrics: the engine host has no command() to time');
  target.command = (env, ...rest) => {
    const labels = env === 'live' ? LIVE : SANDBOX;
    metrics.engineQueue.inc(labels);
    const end = metrics.engineCommand.startTimer(labels);
    return command(env, ...rest).finally(() => {
      metrics.engineQueue.dec(labels);
      end();
    });
  };
}
type OnQuote = (...args: never[]) => Promise<void>;

/**
 * Tick-to-trigger lag: the engine host's handling of each price tick, from its arrival to the COMMIT (and sync) of
 * everything it fired. Ticks that fire nothing are timed too: they are the floor of the same path.
 */
export function measureTicks(host: object, metrics: Metrics): void {
  const target = host as { onQuote?: OnQuote };
  const onQuote = target.onQuote?.bind(host);
  if (!onQuote) throw new Error('metrics: the engine host has no onQuote() to time');
  const partition0 = { partition: '0' };
  target.onQuote = (...args) => {
    const end = metrics.tickLag.startTimer(partition0);
    return onQuote(...args).finally(() => end());
  };
}

const LIVE = { environment: 'live', partition: '0' };
const SANDBOX = { environment: 'sandbox', partition: '0' };

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
