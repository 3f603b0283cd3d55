import type { FastifyBaseLogger } from 'fastify';
import type { Fence } from '../store/fence.js';
import type { Config } from '../config/config.js';
import type { Book } from '../engine/book.js';
import type { Clock } from '../engine/clock.js';
import type { TradingCalendar } from '../engine/trading-day.js';
import { Engine, type Effects } from '../engine/engine.js';
import { marketSpec } from '../engine/market-spec.js';
import type { Position } from '../engine/state.js';
import type { MarketSpec, Quote } from '../engine/types.js';
import type { Quote as BookQuote, QuoteBook } from '../feed/quotes.js';
import type { Environment } from '../schemas/common.js';
import { StoreUnavailableError, type AccountRecord, type MarketState, type Store, type Tx } from '../store/port.js';
import { newId } from '../kernel/ids.js';
import { NO_TELEMETRY, type Telemetry } from '../kernel/telemetry.js';
import { orderFromData, positionFromData } from '../views/trading-views.js';
import { accountsOf, bookFromRecord, hasEffects } from './effects.js';
import { InFlight } from './in-flight.js';
import { OpenOrders } from './open-orders.js';
import { EffectWriter, customersOf } from './effect-writer.js';
import { PartitionNotHeldError, PartitionSet, partitionKey, type Partition } from './partition-set.js';
import { QuoteCheckpoint } from './quote-checkpoint.js';

/**
 * How long a transaction that loads a partition's engine may pause between two statements: the open orders of the
 * environment come in one read and are restored one by one before the next (100k of them take about a second, more
 * on a busy machine), longer than PostgreSQL's 2 s idle bound for every other transaction. A node frozen while it
 * loads holds that partition's lease row this long at most.
 */
const LOAD_PAUSE_MS = 10_000;

/** How a partition is taken: its working orders resume, or the SPEC restart transition runs first. */
export type AdoptMode = 'resume' | 'restart';

/** What one store transaction did so far: the partitions it fenced. */
interface TxState {
  readonly fenced: Set<string>;
  /** Partitions whose engine this transaction changed: rebuilt from the store if it rolls back. */
  readonly undo: Set<string>;
  /** Accounts this transaction changed in memory: held until it is over (in-flight.ts). */
  readonly held: Set<string>;
}
const newTxState = (): TxState => ({ fenced: new Set(), undo: new Set(), held: new Set() });

