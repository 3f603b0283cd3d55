import type { Rejection } from '../../errors/api-error.js';
import { leverageOf, openingSize, orderValuePrice, settingOf, type Book } from '../book.js';
import { add, divInt, fmt, fromProducts, mul, roundMoney, sub, ZERO, type Dec } from '../decimal.js';
import { exitRefusal, hasExits } from '../exits.js';
import { net } from '../netting.js';
import { OrderMap } from '../order-map.js';
import type { PricedOrder } from '../order-checks.js';
import type { ExitSpec, Order, Position } from '../state.js';
import type { MarketSpec } from '../types.js';
import { riskLimit, sizeTierLimit, stopGraceMs } from '../rules.js';
import { fail, isWeekendFor, type Core, type Evaluation, type Outcome, type PlaceRequest, type Refusal } from './core.js';
import type { Validated } from './1-validate.js';

/**
 * Stage 2, pre-trade risk: whether the account may carry what the order would add — reduce-only against the
 * position, the market offered and the account's weekend rule for opening orders, the key's notional fences,
 * the exits, the working-order caps, the margin the order needs, the customer's exposure cap. Nothing changes here;
 * a preview shows the same evaluation.
 */
export function pretradeRisk(e: Core, req: PlaceRequest, v: Validated): Outcome<Evaluation> {
  const { book, m, state, pos, priced } = v;
  const fences = req.actor.fences;
  if (priced.reduceOnly) {
    if (!pos || (priced.side === 'buy') === (pos.side === 'long')) {
      return fail('reduce_only_violation', { position: pos ? pos.side : null }, 'A reduce-only order needs a position on the other side to reduce.');
    }
    if (priced.size > pos.size) return fail('reduce_only_violation', { position_size: fmt(pos.size) }, 'A reduce-only order may not be larger than the position.');
  }
  const opening = openingSize({ side: priced.side, size: priced.size, reduceOnly: priced.reduceOnly }, pos);
  if (opening > 0n && !state.offered) return fail('market_not_offered', { market: m.id });
  if (opening > 0n && !book.weekendAllowed && isWeekendFor(e, book, req.now)) {
    return fail('order_rejected', { reason: 'weekend' }, "The account's rule does not allow opening or adding to positions on a weekend.");
  }
  const newsRule = book.rule?.news;
  const news = (newsRule === 'no_trade' || (newsRule === 'no_open' && opening > 0n)) ? newsRefusal(e, m.id, req.now) : null;
  if (news) return { ok: false, rejection: news };
  if (fences?.maxOrderUsd && priced.notional > fences.maxOrderUsd) return fail('key_max_order_notional', { max_order_usd: fmt(fences.maxOrderUsd) });
  const after = net(pos ? { side: pos.side, size: pos.size, entryPrice: pos.entryPrice } : null, priced.side, priced.size, priced.immediate ?? priced.valuePrice).after;
  if (fences?.maxPositionUsd && after && mul(after.size, priced.valuePrice) > fences.maxPositionUsd && opening > 0n) {
    return fail('key_max_position_notional', { max_position_usd: fmt(fences.maxPositionUsd) });
  }
  // The account rule's scaling plan: the largest position by the balance at the day's start (docs/RULES.md).
  const tierLimit = book.rule && opening > 0n && after ? sizeTierLimit(book.rule, book.rules?.dayStartBalance ?? book.balance) : null;
  if (tierLimit !== null && after && mul(after.size, priced.valuePrice) > tierLimit) {
    return fail(
      'order_rejected',
      { reason: 'size_tier', max_position_usd: fmt(tierLimit), day_start_balance: fmt(roundMoney(book.rules?.dayStartBalance ?? book.balance)) },
      `The account's scaling plan allows positions up to ${fmt(tierLimit)} USD per market at today's starting balance.`,
    );
  }
  const exitsOk = checkExits(e, req.exits, priced, opening, pos, m);
  if (exitsOk) return exitsOk;
  const risk = riskAtStop(book, req.exits, pos, after, opening);
  const stopRule = book.rule?.risk_per_trade;
  if (stopRule && opening > 0n) {
    if (risk === null && stopRule.require_stop_loss && stopGraceMs(book.rule) === null) {
      return fail('order_rejected', { reason: 'risk_per_trade', stop_loss: 'required' }, "The account's rule requires a stop loss on an order that opens or adds to a position.");
    }
    if (risk !== null && risk.limit !== null && risk.loss > risk.limit) {
      return fail(
        'order_rejected',
        { reason: 'risk_per_trade', risk_usd: fmt(roundMoney(risk.loss)), max_risk_usd: fmt(roundMoney(risk.limit)), stop_price: fmt(risk.stopPrice) },
        `The loss at the stop (${fmt(roundMoney(risk.loss))} USD) is more than the account's rule allows per trade (${fmt(roundMoney(risk.limit))} USD).`,
      );
    }
  }
  if (priced.immediate === null && !priced.expiresUnfilled) {
    if (book.orders.size >= e.o.caps.perAccount) return fail('working_order_cap', { scope: 'account', limit: e.o.caps.perAccount });
    if (e.accounts.tallyOf(book.customerId).orders >= e.o.caps.perCustomer) return fail('working_order_cap', { scope: 'customer', limit: e.o.caps.perCustomer });
  }
  const setting = settingOf(book, m);
  const before = e.figures(book);
  const required = divInt(mul(opening, priced.valuePrice), setting.leverage);
  const fee = roundMoney(mul(mul(priced.immediate ?? priced.valuePrice, priced.size), priced.immediate !== null ? m.takerFee : m.makerFee));
  if (book.balance <= 0n) {
    return fail('insufficient_balance', { balance: fmt(book.balance) }, 'The balance does not cover the fee of a new order.');
  }
  if (opening > 0n && required > before.available) {
    return fail('insufficient_margin', { required: fmt(roundMoney(required)), available: fmt(roundMoney(before.available)) });
  }
  const open = exposure(e, book, m);
  if (opening > 0n && add(open, mul(opening, priced.valuePrice)) > m.exposureCap) {
    return fail('exposure_cap_exceeded', { cap_usd: fmt(m.exposureCap), open_usd: fmt(roundMoney(open)) });
  }
  return {
    ok: true,
    value: { priced, market: m, opening, leverage: setting.leverage, mode: setting.mode, required, fee, before, positionAfter: after, exposure: { cap: m.exposureCap, open }, risk },
  };
}

