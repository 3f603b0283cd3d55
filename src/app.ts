import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { checkAdminToken, type Config } from './config/config.js';
import { startupWarnings } from './config/startup-checks.js';
import { ApiError } from './errors/api-error.js';
import { buildAdmin } from './http/admin.js';
import { buildApi } from './http/api.js';
import { buildDashboard } from './dashboard/server.js';
import { LoadMonitor } from './http/load.js';
import { Idempotency } from './http/plugins/idempotency.js';
import { RateLimiter, type Limiter } from './http/plugins/rate-limit.js';
import { RedisRateLimiter } from './http/plugins/redis-rate-limit.js';
import type { CheckResult } from './http/operate.js';
import { signalView } from './http/views/signals.js';
import { webhookView } from './http/views/webhooks.js';
import { metricsTelemetry } from './metrics/instrument.js';
import { Metrics } from './metrics/metrics.js';
import type { Telemetry } from './kernel/telemetry.js';
import type { Clock } from './engine/clock.js';
import { randomBase62 } from './kernel/ids.js';
import { compose, type FeedHandOn, type Services } from './compose.js';
import { faultApplier } from './http/admin-routes/index.js';
import { openWebhookSecrets } from './services/secrets/webhook-secrets.js';
import { storedOrderView } from './views/trading-views.js';
import { openStore } from './store/open.js';
import { PostgresStore } from './store/postgres/postgres-store.js';
import { SqliteStore } from './store/sqlite/sqlite-store.js';
import { isPostgresUrl } from './config/config.js';
import { openNodeLink } from './cluster/node-link.js';
import { internalUrl } from './config/cluster-settings.js';
import type { Cluster } from './cluster/leases.js';
import { openCluster } from './cluster/open.js';
import { FeedLeader, type LedFeed } from './cluster/feed-leader.js';
import type { SourceFactory } from './feed/exchange-feed.js';
import { ClusterOps } from './cluster/ops.js';
import { PartitionOwnership } from './cluster/ownership.js';
import { buildInternal, RequestForwarder } from './http/internal.js';
import type { Resolve } from './events/webhook-target.js';

/** How long a node waits for the owner of a partition to answer a forwarded request (the engine waits 2 s). */
const FORWARD_TIMEOUT_MS = 10_000;

export interface BuildOptions {
  config: Config;
  logger?: Logger;
  /** Start of the manual clock. */
  clockStart?: number;
  /** Holds loading until it resolves: the API answers not_ready meanwhile (tests of start-up). */
  holdLoading?: Promise<void>;
  /** How the exchanges feed makes its sources (default: the real adapters; tests hand in fake exchanges). */
  createSource?: SourceFactory;
  /** How webhook delivery resolves names (default node:dns; tests hand in a fixed table instead of a real resolver). */
  resolveName?: Resolve;
}

export interface Bootstrap {
  customer_id: string;
  key: string;
  account_id: string | null;
  /** The demo user of the demo customer (CONTRACT §9), with its password when this start generated it. */
  demo_email: string;
  demo_password: string | undefined;
}

/** CONTRACT §9: the dashboard's demo user on a new database. */
export const DEMO_EMAIL = 'demo@rampart.local';

export interface App {
  /** The application services (src/compose.ts). */
  services: Services;
  live: FastifyInstance;
  sandbox: FastifyInstance;
  admin: FastifyInstance;
  /** The customer dashboard: its page and /session routes (RAMPART_DASHBOARD_LISTEN, docs/DASHBOARD.md). */
  dashboard: FastifyInstance;
  /** The node-to-node listener (PostgreSQL: several nodes); it listens as loading begins, at RAMPART_INTERNAL_LISTEN. */
  internal: FastifyInstance | undefined;
  /** This node's place in the cluster: its leases, the registry. */
  cluster: Cluster;
  ownership: PartitionOwnership;
  adminToken: string;
  /** Set when this start made the admin token (print it once). */
  adminTokenGenerated: boolean;
  /** Set when this start created the demo customer and key (print them once). */
  bootstrap: Bootstrap | undefined;
  /** Resolves once keys and state are loaded and the API answers. */
  loaded: Promise<void>;
  isReady(): boolean;
  /** This app's Prometheus registry (GET /metrics on the operator listener). */
  metrics: Metrics;
  close(): Promise<void>;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'rampart' },
      redact: { paths: ['req.headers.authorization', 'headers.authorization', 'key', 'token', 'secret'], censor: '[redacted]' },
    },
    destination,
  );
}

async function adminTokenFor(config: Config): Promise<{ token: string; generated: boolean }> {
  if (config.adminToken) {
    checkAdminToken(config.adminToken, 'RAMPART_ADMIN_TOKEN');
    return { token: config.adminToken, generated: false };
  }
  const file = join(config.dataDir, 'admin-token');
  if (existsSync(file)) {
    const token = readFileSync(file, 'utf8').trim();
    checkAdminToken(token, file);
    return { token, generated: false };
  }
  const token = `radm_${randomBase62(40)}`;
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { token, generated: true };
}

