import type { Book } from './book.js';
import { add, sub, ZERO, type Dec } from './decimal.js';
import type { Core } from './pipeline/core.js';
import { onClosedTrade, onTrade } from './rules.js';
import type { Order } from './state.js';

/**
 * What a fill means beyond the position: for the account's rule (a trade on the trading day, a closed trade's
 * references) and for the daily loss stop of the key that placed the order (its working orders stop once reached;
 * its exits keep protecting the positions they belong to).
 */
export function afterFill(e: Core, book: Book, o: Order, realized: Dec, fee: Dec, now: number): void {
  e.risk.touch(book.id);
  if (book.rules && book.rule) {
    if (o.origin !== 'system') onTrade(book.rules, now);
    if (realized !== ZERO) onClosedTrade(book.rule, book.rules, book.balance);
    e.journal.account(book);
  }
  const calendar = e.o.calendar;
  if (o.keyId && o.keyLossStop && calendar) {
    book.keyLoss ??= new Map();
    const day = calendar.dayStart(now);
    const prev = book.keyLoss.get(o.keyId);
    const tally = prev && prev.dayStart === day ? prev : { dayStart: day, loss: ZERO, until: null };
    tally.loss = add(tally.loss, sub(fee, realized));
    book.keyLoss.set(o.keyId, tally);
    if (tally.until === null && tally.loss >= o.keyLossStop) {
      tally.until = calendar.nextRollover(now);
      for (const w of [...book.orders.values()]) {
        if (w.keyId === o.keyId && w.status === 'working' && w.id !== o.id && w.exitKind === null) e.cancel(w, 'key_loss_stop', now);
      }
    }
    e.journal.account(book);
  }
}
