import type { Clock } from '../../engine/clock.js';
import type { Dec } from '../../engine/decimal.js';
import { ReconnectingSocket, type FeedLog } from './connection.js';
import type { ConnectionOptions, ExchangeSource, SourceConfig, SourceHandlers, SourceState } from './types.js';

export interface SourceDeps {
  readonly options: ConnectionOptions;
  readonly clock: Clock;
  readonly handlers: SourceHandlers;
  readonly log: FeedLog;
  /** Jitter source for the reconnect backoff (tests pin it). */
  readonly random?: () => number;
}

/** What every adapter shares: one reconnecting socket, and the way ticks and events leave it. */
export abstract class SocketSource implements ExchangeSource {
  protected readonly socket: ReconnectingSocket;
  protected readonly handlers: SourceHandlers;
  protected readonly log: FeedLog;

  constructor(
    readonly config: SourceConfig,
    deps: SourceDeps,
  ) {
    this.handlers = deps.handlers;
    this.log = deps.log;
    this.socket = new ReconnectingSocket({
      source: config.id,
      url: () => this.address(),
      options: deps.options,
      clock: deps.clock,
      log: deps.log,
      subscribeMessages: () => this.subscribeMessages(),
      onOpen: () => this.onOpen(),
      onMessage: (text, received) => this.onMessage(text, received),
      onEvent: (event) => deps.handlers.onEvent(event),
      ...(deps.random === undefined ? {} : { random: deps.random }),
    });
  }

  get state(): SourceState {
    return this.socket.state;
  }

  start(): void {
    this.socket.start();
  }

  stop(): Promise<void> {
    return this.socket.stop();
  }

  protected address(): string {
    return this.config.url;
  }

  protected abstract subscribeMessages(): readonly string[];
  /** A new connection: sequence state kept per connection starts over. */
  protected abstract onOpen(): void;
  protected abstract onMessage(text: string, received: number): void;

  protected garbled(reason: string, raw: string): void {
    this.log.debug({ source: this.config.id, reason }, 'garbled exchange message');
    this.handlers.onEvent({ kind: 'garbled', source: this.config.id, reason, raw });
  }

  protected alive(received: number): void {
    for (const market of Object.keys(this.config.markets)) this.aliveFor(market, received);
  }

  /** The exchange confirmed the market's price without changing it (a size-only book update, a trade at the last price). */
  protected aliveFor(market: string, received: number): void {
    this.handlers.onEvent({ kind: 'alive', source: this.config.id, market, received });
  }

  /** A sequence gap: nothing this connection says can be trusted any more, so leave it and start afresh. */
  protected gap(markets: readonly string[], expected: number, got: number): void {
    this.log.warn({ source: this.config.id, expected, got }, 'exchange sequence gap; reconnecting');
    for (const market of markets) this.handlers.onEvent({ kind: 'gap', source: this.config.id, market, expected, got });
    this.socket.restart('gap');
  }

  protected tick(market: string, bid: Dec, ask: Dec, last: Dec, exchangeTime: number | null, received: number, raw: string): void {
    this.handlers.onTick({ source: this.config.id, market, bid, ask, last, exchangeTime, received, raw });
  }
}
