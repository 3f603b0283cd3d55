import { fail, type Core, type EngineOptions, type Evaluation, type Fences, type Outcome, type PlaceRequest, type Route } from './pipeline/core.js';
import { Journal, type Effects } from './pipeline/7-journal.js';
import { AccountBooks } from './pipeline/account-books.js';
import { newOrder } from './pipeline/order-factory.js';
import { validate } from './pipeline/1-validate.js';
import { exposure, mayFill, pretradeRisk } from './pipeline/2-pretrade-risk.js';
import { cancel, end, Resting } from './pipeline/3-match.js';
import { settle } from './pipeline/4-settle.js';
import { BreakEvens, placeExits } from './pipeline/5-exits.js';
import { RiskWatch } from './pipeline/6-risk-watch.js';
import { LastPrices, onClock, onQuote } from './pipeline/tick.js';
import { sourceOf } from './pipeline/core.js';
import type { Dec } from './decimal.js';
import { figures, type Book, type Figures } from './book.js';
import { stopGraceMs, type RuleState } from './rules.js';
import type { Rule } from '../schemas/common.js';
import { exitRefusal, hasExits } from './exits.js';
import { transition } from './order-status.js';
import type { CloseReason, ExitSpec, Order, Position } from './state.js';
import { armDeadMan, DeadMen } from './dead-man-switch.js';
import { afterFill } from './after-fill.js';
import { closePosition } from './close-position.js';
import { editOrder, type OrderPatch } from './edit-order.js';
import { adjustMargin, setMargin } from './margin.js';
import { restart } from './restart.js';
import { settleLate, settleLost, unconfirmed } from './unconfirmed.js';
import type { CancelReason, Origin, Quote } from './types.js';

export type { Actor, EngineOptions, Evaluation, Fences, MarketStateLike, Outcome, PlaceRequest } from './pipeline/core.js';
export type { Effects } from './pipeline/7-journal.js';
export { cancelOrder, triggerOf } from './pipeline/3-match.js';

/**
 * The trading engine of one environment: pure domain state in memory, commands in, effects out.
 * Time comes in with every command and tick; prices come from ticks. No I/O.
 *
 * A facade. The state is in parts, each owned by one module and changed only through its methods (pipeline/core.ts
 * `Core`); the work is done by the numbered stages under pipeline/, in the order an order meets them: 1 validate,
 * 2 pre-trade risk (and the same judgement when a resting order fills), 3 match (trigger books, fill rules),
 * 4 settle (fee, P&L, balance, position netting), 5 exits (placed, resized, trailed, moved to break-even), 6 risk
 * watch (liquidation, account rules, the trading day's rollover), 7 journal (the effects out); a tick's path through
 * them is pipeline/tick.ts. Every order enters through `admit`, every order is made by the one factory.
 */
export class Engine implements Core {
  readonly accounts = new AccountBooks();
  readonly resting: Resting;
  readonly breakEvens: BreakEvens;
  readonly risk: RiskWatch;
  readonly deadMen = new DeadMen();
  readonly journal = new Journal();
  private readonly lasts = new LastPrices();
  private readonly clientIds = new Map<string, string>();
  private seq = 0;

  constructor(readonly o: EngineOptions) {
    this.resting = new Resting(o.markets.keys());
    this.breakEvens = new BreakEvens(o.markets.keys());
    this.risk = new RiskWatch(o.markets.keys());
  }

  get books(): ReadonlyMap<string, Book> {
    return this.accounts.books;
  }

  /** Counters for benchmarks (the risk watch's). */
  get stats(): { readonly riskLooks: number } {
    return this.risk.stats;
  }

  /** Hands over what changed since the last call. */
  take(): Effects {
    this.risk.settlePeaks(this.journal.changedAccounts());
    return this.journal.take();
  }

  // ---- loading -----------------------------------------------------------------------------------

  addBook(book: Book): void {
    this.accounts.add(book);
    this.deadMen.load(book);
    for (const p of book.positions.values()) if (p.breakEven && !p.breakEven.done) this.breakEvens.add(p);
    if (book.positions.size > 0) this.risk.refresh(this, book);
  }

