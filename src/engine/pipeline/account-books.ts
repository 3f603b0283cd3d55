import type { Book } from '../book.js';
import { OrderMap } from '../order-map.js';
import type { Position } from '../state.js';

/**
 * The engine's accounts: their books by id, by customer (exposure and working-order caps look at one customer's
 * accounts, not all) and, by market, the accounts holding a position there (the risk watch's full scan). Owned
 * here: the facade adds books as it loads them, stage 4 (settle) says when an account comes to hold a market or
 * stops; every other stage reads.
 */
export class AccountBooks {
  private readonly byId = new Map<string, Book>();
  private readonly byCustomer = new Map<string, Set<Book>>();
  private readonly holders = new Map<string, Set<string>>();

  /** Every book, by account id (read-only: a book comes in through `add`). */
  get books(): ReadonlyMap<string, Book> {
    return this.byId;
  }

  get(id: string): Book | undefined {
    return this.byId.get(id);
  }

  /** A book loaded (or loaded again): indexed by id and customer, its positions' markets held. */
  add(book: Book): void {
    // Its orders are kept in an OrderMap, which keeps the sums the margin of opening orders needs (order-map.ts).
    if (!(book.orders instanceof OrderMap)) book.orders = OrderMap.of(book.orders.values());
    this.byId.set(book.id, book);
    let mine = this.byCustomer.get(book.customerId);
    if (!mine) this.byCustomer.set(book.customerId, (mine = new Set()));
    mine.add(book);
    for (const p of book.positions.values()) this.hold(p);
  }

  /** The customer's books (this engine's: the accounts of one partition). */
  ofCustomer(customerId: string): Iterable<Book> {
    return this.byCustomer.get(customerId) ?? [];
  }

  /** The account holds a position in the market. */
  hold(p: Position): void {
    let set = this.holders.get(p.market);
    if (!set) this.holders.set(p.market, (set = new Set()));
    set.add(p.accountId);
  }

  /** The account no longer holds the market. */
  release(accountId: string, market: string): void {
    this.holders.get(market)?.delete(accountId);
  }

  /** The accounts holding a position in the market. */
  holdersOf(market: string): ReadonlySet<string> {
    return this.holders.get(market) ?? EMPTY;
  }
}

const EMPTY: ReadonlySet<string> = new Set();
