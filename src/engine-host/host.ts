import type { FastifyBaseLogger } from 'fastify';
import type { Fence } from '../store/fence.js';
import { partitionOf } from './partition.js';
import type { Config } from '../config/config.js';
import type { Book } from '../engine/book.js';
import type { Clock } from '../engine/clock.js';
import type { TradingCalendar } from '../engine/trading-day.js';
import { dec, fmt } from '../engine/decimal.js';
import { Engine, type Effects } from '../engine/engine.js';
import { marketSpec } from '../engine/market-spec.js';
import type { EngineEvent, Position } from '../engine/state.js';
import type { MarketSpec, Quote } from '../engine/types.js';
import type { Quote as BookQuote, QuoteBook } from '../feed/quotes.js';
import type { Environment } from '../schemas/common.js';
import { StoreUnavailableError, type AccountRecord, type EventCounter, type EventRow, type MarketState, type Store, type Tx } from '../store/port.js';
import { newId } from '../kernel/ids.js';
import { NO_TELEMETRY, type Telemetry } from '../kernel/telemetry.js';
import { eventView, orderFromData, positionFromData, positionView } from '../views/trading-views.js';
import { accountsOf, bookFromRecord, hasEffects, writeEffects } from './effects.js';
import { InFlight } from './in-flight.js';
import { OpenOrders } from './open-orders.js';

const QUOTE_STORE_INTERVAL_MS = 1000;

/**
 * How long a transaction that loads a partition's engine may pause between two statements: the open orders of the
 * environment come in one read and are restored one by one before the next (100k of them take about a second, more
 * on a busy machine), longer than PostgreSQL's 2 s idle bound for every other transaction. A node frozen while it
 * loads holds that partition's lease row this long at most.
 */
const LOAD_PAUSE_MS = 10_000;
/** An event's id is this prefix and its seq padded to 12 digits. */
const eventIdPrefix = (env: Environment) => `evt_${env === 'live' ? 'live' : 'test'}_`;
/** The customers whose accounts an engine holds. */
const customersOf = (engine: Engine): string[] => [...new Set([...engine.books.values()].map((b) => b.customerId))];

/** One engine partition this node owns: its engine and the lease its writes are fenced by. */
export interface Partition {
  readonly key: string;
  readonly environment: Environment;
  readonly partition: number;
  readonly fence: Fence;
  engine: Engine;
  /**
   * The event counters of the partition's customers (docs/ARCHITECTURE.md, "The event log"): this partition alone
   * numbers their events while it holds them, so the counter lives here; read from the store when the partition is
   * taken (or a customer first writes), it only ever grows (a rolled-back number is skipped, never reused).
   */
  readonly events: Map<string, EventCounter>;
}

/** How a partition is taken: its working orders resume, or the SPEC restart transition runs first. */
export type AdoptMode = 'resume' | 'restart';

/** This node holds no engine for the account's partition (another node owns it, or nobody does yet). */
export class PartitionNotHeldError extends Error {
  override readonly name = 'PartitionNotHeldError';
  constructor(
    readonly environment: Environment,
    readonly partition: number,
  ) {
    super(`this node does not hold ${environment} engine partition ${partition}`);
  }
}

/** What one store transaction did so far: the partitions it fenced. */
interface TxState {
  readonly fenced: Set<string>;
  /** Partitions whose engine this transaction changed: rebuilt from the store if it rolls back. */
  readonly undo: Set<string>;
  /** Accounts this transaction changed in memory: held until it is over (in-flight.ts). */
  readonly held: Set<string>;
}
const newTxState = (): TxState => ({ fenced: new Set(), undo: new Set(), held: new Set() });

export const partitionKey = (env: Environment, partition: number) => `${env}/${partition}`;

/** Each market's state as the engines judge it (open, halted, closed): the market service, as the host needs it. */
export interface MarketStates {
  state(market: string): MarketState;
}

/**
 * Hosts the engines of the partitions this node owns (CONTRACT §8: accounts belong to a partition by a stable
 * hash; one node owns a partition at a time through a lease). Every engine mutation runs inside a store
 * transaction fenced by the partition's lease, and what it changed is written in that same transaction, so
 * memory, storage and the event log move in one order and nothing is answered or published before it is durable.
 * If a transaction fails, the partition's engine is rebuilt from the store.
 */
