import { fail, sourceOf, type Core, type EngineOptions, type Evaluation, type Fences, type Outcome, type PlaceRequest, type Route } from './pipeline/core.js';
import { Journal, type Effects } from './pipeline/7-journal.js';
import { newOrder } from './pipeline/order-factory.js';
import { validate } from './pipeline/1-validate.js';
import { exposure, mayFill, pretradeRisk } from './pipeline/2-pretrade-risk.js';
import { cancel, end, index, matchQuote } from './pipeline/3-match.js';
import { hold, settle } from './pipeline/4-settle.js';
import { exitsOnQuote, indexBreakEven, placeExits, systemOrder } from './pipeline/5-exits.js';
import { judgeDirty, onTime, refreshRisk, riskOnQuote } from './pipeline/6-risk-watch.js';
import { add, parseDec, sub, ZERO, type Dec } from './decimal.js';
import { OrderMap } from './order-map.js';
import { figures, type Book, type Figures } from './book.js';
import type { Band } from './risk.js';
import { PeakWatch } from './peak-watch.js';
import { onClosedTrade, onTrade, type RuleState } from './rules.js';
import { exitRefusal, hasExits } from './exits.js';
import { isOpen, transition } from './order-status.js';
import type { CloseReason, EngineEvent, ExitSpec, Order, Position } from './state.js';
import { TriggerBook } from './trigger-book.js';
import { armDeadMan, fireDeadMen, indexDeadMan } from './dead-man-switch.js';
import { closePosition } from './close-position.js';
import { editOrder, type OrderPatch } from './edit-order.js';
import { adjustMargin, setMargin } from './margin.js';
import type { CancelReason, Origin, Quote } from './types.js';

export type { Actor, EngineOptions, Evaluation, Fences, MarketStateLike, Outcome, PlaceRequest } from './pipeline/core.js';
export type { Effects } from './pipeline/7-journal.js';
export { cancelOrder, triggerOf } from './pipeline/3-match.js';


/**
 * The trading engine of one environment: pure domain state in memory, commands in, effects out.
 * Time comes in with every command and tick; prices come from ticks. No I/O.
 *
 * The facade owns the state and its indexes; the work is done by the numbered stages under pipeline/, in the order
 * an order meets them: 1 validate, 2 pre-trade risk (and the same judgement when a resting order fills), 3 match
 * (trigger books, fill rules), 4 settle (fee, P&L, balance, position netting), 5 exits (placed, resized, trailed,
 * moved to break-even), 6 risk watch (liquidation, account rules, the trading day's rollover), 7 journal (the
 * effects out). Every order enters through `admit`, every order is made by the one factory (order-factory.ts).
 */
export class Engine implements Core {
  readonly books = new Map<string, Book>();
  readonly open = new Map<string, Order>();
  readonly triggers = new Map<string, TriggerBook>();
  private readonly last = new Map<string, Dec>();
  readonly holders = new Map<string, Set<string>>();
  private readonly clientIds = new Map<string, string>();
  /** Books by customer: exposure and working-order caps look at one customer's accounts, not all. */
  readonly byCustomer = new Map<string, Set<Book>>();
  /**
   * Working trailing stops by market, indexed by the price at which the stop would next move: a sell stop
   * (protecting a long) once last rises above both its anchor and its stop + distance, a buy stop once last falls
   * below both its anchor and its stop − distance. A tick visits only the stops it moves; a new best last that
   * would not tighten the stop changes nothing (the anchor is the last the stop was last moved from).
   */
  readonly trailing = new Map<string, TriggerBook>();
  /** Counters for benchmarks: accounts looked at by the per-tick risk check (band left, or every holder in a full scan). */
  readonly stats = { riskLooks: 0 };
  /** Per market: accounts' risk bands (see risk.ts) and pending break-evens, indexed by price like orders. */
  readonly riskBooks = new Map<string, TriggerBook>();
  readonly breakEvens = new Map<string, TriggerBook>();
  /** Per account: its band in each market it holds, as indexed in riskBooks, and its ids there. */
  readonly riskBands = new Map<string, Map<string, Band>>();
  readonly riskIds = new Map<string, [string, string]>();
  readonly journal = new Journal();
  /** Armed dead-man switches: account → when it fires (dead-man-switch.ts). */
  readonly deadMen = new Map<string, number>();
  /** Accounts on peak-equity rules whose peak follows a running high shared with others (peak-watch.ts). */
  readonly peakWatch = new PeakWatch();
  private seq = 0;
  deferred: Order[] | null = null;
  private tickTime = 0;
  /** Accounts to judge against their rule once the current command or tick is done. */
  readonly dirty = new Set<string>();
  judging = false;
  currentDay = 0;

