import type { ServerResponse } from 'node:http';
import type { Config } from '../config/config.js';
import type { LimitsConfig, MarketConfig } from '../config/markets.js';
import type { AccountView } from '../engine/account-view.js';
import type { EnginePort } from '../engine-host/port.js';
import type { OrderFilter } from '../engine-host/open-orders.js';
import type { OrderPage } from '../services/order-lists.js';
import type { orderView } from '../views/trading-views.js';
import type { EventScope } from '../events/event-log.js';
import type { StreamOptions } from '../events/account-stream.js';
import type { NewWebhook } from '../events/webhooks.js';
import type { SignalService } from '../signals/signals.js';
import type { SourceStatus } from '../feed/feed-status.js';
import type { Quote } from '../feed/quotes.js';
import type { Environment, Product } from '../schemas/common.js';
import type { Services } from '../compose.js';
import type { MarketService } from '../services/markets.js';
import type {
  AccountPage,
  AccountRecord,
  AttemptRow,
  CustomerRecord,
  DeliveryRow,
  EnvironmentState,
  OrderRow,
  Tx,
  WebhookRecord,
} from '../store/port.js';
import { budgetsInForce } from './plugins/rate-limit.js';

/*
 * What public route handlers may reach: one narrow facade per resource, each with only the calls routes make, built
 * once per listener from the composition root. Routes never see the services (src/compose.ts) nor the store (dependency rule
 * routes-through-facades); the store types they name come from here.
 */
export type { AccountRecord, OrderPage };
type OrderView = ReturnType<typeof orderView>;

/** Stored JSON of a record (an order, a fill) with its id, as the store keeps it. */
export interface StoredRow {
  id: string;
  data: string;
}

export interface AccountsFacade {
  /** The customer's account in this environment; account_not_found otherwise. */
  reachable(id: string, customerId: string, environment: Environment): Promise<AccountRecord>;
  assertOpen(a: AccountRecord): void;
  assertTradable(a: AccountRecord): void;
  requireProduct(id: string): void;
  /** The account by id, whoever holds it (a list cursor is checked against it). */
  get(id: string): Promise<AccountRecord | undefined>;
  list(page: AccountPage): Promise<AccountRecord[]>;
  /** Every account ever opened for the customer in the environment. */
  count(customerId: string, environment: Environment): Promise<number>;
  /** The customer's sandbox account still opening, in the request's transaction. */
  sandboxOpening(tx: Tx, customerId: string): Promise<AccountRecord | undefined>;
  openSandbox(tx: Tx, customer: CustomerRecord, product: string | undefined): Promise<AccountRecord>;
  /** The account as stored, without engine figures (a pending account has none). */
  view(record: AccountRecord): AccountView;
  /** The account with its engine figures, from whichever node holds its partition. */
  liveView(record: AccountRecord): Promise<AccountView>;
  /**
   * The customer's account as JSON with its engine figures (account_not_found as `reachable`), once no write to
   * it is in flight; `serialize` is the route's compiled Account serializer.
   */
  liveJson(id: string, customerId: string, environment: Environment, serialize: (view: AccountView) => string): Promise<string>;
}

export interface OrderReads {
  get(id: string): Promise<OrderRow | undefined>;
  /** A page of the account's orders: JSON from the engine's memory, or the stored rows (limit + 1) to render. */
  page(account: AccountRecord, filter: OrderFilter, serialize: (view: OrderView) => string): Promise<OrderPage>;
}

export interface FillReads {
  list(accountId: string, afterId: string | undefined, limit: number): Promise<StoredRow[]>;
}

export interface HistoryReads {
  equity(accountId: string, resolution: 'trade' | 'day'): Promise<{ time: number; equity: string; balance: string }[]>;
}

export interface EventsFacade {
  list(scope: EventScope, after: string | undefined, limit: number): Promise<StoredRow[]>;
  head(scope: EventScope): Promise<number>;
  cursorSeq(cursor: string, scope: EventScope): Promise<number>;
}

export interface StreamsFacade {
  open(res: ServerResponse, options: StreamOptions, headers: Record<string, string | number | string[]>): void;
}

export interface WebhooksFacade {
  checkUrl(url: string): void;
  create(tx: Tx, customerId: string, environment: Environment, body: NewWebhook): Promise<WebhookRecord>;
  list(customerId: string, environment: Environment, after: string | undefined, limit: number): Promise<WebhookRecord[]>;
  delete(customerId: string, environment: Environment, id: string): Promise<{ id: string; deleted: true }>;
  deliveries(
    customerId: string,
    environment: Environment,
    id: string,
    after: string | undefined,
    limit: number,
  ): Promise<{ rows: DeliveryRow[]; attempts: AttemptRow[] }>;
}

export interface MarketsFacade {
  require(id: string): void;
  list(): ReturnType<MarketService['list']>;
  view(id: string): ReturnType<MarketService['view']>;
}

export interface EnvironmentsFacade {
  get(environment: Environment): EnvironmentState;
}

export interface OpenerFacade {
  /** Opens pending accounts now rather than at the next poll. */
  kick(): void;
  /** Whether the engine of an environment is up. */
  up(environment: Environment): boolean;
}

