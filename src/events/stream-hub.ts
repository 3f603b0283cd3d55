import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../engine/clock.js';
import type { Environment } from '../schemas/common.js';
import type { Store } from '../store/port.js';
import { AccountStream, PAGE, sseFrame } from './account-stream.js';
import { every } from './ticker.js';

export interface StreamLimits {
  heartbeat_ms: number;
}

/**
 * The open account streams of this process: wakes those whose account had events committed, sends the
 * heartbeats, and ends them all on shutdown.
 */
export class StreamHub {
  private readonly byAccount = new Map<string, Set<AccountStream>>();
  private readonly stops: (() => void)[] = [];

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly limits: StreamLimits,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.stops.push(
      this.store.onEventsCommitted(({ accountIds }) => {
        for (const id of accountIds) {
          const set = this.byAccount.get(id);
          if (set) this.fanOut(id, set);
        }
      }),
      every(this.clock, this.limits.heartbeat_ms, () => {
        for (const set of this.byAccount.values()) for (const s of set) s.heartbeat();
      }),
    );
  }

  /** Takes over a response: the account's events after `afterSeq`, then live ones. */
  open(res: ServerResponse, environment: Environment, accountId: string, afterSeq: number, headers: Record<string, string | number | string[]>): AccountStream {
    const stream = new AccountStream(res, this.store, { environment, accountId, afterSeq }, this.log, (s) => this.forget(s));
    const set = this.byAccount.get(accountId) ?? new Set<AccountStream>();
    this.byAccount.set(accountId, set);
    set.add(stream);
    stream.start(headers);
    return stream;
  }

  /** Open streams (of one account, or all). */
  count(accountId?: string): number {
    if (accountId !== undefined) return this.byAccount.get(accountId)?.size ?? 0;
    let n = 0;
    for (const set of this.byAccount.values()) n += set.size;
    return n;
  }

  /** Ends the streams of one environment (its listener is closing), or all. */
  closeAll(environment?: Environment): void {
    for (const set of [...this.byAccount.values()]) {
      for (const s of [...set]) if (environment === undefined || s.options.environment === environment) s.close();
    }
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.closeAll();
  }

  /**
   * New events of an account: one read of the log and one rendering of each frame for all its streams that can
   * take them now (not one query per client); the others read on from the log on their own.
   */
  private fanOut(accountId: string, set: ReadonlySet<AccountStream>): void {
    const ready: AccountStream[] = [];
    for (const s of set) {
      if (s.canTake()) ready.push(s);
      else s.wake();
    }
    if (ready.length === 0) return;
    let after = Infinity;
    for (const s of ready) after = Math.min(after, s.sentSeq);
    this.store.listEvents({ accountId, afterSeq: after, limit: PAGE }).then(
      (rows) => {
        const texts = rows.map(sseFrame);
        for (const s of ready) s.take(rows, texts, rows.length === PAGE);
      },
      () => {
        for (const s of ready) s.wake();
      },
    );
  }

  private forget(s: AccountStream): void {
    const set = this.byAccount.get(s.accountId);
    if (!set) return;
    set.delete(s);
    if (set.size === 0) this.byAccount.delete(s.accountId);
  }
}
