import type { Book } from '../book.js';
import { add, sub, ZERO, type Dec } from '../decimal.js';
import { OrderMap } from '../order-map.js';
import type { Position } from '../state.js';

/** One product's positions in one market across a customer's accounts: Σ size and Σ size × entry price (exact). */
interface HeldSum {
  size: Dec;
  /** Scale² of a Dec: the products unrounded. */
  entryRaw: bigint;
  /** Each account's share, replaced when its position changes. */
  readonly shares: Map<string, { size: Dec; entryRaw: bigint }>;
}

/**
 * What a customer's accounts (this engine's) hold together, kept as they change: the exposure check and the
 * customer's working-order cap read it instead of visiting every account of the customer on every order.
 */
export class CustomerTally {
  private working = 0;
  private readonly withOrders = new Set<Book>();
  private readonly held = new Map<string, HeldSum>();

  /** The working orders of all its accounts. */
  get orders(): number {
    return this.working;
  }

  /** Its books holding at least one working order. */
  booksWithOrders(): ReadonlySet<Book> {
    return this.withOrders;
  }

  /** The book's working orders changed by `delta` (its OrderMap says so, account-books below). */
  counted(book: Book, delta: number): void {
    this.working += delta;
    if (book.orders.size > 0) this.withOrders.add(book);
    else this.withOrders.delete(book);
  }

  /** The positions its accounts of `product` hold in `market`: Σ size, Σ size × entry price (scale²). */
  heldIn(product: string, market: string): { size: Dec; entryRaw: bigint } | undefined {
    return this.held.get(`${product}\u0000${market}`);
  }

  /** The account's position in the market is now `p` (null: none). */
  setHeld(book: Book, market: string, p: Position | null): void {
    const key = `${book.product}\u0000${market}`;
    let sum = this.held.get(key);
    const was = sum?.shares.get(book.id);
    if (sum && was) {
      sum.size = sub(sum.size, was.size);
      sum.entryRaw -= was.entryRaw;
      sum.shares.delete(book.id);
      if (p === null && sum.shares.size === 0) this.held.delete(key);
    }
    if (p === null) return;
    if (!sum) this.held.set(key, (sum = { size: ZERO, entryRaw: 0n, shares: new Map() }));
    const share = { size: p.size, entryRaw: p.size * p.entryPrice };
    sum.shares.set(book.id, share);
    sum.size = add(sum.size, share.size);
    sum.entryRaw += share.entryRaw;
  }
}

/**
 * The engine's accounts: their books by id, by customer (exposure and working-order caps look at one customer's
 * accounts, not all, through its tally) and, by market, the accounts holding a position there (the risk watch's
 * full scan). Owned here: the facade adds books as it loads them, stage 4 (settle) says when an account's position
 * in a market opens, changes or closes; every other stage reads.
 */
export class AccountBooks {
  private readonly byId = new Map<string, Book>();
  private readonly byCustomer = new Map<string, Set<Book>>();
  private readonly tallies = new Map<string, CustomerTally>();
  private readonly holders = new Map<string, Set<string>>();

  /** Every book, by account id (read-only: a book comes in through `add`). */
  get books(): ReadonlyMap<string, Book> {
    return this.byId;
  }

  get(id: string): Book | undefined {
    return this.byId.get(id);
  }

  /** A book loaded (or the same book added again once its positions are set): indexed by id and customer, its positions' markets held. */
  add(book: Book): void {
    // Its orders are kept in an OrderMap, which keeps the sums the margin of opening orders needs (order-map.ts).
    if (!(book.orders instanceof OrderMap)) book.orders = OrderMap.of(book.orders.values());
    this.byId.set(book.id, book);
    let mine = this.byCustomer.get(book.customerId);
    if (!mine) this.byCustomer.set(book.customerId, (mine = new Set()));
    mine.add(book);
    const tally = this.tallyOf(book.customerId);
    const counted = (delta: number): void => tally.counted(book, delta);
    // Watched once: a book added again is counted already.
    if ((book.orders as OrderMap).watch(counted)) counted(book.orders.size);
    for (const p of book.positions.values()) this.hold(p);
  }

  /** The customer's books (this engine's: the accounts of one partition). */
  ofCustomer(customerId: string): Iterable<Book> {
    return this.byCustomer.get(customerId) ?? [];
  }

  /** What the customer's accounts hold together (empty for a customer with no book here). */
  tallyOf(customerId: string): CustomerTally {
    let t = this.tallies.get(customerId);
    if (!t) this.tallies.set(customerId, (t = new CustomerTally()));
    return t;
  }

  /** The account holds the position (opened, or its size or entry changed). */
  hold(p: Position): void {
    let set = this.holders.get(p.market);
    if (!set) this.holders.set(p.market, (set = new Set()));
    set.add(p.accountId);
    const book = this.byId.get(p.accountId);
    if (book) this.tallyOf(book.customerId).setHeld(book, p.market, p);
  }

  /** The account no longer holds the market. */
  release(accountId: string, market: string): void {
    this.holders.get(market)?.delete(accountId);
    const book = this.byId.get(accountId);
    if (book) this.tallyOf(book.customerId).setHeld(book, market, null);
  }

  /** The accounts holding a position in the market. */
  holdersOf(market: string): ReadonlySet<string> {
    return this.holders.get(market) ?? EMPTY;
  }
}

const EMPTY: ReadonlySet<string> = new Set();
