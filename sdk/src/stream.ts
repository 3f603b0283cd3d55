// The account stream as an async iterator of events: it reconnects after a drop and continues with Last-Event-ID
// from the last event it gave, so no event is lost or given twice.
import { errorFromAnswer, RampartConnectionError, type ErrorBody, type RampartError } from './errors.js';
import { OPERATIONS } from './generated/operations.js';
import { retryDelay } from './retry.js';
import { SseParser } from './sse.js';
import { buildUrl, isStaleToken, type Transport } from './transport.js';
import type { Event } from './types.js';

export interface StreamOptions {
  /** Start after this event id (the stream starts at the newest event without it). */
  resume?: string;
  /** Ends the iteration. */
  signal?: AbortSignal;
  /** Reconnections in a row without receiving anything before giving up (default: no limit). */
  maxReconnects?: number;
  /** Nothing at all (not even the 15 s heartbeat) for this long means the connection is dead: reconnect (default 45 000 ms). */
  idleTimeoutMs?: number;
  /**
   * Told what the stream is doing: connecting, live (the server accepted it), retrying (it dropped or was refused
   * with a retryable answer; `error` says why) — for a page that shows the connection's state.
   */
  onState?: (state: 'connecting' | 'live' | 'retrying', error?: unknown) => void;
}

/** HTTP status of a refusal the stream sends as its last frame (it has no status of its own). */
const STATUS_OF_TYPE: Record<string, number> = {
  invalid_request: 400,
  authentication: 401,
  permission: 403,
  not_found: 404,
  conflict: 409,
  rule_rejection: 422,
  rate_limit: 429,
  server: 503,
  engine: 503,
};

export class AccountStream implements AsyncIterable<Event> {
  /** The id of the last event given: keep it to resume later (`resume`). */
  lastEventId: string | undefined;
  /** Connections made so far (1 + reconnections). */
  connections = 0;
  private readonly abort = new AbortController();

  constructor(
    private readonly transport: Transport,
    private readonly accountId: string,
    private readonly options: StreamOptions = {},
  ) {
    this.lastEventId = options.resume;
    options.signal?.addEventListener('abort', () => this.abort.abort(), { once: true });
  }

  /** Ends the stream: the iteration finishes. */
  close(): void {
    this.abort.abort();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Event> {
    const { config } = this.transport;
    let reconnectMs = 2000;
    let failures = 0;
    let renewed = false;
    try {
      while (!this.abort.signal.aborted) {
        let received = false;
        let failure: unknown;
        this.options.onState?.('connecting');
        try {
          for await (const frame of this.connect()) {
            if (frame.retry !== undefined) reconnectMs = frame.retry;
            if (frame.event === undefined && frame.data === '') continue;
            received = true;
            if (frame.event === 'error') {
              const body = JSON.parse(frame.data) as Omit<ErrorBody, 'code'> & { code: string };
              // Too slow to take the events: the server cut us off; continue from the last event.
              if (body.code === 'slow_consumer') break;
              throw errorFromAnswer(STATUS_OF_TYPE[body.type] ?? 400, { error: body as ErrorBody }, new Headers());
            }
            if (frame.id !== undefined) this.lastEventId = frame.id;
            yield JSON.parse(frame.data) as Event;
          }
        } catch (err) {
          if (this.abort.signal.aborted) return;
          // A token source's token went stale (expired, revoked): the next connection brings a new one, once in a row.
          if (isStaleToken(err) && !renewed && this.transport.renew()) {
            renewed = true;
            continue;
          }
          if (!(err instanceof RampartConnectionError) && !isRetryableRefusal(err)) throw err;
          failure = err;
        }
        if (received) renewed = false;
        if (this.abort.signal.aborted) return;
        failures = received ? 0 : failures + 1;
        if (failures > (this.options.maxReconnects ?? Infinity)) throw new RampartConnectionError(`the account stream did not reconnect after ${failures} tries`);
        this.options.onState?.('retrying', failure);
        // The server's retry: field, then backoff if reconnecting keeps failing.
        const wait = failures <= 1 ? reconnectMs : Math.max(reconnectMs, retryDelay(config.retry, failures, undefined) ?? reconnectMs);
        await config.sleep(wait, this.abort.signal).catch(() => undefined);
      }
    } finally {
      this.abort.abort();
    }
  }

  /** One connection: its frames until it ends or breaks. */
  private async *connect(): AsyncGenerator<ReturnType<SseParser['push']>[number]> {
    const { config } = this.transport;
    const url = buildUrl(config.baseUrl, OPERATIONS.streamAccount.path, { account_id: this.accountId });
    const headers: Record<string, string> = { ...(await this.transport.headers()), accept: 'text/event-stream' };
    if (this.lastEventId !== undefined) headers['last-event-id'] = this.lastEventId;
    const idle = new AbortController();
    const signal = AbortSignal.any([this.abort.signal, idle.signal]);
    const idleMs = this.options.idleTimeoutMs ?? 45_000;
    let timer = setTimeout(() => idle.abort(), Math.min(idleMs, config.timeoutMs));
    this.connections++;
    try {
      let res: Response;
      try {
        res = await config.fetch(url, { method: 'GET', headers, signal });
      } catch (err) {
        throw new RampartConnectionError(`the account stream did not connect: ${(err as Error).message}`, { cause: err });
      }
      if (!res.ok) {
        const text = await res.text();
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
        throw errorFromAnswer(res.status, body, res.headers);
      }
      if (!res.body) throw new RampartConnectionError('the account stream answered without a body');
      this.options.onState?.('live');
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      const parser = new SseParser();
      for (;;) {
        clearTimeout(timer);
        timer = setTimeout(() => idle.abort(), idleMs);
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch (err) {
          throw new RampartConnectionError(`the account stream broke: ${(err as Error).message}`, { cause: err });
        }
        if (chunk.done) return;
        yield* parser.push(decoder.decode(chunk.value, { stream: true }));
      }
    } finally {
      clearTimeout(timer);
      idle.abort();
    }
  }
}

function isRetryableRefusal(err: unknown): boolean {
  return (err as RampartError | undefined)?.retryable === true && typeof (err as RampartError).status === 'number' && (err as RampartError).status >= 429;
}
