import type { EngineHost } from '../engine-host/host.js';
import type { OrderFilter } from '../engine-host/open-orders.js';
import { ApiError } from '../errors/api-error.js';
import type { AccountRecord, Store } from '../store/port.js';
import type { orderView } from '../views/trading-views.js';

/** A page of an account's orders: its JSON (UTF-8) when memory answered, else the stored rows (limit + 1) to render. */
export type OrderPage = { json: Buffer } | { rows: { id: string; data: string }[] };

/**
 * An account's orders, newest first, for the list route: from the engine's memory when it holds the answer exactly
 * (open orders of an account this node judges: engine-host/open-orders.ts), else from the store. Either way the
 * read waits while a transaction that changed the account in memory is in flight (engine-host/in-flight.ts):
 * before its sync the store's connection and the engine both show it, and nothing is shown before it is on disk.
 */
export class OrderLists {
  constructor(
    private readonly store: Pick<Store, 'getOrder' | 'listOrders'>,
    private readonly host: EngineHost,
  ) {}

  /** The page of the account (reachable by the caller) for the filter; each order's JSON made by `serialize`. */
  async page(account: AccountRecord, q: OrderFilter, serialize: (view: ReturnType<typeof orderView>) => string): Promise<OrderPage> {
    const { id: accountId, environment } = account;
    this.host.learn(account);
    for (;;) {
      const busy = this.host.quiet(accountId);
      if (busy) await busy;
      const mark = this.host.writesBegun(accountId);
      const book = this.host.memoryBook(environment, accountId);
      const json = book ? this.host.openOrders.page(book, q, serialize) : undefined;
      if (json !== undefined) return { json };
      if (q.after !== undefined) {
        const row = await this.store.getOrder(q.after);
        if (!row || row.account_id !== accountId) throw new ApiError('invalid_cursor', { details: { after: q.after } });
      }
      const rows = await this.store.listOrders({ accountId, status: q.status ? [...q.status] : undefined, market: q.market, clientOrderId: q.clientOrderId, after: q.after, limit: q.limit + 1 });
      // A write that began while the store was read may show in what it answered: read again once it is over.
      if (this.host.unchangedSince(accountId, mark)) return { rows };
    }
  }
}
