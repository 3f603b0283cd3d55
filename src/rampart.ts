import type { FastifyBaseLogger } from 'fastify';
import { hostOf, type Config } from './config/config.js';
import { ManualClock, SystemClock, type Clock } from './engine/clock.js';
import { TradingCalendar } from './engine/trading-day.js';
import { FaultyEngine } from './engine-host/faults.js';
import { EngineHost } from './engine-host/host.js';
import { InProcessEngine } from './engine-host/in-process.js';
import type { EnginePort } from './engine-host/port.js';
import { ClusterEngine } from './cluster/cluster-engine.js';
import type { PartitionRouter } from './cluster/forwarding.js';
import { CLOCK_SETTING } from './cluster/ops.js';
import { figuresFromJson, type AccountView } from './engine/account-view.js';
import { ApiError } from './errors/api-error.js';
import { ANSWER_WAIT_MS } from './engine-host/port.js';
import { parseCrashPoint } from './config/crash-point.js';
import { withFaults, type StoreFaults } from './store/faults.js';
import { EventLog } from './events/event-log.js';
import { StreamHub } from './events/stream-hub.js';
import { WebhookService } from './events/webhooks.js';
import { QuoteBook, type PriceFeed, type Quote, type QuoteSink } from './feed/quotes.js';
import { ExchangeFeed, type SourceFactory } from './feed/exchange-feed.js';
import { FeedStatusBoard } from './feed/feed-status.js';
import { ReplayFeed } from './feed/replay.js';
import { sandboxFeed } from './feed/sandbox.js';
import { SimulatedFeed } from './feed/simulated.js';
import type { QuoteOrigin, TickSink } from './feed/tick-log.js';
import { TickLog } from './feed/tick-recorder.js';
import type { Environment } from './schemas/common.js';
import type { AccountRecord, Store } from './store/port.js';
import { NO_TELEMETRY, type Telemetry } from './kernel/telemetry.js';
import type { FeedSnapshot } from './feed/feed-status.js';

/** How long a command sent to another node may take beyond the engine's own answer wait (store, network). */
const FORWARD_SLACK_MS = 8000;
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

export interface RampartOptions {
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

/** The application services, shared by the three listeners and the CLI. */
export class Rampart {
  readonly config: Config;
  readonly store: Store;
  readonly clock: Clock;
  readonly calendar: TradingCalendar;
  /** The live book (stored, restored at start); the sandbox's too unless it has a feed of its own (quotesFor). */
  readonly quotes = new QuoteBook();
  readonly feed: PriceFeed | undefined;
  /** The tick record (docs/PRICE-FEEDS.md): batched to the store off the quote path. */
  readonly tickLog: TickLog;
  /** Where feeds record ticks: every quote written through the feed's sink, and the exchanges' source rows. */
  readonly ticks: TickSink;
  /** The operator's reads of the tick record. */
  readonly tickRecord: TickRecordService;
  /** The sandbox's prices: the live book itself unless RAMPART_SANDBOX_PRICE_FEED gives the sandbox a feed of its own. */
  readonly sandboxQuotes: QuoteBook;
  /** The sandbox's own feed (none when it prices from the live book). */
  readonly sandboxFeed: PriceFeed | undefined;
  /** Whether start() starts the feeds (a node of a cluster runs them only while it leads: src/cluster/feed-leader.ts). */
  private readonly feedStartsWithNode: boolean;
  readonly markets: MarketService;
  readonly environments: EnvironmentService;
  readonly customers: CustomerService;
  readonly accounts: AccountService;
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
  /** Hosts the order engine of each environment (in this process); requests reach it through enginePort. */
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

