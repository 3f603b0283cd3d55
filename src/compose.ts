import type { FastifyBaseLogger } from 'fastify';
import { hostOf, type Config } from './config/config.js';
import { ManualClock, SystemClock, type Clock } from './engine/clock.js';
import { TradingCalendar } from './engine/trading-day.js';
import { NewsService } from './services/news.js';
import { Rulebooks } from './services/rulebooks.js';
import { FaultyEngine } from './engine-host/faults.js';
import { EngineHost } from './engine-host/host.js';
import { InProcessEngine } from './engine-host/in-process.js';
import type { EnginePort } from './engine-host/port.js';
import { ClusterEngine } from './cluster/cluster-engine.js';
import type { PartitionRouter } from './cluster/forwarding.js';
import { CLOCK_SETTING } from './cluster/ops.js';
import { parseCrashPoint } from './config/crash-point.js';
import { withFaults, type StoreFaults } from './store/faults.js';
import { EventLog } from './events/event-log.js';
import { StreamHub } from './events/stream-hub.js';
import { WebhookService } from './events/webhooks.js';
import { SignalService } from './signals/signals.js';
import type { PriceFeed, Quote, QuoteSink } from './feed/quotes.js';
import { ExchangeFeed, type SourceFactory } from './feed/exchange-feed.js';
import { FeedStatusBoard, type FeedSnapshot } from './feed/feed-status.js';
import { PriceBooks } from './feed/price-books.js';
import { ReplayFeed } from './feed/replay.js';
import { sandboxFeed } from './feed/sandbox.js';
import { SimulatedFeed } from './feed/simulated.js';
import { TickLog } from './feed/tick-recorder.js';
import type { Environment } from './schemas/common.js';
import type { AccountRecord, Store } from './store/port.js';
import { NO_TELEMETRY, type Telemetry } from './kernel/telemetry.js';
import { AccountViews } from './services/account-views.js';
import { AccountService } from './services/accounts.js';
import { CredentialService } from './services/credential-service.js';
import { CustomerService } from './services/customers.js';
import { AccountOpener } from './services/account-opener.js';
import { environmentDisabled, EnvironmentService } from './services/environments.js';
import { KeyService } from './services/keys.js';
import { MarketService } from './services/markets.js';
import { OrderLists } from './services/order-lists.js';
import { People } from './services/people/people.js';
import type { SecretBox } from './services/secrets/keyring.js';
import { TickRecordService } from './services/tick-record.js';
import { TokenService } from './services/tokens.js';
import type { Resolve } from './events/webhook-target.js';

/** How long a command sent to another node may take beyond the engine's own answer wait (store, network). */
const FORWARD_SLACK_MS = 8000;

export interface ComposeOptions {
  readonly config: Config;
  readonly store: Store;
  readonly log: FastifyBaseLogger;
  /** Start of the manual clock (defaults to the wall time at start). */
  readonly clockStart?: number;
  /** Seals webhook signing secrets (services/secrets); only what makes or delivers webhooks needs it. */
  readonly secrets?: SecretBox;
  /** A node of a cluster (PostgreSQL): commands and queries for partitions held elsewhere go to their owners. */
  readonly router?: PartitionRouter;
  /** How the exchanges feed makes its sources (default: the real adapters; tests hand in fake exchanges). */
  readonly createSource?: SourceFactory;
  /** How webhook delivery resolves names (default node:dns; tests hand in a fixed table). */
  readonly resolveName?: Resolve;
  /** What the store, engine host, webhook delivery and tick record report for the metrics (src/metrics). */
  readonly telemetry?: Telemetry;
  /** After the opener activated accounts here and this node's engines took them on (a cluster tells the others). */
  readonly afterActivation?: (accounts: AccountRecord[]) => Promise<void>;
  /**
   * A node of a cluster: the feeds run only while this node leads them (src/cluster/feed-leader.ts starts and stops
   * them), and what they make is handed on to the other nodes.
   */
  readonly feedLead?: FeedHandOn;
}

/** Where a node of a cluster hands its feeds' quotes and the exchanges' statuses (the feed leader). */
export interface FeedHandOn {
  quote(q: Quote, environment: Environment): void;
  status(snapshot: FeedSnapshot): void;
}

/**
 * The application services the composition root made: a record, not an object with behaviour. Each listener, the
 * CLI and the cluster take the part they use (http/facades.ts, http/admin-route.ts, dashboard/session-route.ts,
 * cluster/ops.ts) and never this whole.
 */