  constructor(readonly o: EngineOptions) {
    for (const id of o.markets.keys()) {
      this.triggers.set(id, new TriggerBook());
      this.riskBooks.set(id, new TriggerBook());
      this.breakEvens.set(id, new TriggerBook());
    }
  }

  /** Hands over what changed since the last call. */
  take(): Effects {
    // What is stored of an account is its peak as a full scan would have it now.
    for (const b of this.journal.fx.accounts.values()) if (b.rules) this.peakWatch.settle(b.id, b.rules);
    return this.journal.take();
  }

  /** The effects being gathered for the current command or tick (the journal's). */
  private get fx(): Effects {
    return this.journal.fx;
  }

  // ---- loading -----------------------------------------------------------------------------------

  addBook(book: Book): void {
    // Its orders are kept in an OrderMap, which keeps the sums the margin of opening orders needs (order-map.ts).
    if (!(book.orders instanceof OrderMap)) book.orders = OrderMap.of(book.orders.values());
    this.books.set(book.id, book);
    let mine = this.byCustomer.get(book.customerId);
    if (!mine) this.byCustomer.set(book.customerId, (mine = new Set()));
    mine.add(book);
    indexDeadMan(this, book);
    for (const p of book.positions.values()) {
      hold(this, p);
      if (p.breakEven && !p.breakEven.done) indexBreakEven(this, p);
    }
    if (book.positions.size > 0) refreshRisk(this, book);
  }

  /** Restores a working order read from the store (its book must be added first). */
  restoreOrder(o: Order): void {
    this.seq = Math.max(this.seq, o.seq);
    const book = this.books.get(o.accountId);
    if (!book) return;
    book.orders.set(o.id, o);
    this.open.set(o.id, o);
    if (o.status === 'working') index(this, o);
  }

  rememberClientId(customerId: string, clientOrderId: string, orderId: string): void {
    this.clientIds.set(`${customerId}\u0000${clientOrderId}`, orderId);
  }

  clientOrderHolder(customerId: string, clientOrderId: string): string | undefined {
    return this.clientIds.get(`${customerId}\u0000${clientOrderId}`);
  }

  nextSeq(): number {
    return ++this.seq;
  }

  /** Orders created from now on sort after `seq` (the highest the store holds). */
  seedSeq(seq: number): void {
    this.seq = Math.max(this.seq, seq);
  }

  // ---- reading -----------------------------------------------------------------------------------

  figures(book: Book): Figures {
    return figures(book, this.o.markets, this.o.quote);
  }

  /** How many accounts the peak watch follows, in how many classes (benchmarks). */
  peakWatchSize(): { watched: number; classes: number } {
    return { watched: this.peakWatch.size, classes: this.peakWatch.classCount };
  }

  /**
   * Puts into the effects every account the peak watch follows whose derived peak (or drawdown reference) is past the
   * one in its rule state, so a new high is stored at least as often as the host calls this (once a second, with the
   * stored quotes): an engine rebuilt from the store — fail-over, rollback — starts from a peak at most that old,
   * not from the one of the account's last fill. Answers how many accounts it put in.
   */
  flushPeaks(): number {
    let n = 0;
    for (const id of this.peakWatch.ids()) {
      const book = this.books.get(id);
      const p = this.peakWatch.peaks(id);
      if (!book?.rules || !p) continue;
      const moved = p.peakEquity !== book.rules.peakEquity || (p.drawdownReference !== null && p.drawdownReference !== book.rules.drawdownReference);
      if (!moved) continue;
      this.peakWatch.settle(id, book.rules);
      this.fx.accounts.set(id, book);
      n++;
    }
    return n;
  }

  /** The account's rule state as a full scan would hold it now (the peak watch derives the peaks it follows). */
  ruleState(book: Book): RuleState | undefined {
    const p = book.rules && this.peakWatch.peaks(book.id);
    if (!p) return book.rules;
    return { ...book.rules!, peakEquity: p.peakEquity, ...(p.drawdownReference !== null ? { drawdownReference: p.drawdownReference } : {}) };
  }

  /** How many accounts hold a position in the market. */
  holdersOf(market: string): number {
    return this.holders.get(market)?.size ?? 0;
  }

  order(id: string): Order | undefined {
    return this.open.get(id);
  }

  // ---- placing -----------------------------------------------------------------------------------

  /** Every check a placement makes (stages 1 and 2), without changing anything (preview uses it as is). */
  evaluate(req: PlaceRequest): Outcome<Evaluation> {
    const v = validate(this, req);
    return v.ok ? pretradeRisk(this, req, v.value) : v;
  }