  constructor(opts: RampartOptions) {
    this.config = opts.config;
    this.store = opts.store;
    this.clock = opts.config.clock === 'manual' ? new ManualClock(opts.clockStart ?? Date.now()) : new SystemClock();
    this.calendar = new TradingCalendar(opts.config.tradingDayStartMinutes, opts.config.timezone);
    this.sandboxQuotes = opts.config.sandboxPriceFeed.kind === 'live' ? this.quotes : new QuoteBook();
    this.markets = new MarketService(opts.config.markets, opts.store, (env) => this.quotesFor(env), this.clock, new FeedStatusBoard());
    this.environments = new EnvironmentService(opts.store, (state) => {
      // A host switched off takes no requests: its open streams end as a new request would be answered.
      if (!state.enabled) this.streams.refuseAll(state.environment, environmentDisabled(state.environment, opts.config.publicUrl));
    });
    this.customers = new CustomerService(opts.store, this.clock, () => this.credentials.accessChanged());
    const telemetry = opts.telemetry ?? NO_TELEMETRY;
    this.engineHost = new EngineHost(opts.config, opts.store, this.clock, this.markets, (env) => this.quotesFor(env), this.calendar, opts.log, telemetry);
    const inProcess = new InProcessEngine(this.engineHost, opts.store, this.clock);
    this.accounts = new AccountService(opts.config, opts.store, this.clock, this.calendar, (record) => inProcess.liveFigures(record));
    this.opener = new AccountOpener(opts.store, () => this.clock.now(), opts.log, (env) => this.enginePort.isUp(env), async (accounts) => {
      for (const a of accounts) this.engineHost.ensureBook({ ...a, status: 'active' });
      await opts.afterActivation?.(accounts);
    });
    this.credentials = new CredentialService(opts.store, this.clock, this.customers, this.markets.ids, (env) => this.resource(env));
    this.secrets = opts.secrets;
    this.keys = new KeyService(opts.store, this.credentials, this.customers, this.accounts, () => this.opener.kick());
    this.tokens = new TokenService(opts.store, this.credentials);
    this.people = new People(opts.config, opts.store, this.clock, this.customers, this.credentials);
    this.events = new EventLog(opts.store, this.clock, opts.config.limits.events_retention_ms, opts.log);
    this.streams = new StreamHub(opts.store, this.clock, opts.config.limits.stream, opts.log, this.credentials);
    this.webhooks = new WebhookService(opts.store, this.clock, opts.config, opts.log, opts.secrets, opts.resolveName, telemetry);
    this.orderLists = new OrderLists(opts.store, this.engineHost);
    this.localEngine = inProcess;
    // On a node of a cluster, commands for partitions held elsewhere travel to their owner behind the same port.
    const port: EnginePort = opts.router ? new ClusterEngine(inProcess, this.engineHost, opts.router, FORWARD_SLACK_MS) : inProcess;
    // Fault injection is a decorator around the port, there only when the operator asked for it (RAMPART_FAULTS=1).
    this.engineFaults = opts.config.faults ? new FaultyEngine(port, this.clock, opts.log) : undefined;
    this.storeFaults = opts.config.faults ? withFaults(opts.store) : undefined;
    // Armed by `rampart serve` once start-up is done (server.ts).
    if (this.storeFaults && opts.config.crashPoint) this.storeFaults.crashPoint = parseCrashPoint(opts.config.crashPoint);
    this.enginePort = this.engineFaults ?? port;
    this.feedStartsWithNode = opts.feedLead === undefined;
    this.tickLog = new TickLog(opts.store, this.clock, { retentionMs: opts.config.tickRetentionHours * 3_600_000 }, opts.log, telemetry);
    this.ticks = this.tickLog;
    this.tickRecord = new TickRecordService(opts.store, this.markets, this.clock, this.tickLog);
    const feed = opts.config.priceFeed;
    // The feed's quotes are recorded here, where the feed writes them: on the one node that runs it (in a cluster
    // the others take them as operator-style prices, src/cluster/feed-leader.ts, and record nothing).
    const sink: QuoteSink = {
      get: (m) => this.quotes.get(m),
      set: (q) => {
        this.quotes.set(q);
        this.recordQuote(q, q.origin ?? { source: feed.kind });
        opts.feedLead?.quote(q, 'live');
      },
    };
    this.feed =
      feed.kind === 'simulated'
        ? new SimulatedFeed(opts.config.markets, feed.seed, feed.intervalMs, sink, this.clock)
        : feed.kind === 'replay'
          ? new ReplayFeed(feed.file, sink, this.clock, this.markets.ids, { speed: feed.speed, settled: () => this.engineHost.settled(), log: opts.log })
          : feed.kind === 'exchanges'
            ? new ExchangeFeed(feed.feeds, opts.config.markets, sink, this.clock, opts.log, {
                board: this.markets.feedStatus,
                tickSink: this.ticks,
                createSource: opts.createSource,
                onStatus: opts.feedLead ? (snapshot) => opts.feedLead!.status(snapshot) : undefined,
              })
            : undefined;
    const sandboxSink: QuoteSink = {
      get: (m) => this.sandboxQuotes.get(m),
      set: (q) => {
        this.sandboxQuotes.set(q);
        opts.feedLead?.quote(q, 'sandbox');
      },
    };
    this.sandboxFeed = sandboxFeed(opts.config, sandboxSink, this.clock, this.markets.ids, { settled: () => this.engineHost.settled(), log: opts.log });
  }