/** The service's time and latest quotes (GET /v1/status). */
export interface FeedFacade {
  now(): number;
  quote(market: string): Quote | undefined;
  source: Config['priceFeed']['kind'];
  /** Halted markets (operator and feed halts). */
  halts(): { market: string; reason: 'operator' | 'sources_disagree'; since: number | null }[];
  /** The exchanges feed's sources (none for the other feeds). */
  sources(): readonly SourceStatus[];
}

/** The configuration values routes show or apply. */
export interface RouteSettings {
  docsUrl: string;
  limits: LimitsConfig;
  rateLimitsEnabled: boolean;
  rateBudgets: ReturnType<typeof budgetsInForce>;
  markets: readonly MarketConfig[];
  products: readonly Product[];
  /** A product's current rulebook version (docs/RULES.md). */
  ruleVersion(product: string): number;
}

export interface RouteServices {
  accounts: AccountsFacade;
  engine: EnginePort;
  orders: OrderReads;
  fills: FillReads;
  history: HistoryReads;
  events: EventsFacade;
  streams: StreamsFacade;
  webhooks: WebhooksFacade;
  /** Signals and their alerts (docs/SIGNALS.md). */
  signals: Pick<SignalService, 'create' | 'spendLiveCode' | 'get' | 'list' | 'revoke' | 'deliveries' | 'receive'>;
  markets: MarketsFacade;
  environments: EnvironmentsFacade;
  opener: OpenerFacade;
  feed: FeedFacade;
  settings: RouteSettings;
}

/** What an API listener is built from: the services its facades, authentication and hooks call. */
export type ApiServices = Pick<
  Services,
  | 'config'
  | 'store'
  | 'clock'
  | 'prices'
  | 'accounts'
  | 'accountViews'
  | 'credentials'
  | 'rulebooks'
  | 'enginePort'
  | 'orderLists'
  | 'events'
  | 'streams'
  | 'webhooks'
  | 'signals'
  | 'markets'
  | 'environments'
  | 'opener'
>;

/**
 * The facades of one listener, over the application services. Prices are the listener's environment's
 * (PriceBooks.for): a sandbox host never shows a live price, nor the reverse.
 */
export function routeServices(services: ApiServices, environment: Environment): RouteServices {
  const { store, config } = services;
  return {
    accounts: {
      reachable: (id, customerId, environment) => services.accounts.reachable(id, customerId, environment),
      assertOpen: (a) => services.accounts.assertOpen(a),
      assertTradable: (a) => services.accounts.assertTradable(a),
      requireProduct: (id) => void services.accounts.requireProduct(id),
      get: (id) => store.getAccount(id),
      list: (page) => store.listAccounts(page),
      count: (customerId, environment) => store.countAccounts(customerId, environment),
      sandboxOpening: async (tx, customerId) =>
        (await tx.listAccountsByStatus('pending')).find((a) => a.customer_id === customerId && a.environment === 'sandbox'),
      openSandbox: (tx, customer, product) => services.accounts.openSandbox(tx, customer, product),
      view: (record) => services.accounts.view(record),
      liveView: (record) => services.accountViews.view(record),
      liveJson: (id, customerId, environment, serialize) => services.accountViews.json(id, customerId, environment, serialize),
    },
    engine: services.enginePort,
    orders: { get: (id) => store.getOrder(id), page: (account, filter, serialize) => services.orderLists.page(account, filter, serialize) },
    fills: { list: (accountId, afterId, limit) => store.listFills(accountId, afterId, limit) },
    history: { equity: (accountId, resolution) => store.listEquityPoints(accountId, resolution) },
    events: {
      list: (scope, after, limit) => services.events.list(scope, after, limit),
      head: (scope) => services.events.head(scope),
      cursorSeq: (cursor, scope) => services.events.cursorSeq(cursor, scope),
    },
    streams: { open: (res, options, headers) => void services.streams.open(res, options, headers) },
    webhooks: {
      checkUrl: (url) => services.webhooks.checkUrl(url),
      create: (tx, customerId, environment, body) => services.webhooks.create(tx, customerId, environment, body),
      list: (customerId, environment, after, limit) => services.webhooks.list(customerId, environment, after, limit),
      delete: (customerId, environment, id) => services.webhooks.delete(customerId, environment, id),
      deliveries: (customerId, environment, id, after, limit) => services.webhooks.deliveries(customerId, environment, id, after, limit),
    },
    signals: services.signals,
    markets: {
      require: (id) => void services.markets.require(id),
      list: () => services.markets.list(environment),
      view: (id) => services.markets.view(id, environment),
    },
    environments: { get: (environment) => services.environments.get(environment) },
    opener: { kick: () => services.opener.kick(), up: (environment) => services.opener.up[environment] },
    feed: {
      now: () => services.clock.now(),
      quote: (market) => services.prices.for(environment).get(market),
      source: services.prices.source(environment),
      // (Market halts, the operator's and the exchanges feed's, hold on both hosts: one market state for both.)
      halts: () => services.markets.halts(),
      sources: () => services.markets.feedStatus.snapshot.sources,
    },
    settings: {
      docsUrl: config.docsUrl,
      limits: config.limits,
      rateLimitsEnabled: config.rateLimitsEnabled,
      rateBudgets: budgetsInForce(config),
      markets: config.markets,
      products: config.products,
      ruleVersion: (product) => services.rulebooks.current(product),
    },
  };
}