export interface Services {
  readonly config: Config;
  readonly store: Store;
  readonly clock: Clock;
  readonly calendar: TradingCalendar;
  /** The books prices come from, per environment, and the tick record of the quotes the engine acts on. */
  readonly prices: PriceBooks;
  /** The live feed (none: prices only from the operator). */
  readonly feed: PriceFeed | undefined;
  /** The sandbox's own feed (none when it prices from the live book). */
  readonly sandboxFeed: PriceFeed | undefined;
  /** The tick record (docs/PRICE-FEEDS.md): batched to the store off the quote path. */
  readonly tickLog: TickLog;
  /** The operator's reads of the tick record. */
  readonly tickRecord: TickRecordService;
  readonly markets: MarketService;
  readonly environments: EnvironmentService;
  readonly news: NewsService;
  readonly rulebooks: Rulebooks;
  readonly customers: CustomerService;
  readonly accounts: AccountService;
  /** Accounts with their engine figures, from whichever node holds them. */
  readonly accountViews: AccountViews;
  /** Keys and app tokens alike: lookup, judging, revocation. */
  readonly credentials: CredentialService;
  /** The secrets key (services/secrets): webhook signing secrets and the OAuth server's keys are sealed with it. */
  readonly secrets: SecretBox | undefined;
  readonly keys: KeyService;
  readonly tokens: TokenService;
  /** The dashboard's people: users, sessions, emailed codes, mail, invitations, dashboard tokens. */
  readonly people: People;
  /** Opens pending accounts once their environment's engine is up. */
  readonly opener: AccountOpener;
  /** Hosts the order engine of each partition this node holds; requests reach it through enginePort. */
  readonly engineHost: EngineHost;
  /** Order lists: open orders from the engine's memory where it answers exactly, else from the store. */
  readonly orderLists: OrderLists;
  /** The engine-host port: how requests reach the order engine (commands and queries as plain data). */
  readonly enginePort: EnginePort;
  /** The engine-host port of this process alone (never forwards): the internal listener serves other nodes with it. */
  readonly localEngine: EnginePort;
  /** The store's fault switches (a gate on it), only with RAMPART_FAULTS=1. */
  readonly storeFaults: StoreFaults | undefined;
  /** The fault switches around the port, only with RAMPART_FAULTS=1. */
  readonly engineFaults: FaultyEngine | undefined;
  /** Events: the log (list, cursors, retention), the account streams, webhook endpoints and delivery. */
  readonly events: EventLog;
  readonly streams: StreamHub;
  readonly webhooks: WebhookService;
  /** Signals: alert URLs and the orders their alerts place (docs/SIGNALS.md). */
  readonly signals: SignalService;
}

