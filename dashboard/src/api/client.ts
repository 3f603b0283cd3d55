// The public API as the page calls it: one SDK client per environment (sdk/src: its transport, retries,
// Idempotency-Keys, errors and account stream), holding the short-lived dashboard token the session grants (an app
// token bound to that API host) as its token source. A token near its end is replaced before use; one the API refuses
// as expired or revoked is replaced once and the call sent again (the SDK's transport does it); every other refusal
// reaches the page as the API's own error. A live token only reads until the user gives an emailed code (`unlock`);
// the one that replaces it reads again.
import { Rampart } from '../../../sdk/src/client.js';
import { newIdempotencyKey } from '../../../sdk/src/ids.js';
import { session } from './session.js';
import type { DashboardToken, Environment } from './types.js';

/**
 * Dashboard tokens last at most an hour. The page renews one after 50 minutes of its own time rather than comparing
 * expires_at with the browser's clock (which may be off from the server's); a token refused as expired or revoked
 * before that is replaced at once.
 */
const RENEW_AFTER_MS = 50 * 60_000;

export class ApiClient {
  private token: { value: string; renewAt: number; access: DashboardToken['access'] } | null = null;
  private pending: Promise<string> | null = null;
  private readonly watchers = new Set<() => void>();
  /** The SDK's client of this environment's API host. */
  readonly sdk: Rampart;

  constructor(
    readonly environment: Environment,
    readonly baseUrl: string,
  ) {
    this.sdk = new Rampart({
      tokenSource: { bearer: () => this.bearer(), renew: () => this.forget() },
      environment,
      baseUrl,
      // The browser sends its own User-Agent; the SDK's would only ask the API host's CORS about one more header.
      userAgent: null,
    });
  }

  async bearer(): Promise<string> {
    if (this.token && this.token.renewAt > Date.now()) return this.token.value;
    this.pending ??= session
      .apiToken(this.environment)
      .then((t) => this.hold(t))
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  /** Whether the token in hand trades: sandbox always; live once unlocked with an emailed code, until replaced. */
  get trades(): boolean {
    return this.environment === 'sandbox' || this.token?.access === 'trade';
  }

  /** Trades live: a token asked for with the newest `live_trade` code replaces the one in hand. */
  async unlock(emailCode: string): Promise<void> {
    this.hold(await session.apiToken(this.environment, emailCode));
  }

  /** Tells `f` whenever the token in hand changes (its access may have); answers how to stop. */
  watch(f: () => void): () => void {
    this.watchers.add(f);
    return () => this.watchers.delete(f);
  }

  forget(): void {
    this.token = null;
    this.told();
  }

  private hold(t: DashboardToken): string {
    this.token = { value: t.token, renewAt: Date.now() + RENEW_AFTER_MS, access: t.access };
    this.told();
    return t.token;
  }

  private told(): void {
    for (const f of this.watchers) f();
  }

  /** A call without an Idempotency-Key (reads, the order preview). */
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return (await this.sdk.transport.request(method, path, body !== undefined ? { body } : {})) as T;
  }

  get<T>(path: string): Promise<T> {
    return this.call<T>('GET', path);
  }

  /** A write the API wants an Idempotency-Key on; `key` lets a retried click reuse the first one. */
  async write<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, key: string = newIdempotencyKey()): Promise<T> {
    return (await this.sdk.transport.request(method, path, body !== undefined ? { body } : {}, { idempotencyKey: key })) as T;
  }
}

const clients = new Map<string, ApiClient>();

export function apiClient(environment: Environment, baseUrl: string): ApiClient {
  const id = `${environment} ${baseUrl}`;
  let c = clients.get(id);
  if (!c) clients.set(id, (c = new ApiClient(environment, baseUrl)));
  return c;
}

/** Signing out drops every token the page held. */
export function forgetClients(): void {
  clients.clear();
}
