// The client: credentials, where to call, and the resources, each method one operation of the OpenAPI document.
import { Accounts } from './resources/accounts.js';
import { Events } from './resources/events.js';
import { Fills } from './resources/fills.js';
import { Margin } from './resources/margin.js';
import { Markets } from './resources/markets.js';
import { Orders } from './resources/orders.js';
import { Positions } from './resources/positions.js';
import { Products } from './resources/products.js';
import { Service } from './resources/service.js';
import { Signals } from './resources/signals.js';
import { Webhooks } from './resources/webhooks.js';
import { DEFAULT_RETRY, sleep, type RetryPolicy } from './retry.js';
import { Transport, type TokenSource } from './transport.js';

export type Environment = 'sandbox' | 'live';

/** Where each environment listens by default (`rampart serve` on this machine); give baseUrl for any other host. */
export const DEFAULT_BASE_URLS: Record<Environment, string> = {
  live: 'http://127.0.0.1:8080',
  sandbox: 'http://127.0.0.1:8081',
};

export interface RampartOptions {
  /** An API key (rk_live_… / rk_test_…). */
  apiKey?: string;
  /** Or an OAuth app's access token (rat_…); both go as Bearer. */
  accessToken?: string;
  /**
   * Or where short-lived tokens come from: `bearer()` gives the one to send, `renew()` is told when the API refused
   * it as expired or revoked (the call is then sent once more with the next). Give `environment` or `baseUrl` too.
   */
  tokenSource?: TokenSource;
  /** The User-Agent sent (default `rampart-sdk-node/<version>`; null sends none, as a browser page should). */
  userAgent?: string | null;
  /** sandbox or live: picks the default base URL (by default, from the key's prefix: rk_live_ is live). */
  environment?: Environment;
  /** The API's address; wins over environment. */
  baseUrl?: string;
  /** Retries after the first attempt (default 2). */
  maxRetries?: number;
  /** Backoff of retries (defaults: 500 ms doubling up to 8 s; Retry-After honoured up to 60 s). */
  retry?: Partial<Omit<RetryPolicy, 'maxRetries'>>;
  /** Timeout of each attempt in ms (default 30 000). */
  timeoutMs?: number;
  /** The fetch to use (default the platform's). */
  fetch?: typeof fetch;
  /** How to wait before a retry or a reconnection (default a timer): tests give one that moves a manual clock. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
}

function environmentOf(options: RampartOptions, token: string): Environment {
  if (options.environment) return options.environment;
  return token.startsWith('rk_live_') ? 'live' : 'sandbox';
}

export class Rampart {
  readonly environment: Environment;
  readonly baseUrl: string;
  readonly service: Service;
  readonly markets: Markets;
  readonly products: Products;
  readonly accounts: Accounts;
  readonly orders: Orders;
  readonly positions: Positions;
  readonly fills: Fills;
  readonly margin: Margin;
  readonly events: Events;
  readonly webhooks: Webhooks;
  readonly signals: Signals;
  /** The request machinery shared by the resources. */
  readonly transport: Transport;

  constructor(options: RampartOptions) {
    const token = options.apiKey ?? options.accessToken ?? options.tokenSource;
    if (!token) throw new TypeError('Rampart: give apiKey, accessToken or tokenSource');
    this.environment = environmentOf(options, typeof token === 'string' ? token : '');
    this.baseUrl = (options.baseUrl ?? DEFAULT_BASE_URLS[this.environment]).replace(/\/+$/, '');
    this.transport = new Transport({
      baseUrl: this.baseUrl,
      token,
      timeoutMs: options.timeoutMs ?? 30_000,
      retry: { ...DEFAULT_RETRY, ...options.retry, maxRetries: options.maxRetries ?? DEFAULT_RETRY.maxRetries },
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      sleep: options.sleep ?? sleep,
      headers: options.headers ?? {},
      ...(options.userAgent !== undefined ? { userAgent: options.userAgent } : {}),
    });
    const t = this.transport;
    this.service = new Service(t);
    this.markets = new Markets(t);
    this.products = new Products(t);
    this.accounts = new Accounts(t);
    this.orders = new Orders(t);
    this.positions = new Positions(t);
    this.fills = new Fills(t);
    this.margin = new Margin(t);
    this.events = new Events(t);
    this.webhooks = new Webhooks(t);
    this.signals = new Signals(t);
  }
}