  /** The exposure the cap is judged on, for an account and market (a preview shows it whatever its outcome). */
  exposureOf(accountId: string, market: string): { cap: Dec; open: Dec } | null {
    const book = this.books.get(accountId);
    const m = this.o.markets.get(market);
    return book && m ? { cap: m.exposureCap, open: exposure(this, book, m) } : null;
  }

  /**
   * The order as the API knows it when the engine's answer was lost (SPEC: 202, status unconfirmed). It is
   * stored but not on the engine; it settles once the engine's answer comes (placeUnconfirmed) or never does
   * (settleLost).
   */
  unconfirmed(req: PlaceRequest): Order {
    const book = this.books.get(req.accountId)!;
    const b = req.body;
    const d = (t: string | undefined) => (t === undefined ? null : (parseDec(t) ?? null));
    const o = newOrder({
      id: req.orderId ?? this.o.newId('ord'),
      seq: this.nextSeq(),
      clientOrderId: b.client_order_id ?? null,
      accountId: book.id,
      customerId: book.customerId,
      keyId: req.actor.keyId,
      market: b.market,
      side: b.side,
      type: b.type,
      status: transition('pending', 'lose_answer'),
      size: d(b.size) ?? ZERO,
      limitPrice: d(b.limit_price),
      stopPrice: d(b.stop_price),
      worstPrice: d(b.worst_price),
      reduceOnly: b.reduce_only ?? false,
      postOnly: b.post_only ?? false,
      tif: b.time_in_force ?? (b.type === 'market' ? 'ioc' : 'gtc'),
      expiresAt: b.expires_at ?? null,
      origin: req.actor.origin,
      exits: req.exits,
      now: req.now,
    });
    if (o.clientOrderId) this.rememberClientId(o.customerId, o.clientOrderId, o.id);
    this.touch(o);
    return o;
  }

  /** The engine never received an unconfirmed order: it ends rejected (CONTRACT §7). */
  settleLost(o: Order, now: number): void {
    o.status = transition(o.status, 'reject');
    o.reject = { code: 'order_rejected', message: 'The order never reached the engine; nothing was placed.' };
    o.updatedAt = now;
    this.touch(o);
    this.emit({ type: 'order.rejected', accountId: o.accountId, at: now, source: sourceOf(o.origin), order: o });
  }

  /** The engine's late answer for an unconfirmed order: placed now, or rejected with the code a placement gets. */
  settleLate(shell: Order, req: PlaceRequest): Order {
    const r = this.place({ ...req, orderId: shell.id });
    if (r.ok) return r.value;
    shell.status = transition(shell.status, 'reject');
    shell.reject = r.rejection;
    shell.updatedAt = req.now;
    this.touch(shell);
    this.emit({ type: 'order.rejected', accountId: shell.accountId, at: req.now, source: sourceOf(shell.origin), order: shell });
    return shell;
  }

  /** Places an order: judged (stages 1 and 2), made by the factory, admitted (filled now, expired or resting). */
  place(req: PlaceRequest): Outcome<Order> {
    const ev = this.evaluate(req);
    if (!ev.ok) return ev;
    const { priced } = ev.value;
    const book = this.books.get(req.accountId)!;
    const o = newOrder({
      id: req.orderId ?? this.o.newId('ord'),
      seq: this.nextSeq(),
      clientOrderId: req.body.client_order_id ?? null,
      accountId: book.id,
      customerId: book.customerId,
      keyId: req.actor.keyId,
      market: priced.market,
      side: priced.side,
      type: priced.type,
      size: priced.size,
      limitPrice: priced.limitPrice,
      stopPrice: priced.stopPrice,
      worstPrice: priced.worstPrice,
      reduceOnly: priced.reduceOnly,
      postOnly: priced.postOnly,
      tif: priced.tif,
      expiresAt: priced.expiresAt,
      origin: req.actor.origin,
      exits: req.exits,
      now: req.now,
      keyLossStop: req.actor.fences?.lossStopUsd ?? null,
    });
    if (o.clientOrderId) this.rememberClientId(o.customerId, o.clientOrderId, o.id);
    this.admit(o, req.now, priced.immediate !== null ? { price: priced.immediate, liquidity: 'taker' } : priced.expiresUnfilled ? 'expire' : 'rest');
    judgeDirty(this, req.now);
    return { ok: true, value: o };
  }

  // ---- fills and positions -----------------------------------------------------------------------

  /** An order fills whole at `price`: judged again as it fills (stage 2), then settled (stage 4). */
  fill(o: Order, price: Dec, now: number, liquidity: 'maker' | 'taker', liquidation = false): void {
    if (mayFill(this, o, price, now, liquidation)) settle(this, o, price, now, liquidity, liquidation);
  }

