import type { Dec } from '../decimal.js';
import type { Book } from '../book.js';
import type { EngineEvent, Fill, Order, Position } from '../state.js';

/** What one command changed: the host persists it in one transaction before anyone hears of it. */
export interface Effects {
  orders: Map<string, Order>;
  fills: Fill[];
  positions: Map<string, { accountId: string; market: string; position: Position | null }>;
  balances: Map<string, Dec>;
  margins: Map<string, { accountId: string; market: string; leverage: number; mode: 'isolated' | 'cross' }>;
  /** Accounts whose status, pause or rule figures changed. */
  accounts: Map<string, Book>;
  /** Points of the equity curve: one per closed trade, one per trading day. */
  equity: { accountId: string; resolution: 'trade' | 'day'; time: number; equity: Dec; balance: Dec }[];
  events: EngineEvent[];
  /** Accounts whose dead-man switch was armed (when it fires), renewed or disarmed (null). */
  deadMen: Map<string, number | null>;
}

const newEffects = (): Effects => ({ orders: new Map(), fills: [], positions: new Map(), balances: new Map(), margins: new Map(), accounts: new Map(), equity: [], events: [], deadMen: new Map() });

/**
 * Stage 7, the journal: the effects out. Every stage records here what it changed (an order, a position, a
 * balance) and the events that announce it; the host takes them after each command or tick and persists them
 * before anyone hears of them.
 */
export class Journal {
  private fx: Effects = newEffects();

  /** Hands over what changed since the last call. */
  take(): Effects {
    const out = this.fx;
    this.fx = newEffects();
    return out;
  }

  /** The accounts recorded as changed since the last take. */
  changedAccounts(): Iterable<Book> {
    return this.fx.accounts.values();
  }

  /** The account's status, pause or rule figures changed. */
  account(book: Book): void {
    this.fx.accounts.set(book.id, book);
  }

  balance(book: Book): void {
    this.fx.balances.set(book.id, book.balance);
  }

  fill(f: Fill): void {
    this.fx.fills.push(f);
  }

  /** A point of the equity curve: a closed trade's, or a trading day's. */
  equityPoint(book: Book, resolution: 'trade' | 'day', time: number, equity: Dec): void {
    this.fx.equity.push({ accountId: book.id, resolution, time, equity, balance: book.balance });
  }

  margin(accountId: string, market: string, setting: { leverage: number; mode: 'isolated' | 'cross' }): void {
    this.fx.margins.set(`${accountId}\u0000${market}`, { accountId, market, ...setting });
  }

  order(o: Order): void {
    this.fx.orders.set(o.id, o);
  }

  position(p: Position): void {
    this.fx.positions.set(`${p.accountId}\u0000${p.market}`, { accountId: p.accountId, market: p.market, position: p });
  }

  /** The account no longer holds the market. */
  positionGone(accountId: string, market: string): void {
    this.fx.positions.set(`${accountId}\u0000${market}`, { accountId, market, position: null });
  }

  deadMan(accountId: string, firesAt: number | null): void {
    this.fx.deadMen.set(accountId, firesAt);
  }

  emit(e: EngineEvent): void {
    // Events carry snapshots: later changes in the same command must not rewrite what this event says. The event
    // is the caller's own literal, so its order and position are replaced by copies in place (no second event).
    if (e.order) e.order = { ...e.order };
    if (e.position) {
      const p = { ...e.position };
      if (p.breakEven) p.breakEven = { ...p.breakEven };
      e.position = p;
    }
    this.fx.events.push(e);
  }
}
