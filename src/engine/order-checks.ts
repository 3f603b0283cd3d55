import type { Rejection } from '../errors/api-error.js';
import { add, ceilToStep, div, floorToStep, fmt, isMultipleOf, mul, nearestSteps, pct, sub, ZERO, ONE, fromInt, type Dec } from './decimal.js';
import type { MarketSpec, OrderType, Quote, Side, TimeInForce } from './types.js';

/**
 * An order as the engine takes it: what the client asked for, its decimals parsed (the decimal strings of the wire
 * stay at the engine-host port: engine-host/wire.ts `orderFromWire`). Absent fields are null.
 */
export interface OrderIntent {
  market: string;
  side: Side;
  type: 'market' | 'limit' | 'stop_market' | 'stop_limit';
  size: Dec | null;
  notionalUsd: Dec | null;
  limitPrice: Dec | null;
  stopPrice: Dec | null;
  worstPrice: Dec | null;
  maxSlippagePct: Dec | null;
  reduceOnly: boolean;
  postOnly: boolean;
  /** null: the type's default. */
  timeInForce: TimeInForce | null;
  expiresAt: number | null;
  clientOrderId: string | null;
}

/** An order that passed the checks that need only the market and its quote. */
export interface PricedOrder {
  market: string;
  side: Side;
  type: OrderType;
  size: Dec;
  limitPrice: Dec | null;
  stopPrice: Dec | null;
  worstPrice: Dec | null;
  reduceOnly: boolean;
  postOnly: boolean;
  tif: TimeInForce;
  expiresAt: number | null;
  /** Price the notional is valued at (CONTRACT §7): market → ask/bid, limit → limit, stop → stop. */
  valuePrice: Dec;
  notional: Dec;
  /** Fills on arrival, at this price (market orders and marketable limits). */
  immediate: Dec | null;
  /** ioc/fok order that cannot fill at once: ends expired. */
  expiresUnfilled: boolean;
}

export type Checked = { ok: true; order: PricedOrder } | { ok: false; rejection: Rejection };

const TIFS: Record<OrderIntent['type'], { allowed: TimeInForce[]; default: TimeInForce }> = {
  market: { allowed: ['ioc', 'fok'], default: 'ioc' },
  limit: { allowed: ['gtc', 'gtd', 'ioc', 'fok'], default: 'gtc' },
  stop_market: { allowed: ['gtc', 'gtd'], default: 'gtc' },
  stop_limit: { allowed: ['gtc', 'gtd'], default: 'gtc' },
};

const bad = (message: string, field: string): Checked => ({ ok: false, rejection: { code: 'invalid_request', message, details: { field } } });
const reject = (code: Rejection['code'], details?: Record<string, unknown>, message?: string): Checked => ({
  ok: false,
  rejection: { code, ...(details ? { details } : {}), ...(message ? { message } : {}) },
});

function price(o: OrderIntent, field: 'limit_price' | 'stop_price' | 'worst_price', tick: Dec): Dec | Checked | null {
  const d = field === 'limit_price' ? o.limitPrice : field === 'stop_price' ? o.stopPrice : o.worstPrice;
  if (d === null) return null;
  if (d <= 0n) return bad(`${field} must be a positive decimal string`, field);
  if (!isMultipleOf(d, tick)) {
    return reject('invalid_price_tick', { field, tick_size: fmt(tick), nearest: nearestSteps(d, tick).map(fmt) }, `${field} is not a whole number of ticks (${fmt(tick)})`);
  }
  return d;
}

const isChecked = (v: unknown): v is Checked => typeof v === 'object' && v !== null && 'ok' in v;

/**
 * Checks an order against its market and quote, in SPEC's order: shape and time in force → size step and tick →
 * price availability → band → stop side → marketability (post-only, inside spread) → slippage → minimum value.
 * Pure: the same inputs always give the same answer (preview and placement share it).
 */