export class EngineHost {
  readonly specs: ReadonlyMap<string, MarketSpec>;
  private readonly parts = new Map<string, Partition>();
  /**
   * Account → its partition (the hash of its customer, worked out once: every request about an account asks), for
   * every account this node has seen.
   */
  private readonly partitions = new Map<string, number>();
  /**
   * Partitions whose engine may hold changes their transaction rolled back: rebuilt from the store before they
   * act again (a failed call leaves nothing behind in memory either).
   */
  private readonly stale = new Set<string>();
  private readonly rebuilding = new Map<string, NodeJS.Timeout | null>();
  private stopped = false;
  private readonly unsubscribe: (() => void)[] = [];
  private readonly unstoredQuotes = new Map<string, BookQuote>();
  private quotesStoredAt = 0;
  /** When a separate sandbox book's ticks last flushed the sandbox engines' peaks (its quotes are not stored). */
  private sandboxPeaksAt = 0;
  private quoteTimer: NodeJS.Timeout | undefined;
  private unclock: (() => void) | undefined;
  /**
   * The latest price tick's work, per book followed (operators wait for it: a price set cluster-wide is applied
   * before the answer).
   */
  private readonly lastTicks = new Map<QuoteBook, Promise<void>>();
  private lastClock: Promise<void> = Promise.resolve();
  /** Accounts changed in memory by transactions not over yet: reads from memory wait for them. */
  private readonly inFlight = new InFlight();
  /** Open-order lists served from memory, each order's JSON kept per stored version. */
  readonly openOrders = new OpenOrders();

  constructor(
    private readonly config: Config,
    private readonly store: Pick<Store, 'getAccount' | 'listQuotes' | 'transaction'>,
    private readonly clock: Clock,
    private readonly markets: MarketStates,
    /** The book an environment prices from: the same object for both unless the sandbox has a feed of its own. */
    private readonly quotesFor: (environment: Environment) => QuoteBook,
    private readonly calendar: TradingCalendar,
    private readonly log: FastifyBaseLogger,
    /** Times commands (submission to durable answer, the queue per partition) and ticks (src/metrics). */
    private readonly telemetry: Telemetry = NO_TELEMETRY,
  ) {
    this.specs = new Map(config.markets.map((m) => [m.id, marketSpec(m)]));
  }

  /**
   * The engine partition of an account (the same on every node): the hash of its customer's id, so every account
   * of a customer is in one partition and the limits across a customer's accounts (working-order cap, exposure cap
   * of a product) are judged by one engine. The account must be known (`know`, or a record seen).
   */
  partitionOf(accountId: string): number {
    const partition = this.partitions.get(accountId);
    if (partition === undefined) throw new Error(`the customer of account ${accountId} is not known here`);
    return partition;
  }

  /** Learns an account's customer from the store if need be (it never changes); false for no such account. */
  async know(accountId: string): Promise<boolean> {
    if (this.partitions.has(accountId)) return true;
    const a = await this.store.getAccount(accountId);
    if (!a) return false;
    this.learn(a);
    return true;
  }

  /** Notes an account's customer from its record. */
  learn(a: Pick<AccountRecord, 'id' | 'customer_id'>): void {
    if (!this.partitions.has(a.id)) this.partitions.set(a.id, partitionOf(a.customer_id, this.config.cluster.partitions));
  }

  /**
   * Settles once no transaction that changed the account in memory is in flight (undefined when none is now, so a
   * hot read does not wait a turn). A read from memory waits for it first.
   */
  quiet(accountId: string): Promise<void> | undefined {
    return this.inFlight.over(accountId) && this.untilQuiet(accountId);
  }

  private async untilQuiet(accountId: string): Promise<void> {
    for (let busy = this.inFlight.over(accountId); busy; busy = this.inFlight.over(accountId)) await busy;
  }

  /**
   * Whether what a read saw of the account across an await is still what memory holds: no transaction changed it
   * since `mark` (writesBegun before the await) and none is in flight.
   */
  unchangedSince(accountId: string, mark: number): boolean {
    return this.inFlight.over(accountId) === undefined && this.inFlight.mark(accountId) === mark;
  }

