import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/config.js';
import type { Book } from '../engine/book.js';
import type { Clock } from '../engine/clock.js';
import type { TradingCalendar } from '../engine/trading-day.js';
import { dec, fmt, fmtMoney } from '../engine/decimal.js';
import { initialRuleState, ruleStateFromJson, ruleStateToJson } from '../engine/rules.js';
import { cancelOrder, Engine, type Effects } from '../engine/engine.js';
import { marketSpec } from '../engine/market-spec.js';
import type { EngineEvent, Position } from '../engine/state.js';
import type { MarketSpec, Quote } from '../engine/types.js';
import type { Quote as BookQuote, QuoteBook } from '../feed/quotes.js';
import type { Environment } from '../schemas/common.js';
import { StoreUnavailableError, type AccountRecord, type EventRow, type Store, type Tx } from '../store/port.js';
import { newId } from '../services/credentials.js';
import type { MarketService } from '../services/markets.js';
import { eventView, fillToData, orderFromData, orderToData, positionFromData, positionToData, positionView } from '../services/trading-views.js';

const ENVS: Environment[] = ['live', 'sandbox'];
const QUOTE_STORE_INTERVAL_MS = 1000;
const tagOf = (env: Environment) => (env === 'live' ? 'live' : 'test');

/**
 * Hosts one Engine per environment. Every engine mutation runs inside a store transaction, and what it changed
 * is written in that same transaction, so memory, storage and the event log move in one order and nothing is
 * answered or published before it is durable. If a transaction fails, the engine is rebuilt from the store.
 */
export class EngineHost {
  readonly specs: ReadonlyMap<string, MarketSpec>;
  private engines = {} as Record<Environment, Engine>;
  private eventSeq = 0;
  /**
   * Engines that may hold changes their transaction rolled back: rebuilt from the store before they act again
   * (a failed call leaves nothing behind in memory either). The event counter is re-read with them.
   */
  private readonly stale = new Set<Environment>();
  private seqStale = false;
  private readonly rebuilding = new Map<Environment, NodeJS.Timeout | null>();
  private stopped = false;
  private unsubscribe: (() => void) | undefined;
  private readonly unstoredQuotes = new Map<string, BookQuote>();
  private quotesStoredAt = 0;
  private quoteTimer: NodeJS.Timeout | undefined;
  private unclock: (() => void) | undefined;

  constructor(
    private readonly config: Config,
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly markets: MarketService,
    private readonly quotes: QuoteBook,
    private readonly calendar: TradingCalendar,
    private readonly log: FastifyBaseLogger,
  ) {
    this.specs = new Map(config.markets.map((m) => [m.id, marketSpec(m)]));
  }

  /** The engine, for reads; while it waits to be rebuilt from the store, state_unavailable (nothing partial). */
  engine(env: Environment): Engine {
    if (this.stale.has(env)) {
      this.rebuildSoon(env);
      throw new StoreUnavailableError(`the ${env} engine is being rebuilt from the store`);
    }
    return this.engines[env];
  }

  quote(market: string): Quote | undefined {
    const q = this.quotes.get(market);
    return q ? { bid: q.bid, ask: q.ask, last: q.last, time: q.time } : undefined;
  }

  private newEngine(): Engine {
    return new Engine({
      markets: this.specs,
      quote: (m) => this.quote(m),
      marketState: (m) => this.markets.state(m),
      newId: (p) => newId(p),
      isWeekend: (t) => this.calendar.isWeekend(t),
      calendar: this.calendar,
      caps: { perAccount: this.config.limits.working_orders.per_account, perCustomer: this.config.limits.working_orders.per_customer },
    });
  }

  /**
   * Rebuilds an environment's engine from the store: accounts, balances, settings, positions and (unless the
   * restart transition is about to cancel them in the store) working orders.
   */
  private async loadEngine(env: Environment, reads: Tx | Store, openOrders = true): Promise<Engine> {
    const engine = this.newEngine();
    const accounts = await reads.listAccountsByStatusIn(env);
    for (const a of accounts) engine.addBook(this.bookOf(a));
    for (const s of await reads.listMarginSettings(env)) engine.books.get(s.account_id)?.margin.set(s.market, { leverage: s.leverage, mode: s.mode });
    for (const row of await reads.listPositions(env)) {
      const book = engine.books.get(row.account_id);
      if (book) book.positions.set(row.market, positionFromData(row.data));
    }
    for (const b of engine.books.values()) engine.addBook(b);
    if (openOrders) for (const row of await reads.listOpenOrders(env)) engine.restoreOrder(orderFromData(row.data));
    // New orders keep sorting after every stored one (lists are ordered by seq), not only after the open ones.
    engine.seedSeq(await reads.maxOrderSeq(env));
    return engine;
  }