/** The services and their lifecycle: load operator state, start the background work, stop it. */
export interface Composed {
  readonly services: Services;
  /**
   * Loads operator state; after it, the API answers (until then: not_ready). The engines come with the partitions
   * the node takes (src/cluster/ownership.ts).
   */
  load(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

/** The composition root of the application services, shared by the listeners and the CLI. */
export function compose(opts: ComposeOptions): Composed {
  const { config, store, log } = opts;
  const telemetry = opts.telemetry ?? NO_TELEMETRY;
  const clock: Clock = config.clock === 'manual' ? new ManualClock(opts.clockStart ?? Date.now()) : new SystemClock();
  const calendar = new TradingCalendar(config.tradingDayStartMinutes, config.timezone);
  const tickLog = new TickLog(store, clock, { retentionMs: config.tickRetentionHours * 3_600_000 }, log, telemetry);
  const prices = new PriceBooks(config, tickLog);
  const quotesFor = (environment: Environment) => prices.for(environment);
  const markets = new MarketService(config.markets, store, quotesFor, clock, new FeedStatusBoard());
  const customers = new CustomerService(store, clock, () => credentials.accessChanged());
  const credentials = new CredentialService(store, clock, customers, markets.ids, (env) => hostOf(config.publicUrl[env]));
  const streams = new StreamHub(store, clock, config.limits.stream, log, credentials);
  const environments = new EnvironmentService(store, (state) => {
    // A host switched off takes no requests: its open streams end as a new request would be answered.
    if (!state.enabled) streams.refuseAll(state.environment, environmentDisabled(state.environment, config.publicUrl));
  });
  const news = new NewsService(store, clock, markets.ids);
  // The engines read a market's state and its news windows through one port.
  const marketStates = { state: (m: string) => markets.state(m), newsAt: (m: string, t: number) => news.activeAt(m, t) };
  const engineHost = new EngineHost(config, store, clock, marketStates, quotesFor, calendar, log, telemetry);
  const inProcess = new InProcessEngine(engineHost, store, clock);
  const rulebooks = new Rulebooks(store, config.products);
  const accounts = new AccountService(config, store, clock, calendar, (p) => rulebooks.current(p), (record) => inProcess.liveFigures(record));
  const opener = new AccountOpener(store, () => clock.now(), log, (env) => enginePort.isUp(env), async (activated) => {
    for (const a of activated) engineHost.ensureBook({ ...a, status: 'active' });
    await opts.afterActivation?.(activated);
  });
  // On a node of a cluster, commands for partitions held elsewhere travel to their owner behind the same port.
  const port: EnginePort = opts.router ? new ClusterEngine(inProcess, engineHost, opts.router, FORWARD_SLACK_MS) : inProcess;
  // Fault injection is a decorator around the port, there only when the operator asked for it (RAMPART_FAULTS=1).
  const engineFaults = config.faults ? new FaultyEngine(port, clock, log) : undefined;
  const storeFaults = config.faults ? withFaults(store) : undefined;
  // Armed by `rampart serve` once start-up is done (server.ts).
  if (storeFaults && config.crashPoint) storeFaults.crashPoint = parseCrashPoint(config.crashPoint);
  const enginePort: EnginePort = engineFaults ?? port;

  const feed = config.priceFeed;
  // The feed's quotes are recorded here, where the feed writes them: on the one node that runs it (in a cluster
  // the others take them as operator-style prices, src/cluster/feed-leader.ts, and record nothing).
  const sink: QuoteSink = {
    get: (m) => prices.live.get(m),
    set: (q) => {
      prices.live.set(q);
      prices.record(q, q.origin ?? { source: feed.kind });
      opts.feedLead?.quote(q, 'live');
    },
  };
  const settled = () => engineHost.settled();
  const liveFeed =
    feed.kind === 'simulated'
      ? new SimulatedFeed(config.markets, feed.seed, feed.intervalMs, sink, clock)
      : feed.kind === 'replay'
        ? new ReplayFeed(feed.file, sink, clock, markets.ids, { speed: feed.speed, settled, log })
        : feed.kind === 'exchanges'
          ? new ExchangeFeed(feed.feeds, config.markets, sink, clock, log, {
              board: markets.feedStatus,
              tickSink: tickLog,
              createSource: opts.createSource,
              onStatus: opts.feedLead ? (snapshot) => opts.feedLead!.status(snapshot) : undefined,
            })
          : undefined;
  const sandboxSink: QuoteSink = {
    get: (m) => prices.sandbox.get(m),
    set: (q) => {
      prices.sandbox.set(q);
      opts.feedLead?.quote(q, 'sandbox');
    },
  };
  const ownSandboxFeed = sandboxFeed(config, sandboxSink, clock, markets.ids, { settled, log });
  const people = new People(config, store, clock, customers, credentials);
  const events = new EventLog(store, clock, config.limits.events_retention_ms, log);
  const webhooks = new WebhookService(store, clock, config, log, opts.secrets, opts.resolveName, telemetry);
  const signals = new SignalService({
    store,
    clock,
    engine: enginePort,
    markets: config.markets,
    quotes: (environment) => prices.for(environment),
    publicUrl: config.publicUrl,
    useEmailCode: (user, purpose, code) => people.codes.use(user, purpose, code),
    log,
  });

  const services: Services = {
    config,
    store,
    clock,
    calendar,
    prices,
    feed: liveFeed,
    sandboxFeed: ownSandboxFeed,
    tickLog,
    tickRecord: new TickRecordService(store, markets, clock, tickLog),
    markets,
    environments,
    news,
    rulebooks,
    customers,
    accounts,
    accountViews: new AccountViews(engineHost, accounts, enginePort),
    credentials,
    secrets: opts.secrets,
    keys: new KeyService(store, credentials, customers, accounts, () => opener.kick()),
    tokens: new TokenService(store, credentials),
    people,
    opener,
    engineHost,
    orderLists: new OrderLists(store, engineHost),
    enginePort,
    localEngine: inProcess,
    storeFaults,
    engineFaults,
    events,
    streams,
    webhooks,
    signals,
  };
  // Whether start() starts the feeds (a node of a cluster runs them only while it leads: src/cluster/feed-leader.ts).
  const feedsStartWithNode = opts.feedLead === undefined;

  return {
    services,
    async load() {
      await markets.load();
      await environments.load();
      await news.load();
      await rulebooks.sync();
      if (clock instanceof ManualClock) {
        // The cluster's manual clock: one `now` for every node, kept in the store.
        const stored = Number((await store.getSetting(CLOCK_SETTING)) ?? Number.NaN);
        if (Number.isSafeInteger(stored)) clock.set(stored);
      }
      await engineHost.start();
    },
    start() {
      if (feedsStartWithNode) liveFeed?.start();
      if (feedsStartWithNode) ownSandboxFeed?.start();
      opener.start(250);
      news.start();
      tickLog.start();
      events.start();
      streams.start();
      webhooks.start();
      signals.start();
    },
    async stop() {
      news.stop();
      streams.stop();
      events.stop();
      await webhooks.stop();
      signals.stop();
      liveFeed?.stop();
      ownSandboxFeed?.stop();
      await tickLog.stop();
      engineHost.stop();
      await engineHost.storeQuotes().catch(() => undefined);
      await opener.stop();
      people.close();
    },
  };
}
