import WebSocket from 'ws';
import type { Clock } from '../../engine/clock.js';
import type { ConnectionOptions, SourceEvent, SourceState } from './types.js';

/** The slice of a pino logger the feed uses (pino's Logger fits; a test may pass a silent stub). */
export interface FeedLog {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Why a connection was left: reported on the 'reconnecting' state event. */
export type ReconnectReason = 'closed' | 'silence' | 'gap' | 'stopped';

export interface ConnectionSetup {
  readonly source: string;
  /** Read at every connect: an adapter may put its subscription in the address (Binance combined streams). */
  readonly url: () => string;
  readonly options: ConnectionOptions;
  readonly clock: Clock;
  readonly log: FeedLog;
  /** Messages sent right after every open, so a reconnect resubscribes. */
  readonly subscribeMessages: () => readonly string[];
  /** Called at every open, before the subscriptions go out: per-connection sequence state starts over. */
  readonly onOpen: () => void;
  readonly onMessage: (text: string, received: number) => void;
  readonly onEvent: (event: SourceEvent) => void;
  /** Uniform in [0, 1); injectable so a test can pin the jitter. Math.random by default. */
  readonly random?: () => number;
}

/**
 * Full-jitter exponential backoff: the nth consecutive reconnect (n ≥ 1) waits a whole number of ms drawn uniformly
 * from [0, min(max, initial·2^(n−1))]. Jitter keeps many clients that lost the exchange together from returning
 * together.
 */
export function backoffBound(options: ConnectionOptions, attempt: number): number {
  const exp = options.initialBackoffMs * 2 ** Math.min(Math.max(attempt - 1, 0), 40);
  return Math.min(options.maxBackoffMs, exp);
}

export function backoffDelay(options: ConnectionOptions, attempt: number, random: () => number): number {
  const bound = backoffBound(options, attempt);
  return Math.min(bound, Math.floor(random() * (bound + 1)));
}

/**
 * One exchange WebSocket kept open until stop(): subscribes on every open, pings at pingIntervalMs, and treats
 * silenceMs without a message as a dead link (terminate, reconnect). Pongs do not count as messages: a peer that
 * answers pings but sends no data is no price source. The ws client answers the exchange's pings by itself
 * (autoPong, on by default).
 */
export class ReconnectingSocket {
  private ws: WebSocket | undefined;
  private current: SourceState = 'stopped';
  /** Consecutive reconnects without data in between; 0 once a connection delivered a message. */
  private attempt = 0;
  private stopped = true;
  private leaving: ReconnectReason | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private silenceTimer: NodeJS.Timeout | undefined;
  private gotData = false;
  private closed: Promise<void> = Promise.resolve();
  private readonly random: () => number;

  constructor(private readonly setup: ConnectionSetup) {
    this.random = setup.random ?? Math.random;
  }

  get state(): SourceState {
    return this.current;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.attempt = 0;
    this.connect();
  }

  /** Leaves the current connection (a gap: nothing it says afterwards can be trusted) and connects again. */
  restart(reason: ReconnectReason): void {
    if (this.stopped || this.ws === undefined) return;
    this.leaving = reason;
    this.ws.terminate();
  }

  send(text: string): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(text);
  }

  /** Closes the socket (a clean close frame, cut after a second) and cancels every timer. */
  async stop(): Promise<void> {
    if (this.stopped) return this.closed;
    this.stopped = true;
    this.clearTimers();
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const ws = this.ws;
    if (ws !== undefined) {
      if (ws.readyState === WebSocket.OPEN) {
        ws.close(1000, 'stop');
        const cut = setTimeout(() => ws.terminate(), 1000);
        this.closed = this.closed.then(() => clearTimeout(cut));
      } else if (ws.readyState === WebSocket.CONNECTING) {
        ws.terminate();
      }
    }
    await this.closed;
    this.setState('stopped', this.attempt);
  }

  private connect(): void {
    this.setState('connecting', this.attempt);
    this.gotData = false;
    this.leaving = undefined;
    const { options } = this.setup;
    const ws = new WebSocket(this.setup.url(), { handshakeTimeout: options.silenceMs, perMessageDeflate: false });
    this.ws = ws;
    let closedResolve!: () => void;
    this.closed = new Promise((resolve) => (closedResolve = resolve));
    ws.on('open', () => {
      this.setState('connected', this.attempt);
      this.setup.onOpen();
      for (const m of this.setup.subscribeMessages()) ws.send(m);
      this.pingTimer = setInterval(() => {
        if (ws.readyState === WebSocket.OPEN) ws.ping();
      }, options.pingIntervalMs);
      this.silenceTimer = setTimeout(() => this.onSilence(ws), options.silenceMs);
    });
    ws.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
      if (this.ws !== ws || this.stopped) return;
      this.silenceTimer?.refresh();
      if (!this.gotData) {
        this.gotData = true;
        this.attempt = 0;
      }
      const text = isBinary ? '' : rawText(data);
      try {
        this.setup.onMessage(text, this.setup.clock.now());
      } catch (err) {
        // A handler that throws is a bug; it must not take the connection down with it.
        this.setup.log.error({ err, source: this.setup.source }, 'feed message handler failed');
      }
    });
    ws.on('error', (err) => {
      this.setup.log.warn({ source: this.setup.source, err: err.message }, 'exchange connection error');
    });
    ws.on('close', (code) => {
      closedResolve();
      if (this.ws !== ws) return;
      this.clearTimers();
      this.ws = undefined;
      if (this.stopped) return;
      const reason = this.leaving ?? 'closed';
      this.attempt += 1;
      const delayMs = backoffDelay(options, this.attempt, this.random);
      this.setup.log.info({ source: this.setup.source, code, reason, attempt: this.attempt, delayMs }, 'exchange connection lost; reconnecting');
      this.setState('reconnecting', this.attempt, delayMs, reason);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = undefined;
        if (!this.stopped) this.connect();
      }, delayMs);
    });
  }

  private onSilence(ws: WebSocket): void {
    if (this.ws !== ws || this.stopped) return;
    this.setup.log.warn({ source: this.setup.source, silenceMs: this.setup.options.silenceMs }, 'exchange went silent');
    this.leaving = 'silence';
    ws.terminate();
  }

  private clearTimers(): void {
    clearInterval(this.pingTimer);
    clearTimeout(this.silenceTimer);
    this.pingTimer = undefined;
    this.silenceTimer = undefined;
  }

  private setState(state: SourceState, attempt: number, delayMs?: number, reason?: ReconnectReason): void {
    this.current = state;
    this.setup.onEvent({
      kind: 'state',
      source: this.setup.source,
      state,
      attempt,
      ...(delayMs === undefined ? {} : { delayMs }),
      ...(reason === undefined ? {} : { reason }),
    });
  }
}

function rawText(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
