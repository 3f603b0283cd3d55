import pg from 'pg';
import { quoteLiteral } from './durability.js';
import { CHANNEL, MAX_PAYLOAD, noticePayload, ROWS_CHANNEL } from './notify.js';

/** How soon notices that failed are sent again (with whatever came since). */
export const RETRY_MS = 1000;

/**
 * Notices go at most this often: the batches a node commits meanwhile share one message. Each message is a
 * transaction that PostgreSQL commits under its one notify lock, so every node's messages take turns on it; at a
 * message per event-loop turn, three nodes under load sent hundreds a second (docs/PERFORMANCE.md, run 20). What the
 * others learn from them — an account's new events (their streams and webhook senders also poll the log) and that
 * its figures changed — reaches them this much later at most.
 */
export const NOTICE_EVERY_MS = 10;

/**
 * What this store tells the other processes on its schema once a batch has committed: the accounts with new events
 * (`rampart_events`) and the accounts whose row it changed (`rampart_rows`, the record caches), sent after the
 * COMMIT in a transaction of their own.
 *
 * Not in the batch: PostgreSQL makes a committing transaction that notifies take one lock, server-wide, from just
 * before its commit record until it ends — through its WAL flush — so batches that notify commit one at a time,
 * every node's in turn. Sent apart with `synchronous_commit = off`, that lock is held for microseconds and waits
 * for no disk. A notice arrives after the rows it names are committed, as before; what a process that dies between
 * the COMMIT and its notices leaves out is a wake-up (streams and webhooks also poll the log) and a drop of an
 * account's figures from the other nodes' caches (its status, pause, rule and identity still notify from the
 * trigger inside the transaction, migration 014, so a change that other nodes judge requests by is never missed).
 */
export class PostCommitNotices {
  private events = new Set<string>();
  /** An events notice for any account (too many, or unnamed). */
  private anyEvents = false;
  /** Whether a batch queued made webhook deliveries (the other nodes' senders look only then). */
  private deliveries = false;
  private accounts = new Set<string>();
  private scheduled = false;
  /** The wait before the next message, when the last one left less than NOTICE_EVERY_MS ago. */
  private spacing: NodeJS.Timeout | undefined;
  private lastSent = Number.NEGATIVE_INFINITY;
  private sending: Promise<void> | undefined;
  /** A retry of notices that failed, due in RETRY_MS. */
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  /** Notices sent and messages that failed, for the tests and the figures. */
  readonly stats = { sent: 0, failed: 0 };

  constructor(
    private readonly pool: pg.Pool,
    private readonly origin: string,
    private readonly schema: string,
    private readonly warn: (message: string) => void = () => undefined,
  ) {}

  /** A committed batch wrote events for these accounts (null: any), and made webhook deliveries or not. */
  eventsFor(accountIds: ReadonlySet<string> | null, deliveries = true): void {
    if (accountIds === null) this.anyEvents = true;
    else for (const id of accountIds) this.events.add(id);
    if (deliveries) this.deliveries = true;
    this.schedule();
  }

  /** A committed batch changed this account's row. */
  accountChanged(id: string): void {
    this.accounts.add(id);
    this.schedule();
  }

  /** Sends what is queued now, without its spacing, and waits until it has been sent or has failed and waits for its retry (tests, close). */
  async drain(): Promise<void> {
    if (this.spacing) {
      clearTimeout(this.spacing);
      this.spacing = undefined;
      this.fire();
    }
    while (this.scheduled || this.sending) {
      if (this.sending) await this.sending;
      else await new Promise((r) => setImmediate(r));
    }
  }

  /** Sends what is queued (one try), then nothing more: the store is closing. */
  async close(): Promise<void> {
    if (this.retry) {
      clearTimeout(this.retry);
      this.retry = undefined;
      this.schedule();
    }
    await this.drain();
    this.closed = true;
  }

  private schedule(): void {
    if (this.scheduled || this.closed) return;
    this.scheduled = true;
    // After this turn (the batches committed in it share one message), and NOTICE_EVERY_MS after the last message.
    const wait = this.lastSent + NOTICE_EVERY_MS - performance.now();
    if (wait <= 0) setImmediate(() => this.fire());
    else {
      this.spacing = setTimeout(() => {
        this.spacing = undefined;
        this.fire();
      }, Math.ceil(wait));
    }
  }

  private fire(): void {
    this.scheduled = false;
    this.lastSent = performance.now();
    const previous = this.sending ?? Promise.resolve();
    const next = previous.then(() => this.send());
    this.sending = next;
    void next.finally(() => {
      if (this.sending === next) this.sending = undefined;
    });
  }

  private async send(): Promise<void> {
    const events = this.events;
    const anyEvents = this.anyEvents;
    const deliveries = this.deliveries;
    const accounts = this.accounts;
    const statements: string[] = [];
    if (anyEvents || events.size > 0) {
      const payload = noticePayload(this.origin, this.schema, { accountIds: anyEvents ? null : [...events], ...(deliveries ? {} : { deliveries: false }) });
      statements.push(`SELECT pg_notify(${quoteLiteral(CHANNEL)}, ${quoteLiteral(payload)})`);
    }
    // The accounts in as few notices as their payload's limit allows (each notice is an entry of PostgreSQL's queue
    // that every listening node reads and parses: one per account was one per order).
    for (const keys of chunked([...accounts], (k) => k.length + 3, MAX_PAYLOAD - 200)) {
      const payload = JSON.stringify({ origin: this.origin, schema: this.schema, table: 'accounts', keys });
      statements.push(`SELECT pg_notify(${quoteLiteral(ROWS_CHANNEL)}, ${quoteLiteral(payload)})`);
    }
    this.events = new Set();
    this.anyEvents = false;
    this.deliveries = false;
    this.accounts = new Set();
    if (statements.length === 0) return;
    try {
      await this.pool.query(`BEGIN; SET LOCAL synchronous_commit = off; ${statements.join('; ')}; COMMIT`);
      this.stats.sent += statements.length;
    } catch (err) {
      this.stats.failed++;
      // Sent again with what comes next, in RETRY_MS at the latest: until then the other nodes find those events on
      // their poll of the log, and keep those accounts' figures as they were (an account's status, pause and rule
      // are not among them: the trigger tells those inside the transaction).
      if (anyEvents) this.anyEvents = true;
      if (deliveries) this.deliveries = true;
      for (const id of events) this.events.add(id);
      for (const id of accounts) this.accounts.add(id);
      this.warn(`notices to the other nodes were not sent (${(err as Error).message}); sent again in ${RETRY_MS} ms`);
      if (!this.closed && !this.retry) {
        this.retry = setTimeout(() => {
          this.retry = undefined;
          this.schedule();
        }, RETRY_MS);
        this.retry.unref();
      }
    }
  }
}

/** `items` in order, in chunks whose sizes (by `size`) add up to at most `limit` (an item alone may pass it). */
function chunked<T>(items: readonly T[], size: (item: T) => number, limit: number): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let used = 0;
  for (const item of items) {
    const n = size(item);
    if (current.length > 0 && used + n > limit) {
      out.push(current);
      current = [];
      used = 0;
    }
    current.push(item);
    used += n;
  }
  if (current.length > 0) out.push(current);
  return out;
}