/** The refusal of a news window in force on the market at t (the account's rule has `news`), else null. */
function newsRefusal(e: Core, market: string, t: number): Rejection | null {
  const w = e.o.newsAt?.(market, t);
  if (!w) return null;
  return {
    code: 'order_rejected',
    message: `The account's rule does not allow this order inside the news window "${w.title}" (until ${new Date(w.until).toISOString()}).`,
    details: { reason: 'news_window', news_id: w.id, title: w.title, from: w.from, until: w.until },
  };
}

/**
 * What the position after the order would lose at its stop: the order's stop loss, else the stop of the position it
 * adds to; from the entry after the order to the stop, times its size (a stop on the winning side loses nothing).
 * Null when no stop would protect it, or the order leaves no position.
 */
function riskAtStop(book: Book, exits: ExitSpec | null, pos: Position | undefined, after: { size: Dec; side: 'long' | 'short'; entryPrice: Dec } | null, opening: Dec): Evaluation['risk'] {
  if (!after || opening === ZERO) return null;
  const kept = pos && pos.side === after.side && pos.stopLossId ? (book.orders.get(pos.stopLossId)?.stopPrice ?? null) : null;
  const stopPrice = exits?.stopLoss?.price ?? kept;
  if (stopPrice === null) return null;
  const perUnit = after.side === 'long' ? sub(after.entryPrice, stopPrice) : sub(stopPrice, after.entryPrice);
  const loss = perUnit > 0n ? mul(perUnit, after.size) : ZERO;
  return { stopPrice, loss, limit: book.rule ? riskLimit(book.rule, book.balance) : null };
}

