import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../engine/clock.js';
import type { ApiError } from '../errors/api-error.js';
import type { Environment } from '../schemas/common.js';
import type { CredentialService } from '../services/credential-service.js';
import type { AccountRecord, Store } from '../store/port.js';
import { AccountStream, PAGE, sseFrame, type StreamOptions } from './account-stream.js';
import { StreamAccess } from './stream-access.js';
import { every } from '../kernel/ticker.js';

/**
 * How often open streams' credentials are judged again, in wall time: a revocation or a switch-off made by
 * another process (the operator CLI) reaches this one only through the store, and a credential's end date
 * passes without any write. Cheap: one cached lookup per credential, one per account.
 */
const RECHECK_MS = 250;

export interface StreamLimits {
  heartbeat_ms: number;
}

/**
 * The open account streams of this process: wakes those whose account had events committed, sends the
 * heartbeats, ends those whose credential no longer opens their account, and ends them all on shutdown.
 */
export class StreamHub {
  private readonly byAccount = new Map<string, Set<AccountStream>>();
  private readonly stops: (() => void)[] = [];
  private readonly access: StreamAccess;
  private recheckTimer: NodeJS.Timeout | undefined;
  /** The look in progress, and the one that will follow it (asked for while one ran). */
  private running: Promise<void> | undefined;
  private pending: Promise<void> | undefined;

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly limits: StreamLimits,
    private readonly log: FastifyBaseLogger,
    private readonly credentials: CredentialService,
  ) {
    this.access = new StreamAccess(store, credentials);
  }

  start(): void {
    this.stops.push(
      this.store.onEventsCommitted(({ accountIds }) => {
        // null: any account may have new events (a notice that could not name them): every stream looks.
        for (const id of accountIds ?? [...this.byAccount.keys()]) {
          const set = this.byAccount.get(id);
          if (set) this.fanOut(id, set);
        }
      }),
      every(this.clock, this.limits.heartbeat_ms, () => {
        for (const set of this.byAccount.values()) for (const s of set) s.heartbeat();
      }),
      // At once, not at the next periodic look: a revocation or switch-off here, or time moved past an end date.
      this.credentials.onAccessChanged(() => void this.recheck()),
      this.clock.onAdvance(() => void this.recheck()),
    );
  }

  /** Takes over a response: the account's events after `options.afterSeq`, then live ones. */
  open(res: ServerResponse, options: StreamOptions, headers: Record<string, string | number | string[]>): AccountStream {
    const stream = new AccountStream(res, this.store, options, this.log, (s) => this.forget(s));
    const set = this.byAccount.get(options.accountId) ?? new Set<AccountStream>();
    this.byAccount.set(options.accountId, set);
    set.add(stream);
    this.recheckTimer ??= setInterval(() => void this.recheck(), RECHECK_MS).unref();
    stream.start(headers);
    return stream;
  }

  /**
   * Judges every open stream's credential again (grouped: one look per credential); ends those refused now.
   * Resolves when a look that began after this call is done (one runs at a time; calls meanwhile share the next).
   */
  recheck(): Promise<void> {
    if (this.byAccount.size === 0) return Promise.resolve();
    this.pending ??= (this.running ?? Promise.resolve()).then(() => {
      this.pending = undefined;
      this.running = this.checkAll().finally(() => (this.running = undefined));
      return this.running;
    });
    return this.pending;
  }

  private async checkAll(): Promise<void> {
    const byCredential = new Map<string, AccountStream[]>();
    for (const set of this.byAccount.values()) {
      for (const s of set) {
        const group = byCredential.get(s.options.grant.hash);
        if (group) group.push(s);
        else byCredential.set(s.options.grant.hash, [s]);
      }
    }
    const accounts = new Map<string, Promise<AccountRecord | undefined>>();
    for (const streams of byCredential.values()) {
      try {
        const grant = streams[0]!.options.grant;
        const refusal = await this.access.ofCredential(grant.kind, grant.hash);
        for (const s of streams) {
          const r = refusal ?? (await this.access.ofAccount(s.options.grant, accounts));
          if (r) s.refuse(r);
        }
      } catch (err) {
        // The store cannot answer now (a fault): the streams stay, and are judged again at the next look.
        this.log.debug({ err }, 'stream credential re-check failed; retried at the next one');
      }
    }
  }

  /** Open streams (of one account, or all). */
  count(accountId?: string): number {
    if (accountId !== undefined) return this.byAccount.get(accountId)?.size ?? 0;
    let n = 0;
    for (const set of this.byAccount.values()) n += set.size;
    return n;
  }

  /** Ends the streams of one environment with the refusal a new request there gets now. */
  refuseAll(environment: Environment, err: ApiError): void {
    for (const set of [...this.byAccount.values()]) {
      for (const s of [...set]) if (s.options.environment === environment) s.refuse(err);
    }
  }

  /** Ends the streams of one environment (its listener is closing), or all. */
  closeAll(environment?: Environment): void {
    for (const set of [...this.byAccount.values()]) {
      for (const s of [...set]) if (environment === undefined || s.options.environment === environment) s.close();
    }
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
    clearInterval(this.recheckTimer);
    this.recheckTimer = undefined;
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
    if (this.byAccount.size === 0) {
      clearInterval(this.recheckTimer);
      this.recheckTimer = undefined;
    }
  }
}