/** Each market's state as the engines judge it (open, halted, closed): the market service, as the host needs it. */
export interface MarketStates {
  state(market: string): MarketState;
  /** The news window in force on the market at t (services/news.ts); absent, none. */
  newsAt?(market: string, t: number): { id: string; title: string; from: number; until: number } | null;
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
  /** The partitions held, each account's partition, the engines waiting to be rebuilt (partition-set.ts). */
  private readonly parts: PartitionSet;
  private readonly rebuilding = new Map<string, NodeJS.Timeout | null>();
  private stopped = false;
  private readonly unsubscribe: (() => void)[] = [];
  /** The stored quotes and the engines' checkpoints (quote-checkpoint.ts). */
  private readonly checkpoint: QuoteCheckpoint;
  /** Writes what the engines changed (effect-writer.ts). */
  private readonly writer: EffectWriter;
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
    this.parts = new PartitionSet(config.cluster.partitions);
    this.checkpoint = new QuoteCheckpoint(store, clock);
    this.writer = new EffectWriter(this.specs, clock, (m, env) => this.quote(m, env), this.openOrders);
  }

  /** The engine partition of an account (partition-set.ts); the account must be known (`know`, or a record seen). */
  partitionOf(accountId: string): number {
    return this.parts.partitionOf(accountId);
  }

  /** Learns an account's customer from the store if need be (it never changes); false for no such account. */
  async know(accountId: string): Promise<boolean> {
    if (this.parts.knows(accountId)) return true;
    const a = await this.store.getAccount(accountId);
    if (!a) return false;
    this.learn(a);
    return true;
  }

  /** Notes an account's customer from its record. */
  learn(a: Pick<AccountRecord, 'id' | 'customer_id'>): void {
    this.parts.learn(a);
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
    return this.parts.holds(env, accountId);
  }

  /** The partitions this node holds now. */
  held(): Partition[] {
    return this.parts.all();
  }

  /** The engine of an account's partition, for reads; while it waits to be rebuilt from the store, state_unavailable. */
  engine(env: Environment, accountId: string): Engine {
    const part = this.parts.require(env, accountId);
    if (this.parts.isStale(part)) {
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
    const part = this.parts.require(env, accountId);
    return this.parts.isStale(part) ? undefined : part.engine.books.get(accountId);
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
      ...(this.markets.newsAt ? { newsAt: this.markets.newsAt.bind(this.markets) } : {}),
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
    const book = this.parts.ofAccount(a.environment, a.id)?.engine.books.get(a.id);
    if (!book) return;
    book.status = a.status;
    book.statusReason = a.status_reason;
    book.pausedUntil = a.paused_until;
  }

  hasBook(env: Environment, accountId: string): boolean {
    return this.parts.ofAccount(env, accountId)?.engine.books.has(accountId) ?? false;
  }

  /** Makes sure an account opened since its partition's engine loaded has its book (when this node holds it). */
  ensureBook(a: AccountRecord): Book | undefined {
    this.learn(a);
    const engine = this.parts.ofAccount(a.environment, a.id)?.engine;
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
    await this.checkpoint.restore(live, (market) => this.specs.has(market));
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
    this.checkpoint.start();
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
      await this.writer.countEvents(part, tx, customersOf(part.engine));
      this.parts.put(part);
      tx.onRollback(() => {
        if (this.parts.current(part)) this.parts.remove(key);
      });
      // Its accounts are read from memory once the partition is taken for good (the restart transition included).
      this.distrust(part, tx, st);
      this.inFlight.hold(tx, st.held, part.engine.books.keys());
      if (mode === 'resume') await this.catchUp(part, tx, st);
      if (mode === 'restart') {
        const now = this.clock.now();
        const canceled = await this.writer.cancelStoredOrders(part, tx, now);
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
    if (this.parts.remove(key)) this.log.info({ environment: env, partition }, 'engine partition let go');
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.rebuilding.values()) if (timer) clearTimeout(timer);
    this.checkpoint.stop();
    for (const off of this.unsubscribe.splice(0)) off();
    this.unclock?.();
  }

  /** Writes the quotes not stored yet (the shutdown path). */
  async storeQuotes(): Promise<void> {
    await this.checkpoint.flush();
  }

  /** The restart transition on demand (operator): every partition of env this node holds, in tx. */
  async restart(env: Environment, tx: Tx): Promise<void> {
    const st = newTxState();
    for (const part of this.parts.of(env)) {
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
        const parts = this.parts.of(environment);
        for (const part of parts) await this.enter(part, tx, st);
        // The latest quote is stored at most once a second; with it, the peaks the engines follow without writing.
        const checkpoint = await this.checkpoint.tick(q, stored, tx);
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
    for (const part of this.parts.all()) {
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
    if (!this.parts.current(part)) throw new PartitionNotHeldError(part.environment, part.partition);
    if (!st.fenced.has(part.key)) {
      await tx.fence(part.fence);
      st.fenced.add(part.key);
    }
    if (this.parts.isStale(part)) {
      await tx.allowPauses(LOAD_PAUSE_MS);
      part.engine = await this.loadEngine(part, tx);
      // The event numbers a rolled-back transaction took are read again with the rest: the next event of each of
      // its customers follows the last one in the store, so a rollback leaves no gap in a customer's log.
      part.events.clear();
      this.parts.markFresh(part);
      await this.catchUp(part, tx, st);
    }
  }

  /**
   * A freshly loaded engine is judged once against the quotes this node holds: what the market reached while the
   * partition was moving between nodes (a tick the old owner no longer applied and the new one did not hold yet), or
   * in a tick whose transaction rolled back, fills and fires now, not on the next move. A quote the engine had seen
   * reaches nothing more; a trigger fires on where the last is, whichever way it came (trigger-book.ts); a quote
   * older than what the partition holds in its market is left for the next tick (Engine.catchUp).
   */
  private async catchUp(part: Partition, tx: Tx, st: TxState): Promise<void> {
    for (const market of this.specs.keys()) {
      const q = this.quote(market, part.environment);
      if (q) part.engine.catchUp(market, q);
    }
    await this.persist(part, tx, st);
  }

  /** The store rolled back what the partition's engine did: rebuild it, now if the store answers, else before its next use. */
  private invalidate(part: Partition): void {
    part.engine.take();
    if (!this.parts.current(part)) return;
    this.parts.markStale(part);
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
            if (!this.parts.current(part)) return;
            this.log.error({ err, environment: part.environment, partition: part.partition }, 'engine rebuild from the store failed; retrying');
            if (this.parts.isStale(part)) this.rebuildSoon(part, Math.min(Math.max(delayMs * 2, 50), 1000));
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
    const part = this.parts.require(env, accountId);
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
    const fx: Effects = part.engine.take();
    if (!hasEffects(fx)) return false;
    // Only a transaction that carries what the engine changed needs undoing in memory if it rolls back (a refusal
    // changes nothing, and a rebuild per refusal would be waste). Registered before the first write: a write that
    // fails midway leaves the engine ahead of the store just the same.
    this.distrust(part, tx, st);
    // In the same turn as the engine's change: no read from memory sees it before its transaction is over.
    this.inFlight.hold(tx, st.held, accountsOf(fx));
    await this.writer.write(part, tx, fx);
    return true;
  }

  /** A position as REST shows it. */
  positionData(env: Environment, p: Position) {
    return this.writer.positionData(this.parts.require(env, p.accountId).engine, env, p);
  }
}