  /** Restores a working order read from the store (its book must be added first). */
  restoreOrder(o: Order): void {
    this.seq = Math.max(this.seq, o.seq);
    const book = this.books.get(o.accountId);
    if (!book) return;
    book.orders.set(o.id, o);
    this.resting.add(o);
    if (o.status === 'working') this.resting.index(o);
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

  peakWatchSize(): { watched: number; classes: number } {
    return this.risk.peakWatchSize();
  }

  /** New highs of the accounts the peak watch follows, into the effects (see RiskWatch.flushPeaks). */
  flushPeaks(): number {
    return this.risk.flushPeaks(this);
  }

  ruleState(book: Book): RuleState | undefined {
    return this.risk.ruleState(book);
  }

  holdersOf(market: string): number {
    return this.accounts.holdersOf(market).size;
  }

  order(id: string): Order | undefined {
    return this.resting.get(id);
  }

  get lastTickTime(): number {
    return this.lasts.time;
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

  /** Places an order: judged (stages 1 and 2), made by the factory, admitted (filled now, expired or resting). */
  place(req: PlaceRequest): Outcome<Order> {
    const ev = this.evaluate(req);
    if (!ev.ok) return ev;
    const { priced } = ev.value;
    const book = this.books.get(req.accountId)!;
    const o = newOrder({
      id: req.orderId ?? this.o.newId('ord'),
      seq: this.nextSeq(),
      clientOrderId: req.order.clientOrderId,
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
    this.remember(o);
    this.admit(o, req.now, priced.immediate !== null ? { price: priced.immediate, liquidity: 'taker' } : priced.expiresUnfilled ? 'expire' : 'rest');
    this.risk.judgeDirty(this, req.now);
    return { ok: true, value: o };
  }

  /** The order as the API knows it when the engine's answer was lost (unconfirmed.ts). */
  unconfirmed(req: PlaceRequest): Order {
    return unconfirmed(this, req, (o) => this.remember(o));
  }

  settleLost(o: Order, now: number): void {
    settleLost(this, o, now);
  }

  settleLate(shell: Order, req: PlaceRequest): Order {
    return settleLate(this, shell, req, (r) => this.place(r));
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
    this.resting.add(o);
    this.journal.order(o);
    this.journal.emit({ type: 'order.created', accountId: o.accountId, at: now, source: sourceOf(o.origin), order: o });
    if (route === 'hold') return;
    if (route === 'expire') this.end(o, 'expire', now);
    else if (route === 'rest') this.resting.indexAfterTriggers(o);
    else this.fill(o, route.price, now, route.liquidity);
  }

  /** An order fills whole at `price`: judged again as it fills (stage 2), then settled (stage 4). */
  fill(o: Order, price: Dec, now: number, liquidity: 'maker' | 'taker', liquidation = false): void {
    if (mayFill(this, o, price, now, liquidation)) settle(this, o, price, now, liquidity, liquidation);
  }

  afterFill(book: Book, o: Order, realized: Dec, fee: Dec, now: number): void {
    afterFill(this, book, o, realized, fee, now);
  }

  // ---- time (pipeline/tick.ts) -------------------------------------------------------------------

  /**
   * A loaded engine judged against a quote it may not have seen (a partition taken over, or rebuilt after a tick
   * rolled back): applied only when it is at least as new as everything the engine holds in the market, so a price
   * from before an order was placed or moved (a node's book a tick behind) never fills or fires it; an older quote
   * waits for the next tick. Answers whether it was applied.
   */
  catchUp(market: string, q: Quote): boolean {
    for (const book of this.books.values()) {
      for (const o of book.orders.values()) if (o.market === market && o.updatedAt > q.time) return false;
      const p = book.positions.get(market);
      if (p && p.updatedAt > q.time) return false;
    }
    this.onQuote(market, q);
    return true;
  }

  onQuote(market: string, q: Quote): void {
    onQuote(this, this.lasts, market, q);
  }

  /** Expires gtd orders whose time has come and fires the dead-man switches whose deadline passed. */
  onClock(now: number): void {
    onClock(this, now);
  }

  // ---- cancels, closes, edits, exits, margin ----------------------------------------------------

  cancel(o: Order, reason: CancelReason, now: number): void {
    cancel(this, o, reason, now);
    // A stop loss canceled under a rule with a grace: the position's grace starts now.
    const book = this.books.get(o.accountId);
    if (stopGraceMs(book?.rule) !== null) this.risk.watchStops(book!, now);
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
      if (o.status !== 'working' || (market && o.market !== market) || (allowed && !allowed.includes(o.market))) continue;
      this.cancel(o, reason, now);
      n++;
    }
    return n;
  }

  /** Closes a whole position at the market (close-position.ts); `by`: the key whose request closes it. */
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

  setMargin(accountId: string, market: string, leverage: number | undefined, mode: 'isolated' | 'cross' | undefined): Outcome<{ leverage: number; mode: 'isolated' | 'cross' }> {
    return setMargin(this, accountId, market, leverage, mode);
  }

  adjustMargin(accountId: string, market: string, amount: Dec, now: number): Outcome<Position> {
    return adjustMargin(this, accountId, market, amount, now);
  }

  /** Arms (timeoutMs > 0) or disarms (0) the account's dead-man switch; undefined when the engine does not hold it. */
  /**
   * The account's rule becomes another version of its product's rulebook (the operator's move): judged under it from
   * now on, its figures kept; an account.rule_version event says so. False when the account is not here.
   */
  setRule(accountId: string, rule: Rule, versions: { from: number; to: number }, now: number): boolean {
    const book = this.books.get(accountId);
    if (!book) return false;
    book.rule = rule;
    book.weekendAllowed = rule.weekend_allowed;
    this.journal.emit({ type: 'account.rule_version', accountId, at: now, source: 'platform', account: { product: book.product, from_version: versions.from, to_version: versions.to } });
    this.journal.account(book);
    this.risk.touch(accountId);
    this.risk.judgeDirty(this, now);
    return true;
  }

  /** A signal's alert and what it did on the account (docs/SIGNALS.md): a signal.alert event. False when the account is not here. */
  noteAlert(accountId: string, alert: Record<string, unknown>, now: number): boolean {
    if (!this.books.has(accountId)) return false;
    this.journal.emit({ type: 'signal.alert', accountId, at: now, source: 'platform', account: alert });
    return true;
  }

  armDeadMan(accountId: string, timeoutMs: number, now: number): number | null | undefined {
    const book = this.books.get(accountId);
    return book ? armDeadMan(this, book, timeoutMs, now) : undefined;
  }

  /** The engine-restart transition (restart.ts). */
  restart(environment: string, now: number, canceledBefore: ReadonlyMap<string, number> = new Map()): void {
    restart(this, environment, now, canceledBefore);
  }

  private remember(o: Order): void {
    if (o.clientOrderId) this.rememberClientId(o.customerId, o.clientOrderId, o.id);
  }
}