  // ---- ticks -------------------------------------------------------------------------------------

  /**
   * A new quote: trailing stops and break-evens move, then resting orders it reached fill in path order, then the
   * risk watch looks at the accounts it may have put at risk (stage 6).
   */
  onQuote(market: string, q: Quote): void {
    const m = this.o.markets.get(market);
    const book = this.triggers.get(market);
    if (!m || !book) return;
    const prev = this.last.get(market);
    this.last.set(market, q.last);
    const rising = prev === undefined || q.last >= prev;
    const now = q.time;
    this.tickTime = now;
    this.deferred = [];
    try {
      exitsOnQuote(this, market, q, rising, now);
      const state = this.o.marketState(market);
      if (state.status === 'open') {
        matchQuote(this, m, book, q, rising, now);
      }
    } finally {
      const deferred = this.deferred;
      this.deferred = null;
      for (const o of deferred) if (this.open.get(o.id) === o && o.status === 'working') index(this, o);
    }
    riskOnQuote(this, market, q, rising, now);
  }

  /**
   * The one way an order enters the engine — a client's, a position's exit, a system close: accepted, held on its
   * account, announced (order.created); then routed: filled now at `price`, expired (an ioc or fok order that
   * cannot fill at once), resting on its market's trigger book (after the tick's triggers when one is running),
   * or held for the caller to fill.
   */
  admit(o: Order, now: number, route: Route): void {
    o.status = transition(o.status, 'accept');
    this.books.get(o.accountId)!.orders.set(o.id, o);
    this.open.set(o.id, o);
    this.touch(o);
    this.emit({ type: 'order.created', accountId: o.accountId, at: now, source: sourceOf(o.origin), order: o });
    if (route === 'hold') return;
    if (route === 'expire') this.end(o, 'expire', now);
    else if (route === 'rest') {
      if (this.deferred) this.deferred.push(o);
      else index(this, o);
    } else this.fill(o, route.price, now, route.liquidity);
  }

  // ---- cancels, closes, edits --------------------------------------------------------------------

  cancel(o: Order, reason: CancelReason, now: number): void {
    cancel(this, o, reason, now);
  }

  end(o: Order, how: 'expire' | 'reject', now: number): void {
    end(this, o, how, now);
  }

  /** Cancels the account's working orders (all, or one market's; a key limited to markets reaches only those). */
  cancelAll(accountId: string, market: string | null, allowed: string[] | null, reason: CancelReason, now: number): number {
    const book = this.books.get(accountId);
    if (!book) return 0;
    let n = 0;
    for (const o of [...book.orders.values()]) {
      if (o.status !== 'working') continue;
      if (market && o.market !== market) continue;
      if (allowed && !allowed.includes(o.market)) continue;
      this.cancel(o, reason, now);
      n++;
    }
    return n;
  }

  /**
   * Closes a whole position at the market (close-position.ts). `by`: the key whose request closes it — the closing
   * order is placed with that key, so its fill counts toward the key's loss stop.
   */
  closePosition(
    accountId: string,
    market: string,
    reason: CloseReason,
    now: number,
    origin: Origin = 'api',
    by: { keyId: string | null; lossStop: Dec | null } | null = null,
  ): Outcome<Order> {
    return closePosition(this, accountId, market, reason, now, origin, by);
  }

  /** Edits a working order (edit-order.ts): it passes every check a new placement would and may not fill at once. */
  edit(accountId: string, orderId: string, patch: OrderPatch, fences: Fences | null, now: number): Outcome<Order> {
    return editOrder(this, accountId, orderId, patch, fences, now);
  }

  /**
   * Replaces a position's exits (PUT …/exits; null parts remove that exit), judged by the same rule as exits placed
   * with an order. `by`: the key that set them (their fills count toward its loss stop).
   */
  setExits(accountId: string, market: string, spec: ExitSpec, now: number, by: { keyId: string | null; lossStop: Dec | null } | null): Outcome<Position> {
    const p = this.books.get(accountId)?.positions.get(market);
    const m = this.o.markets.get(market);
    if (!p || !m) return fail('position_not_found', { market });
    if (hasExits(spec)) {
      const refused = exitRefusal(spec, { long: p.side === 'long', entry: p.entryPrice, last: this.o.quote(market)?.last ?? null }, m);
      if (refused) return { ok: false, rejection: refused };
    }
    placeExits(this, p, spec, 'api', now, by);
    return { ok: true, value: p };
  }

