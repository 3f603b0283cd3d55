import type { Book } from '../book.js';
import { checkOrder, type PricedOrder } from '../order-checks.js';
import type { Position } from '../state.js';
import type { MarketSpec } from '../types.js';
import { fail, type Core, type MarketStateLike, type Outcome, type PlaceRequest } from './core.js';

/** An order that passed validation: its account, market and position, and the order priced on the market. */
export interface Validated {
  book: Book;
  m: MarketSpec;
  state: MarketStateLike;
  pos: Position | undefined;
  priced: PricedOrder;
}

/**
 * Stage 1, validate: whether this order may be asked for at all — the account tradable and not paused, the market
 * known and trading, the position not being liquidated, the order well formed and priced on the market (sizes,
 * ticks, bands, time in force: order-checks.ts), within the fences of the key that places it.
 */
export function validate(e: Core, req: PlaceRequest): Outcome<Validated> {
  const book = e.books.get(req.accountId);
  if (!book) return fail('account_not_found');
  // The API checks the stored account first; the engine checks again, since a tick or rollover may have ended
  // or paused the account between that read and this command.
  if (book.status !== 'active') return fail('account_not_tradable', { account_id: book.id, status: book.status, reason: book.statusReason ?? book.status });
  if (book.pausedUntil !== undefined && book.pausedUntil !== null && book.pausedUntil > req.now) return fail('account_paused', { until: book.pausedUntil });
  const m = e.o.markets.get(req.order.market);
  if (!m) return fail('market_not_found', { market: req.order.market });
  const state = e.o.marketState(m.id);
  if (state.status === 'closed') return fail('market_closed', { market: m.id });
  if (state.status === 'halted') return fail('market_halted', { market: m.id });
  const pos = book.positions.get(m.id);
  if (pos?.liquidating) return fail('position_liquidating', { market: m.id });
  const checked = checkOrder(req.order, m, e.o.quote(m.id), req.now);
  if (!checked.ok) return checked;
  const priced = checked.order;
  const fences = req.actor.fences;
  if (fences?.markets && !fences.markets.includes(m.id)) return fail('key_market_not_allowed', { markets: fences.markets });
  if (fences?.reduceOnly && !priced.reduceOnly) return fail('key_reduce_only');
  const stop = req.actor.keyId ? book.keyLoss?.get(req.actor.keyId) : undefined;
  if (stop?.until && stop.until > req.now) return fail('key_loss_stop_active', { unlocks_at: stop.until });
  return { ok: true, value: { book, m, state, pos, priced } };
}