  /** How many transactions have changed the account in memory so far (in-flight.ts `mark`). */
  writesBegun(accountId: string): number {
    return this.inFlight.mark(accountId);
  }

  /** Whether this node holds the engine of the account's partition (false for an account not known here yet). */
  holds(env: Environment, accountId: string): boolean {
    const partition = this.partitions.get(accountId);
    return partition !== undefined && this.parts.has(partitionKey(env, partition));
  }

  /** The partitions this node holds now. */
  held(): Partition[] {
    return [...this.parts.values()];
  }

  private partOf(env: Environment, accountId: string): Partition {
    const p = this.partitionOf(accountId);
    const part = this.parts.get(partitionKey(env, p));
    if (!part) throw new PartitionNotHeldError(env, p);
    return part;
  }

  /** The engine of an account's partition, for reads; while it waits to be rebuilt from the store, state_unavailable. */
  engine(env: Environment, accountId: string): Engine {
    const part = this.partOf(env, accountId);
    if (this.stale.has(part.key)) {
      this.rebuildSoon(part);
      throw new StoreUnavailableError(`the ${env} engine partition ${part.partition} is being rebuilt from the store`);
    }
    return part.engine;
  }

  /**
   * The account's book when this node's engine holds it and can be read (not waiting to be rebuilt after a
   * rollback); undefined otherwise.
   */
  memoryBook(env: Environment, accountId: string): Book | undefined {
    if (!this.holds(env, accountId)) return undefined;
    const part = this.partOf(env, accountId);
    return this.stale.has(part.key) ? undefined : part.engine.books.get(accountId);
  }

  /** The price an environment's engines act on (never the other environment's, when the sandbox has its own feed). */
  quote(market: string, environment: Environment): Quote | undefined {
    const q = this.quotesFor(environment).get(market);
    return q ? { bid: q.bid, ask: q.ask, last: q.last, time: q.time } : undefined;
  }

  private newEngine(environment: Environment): Engine {
    return new Engine({
      markets: this.specs,
      quote: (m) => this.quote(m, environment),
      marketState: (m) => this.markets.state(m),
      newId: (p) => newId(p),
      isWeekend: (t) => this.calendar.isWeekend(t),
      calendar: this.calendar,
      caps: { perAccount: this.config.limits.working_orders.per_account, perCustomer: this.config.limits.working_orders.per_customer },
    });
  }

  /**
   * Builds a partition's engine from the store: its accounts, balances, settings, positions and (unless the
   * restart transition is about to cancel them in the store) working orders.
   */
  private async loadEngine(part: { environment: Environment; partition: number }, reads: Tx | Store, openOrders = true): Promise<Engine> {
    const env = part.environment;
    const engine = this.newEngine(env);
    const accounts = await reads.listAccountsByStatusIn(env);
    for (const a of accounts) {
      this.learn(a);
      if (this.partitionOf(a.id) === part.partition) engine.addBook(this.bookOf(a));
    }
    for (const s of await reads.listMarginSettings(env)) engine.books.get(s.account_id)?.margin.set(s.market, { leverage: s.leverage, mode: s.mode });
    for (const row of await reads.listPositions(env)) {
      const book = engine.books.get(row.account_id);
      if (book) book.positions.set(row.market, positionFromData(row.data));
    }
    for (const b of engine.books.values()) engine.addBook(b);
    if (openOrders) for (const row of await reads.listOpenOrders(env)) if (engine.books.has(row.account_id)) engine.restoreOrder(orderFromData(row.data));
    // New orders keep sorting after every stored one (lists are ordered by seq), not only after the open ones.
    engine.seedSeq(await reads.maxOrderSeq(env));
    return engine;
  }

  private bookOf(a: AccountRecord): Book {
    return bookFromRecord(a, this.calendar);
  }

  /** The operator changed an account's status or pause: the engine judges it (or not) accordingly. */
  syncAccount(a: AccountRecord): void {
    this.learn(a);
    const book = this.parts.get(partitionKey(a.environment, this.partitionOf(a.id)))?.engine.books.get(a.id);
    if (!book) return;
    book.status = a.status;
    book.statusReason = a.status_reason;
    book.pausedUntil = a.paused_until;
  }