/** The in-process buckets, or the budgets shared through Redis when RAMPART_REDIS_URL is set. */
function makeLimiter(config: Config, clock: Clock, logger: Logger): Limiter | undefined {
  if (!config.rateLimitsEnabled) return undefined;
  if (config.redisUrl) return new RedisRateLimiter(config.redisUrl, config.redisPrefix, config.limits.rate_limits, logger);
  return new RateLimiter(config.limits.rate_limits, () => clock.now());
}

/** Wires config, store, services, feed and the three HTTP instances. Does not listen. */
export async function build(options: BuildOptions): Promise<App> {
  const { config } = options;
  // Every line names the node (RAMPART_NODE_ID), so the logs of several nodes can be read together.
  const logger = (options.logger ?? createLogger(config.logLevel)).child({ node: config.cluster.nodeId });
  // Before anything is opened or made: what the operator left loose is reported as it was found.
  startupWarnings(config, logger);
  const { token: adminToken, generated } = await adminTokenFor(config);
  // The registry first: every part is made with the telemetry it reports to. Its gauges read the parts made below
  // at scrape time, never before the listeners answer.
  const metrics: Metrics = new Metrics({
    streamClients: () => services.streams.count(),
    webhookBacklog: () => store.countDueDeliveries(services.clock.now()),
    storeLockWaits: () => store.lockWaits(),
    storeNoticesFailed: () => (store instanceof PostgresStore ? store.notices.stats.failed : 0),
    storeWal: () => (store instanceof SqliteStore ? store.checkpoints : undefined),
    nodeId: config.cluster.nodeId,
    leases: () => ownership.leases(),
    partitions: config.cluster.partitions,
  });
  const telemetry: Telemetry = metricsTelemetry(metrics);
  const store = await openStore(config.databaseUrl, { warn: (message) => logger.warn(message), telemetry });
  // SQLite made it beside its file; with PostgreSQL the key files still need it (0700, as SQLite's).
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const secrets = await openWebhookSecrets(config, store, logger).catch(async (err: unknown) => {
    await store.close();
    throw err;
  });
  // With PostgreSQL any number of nodes share the store: partitions are leased, commands forwarded to owners.
  const clustered = isPostgresUrl(config.databaseUrl);
  const cluster = openCluster(config);
  // Node-to-node requests are signed with the node secret (never the operator token: docs/SECURITY.md item 5).
  const link = clustered ? await openNodeLink(config, cluster, store, secrets, adminToken) : undefined;
  const router = link?.router;
  let advertised = internalUrl(config.cluster);
  // A node of a cluster runs the feeds only while it leads them (the feed leader, made below from them), and hands
  // their quotes and the exchanges' halts on to the others, so every node prices and refuses alike.
  const feedLead: FeedHandOn | undefined = router
    ? { quote: (q, environment) => feedLeader?.handOn(q, environment), status: (snapshot) => feedLeader?.handStatus(snapshot) }
    : undefined;
  const node = compose({
    config,
    store,
    log: logger,
    secrets,
    telemetry,
    ...(router ? { router } : {}),
    ...(feedLead ? { feedLead } : {}),
    // An account the opener activated here joins its partition's engine on whichever node holds it.
    afterActivation: async (accounts) => {
      await ops.others({ kind: 'accounts', account_ids: accounts.map((a) => a.id) });
    },
    ...(options.clockStart !== undefined ? { clockStart: options.clockStart } : {}),
    ...(options.createSource ? { createSource: options.createSource } : {}),
    ...(options.resolveName ? { resolveName: options.resolveName } : {}),
  });
  const { services } = node;
  const ops = new ClusterOps(services, router, 2 * config.cluster.leaseMs, logger, config.faults ? faultApplier(services) : undefined);
  // One feed for the cluster: a simulated or replayed feed runs on the node leading it and hands its quotes on; the
  // sandbox's own feed, if it has one, runs beside it there.
  const led: LedFeed[] = [];
  if (services.feed) led.push({ feed: services.feed, environment: 'live' });
  if (services.sandboxFeed) {
    const book = services.prices.sandbox;
    const latest = () => [...services.markets.ids].flatMap((m) => book.get(m) ?? []);
    led.push({ feed: services.sandboxFeed, environment: 'sandbox', latest });
  }
  const feedLeader = router && led.length > 0 ? new FeedLeader(led, ops, logger) : undefined;
  const ownership = new PartitionOwnership(cluster, services.engineHost, config.cluster, logger, Date.now, (leases) => feedLeader?.update(leases));
  const forwarder = router ? new RequestForwarder(services.engineHost, router, config.limits.body_max_bytes, FORWARD_TIMEOUT_MS) : undefined;
  const load = new LoadMonitor(config.limits.capacity.max_in_flight, config.limits.capacity.max_event_loop_delay_ms);
  const limiter = makeLimiter(config, services.clock, logger);
  if (!config.rateLimitsEnabled) logger.warn('RATE LIMITING IS OFF (RAMPART_RATE_LIMITS=off): for benchmarks and load tests only');
  const idempotency = new Idempotency(store, services.clock, config.limits.idempotency_ttl_ms);
  idempotency.register('account', async (id) => services.accountViews.view((await store.getAccount(id))!));
  idempotency.register('order', async (id) => storedOrderView((await store.getOrder(id))!));
  // A replay of a webhook's creation answers it with its secret, as the first answer did.
  idempotency.register('webhook', async (id) => {
    const w = await store.getWebhook(id);
    if (!w) throw new ApiError('webhook_not_found', { details: { webhook_id: id } });
    return { ...webhookView(w), secret: services.webhooks.secretOf(w) };
  });
  // A replay of a signal's creation answers the signal without its URL: only its hash is kept (docs/SIGNALS.md).
  idempotency.register('signal', async (id) => signalView((await store.getSignal(id))!));
  // Answers that are not a resource (counts, lists of markets) are stored as they were.
  idempotency.register('literal', async (text) => JSON.parse(text) as unknown);

  let ready = false;
  const isReady = () => ready;
  const probeStore = store.transaction.bind(store);
  const checks: Record<string, () => Promise<CheckResult>> = {
    engine: async () => (ready ? 'ok' : 'loading'),
    store: async () => probeStore(async () => undefined).then((): CheckResult => 'ok'),
    limiter: async () => (!limiter ? 'off' : (await limiter.reachable()) ? 'ok' : 'unreachable'),
    // The partition leases: a node whose lease rounds fail cannot keep what it holds nor take over a dead node's.
    leases: async () => (!ready ? 'loading' : ownership.healthy() ? 'ok' : 'unavailable'),
  };
  const deps = { services, load, limiter, idempotency, isReady, logger, metrics, forwarder };
  const live = await buildApi({ ...deps, environment: 'live' });
  const sandbox = await buildApi({ ...deps, environment: 'sandbox' });
  const admin = await buildAdmin(services, adminToken, logger, { cluster, ops }, { metrics, checks });
  const dashboard = await buildDashboard({ services, logger, limiter });
  const { engineHost: host, localEngine: local, clock } = services;
  const internal = link
    ? buildInternal({ config, clock, secret: link.secret, self: () => advertised, host, local, ops, api: { live, sandbox }, logger })
    : undefined;

  let bootstrap: Bootstrap | undefined;
  if (store.isNew && config.bootstrap) {
    const customer = await services.customers.create('demo');
    const created = await services.keys.create(customer.id, { environment: 'sandbox', access: 'trade', name: 'demo sandbox key' });
    const demoPassword = config.dashboard.demoPassword ?? randomBase62(20);
    await services.people.users.createDemo(customer.id, DEMO_EMAIL, demoPassword);
    bootstrap = {
      customer_id: customer.id,
      key: created.key,
      account_id: created.opened_account?.id ?? null,
      demo_email: DEMO_EMAIL,
      demo_password: config.dashboard.demoPassword === undefined ? demoPassword : undefined,
    };
  }

  const expiry = setInterval(() => void idempotency.expire().catch(() => undefined), 3_600_000);
  expiry.unref();

  const loaded = (async () => {
    await options.holdLoading;
    // A shared limiter connecting as the node starts: the first requests are measured rather than refused 503.
    if (limiter instanceof RedisRateLimiter) await limiter.connected(2000);
    await node.load();
    if (internal) {
      const at = config.cluster.internalListen;
      const address = await internal.listen({ host: at.host, port: at.port });
      // Port 0 (tests, several nodes in one process): the address other nodes reach is the one bound.
      if (at.port === 0) {
        advertised = address.replace('localhost', '127.0.0.1');
        cluster.advertise(advertised);
      }
    }
    // The first round takes this node's share of the partitions (on one node: all of them) and loads their engines.
    await ownership.start();
    node.start();
    ready = true;
  })();

  return {
    services,
    live,
    sandbox,
    admin,
    dashboard,
    internal,
    cluster,
    ownership,
    adminToken,
    adminTokenGenerated: generated,
    bootstrap,
    loaded,
    isReady,
    metrics,
    async close() {
      clearInterval(expiry);
      await Promise.allSettled([live.close(), sandbox.close(), admin.close(), dashboard.close()]);
      await loaded.catch(() => undefined);
      // Partitions are given back first (others take them at once rather than after a lease), then the rest stops.
      feedLeader?.stop();
      await ownership.stop();
      await internal?.close();
      await link?.transport.close();
      await node.stop();
      load.stop();
      await limiter?.close();
      await cluster.close();
      await store.close();
    },
  };
}
