import { isOpen } from './order-status.js';
import type { Core } from './pipeline/core.js';
import { systemOrder } from './pipeline/5-exits.js';

/**
 * The engine-restart transition (SPEC): every working order canceled `system_restart`, every position closed at the
 * last stored quote, nothing re-placed; one engine.restarted per affected account. `canceledBefore`: the orders
 * start-up canceled in the store before loading the engine, per account (the position's exits among them: closing
 * it finds none to cancel).
 */
export function restart(e: Core, environment: string, now: number, canceledBefore: ReadonlyMap<string, number>): void {
  for (const book of e.books.values()) {
    let canceled = canceledBefore.get(book.id) ?? 0;
    let closed = 0;
    for (const o of [...book.orders.values()]) {
      if (isOpen(o.status)) {
        e.cancel(o, 'system_restart', now);
        canceled++;
      }
    }
    for (const p of [...book.positions.values()]) {
      const q = e.o.quote(p.market);
      const price = q ? (p.side === 'long' ? q.bid : q.ask) : p.entryPrice;
      const o = systemOrder(e, p, now, 'system');
      o.closeReason = 'system_restart';
      e.fill(o, price, now, 'taker');
      closed++;
    }
    if (canceled + closed > 0) {
      e.journal.emit({ type: 'engine.restarted', accountId: book.id, at: now, source: 'engine', restart: { environment, canceled_orders: canceled, closed_positions: closed } });
    }
  }
}