  private bookOf(a: AccountRecord): Book {
    const starting = dec(a.starting_balance);
    const stored = a.rule_state ? (JSON.parse(a.rule_state) as { rules: Record<string, unknown>; keyLoss: [string, { dayStart: number; loss: string; until: number | null }][] }) : null;
    return {
      id: a.id,
      customerId: a.customer_id,
      product: a.product,
      status: a.status,
      balance: dec(a.balance),
      orders: new Map(),
      positions: new Map(),
      margin: new Map(),
      weekendAllowed: a.rule.weekend_allowed,
      rule: a.rule,
      rules: stored ? ruleStateFromJson(stored.rules) : initialRuleState(dec(a.balance), starting, this.calendar.dayStart(a.created_at)),
      startingBalance: starting,
      createdAt: a.created_at,
      pausedUntil: a.paused_until,
      statusReason: a.status_reason,
      keyLoss: new Map((stored?.keyLoss ?? []).map(([k, v]) => [k, { ...v, loss: dec(v.loss) }])),
    };
  }

  /** The operator changed an account's status or pause: the engine judges it (or not) accordingly. */
  syncAccount(a: AccountRecord): void {
    const book = this.engines[a.environment]?.books.get(a.id);
    if (!book) return;
    book.status = a.status;
    book.statusReason = a.status_reason;
    book.pausedUntil = a.paused_until;
  }

  hasBook(env: Environment, accountId: string): boolean {
    return this.engines[env]?.books.has(accountId) ?? false;
  }

  /** Makes sure an account opened since the engine loaded has its book. */
  ensureBook(a: AccountRecord): Book {
    const engine = this.engines[a.environment];
    let book = engine.books.get(a.id);
    if (!book) {
      book = this.bookOf(a);
      engine.addBook(book);
    }
    return book;
  }

