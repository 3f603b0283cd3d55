import type { Book } from '../engine/book.js';
import { isOpen } from '../engine/order-status.js';
import type { Order } from '../engine/state.js';
import { jsonPage, orderView } from '../views/trading-views.js';

/** An order list's filters, as the store takes them (services/order-lists.ts). */
export interface OrderFilter {
  /** Statuses shown; undefined: all. */
  status?: readonly string[] | undefined;
  market?: string | undefined;
  clientOrderId?: string | undefined;
  /** Order id after which the page starts (newest first). */
  after?: string | undefined;
  limit: number;
}

/** Pages kept per account between changes of its orders (a client pages or filters a few ways at most). */
const PAGES_PER_ACCOUNT = 8;

/**
 * An account's open orders listed from the engine's memory. The engine holds every working order of the accounts
 * it judges and stores each change of one in the transaction that made it (effects), so once that transaction is
 * over (engine-host/in-flight.ts) memory and store agree on them. What memory cannot answer exactly — finished
 * orders, an order stored open that the engine does not hold (unconfirmed: its answer was lost), a cursor that is
 * not one of the account's open orders — is answered by the store. Each order's JSON is made once per stored
 * version, and a page once per change of the account's orders.
 */
export class OpenOrders {
  private readonly json = new WeakMap<Order, string>();
  /** Per account (book): ids of its orders stored open but not held by the engine. */
  private readonly unheld = new WeakMap<Book, Set<string>>();
  /** Kept as bytes: a page of 100 orders is ~60 kB, and encoding it again per answer was a tenth of the route. */
  private readonly pages = new WeakMap<Book, Map<string, Buffer>>();

  /** The engine stored an order of the account (the host calls it with each change it writes). */
  stored(book: Book, o: Order): void {
    this.json.delete(o);
    this.pages.delete(book);
    const away = isOpen(o.status) && book.orders.get(o.id) !== o;
    let ids = this.unheld.get(book);
    if (away) {
      if (!ids) this.unheld.set(book, (ids = new Set()));
      ids.add(o.id);
    } else ids?.delete(o.id);
  }

  /**
   * The page as the list route answers it, UTF-8 JSON (limit + 1 looked at, the extra one telling there is more), or
   * undefined when memory cannot answer it exactly and the store must.
   */
  page(book: Book, q: OrderFilter, serialize: (view: ReturnType<typeof orderView>) => string): Buffer | undefined {
    if (q.status === undefined || !q.status.every((s) => isOpen(s as Order['status']))) return undefined;
    if ((this.unheld.get(book)?.size ?? 0) > 0) return undefined;
    let afterSeq = Number.POSITIVE_INFINITY;
    if (q.after !== undefined) {
      const cursor = book.orders.get(q.after);
      if (!cursor) return undefined;
      afterSeq = cursor.seq;
    }
    const key = JSON.stringify([q.status, q.market ?? null, q.clientOrderId ?? null, q.after ?? null, q.limit]);
    let pages = this.pages.get(book);
    const hit = pages?.get(key);
    if (hit !== undefined) return hit;
    const rows: Order[] = [];
    for (const o of book.orders.values()) {
      if (o.seq >= afterSeq || !q.status.includes(o.status)) continue;
      if ((q.market !== undefined && o.market !== q.market) || (q.clientOrderId !== undefined && o.clientOrderId !== q.clientOrderId)) continue;
      rows.push(o);
    }
    rows.sort((a, b) => b.seq - a.seq);
    const shown = rows.slice(0, q.limit);
    const items = shown.map((o) => {
      let text = this.json.get(o);
      if (text === undefined) this.json.set(o, (text = serialize(orderView(o))));
      return text;
    });
    const more = rows.length > q.limit;
    const page = Buffer.from(jsonPage(items, more ? (shown.at(-1)?.id ?? null) : null, more));
    if (!pages) this.pages.set(book, (pages = new Map()));
    if (pages.size >= PAGES_PER_ACCOUNT) pages.delete(pages.keys().next().value!);
    pages.set(key, page);
    return page;
  }
}