  hasBook(env: Environment, accountId: string): boolean {
    return this.parts.get(partitionKey(env, this.partitionOf(accountId)))?.engine.books.has(accountId) ?? false;
  }

  /** Makes sure an account opened since its partition's engine loaded has its book (when this node holds it). */
  ensureBook(a: AccountRecord): Book | undefined {
    this.learn(a);
    const engine = this.parts.get(partitionKey(a.environment, this.partitionOf(a.id)))?.engine;
    if (!engine) return undefined;
    let book = engine.books.get(a.id);
    if (!book) {
      book = this.bookOf(a);
      engine.addBook(book);
    }
    return book;
  }

  /**
   * Starts following prices and the clock. Engines come with partitions: `adopt` loads each one this node takes.
   */
  async start(): Promise<void> {
    // The stored quotes are the live book's (a sandbox book of its own starts empty: docs/PRICE-FEEDS.md).
    const live = this.quotesFor('live');
    for (const row of await this.store.listQuotes()) {
      if (!live.get(row.market) && this.specs.has(row.market)) {
        live.set({ market: row.market, bid: dec(row.bid), ask: dec(row.ask), last: dec(row.last), time: row.time });
      }
    }
    // One book for both: every engine follows it. A sandbox book of its own: each environment's engines follow theirs.
    const sandbox = this.quotesFor('sandbox');
    const follow = (book: QuoteBook, environment: Environment | undefined) =>
      this.unsubscribe.push(
        book.onQuote((q) => {
          this.lastTicks.set(book, this.onQuote(q, environment));
        }),
      );
    if (sandbox === live) follow(live, undefined);
    else {
      follow(live, 'live');
      follow(sandbox, 'sandbox');
    }
    this.quoteTimer = setInterval(() => void this.storeQuotes().catch(() => undefined), QUOTE_STORE_INTERVAL_MS);
    this.quoteTimer.unref();
    this.unclock = this.clock.onAdvance((now) => {
      this.lastClock = this.onClock(now);
    });
    if (this.clock.kind === 'system') {
      // On the system clock time moves by itself: gtd expiries and trading-day rollovers are judged every second,
      // with or without price ticks.
      const timer = setInterval(() => void this.onClock(this.clock.now()), 1000);
      timer.unref();
      const off = this.unclock;
      this.unclock = () => {
        clearInterval(timer);
        off();
      };
    }
  }

  /** Resolves once the latest price tick and clock move seen here are applied and stored. */
  async settled(): Promise<void> {
    for (const tick of [...this.lastTicks.values()]) await tick;
    await this.lastClock;
  }

  /**
   * Takes a partition this node just leased: its engine is loaded from the store in a transaction fenced by the
   * lease. `resume`: working orders, exits and triggers carry on as stored. `restart`: the SPEC restart transition
   * (working orders canceled `system_restart`, positions closed) — a partition nobody held for too long, or a cold
   * start of the whole cluster.
   */
  async adopt(fence: Fence, mode: AdoptMode): Promise<void> {
    const key = partitionKey(fence.environment, fence.partition);
    const env = fence.environment;
    await this.store.transaction(async (tx) => {
      await tx.allowPauses(LOAD_PAUSE_MS);
      await tx.fence(fence);
      const st = newTxState();
      const part: Partition = { key, environment: env, partition: fence.partition, fence, engine: this.newEngine(env), events: new Map() };
      st.fenced.add(key);
      // The open orders are loaded to resume; for the restart transition they are canceled where they are stored, a
      // page at a time, never loaded: with 100k of them the transition is a pass over the rows.
      part.engine = await this.loadEngine(part, tx, mode === 'resume');
      await this.countEvents(part, tx, customersOf(part.engine));
      this.stale.delete(key);
      this.parts.set(key, part);
      tx.onRollback(() => {
        if (this.parts.get(key) === part) this.parts.delete(key);
      });
      // Its accounts are read from memory once the partition is taken for good (the restart transition included).
      this.distrust(part, tx, st);
      this.inFlight.hold(tx, st.held, part.engine.books.keys());
      if (mode === 'restart') {
        const now = this.clock.now();
        const canceled = await this.cancelStoredOrders(part, tx, now);
        part.engine.restart(env, now, canceled);
        await this.persist(part, tx, st);
      }
    });
    this.log.info({ environment: env, partition: fence.partition, epoch: fence.epoch, mode }, 'engine partition taken');
  }