export function checkOrder(body: OrderIntent, m: MarketSpec, q: Quote | undefined, now: number): Checked {
  const tif = TIFS[body.type];
  const timeInForce = body.timeInForce ?? tif.default;
  if (!tif.allowed.includes(timeInForce)) {
    return bad(`time_in_force ${timeInForce} is not allowed for ${body.type} orders (allowed: ${tif.allowed.join(', ')})`, 'time_in_force');
  }
  if (timeInForce === 'gtd' && body.expiresAt === null) return bad('gtd orders need expires_at', 'expires_at');
  if (timeInForce !== 'gtd' && body.expiresAt !== null) return bad('expires_at goes with time_in_force gtd', 'expires_at');
  if (body.expiresAt !== null && body.expiresAt <= now) return bad('expires_at must be in the future', 'expires_at');
  if ((body.size === null) === (body.notionalUsd === null)) return bad('give size or notional_usd (one of them)', 'size');
  const needsLimit = body.type === 'limit' || body.type === 'stop_limit';
  const needsStop = body.type === 'stop_market' || body.type === 'stop_limit';
  if (needsLimit !== (body.limitPrice !== null)) return bad(needsLimit ? `${body.type} orders need limit_price` : `limit_price is only for limit and stop_limit orders`, 'limit_price');
  if (needsStop !== (body.stopPrice !== null)) return bad(needsStop ? `${body.type} orders need stop_price` : 'stop_price is only for stop orders', 'stop_price');
  if (body.type !== 'market' && (body.worstPrice !== null || body.maxSlippagePct !== null)) {
    return bad('worst_price and max_slippage_pct are only for market orders', body.worstPrice !== null ? 'worst_price' : 'max_slippage_pct');
  }
  if (body.worstPrice !== null && body.maxSlippagePct !== null) return bad('give worst_price or max_slippage_pct, not both', 'worst_price');
  if (body.postOnly && body.type !== 'limit') return bad('post_only is only for limit orders', 'post_only');

  let size: Dec | null = null;
  if (body.size !== null) {
    const s = body.size;
    if (s <= 0n) return bad('size must be a positive decimal string', 'size');
    if (!isMultipleOf(s, m.sizeStep)) {
      return reject('invalid_size_step', { size_step: fmt(m.sizeStep), nearest: nearestSteps(s, m.sizeStep).map(fmt) }, `size is not a whole number of size steps (${fmt(m.sizeStep)})`);
    }
    size = s;
  }
  let notionalUsd: Dec | null = null;
  if (body.notionalUsd !== null) {
    const n = body.notionalUsd;
    if (n <= 0n) return bad('notional_usd must be a positive decimal string', 'notional_usd');
    notionalUsd = n;
  }
  const limitPrice = price(body, 'limit_price', m.tick);
  if (isChecked(limitPrice)) return limitPrice;
  const stopPrice = price(body, 'stop_price', m.tick);
  if (isChecked(stopPrice)) return stopPrice;
  const worstPrice = price(body, 'worst_price', m.tick);
  if (isChecked(worstPrice)) return worstPrice;
  let slippagePct: Dec | null = null;
  if (body.type === 'market' && worstPrice === null) {
    const p = body.maxSlippagePct ?? m.slippage.default;
    if (p < m.slippage.min || p > m.slippage.max) {
      return { ok: false, rejection: { code: 'invalid_request', message: `max_slippage_pct must be from ${fmt(m.slippage.min)} to ${fmt(m.slippage.max)}`, details: { field: 'max_slippage_pct', min: fmt(m.slippage.min), max: fmt(m.slippage.max) } } };
    }
    slippagePct = p;
  }

  if (!q) return reject('no_price', { market: m.id });
  if (now - q.time > m.staleAfterMs) return reject('stale_quote', { market: m.id, price_time: q.time, stale_after_ms: m.staleAfterMs });

  const band = pct(q.last, m.bandPct);
  const lo = sub(q.last, band);
  const hi = add(q.last, band);
  for (const [field, p] of [['limit_price', limitPrice], ['stop_price', stopPrice]] as const) {
    if (p !== null && (p < lo || p > hi)) {
      return reject('price_out_of_band', { field, band_pct: fmt(m.bandPct), min: fmt(lo), max: fmt(hi) });
    }
  }
  if (stopPrice !== null && (body.side === 'buy' ? stopPrice <= q.last : stopPrice >= q.last)) {
    return reject('stop_already_triggered', { stop_price: fmt(stopPrice), last: fmt(q.last) }, body.side === 'buy' ? 'A buy stop must be above the last price.' : 'A sell stop must be below the last price.');
  }

  const reference = body.side === 'buy' ? q.ask : q.bid;
  let immediate: Dec | null = null;
  let resolvedWorst: Dec | null = null;
  if (body.type === 'market') {
    resolvedWorst = worstPrice ?? (body.side === 'buy' ? mul(reference, add(ONE, div(slippagePct!, fromInt(100)))) : mul(reference, sub(ONE, div(slippagePct!, fromInt(100)))));
    if (body.side === 'buy' ? reference > resolvedWorst : reference < resolvedWorst) {
      return reject('slippage_exceeded', { best_price: fmt(reference), worst_price: fmt(resolvedWorst) });
    }
    immediate = reference;
  } else if (body.type === 'limit') {
    const L = limitPrice!;
    const marketable = body.side === 'buy' ? L > q.last : L < q.last;
    if (marketable) {
      if (body.postOnly) return reject('post_only_would_fill', { limit_price: fmt(L), last: fmt(q.last) });
      const fillable = body.side === 'buy' ? q.ask <= L : q.bid >= L;
      if (!fillable) return reject('limit_inside_spread', { limit_price: fmt(L), best_price: fmt(reference) });
      immediate = reference;
    }
  }

  const valuePrice = body.type === 'market' ? reference : body.type === 'limit' ? limitPrice! : stopPrice!;
  if (size === null) {
    size = floorToStep(div(notionalUsd!, valuePrice, 'down'), m.sizeStep);
    if (size === ZERO) {
      return reject('order_too_small', { min_notional_usd: fmt(m.minNotional), size_step: fmt(m.sizeStep) }, `notional_usd buys less than one size step (${fmt(m.sizeStep)})`);
    }
  }
  const notional = mul(size, valuePrice);
  if (notional < m.minNotional) return reject('order_too_small', { min_notional_usd: fmt(m.minNotional), notional_usd: fmt(notional) });

  return {
    ok: true,
    order: {
      market: m.id,
      side: body.side,
      type: body.type,
      size,
      limitPrice,
      stopPrice,
      worstPrice: resolvedWorst === null ? null : ceilOrFloorToTick(resolvedWorst, m.tick, body.side),
      reduceOnly: body.reduceOnly,
      postOnly: body.postOnly,
      tif: timeInForce,
      expiresAt: body.expiresAt,
      valuePrice,
      notional,
      immediate,
      expiresUnfilled: immediate === null && (timeInForce === 'ioc' || timeInForce === 'fok'),
    },
  };
}

/** A worst price from a percentage lands between ticks: keep it on the tick grid, on the protective side. */
function ceilOrFloorToTick(p: Dec, tick: Dec, side: Side): Dec {
  return side === 'buy' ? floorToStep(p, tick) : ceilToStep(p, tick);
}
