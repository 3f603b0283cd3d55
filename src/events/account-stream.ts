import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiError } from '../errors/api-error.js';
import type { Store } from '../store/port.js';
import type { StreamGrant } from './stream-access.js';

export const PAGE = 200;
/** How long a cut-off client has to take the bytes already sent before its connection is closed. */
const CUTOFF_GRACE_MS = 5_000;

/** One event as a Server-Sent Events frame. */
export function sseFrame(r: { id: string; type: string; data: string }): string {
  return `id: ${r.id}\nevent: ${r.type}\ndata: ${r.data}\n\n`;
}

export interface StreamOptions {
  environment: 'live' | 'sandbox';
  accountId: string;
  /** The stream sends the account's events after this seq. */
  afterSeq: number;
  /** The credential it was opened with, re-checked while it is open. */
  grant: StreamGrant;
  /** The `data` of the final error frame when access ends: the refusal as the error envelope writes it. */
  farewell: (err: ApiError) => string;
}

/**
 * One Server-Sent Events connection following one account. It always reads the events it sends from the log
 * (committed events, after the last seq it sent), so the hand-over from the stored backlog to live events
 * cannot skip or repeat one: a commit only wakes it up. Memory is bounded: nothing more is written while the
 * client has not taken what was (a client that lags behind reads on from the log, not from memory), and a
 * client that takes nothing for two heartbeats gets `event: error` slow_consumer and is disconnected. When its
 * credential stops opening the account to a new request (revoked, expired, API access off, account out of reach),
 * it gets `event: error` with that refusal and is disconnected.
 */
export class AccountStream {
  private lastSeq: number;
  private pumping = false;
  private again = false;
  private ended = false;
  /** Set while the pump waits for the client to take the bytes already written. */
  private waitingSinceBeat: number | undefined;
  private beats = 0;

  constructor(
    private readonly res: ServerResponse,
    private readonly store: Pick<Store, 'listEvents'>,
    readonly options: StreamOptions,
    private readonly log: FastifyBaseLogger,
    private readonly onEnd: (s: AccountStream) => void,
  ) {
    this.lastSeq = options.afterSeq;
  }

  get accountId(): string {
    return this.options.accountId;
  }

  start(headers: Record<string, string | number | string[]>): void {
    this.res.on('close', () => this.finish());
    this.res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // Its connection ends with it (Node closes it after the last byte): a client must not reuse a connection
      // whose stream was ended for lost access, nor one that a slow stream left with unread bytes.
      connection: 'close',
      'x-accel-buffering': 'no',
    });
    this.res.write('retry: 2000\n\n');
    this.wake();
  }

  /** New events may be in the log. */
  wake(): void {
    if (this.ended) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    void this.pump()
      .catch((err: unknown) => {
        this.log.warn({ err, account_id: this.accountId }, 'account stream failed; closing it');
        this.end();
      })
      .finally(() => {
        this.pumping = false;
      });
  }

  /** Whether it can take events handed to it now (not reading on its own, not waiting for the client). */
  canTake(): boolean {
    return !this.ended && !this.pumping && !this.res.writableNeedDrain;
  }

  get sentSeq(): number {
    return this.lastSeq;
  }

  /**
   * Takes the account's events from a read shared by all its streams (`rows` are every event of the account after
   * some seq at or before the last one this stream sent, `texts` their SSE frames). When it cannot take them all
   * now — it is reading on its own, the client is behind, or the read was a full page — it reads on from the log.
   */
  take(rows: readonly { seq: number }[], texts: readonly string[], more: boolean): void {
    if (!this.canTake()) {
      this.wake();
      return;
    }
    for (let i = 0; i < rows.length; i++) {
      const seq = rows[i]!.seq;
      if (seq <= this.lastSeq) continue;
      if (this.res.writableNeedDrain) {
        this.wake();
        return;
      }
      if (!this.send(texts[i]!)) return;
      this.lastSeq = seq;
    }
    if (more) this.wake();
  }

  /** A comment line every heartbeat keeps proxies from closing an idle stream; it also polls the log. */
  heartbeat(): void {
    if (this.ended) return;
    this.beats++;
    if (this.waitingSinceBeat !== undefined && this.beats - this.waitingSinceBeat >= 2) {
      this.cutOff();
      return;
    }
    if (this.send(': heartbeat\n\n')) this.wake();
  }

  /**
   * Access ended: the last frame is `event: error` with the refusal a new request would get (no `id:`, so the
   * client's resume point stays its last event), then the connection is closed, not kept alive for reuse.
   */
  refuse(err: ApiError): void {
    if (this.ended) return;
    this.log.info({ account_id: this.accountId, code: err.code }, 'stream credential no longer opens the account; closed');
    this.lastFrame(this.options.farewell(err));
  }

  /** Ends the stream cleanly (server shutdown). */
  close(): void {
    this.end();
  }

  private async pump(): Promise<void> {
    do {
      this.again = false;
      for (;;) {
        const rows = await this.store.listEvents({ accountId: this.accountId, afterSeq: this.lastSeq, limit: PAGE });
        for (const r of rows) {
          if (this.res.writableNeedDrain) await this.drained();
          if (!this.send(sseFrame(r))) return;
          this.lastSeq = r.seq;
        }
        if (rows.length < PAGE) break;
      }
    } while (this.again);
  }

  /** Waits until the client took what was written (or the stream ended). */
  private drained(): Promise<void> {
    this.waitingSinceBeat = this.beats;
    return new Promise<void>((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.res.off('close', done);
        this.waitingSinceBeat = undefined;
        resolve();
      };
      this.res.on('drain', done);
      this.res.on('close', done);
    });
  }

  private send(text: string): boolean {
    if (this.ended) return false;
    this.res.write(text);
    return true;
  }

  private cutOff(): void {
    if (this.ended) return;
    this.log.info({ account_id: this.accountId, unsent_bytes: this.res.writableLength }, 'stream client took nothing for two heartbeats; cut off');
    this.lastFrame('{"code":"slow_consumer"}');
  }

  /** A final `event: error` frame, then the end of the response and of its connection. */
  private lastFrame(data: string): void {
    this.res.write(`event: error\ndata: ${data}\n\n`);
    this.end();
    setTimeout(() => this.res.destroy(), CUTOFF_GRACE_MS).unref();
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.res.end();
    this.onEnd(this);
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.onEnd(this);
  }
}