  /** Lets a partition go (its lease was lost or given up): its engine is dropped; nothing more is written for it. */
  drop(env: Environment, partition: number): void {
    const key = partitionKey(env, partition);
    const timer = this.rebuilding.get(key);
    if (timer) clearTimeout(timer);
    this.rebuilding.delete(key);
    this.stale.delete(key);
    if (this.parts.delete(key)) this.log.info({ environment: env, partition }, 'engine partition let go');
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.rebuilding.values()) if (timer) clearTimeout(timer);
    if (this.quoteTimer) clearInterval(this.quoteTimer);
    for (const off of this.unsubscribe.splice(0)) off();
    this.unclock?.();
  }

  /** Writes the quotes not stored yet (the shutdown path calls it too). */
  async storeQuotes(tx?: Tx, now = this.clock.now()): Promise<void> {
    if (this.unstoredQuotes.size === 0) return;
    const quotes = [...this.unstoredQuotes.values()];
    this.unstoredQuotes.clear();
    this.quotesStoredAt = now;
    const write = async (t: Tx) => {
      for (const q of quotes) await t.putQuote({ market: q.market, bid: fmt(q.bid), ask: fmt(q.ask), last: fmt(q.last), time: q.time });
    };
    if (tx) await write(tx);
    else await this.store.transaction(write);
  }

  /**
   * The restart transition's cancellations, in the store: every open order of an account the partition holds is
   * canceled `system_restart` with the same data and the same order.canceled event the engine's cancel gives,
   * oldest first, by the database (none is loaded). Answers how many each account had.
   */
  private async cancelStoredOrders(part: Partition, tx: Tx, now: number): Promise<Map<string, number>> {
    const env = part.environment;
    const accounts = [...part.engine.books.keys()];
    const counts = await tx.cancelOpenOrders({ environment: env, accounts, reason: 'system_restart', now, eventIdPrefix: eventIdPrefix(env) });
    // Their events were numbered in the store after each customer's last: the counters go on after those.
    if (counts.size > 0) await this.countEvents(part, tx, customersOf(part.engine));
    return counts;
  }

  /**
   * Reads the customers' event counters into the partition's (through its fenced transaction, so what it reads is
   * what every earlier owner committed): a counter only grows.
   */
  private async countEvents(part: Partition, tx: Tx, customers: readonly string[]): Promise<void> {
    if (customers.length === 0) return;
    for (const [id, c] of await tx.eventCounters(part.environment, customers)) {
      const known = part.events.get(id);
      part.events.set(id, known ? { number: c.number, last: Math.max(known.last, c.last) } : c);
    }
  }

  /** The restart transition on demand (operator): every partition of env this node holds, in tx. */
  async restart(env: Environment, tx: Tx): Promise<void> {
    const st = newTxState();
    for (const part of this.parts.values()) {
      if (part.environment !== env) continue;
      await this.enter(part, tx, st);
      await this.run(part, tx, st, (e) => e.restart(env, this.clock.now()));
    }
  }

  /** A tick of a book: to the engines of `environment` (both when undefined: one book prices both). */
  private async onQuote(q: BookQuote, environment: Environment | undefined): Promise<void> {
    const end = this.telemetry.tick();
    // Only the live book's quotes are stored; a sandbox book of its own is not (it starts over at each start).
    const stored = environment !== 'sandbox';
    try {
      await this.store.transaction(async (tx) => {
        const st = newTxState();
        const parts = [...this.parts.values()].filter((p) => environment === undefined || p.environment === environment);
        for (const part of parts) await this.enter(part, tx, st);
        // The latest quote is stored at most once a second (and at shutdown): it only prices the restart transition,
        // and a write per tick would put an fsync on every price.
        if (stored) this.unstoredQuotes.set(q.market, q);
        // With them, the peaks the engines follow without writing (peak-watch.ts): a rebuilt engine's are as fresh.
        const since = stored ? this.quotesStoredAt : this.sandboxPeaksAt;
        const checkpoint = q.time - since >= QUOTE_STORE_INTERVAL_MS || this.clock.kind === 'manual';
        if (checkpoint && stored) await this.storeQuotes(tx, q.time);
        if (checkpoint && !stored) this.sandboxPeaksAt = q.time;
        for (const part of parts) {
          part.engine.onQuote(q.market, { bid: q.bid, ask: q.ask, last: q.last, time: q.time });
          if (checkpoint) part.engine.flushPeaks();
          await this.persist(part, tx, st);
        }
      });
    } catch (err) {
      this.log.error({ err }, 'a price tick could not be stored; the engines are rebuilt from the store');
    } finally {
      end();
    }
  }

  private async onClock(now: number): Promise<void> {
    for (const part of [...this.parts.values()]) {
      await this.store
        .transaction(async (tx) => {
          const st = newTxState();
          await this.enter(part, tx, st);
          await this.run(part, tx, st, (e) => e.onClock(now));
        })
        .catch(() => undefined);
    }
  }

  /**
   * Before a partition's engine acts in a transaction: the lease is checked (once per transaction: a node that
   * lost it writes nothing), and the engine rebuilt from the store if a rollback left it stale (reading through
   * the transaction, so what it sees is what is committed).
   */
  private async enter(part: Partition, tx: Tx, st: TxState): Promise<void> {
    if (this.parts.get(part.key) !== part) throw new PartitionNotHeldError(part.environment, part.partition);
    if (!st.fenced.has(part.key)) {
      await tx.fence(part.fence);
      st.fenced.add(part.key);
    }
    if (this.stale.has(part.key)) {
      await tx.allowPauses(LOAD_PAUSE_MS);
      part.engine = await this.loadEngine(part, tx);
      // The event numbers a rolled-back transaction took are read again with the rest: the next event of each of
      // its customers follows the last one in the store, so a rollback leaves no gap in a customer's log.
      part.events.clear();
      this.stale.delete(part.key);
    }
  }

  /** The store rolled back what the partition's engine did: rebuild it, now if the store answers, else before its next use. */
  private invalidate(part: Partition): void {
    part.engine.take();
    if (this.parts.get(part.key) !== part) return;
    this.stale.add(part.key);
    this.rebuildSoon(part);
  }

  /** Rebuilds a stale engine in its own transaction, retrying with backoff while the store does not answer. */
  private rebuildSoon(part: Partition, delayMs = 0): void {
    if (this.rebuilding.has(part.key) || this.stopped) return;
    const attempt = () => {
      void this.store
        .transaction((tx) => this.enter(part, tx, newTxState()))
        .then(
          () => this.rebuilding.delete(part.key),
          (err: unknown) => {
            this.rebuilding.delete(part.key);
            if (this.parts.get(part.key) !== part) return;
            this.log.error({ err, environment: part.environment, partition: part.partition }, 'engine rebuild from the store failed; retrying');
            if (this.stale.has(part.key)) this.rebuildSoon(part, Math.min(Math.max(delayMs * 2, 50), 1000));
          },
        );
    };
    if (delayMs === 0) {
      this.rebuilding.set(part.key, null);
      attempt();
      return;
    }
    const timer = setTimeout(attempt, delayMs);
    timer.unref();
    this.rebuilding.set(part.key, timer);
  }

  /**
   * Runs an engine command for an account in a transaction (the caller's, when given) and writes what it changed
   * there. If that transaction rolls back — here or in the caller, at any point up to its COMMIT — the partition's
   * engine is rebuilt from the store.
   */
  async command<T>(env: Environment, accountId: string, fn: (e: Engine) => T, outer?: Tx): Promise<T> {
    const part = this.partOf(env, accountId);
    const go = async (tx: Tx) => {
      const st = newTxState();
      await this.enter(part, tx, st);
      return this.run(part, tx, st, fn);
    };
    const end = this.telemetry.command(env, part.partition);
    try {
      return await (outer ? go(outer) : this.store.transaction(go));
    } finally {
      end();
    }
  }

  private async run<T>(part: Partition, tx: Tx, st: TxState, fn: (e: Engine) => T): Promise<T> {
    try {
      const result = fn(part.engine);
      await this.persist(part, tx, st);
      return result;
    } catch (err) {
      // Whatever the caller does with the error, the engine is not trusted until rebuilt.
      this.invalidate(part);
      throw err;
    }
  }

  /**
   * Once per transaction and partition: if the transaction does not end on disk, the partition's engine is
   * rebuilt from the store. A rollback undoes the store's writes; a sync that failed after the COMMIT undoes
   * nothing in the file, but the change may not be on disk, so memory is not trusted either. Registered before
   * the accounts are held (in-flight.ts): a read let go after a failure finds the engine waiting to be rebuilt.
   */
  private distrust(part: Partition, tx: Tx, st: TxState): void {
    if (st.undo.has(part.key)) return;
    st.undo.add(part.key);
    tx.onRollback(() => this.invalidate(part));
    tx.onSettled((durable) => {
      if (!durable) this.invalidate(part);
    });
  }

  /** Writes what the engine changed; answers whether there was anything. */
  private async persist(part: Partition, tx: Tx, st: TxState): Promise<boolean> {
    const env = part.environment;
    const fx: Effects = part.engine.take();
    if (!hasEffects(fx)) return false;
    // Only a transaction that carries what the engine changed needs undoing in memory if it rolls back (a refusal
    // changes nothing, and a rebuild per refusal would be waste). Registered before the first write: a write that
    // fails midway leaves the engine ahead of the store just the same.
    this.distrust(part, tx, st);
    // In the same turn as the engine's change: no read from memory sees it before its transaction is over.
    this.inFlight.hold(tx, st.held, accountsOf(fx));
    for (const o of fx.orders.values()) {
      const book = part.engine.books.get(o.accountId);
      if (book) this.openOrders.stored(book, o);
    }
    await writeEffects(fx, env, tx, this.clock.now());
    if (fx.events.length > 0) await tx.insertEvents(await this.eventRows(part, tx, fx.events));
    return true;
  }

  /**
   * Engine events numbered and rendered as the log stores them: each after its customer's last (the partition's
   * counter), with an id that carries the customer's number and the seq (`evt_live_1001_000000000042`).
   */
  private async eventRows(part: Partition, tx: Tx, events: readonly EngineEvent[]): Promise<EventRow[]> {
    const env = part.environment;
    const customerOf = (e: EngineEvent): string => {
      const customer = part.engine.books.get(e.accountId)?.customerId;
      if (customer === undefined) throw new Error(`an event of account ${e.accountId}, which the partition does not hold`);
      return customer;
    };
    const unknown = [...new Set(events.map(customerOf))].filter((c) => !part.events.has(c));
    await this.countEvents(part, tx, unknown);
    return events.map((e) => {
      const customer = customerOf(e);
      const counter = part.events.get(customer);
      if (!counter) throw new Error(`customer ${customer} is not in the store`);
      const seq = ++counter.last;
      const id = `${eventIdPrefix(env)}${counter.number}_${String(seq).padStart(12, '0')}`;
      const view = eventView(e, id, (p) => this.positionData(env, p));
      return { seq, id, environment: env, account_id: e.accountId, customer_id: customer, type: e.type, created_at: e.at, data: JSON.stringify(view) };
    });
  }

  /** A position as REST shows it. */
  positionData(env: Environment, p: Position) {
    const m = this.specs.get(p.market)!;
    const engine = this.partOf(env, p.accountId).engine;
    const book = engine.books.get(p.accountId);
    const mark = this.quote(p.market, env)?.last ?? p.entryPrice;
    const f = book ? engine.figures(book) : undefined;
    const cushion = p.marginMode === 'isolated' || !f ? p.margin : f.available;
    return positionView(p, mark, m, cushion, p.takeProfitId ? engine.order(p.takeProfitId) : undefined, p.stopLossId ? engine.order(p.stopLossId) : undefined);
  }
}