function checkExits(e: Core, exits: ExitSpec | null, o: PricedOrder, opening: Dec, pos: Position | undefined, m: MarketSpec): Refusal | null {
  if (!hasExits(exits)) return null;
  if (o.reduceOnly || opening === ZERO) return fail('invalid_request', { field: 'exits' }, 'Exits attach only to an order that opens, adds to or flips a position.');
  const long = o.side === 'buy';
  const entry = pos && (pos.side === 'long') === long ? pos.entryPrice : (o.immediate ?? o.limitPrice ?? o.stopPrice ?? o.valuePrice);
  // An order that fills now: its exits are placed now, so last matters as it does for a position's.
  const last = o.immediate !== null ? (e.o.quote(m.id)?.last ?? null) : null;
  const refused = exitRefusal(exits, { long, entry, last }, m);
  return refused ? { ok: false, rejection: refused } : null;
}

/**
 * Open notional on the market across the customer's accounts of the same product (CONTRACT §7), from the customer's
 * tally (account-books.ts): its positions' sizes summed as they change, valued at the last price with one
 * multiplication (or at their entries without a quote), and the opening orders of those of its accounts that have
 * working orders. Raw products (scale²) added exactly and rounded once: equal to the sum of rounded products whenever
 * each fits 18 places (sizes × prices do), closer when one does not (sumOfProducts).
 */
export function exposure(e: Core, book: Book, m: MarketSpec): Dec {
  const q = e.o.quote(m.id);
  const tally = e.accounts.tallyOf(book.customerId);
  const held = tally.heldIn(book.product, m.id);
  let raw = held ? (q ? held.size * q.last : held.entryRaw) : 0n;
  for (const b of tally.booksWithOrders()) {
    if (b.product !== book.product) continue;
    raw += (b.orders as OrderMap).openingNotionalRaw(m.id, b.positions.get(m.id), q);
  }
  return fromProducts(raw);
}

/**
 * The same judgement at the moment a resting order fills (CONTRACT §7): a reduce-only order is cut to the position
 * or canceled when there is none left on the other side; an opening order that triggers must still be allowed on
 * the day and find its margin, or it ends rejected. A liquidation is not judged. Whether the order may fill.
 */
export function mayFill(e: Core, o: Order, price: Dec, now: number, liquidation: boolean): boolean {
  const book = e.books.get(o.accountId)!;
  const pos = book.positions.get(o.market);
  if (o.reduceOnly && !liquidation) {
    const reason = !pos ? 'position_closed' : (o.side === 'buy') === (pos.side === 'long') ? 'position_reversed' : null;
    if (reason !== null) {
      e.cancel(o, reason, now);
      return false;
    }
    if (o.size > pos!.size) o.size = pos!.size;
  }
  if (!o.reduceOnly && o.createdAt !== now) {
    // A resting opening order that triggers must still find its margin.
    const opening = openingSize(o, pos);
    if (opening > 0n && !book.weekendAllowed && isWeekendFor(e, book, now)) {
      o.reject = { code: 'order_rejected', message: 'Opening orders that trigger on a weekend are rejected by the account rule.', details: { reason: 'weekend' } };
      e.end(o, 'reject', now);
      return false;
    }
    const news = opening > 0n && (book.rule?.news === 'no_open' || book.rule?.news === 'no_trade') ? newsRefusal(e, o.market, now) : null;
    if (news) {
      o.reject = news;
      e.end(o, 'reject', now);
      return false;
    }
    if (opening > 0n) {
      const m = e.o.markets.get(o.market)!;
      const f = e.figures(book);
      const leverage = leverageOf(book, m);
      const own = divInt(mul(opening, orderValuePrice(o, e.o.quote(o.market))), leverage);
      const needed = divInt(mul(opening, price), leverage);
      if (needed > add(f.available, own)) {
        o.reject = { code: 'insufficient_margin', message: 'The margin the order needs was no longer available when it triggered.' };
        e.end(o, 'reject', now);
        return false;
      }
    }
  }
  return true;
}