  /** Records a quote the engine acts on in the tick record (never throws, never waits). */
  recordQuote(q: Quote, origin: QuoteOrigin): void {
    this.ticks.record({ kind: 'quote', market: q.market, time: q.time, bid: q.bid, ask: q.ask, last: q.last, origin });
  }

  /** The book an environment prices from: every reader of prices for an environment goes through here. */
  quotesFor(environment: Environment): QuoteBook {
    return environment === 'live' ? this.quotes : this.sandboxQuotes;
  }

  /** Which feed prices an environment (GET /v1/status `price_feed.source`). */
  feedSource(environment: Environment): Config['priceFeed']['kind'] {
    const own = this.config.sandboxPriceFeed;
    return environment === 'sandbox' && own.kind !== 'live' ? own.kind : this.config.priceFeed.kind;
  }

  /** The host (authority) of an environment's public URL. */
  resource(environment: Environment): string {
    return hostOf(this.config.publicUrl[environment]);
  }

  /**
   * An account as REST shows it, with its engine figures from whichever node holds its partition (a refusal of the
   * owner is the caller's 503: a view without them would show a stale equity as if it were current).
   */
  async accountView(record: AccountRecord): Promise<AccountView> {
    this.engineHost.learn(record);
    if (this.engineHost.holds(record.environment, record.id)) return this.accounts.view(record);
    const a = await this.enginePort.query(record.environment, { kind: 'figures', account_id: record.id });
    return this.accounts.view(record, a.outcome === 'done' ? figuresFromJson(a.result.figures) : {});
  }

  /**
   * An account as REST shows it, as JSON (`serialize`: the route's compiled Account serializer), for a caller of
   * `customerId`. This node's engine answers from memory once no transaction that changed the account is in
   * flight (engine-host/in-flight.ts): nothing is shown before it is on disk, everything answered before is.
   */
  async accountJson(id: string, customerId: string, environment: Environment, serialize: (view: AccountView) => string): Promise<string> {
    for (;;) {
      const busy = this.engineHost.quiet(id);
      if (busy) await busy;
      const mark = this.engineHost.writesBegun(id);
      const record = await this.accounts.reachable(id, customerId, environment);
      this.engineHost.learn(record);
      if (!this.engineHost.holds(environment, id)) return serialize(await this.accountView(record));
      // The record was read across an await: it goes with the figures now only if no write began meanwhile.
      if (this.engineHost.unchangedSince(id, mark)) return this.accounts.json(record, serialize);
    }
  }

  /** The operator's engine restart, on the partitions of env this node holds (the fan-out reaches the others). */
  async restartHeld(environment: Environment): Promise<void> {
    const r = await this.localEngine.execute(environment, { kind: 'restart' }, { timeoutMs: ANSWER_WAIT_MS });
    if (r.outcome !== 'done') throw new ApiError('engine_unavailable');
  }

  /**
   * Loads operator state; after it, the API answers (until then: not_ready). The engines come with the partitions
   * the node takes (src/cluster/ownership.ts).
   */
  async load(): Promise<void> {
    await this.markets.load();
    await this.environments.load();
    if (this.clock instanceof ManualClock) {
      // The cluster's manual clock: one `now` for every node, kept in the store.
      const stored = Number((await this.store.getSetting(CLOCK_SETTING)) ?? Number.NaN);
      if (Number.isSafeInteger(stored)) this.clock.set(stored);
    }
    await this.engineHost.start();
  }

  start(): void {
    if (this.feedStartsWithNode) this.feed?.start();
    if (this.feedStartsWithNode) this.sandboxFeed?.start();
    this.opener.start(250);
    this.tickLog.start();
    this.events.start();
    this.streams.start();
    this.webhooks.start();
  }

  async stop(): Promise<void> {
    this.streams.stop();
    this.events.stop();
    await this.webhooks.stop();
    this.feed?.stop();
    this.sandboxFeed?.stop();
    await this.tickLog.stop();
    this.engineHost.stop();
    await this.engineHost.storeQuotes().catch(() => undefined);
    await this.opener.stop();
    this.people.close();
  }
}