  /** Loads both engines and runs the restart transition (SPEC: any restart cancels working orders, closes positions). */
  async start(): Promise<void> {
    this.eventSeq = await this.store.lastEventSeq();
    for (const row of await this.store.listQuotes()) {
      if (!this.quotes.get(row.market) && this.specs.has(row.market)) {
        this.quotes.set({ market: row.market, bid: dec(row.bid), ask: dec(row.ask), last: dec(row.last), time: row.time });
      }
    }
    for (const env of ENVS) {
      await this.store.transaction(async (tx) => {
        const now = this.clock.now();
        // The open orders are canceled where they are stored, a page at a time, never loaded: with 100k of them the
        // transition is a pass over the rows, not an engine built to be emptied.
        const engine = await this.loadEngine(env, tx, false);
        this.engines[env] = engine;
        const canceled = await this.cancelStoredOrders(env, tx, now);
        engine.restart(env, now, canceled);
        await this.persist(env, tx);
      });
    }
    this.unsubscribe = this.quotes.onQuote((q) => void this.onQuote(q));
    this.quoteTimer = setInterval(() => void this.storeQuotes().catch(() => undefined), QUOTE_STORE_INTERVAL_MS);
    this.quoteTimer.unref();
    this.unclock = this.clock.onAdvance((now) => void this.onClock(now));
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

  stop(): void {
    this.stopped = true;
    for (const timer of this.rebuilding.values()) if (timer) clearTimeout(timer);
    if (this.quoteTimer) clearInterval(this.quoteTimer);
    this.unsubscribe?.();
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
   * The start-up restart transition's cancellations, in the store: every open order of an account the engine
   * holds is canceled `system_restart` with the same data and the same order.canceled event the engine's cancel
   * gives, oldest first. Answers how many each account had.
   */
  private async cancelStoredOrders(env: Environment, tx: Tx, now: number): Promise<Map<string, number>> {
    await this.syncEventSeq(tx);
    const books = this.engines[env].books;
    const counts = new Map<string, number>();
    await tx.rewriteOpenOrders(env, (row) => {
      // As when loading: an order of an account the engine does not hold is left as stored.
      if (!books.has(row.account_id)) return null;
      const o = orderFromData(row.data);
      const event = this.eventRow(env, cancelOrder(o, 'system_restart', now));
      counts.set(row.account_id, (counts.get(row.account_id) ?? 0) + 1);
      return { status: o.status, updated_at: o.updatedAt, data: orderToData(o), event };
    });
    return counts;
  }

  /** The restart transition on demand (operator). */
  async restart(env: Environment): Promise<void> {
    await this.command(env, (e) => e.restart(env, this.clock.now()));
  }

  private async onQuote(q: BookQuote): Promise<void> {
    try {
      await this.store.transaction(async (tx) => {
        for (const env of ENVS) await this.enter(env, tx);
        // The latest quote is stored at most once a second (and at shutdown): it only prices the restart transition,
        // and a write per tick would put an fsync on every price.
        this.unstoredQuotes.set(q.market, q);
        if (q.time - this.quotesStoredAt >= QUOTE_STORE_INTERVAL_MS || this.clock.kind === 'manual') await this.storeQuotes(tx, q.time);
        for (const env of ENVS) {
          this.engines[env].onQuote(q.market, { bid: q.bid, ask: q.ask, last: q.last, time: q.time });
          if (await this.persist(env, tx)) tx.onRollback(() => this.invalidate(env));
        }
      });
    } catch (err) {
      this.log.error({ err }, 'a price tick could not be stored; the engines are rebuilt from the store');
    }
  }

  private async onClock(now: number): Promise<void> {
    for (const env of ENVS) await this.command(env, (e) => e.onClock(now)).catch(() => undefined);
  }

  /**
   * Before an engine acts in a transaction: rebuilt from the store if a rollback left it stale (reading through
   * the transaction, so what it sees is what is committed), and told to undo by rebuilding if this one rolls back.
   */
  private async enter(env: Environment, tx: Tx): Promise<void> {
    await this.rebuildIfStale(env, tx);
  }

  private async rebuildIfStale(env: Environment, tx: Tx): Promise<void> {
    if (!this.stale.has(env)) return;
    this.engines[env] = await this.loadEngine(env, tx);
    this.stale.delete(env);
  }

  /** The store rolled back what the engine of env did: rebuild it, now if the store answers, else before its next use. */
  private invalidate(env: Environment): void {
    this.engines[env].take();
    this.stale.add(env);
    this.seqStale = true;
    this.rebuildSoon(env);
  }

  /** Rebuilds a stale engine in its own transaction, retrying with backoff while the store does not answer. */
  private rebuildSoon(env: Environment, delayMs = 0): void {
    if (this.rebuilding.has(env) || this.stopped) return;
    const attempt = () => {
      void this.store
        .transaction(async (tx) => {
          await this.rebuildIfStale(env, tx);
          await this.syncEventSeq(tx);
        })
        .then(
          () => this.rebuilding.delete(env),
          (err: unknown) => {
            this.rebuilding.delete(env);
            this.log.error({ err, env }, 'engine rebuild from the store failed; retrying');
            if (this.stale.has(env)) this.rebuildSoon(env, Math.min(Math.max(delayMs * 2, 50), 1000));
          },
        );
    };
    if (delayMs === 0) {
      this.rebuilding.set(env, null);
      attempt();
      return;
    }
    const timer = setTimeout(attempt, delayMs);
    timer.unref();
    this.rebuilding.set(env, timer);
  }

  private async syncEventSeq(tx: Tx): Promise<void> {
    if (!this.seqStale) return;
    this.eventSeq = await tx.lastEventSeq();
    this.seqStale = false;
  }

  /**
   * Runs an engine command in a transaction (the caller's, when given) and writes what it changed there.
   * If that transaction rolls back — here or in the caller, at any point up to its COMMIT — the engine is
   * rebuilt from the store.
   */
  async command<T>(env: Environment, fn: (e: Engine) => T, outer?: Tx): Promise<T> {
    const run = async (tx: Tx) => {
      await this.enter(env, tx);
      try {
        const result = fn(this.engines[env]);
        // Only a transaction that carries what the engine changed needs undoing in memory if it rolls back (a
        // refusal changes nothing, and a rebuild per refusal would be waste).
        if (await this.persist(env, tx)) tx.onRollback(() => this.invalidate(env));
        return result;
      } catch (err) {
        // Whatever the caller does with the error, the engine is not trusted until rebuilt.
        this.invalidate(env);
        throw err;
      }
    };
    return outer ? run(outer) : this.store.transaction(run);
  }

  /** Writes what the engine changed; answers whether there was anything. */
  private async persist(env: Environment, tx: Tx): Promise<boolean> {
    const fx: Effects = this.engines[env].take();
    const changed = fx.orders.size + fx.fills.length + fx.positions.size + fx.balances.size + fx.margins.size + fx.accounts.size + fx.equity.length + fx.events.length > 0;
    if (!changed) return false;
    await this.syncEventSeq(tx);
    const now = this.clock.now();
    for (const o of fx.orders.values()) {
      await tx.upsertOrder({
        id: o.id,
        seq: o.seq,
        environment: env,
        account_id: o.accountId,
        customer_id: o.customerId,
        client_order_id: o.clientOrderId,
        market: o.market,
        status: o.status,
        created_at: o.createdAt,
        updated_at: o.updatedAt,
        data: orderToData(o),
      });
    }
    for (const f of fx.fills) await tx.insertFill({ id: f.id, account_id: f.accountId, order_id: f.orderId, filled_at: f.filledAt, data: fillToData(f) });
    for (const p of fx.positions.values()) await tx.putPosition(p.accountId, p.market, p.position ? positionToData(p.position) : null);
    for (const s of fx.margins.values()) await tx.putMarginSetting(s.accountId, s.market, s.leverage, s.mode);
    // One UPDATE per account: its new balance and its rule state together.
    const patches = new Map<string, Parameters<Tx['updateAccount']>[1]>();
    for (const [id, balance] of fx.balances) patches.set(id, { balance: fmt(balance) });
    for (const b of fx.accounts.values()) {
      const ruleState = b.rules
        ? JSON.stringify({ rules: ruleStateToJson(b.rules), keyLoss: [...(b.keyLoss ?? new Map()).entries()].map(([k, v]) => [k, { ...v, loss: fmt(v.loss) }]) })
        : null;
      patches.set(b.id, { ...patches.get(b.id), status: b.status as AccountRecord['status'], status_reason: b.statusReason ?? null, paused_until: b.pausedUntil ?? null, rule_state: ruleState });
    }
    for (const [id, patch] of patches) await tx.updateAccount(id, patch, now);
    for (const p of fx.equity) {
      await tx.insertEquityPoint({ account_id: p.accountId, resolution: p.resolution, time: p.time, equity: fmtMoney(p.equity), balance: fmtMoney(p.balance) });
    }
    for (const e of fx.events) await tx.insertEvent(this.eventRow(env, e));
    return true;
  }

  /** An engine event numbered (the next seq of env) and rendered as the log stores it. */
  private eventRow(env: Environment, e: EngineEvent): EventRow {
    const seq = ++this.eventSeq;
    const id = `evt_${tagOf(env)}_${String(seq).padStart(12, '0')}`;
    const view = eventView(e, id, (p) => this.positionData(env, p));
    const customer = this.engines[env].books.get(e.accountId)?.customerId ?? null;
    return { seq, id, environment: env, account_id: e.accountId, customer_id: customer, type: e.type, created_at: e.at, data: JSON.stringify(view) };
  }

  /** A position as REST shows it. */
  positionData(env: Environment, p: Position) {
    const m = this.specs.get(p.market)!;
    const engine = this.engines[env];
    const book = engine.books.get(p.accountId);
    const mark = this.quote(p.market)?.last ?? p.entryPrice;
    const f = book ? engine.figures(book) : undefined;
    const cushion = p.marginMode === 'isolated' || !f ? p.margin : f.available;
    return positionView(p, mark, m, cushion, p.takeProfitId ? engine.order(p.takeProfitId) : undefined, p.stopLossId ? engine.order(p.stopLossId) : undefined);
  }
}
