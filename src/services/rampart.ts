import type { FastifyBaseLogger } from 'fastify';
import { hostOf, type Config } from '../config/config.js';
import { ManualClock, SystemClock, type Clock } from '../engine/clock.js';
import { TradingCalendar } from '../engine/trading-day.js';
import { FaultyEngine } from '../engine-host/faults.js';
import { EngineHost } from '../engine-host/host.js';
import { InProcessEngine } from '../engine-host/in-process.js';
import type { EnginePort } from '../engine-host/port.js';
import { EventLog } from '../events/event-log.js';
import { StreamHub } from '../events/stream-hub.js';
import { WebhookService } from '../events/webhooks.js';
import { QuoteBook, type PriceFeed } from '../feed/quotes.js';
import { ReplayFeed } from '../feed/replay.js';
import { SimulatedFeed } from '../feed/simulated.js';
import type { Environment } from '../schemas/common.js';
import type { Store } from '../store/port.js';
import { AccountService } from './accounts.js';
import { CredentialService } from './credential-service.js';
import { CustomerService } from './customers.js';
import { AccountOpener } from './account-opener.js';
import { environmentDisabled, EnvironmentService } from './environments.js';
import { KeyService } from './keys.js';
import { MarketService } from './markets.js';
import type { SecretBox } from './secrets/keyring.js';
import { TokenService } from './tokens.js';

export interface RampartOptions {
  readonly config: Config;
  readonly store: Store;
  readonly log: FastifyBaseLogger;
  /** Start of the manual clock (defaults to the wall time at start). */
  readonly clockStart?: number;
  /** Seals webhook signing secrets (services/secrets); only what makes or delivers webhooks needs it. */
  readonly secrets?: SecretBox;
}

/** The application services, shared by the three listeners and the CLI. */
export class Rampart {
  readonly config: Config;
  readonly store: Store;
  readonly clock: Clock;
  readonly calendar: TradingCalendar;
  readonly quotes = new QuoteBook();
  readonly feed: PriceFeed | undefined;
  readonly markets: MarketService;
  readonly environments: EnvironmentService;
  readonly customers: CustomerService;
  readonly accounts: AccountService;
  /** Keys and app tokens alike: lookup, judging, revocation. */
  readonly credentials: CredentialService;
  readonly keys: KeyService;
  readonly tokens: TokenService;
  /** Opens pending accounts once their environment's engine is up. */
  readonly opener: AccountOpener;
  /** Hosts the order engine of each environment (in this process); requests reach it through enginePort. */
  readonly engineHost: EngineHost;
  /** The engine-host port: how requests reach the order engine (commands and queries as plain data). */
  readonly enginePort: EnginePort;
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
    this.markets = new MarketService(opts.config.markets, opts.store, this.quotes, this.clock);
    this.environments = new EnvironmentService(opts.store, (state) => {
      // A host switched off takes no requests: its open streams end as a new request would be answered.
      if (!state.enabled) this.streams.refuseAll(state.environment, environmentDisabled(state.environment, opts.config.publicUrl));
    });
    this.customers = new CustomerService(opts.store, this.clock, () => this.credentials.accessChanged());
    this.accounts = new AccountService(opts.config, opts.store, this.clock, this.calendar);
    this.opener = new AccountOpener(opts.store, () => this.clock.now(), opts.log, (env) => this.enginePort.isUp(env));
    this.credentials = new CredentialService(opts.store, this.clock, this.customers, this.markets.ids, (env) => this.resource(env));
    this.keys = new KeyService(opts.store, this.credentials, this.customers, this.accounts, () => this.opener.kick());
    this.tokens = new TokenService(opts.store, this.credentials);
    this.events = new EventLog(opts.store, this.clock, opts.config.limits.events_retention_ms, opts.log);
    this.streams = new StreamHub(opts.store, this.clock, opts.config.limits.stream, opts.log, this.credentials);
    this.webhooks = new WebhookService(opts.store, this.clock, opts.config, opts.log, opts.secrets);
    this.engineHost = new EngineHost(opts.config, opts.store, this.clock, this.markets, this.quotes, this.calendar, opts.log);
    const inProcess = new InProcessEngine(this.engineHost, opts.store, this.clock);
    this.accounts.liveFigures = (record) => inProcess.liveFigures(record);
    // Fault injection is a decorator around the port, there only when the operator asked for it (RAMPART_FAULTS=1).
    this.engineFaults = opts.config.faults ? new FaultyEngine(inProcess, this.clock, opts.log) : undefined;
    this.enginePort = this.engineFaults ?? inProcess;
    this.opener.onActivated = (accounts) => {
      for (const a of accounts) this.engineHost.ensureBook({ ...a, status: 'active' });
    };
    const feed = opts.config.priceFeed;
    this.feed =
      feed.kind === 'simulated'
        ? new SimulatedFeed(opts.config.markets, feed.seed, feed.intervalMs, this.quotes, this.clock)
        : feed.kind === 'replay'
          ? new ReplayFeed(feed.file, this.quotes, this.clock, this.markets.ids)
          : undefined;
  }

  /** The host (authority) of an environment's public URL. */
  resource(environment: Environment): string {
    return hostOf(this.config.publicUrl[environment]);
  }

  /** Loads operator state; after it, the API answers (until then: not_ready). */
  async load(): Promise<void> {
    await this.markets.load();
    await this.environments.load();
    await this.engineHost.start();
  }

  start(): void {
    this.feed?.start();
    this.opener.start(250);
    this.events.start();
    this.streams.start();
    this.webhooks.start();
  }

  async stop(): Promise<void> {
    this.streams.stop();
    this.events.stop();
    await this.webhooks.stop();
    this.feed?.stop();
    this.engineHost.stop();
    await this.engineHost.storeQuotes().catch(() => undefined);
    await this.opener.stop();
  }
}