  // ---- margin (margin.ts) -------------------------------------------------------------------------

  /** Saves the leverage and mode new positions on the market get (an open position keeps its own). */
  setMargin(accountId: string, market: string, leverage: number | undefined, mode: 'isolated' | 'cross' | undefined): Outcome<{ leverage: number; mode: 'isolated' | 'cross' }> {
    return setMargin(this, accountId, market, leverage, mode);
  }

  /** Adds (+) or removes (−) margin of an isolated position. */
  adjustMargin(accountId: string, market: string, amount: Dec, now: number): Outcome<Position> {
    return adjustMargin(this, accountId, market, amount, now);
  }

  /**
   * Arms the account's dead-man switch to fire timeoutMs from now (renewing it), or disarms it (0). Answers when it
   * fires (null: disarmed); undefined when the engine does not hold the account.
   */
  armDeadMan(accountId: string, timeoutMs: number, now: number): number | null | undefined {
    const book = this.books.get(accountId);
    return book ? armDeadMan(this, book, timeoutMs, now) : undefined;
  }

  /** Expires gtd orders whose time has come and fires the dead-man switches whose deadline passed. */
  onClock(now: number): void {
    for (const o of [...this.open.values()]) {
      if (o.status === 'working' && o.tif === 'gtd' && o.expiresAt !== null && o.expiresAt <= now) this.end(o, 'expire', now);
    }
    fireDeadMen(this, now);
    onTime(this, now);
    judgeDirty(this, now);
  }

  /**
   * The engine-restart transition (SPEC): every working order canceled `system_restart`, every position closed
   * at the last stored quote, nothing re-placed; one engine.restarted per affected account. `canceledBefore`:
   * the orders start-up canceled in the store before loading the engine, per account (the position's exits among
   * them: closing it finds none to cancel).
   */
  restart(environment: string, now: number, canceledBefore: ReadonlyMap<string, number> = new Map()): void {
    for (const book of this.books.values()) {
      let canceled = canceledBefore.get(book.id) ?? 0;
      let closed = 0;
      for (const o of [...book.orders.values()]) {
        if (isOpen(o.status)) {
          this.cancel(o, 'system_restart', now);
          canceled++;
        }
      }
      for (const p of [...book.positions.values()]) {
        const q = this.o.quote(p.market);
        const price = q ? (p.side === 'long' ? q.bid : q.ask) : p.entryPrice;
        const o = systemOrder(this, p, now, 'system');
        o.closeReason = 'system_restart';
        this.fill(o, price, now, 'taker');
        closed++;
      }
      if (canceled + closed > 0) {
        this.emit({ type: 'engine.restarted', accountId: book.id, at: now, source: 'engine', restart: { environment, canceled_orders: canceled, closed_positions: closed } });
      }
    }
  }

  // ---- account rules and key loss stops -------------------------------------------------------------

  /** What a fill means for the rule (trading day, references) and for the loss stop of the key that placed it. */
  afterFill(book: Book, o: Order, realized: Dec, fee: Dec, now: number): void {
    this.dirty.add(book.id);
    if (book.rules && book.rule) {
      if (o.origin !== 'system') onTrade(book.rules, now);
      if (realized !== ZERO) onClosedTrade(book.rule, book.rules, book.balance);
      this.fx.accounts.set(book.id, book);
      this.dirty.add(book.id);
    }
    if (o.keyId && o.keyLossStop && this.o.calendar) {
      book.keyLoss ??= new Map();
      const day = this.o.calendar.dayStart(now);
      const prev = book.keyLoss.get(o.keyId);
      const tally = prev && prev.dayStart === day ? prev : { dayStart: day, loss: ZERO, until: null };
      tally.loss = add(tally.loss, sub(fee, realized));
      book.keyLoss.set(o.keyId, tally);
      if (tally.until === null && tally.loss >= o.keyLossStop) {
        tally.until = this.o.calendar.nextRollover(now);
        // The key's working orders stop; its exits keep protecting the positions they belong to.
        for (const w of [...book.orders.values()]) {
          if (w.keyId === o.keyId && w.status === 'working' && w.id !== o.id && w.exitKind === null) this.cancel(w, 'key_loss_stop', now);
        }
      }
      this.fx.accounts.set(book.id, book);
    }
  }

  // ---- bookkeeping: what the facade's own members record goes to the journal (stage 7) --------------------------

  private touch(o: Order): void {
    this.journal.order(o);
  }

  private touchPosition(p: Position): void {
    this.journal.position(p);
  }

  private emit(e: EngineEvent): void {
    this.journal.emit(e);
  }

  get lastTickTime(): number {
    return this.tickTime;
  }
}
