import { add, ceilToStep, dec, div, divInt, floorToStep, fmt, fmtMoney, mul, sub, ONE, type Dec } from '../engine/decimal.js';
import { exitsList } from '../engine/exits.js';
import { unrealized } from '../engine/netting.js';
import type { EngineEvent, ExitSpec, Fill, Order, Position } from '../engine/state.js';
import type { MarketSpec } from '../engine/types.js';

const s = (d: Dec | null): string | null => (d === null ? null : fmt(d));
const d = (t: unknown): Dec | null => (t === null || t === undefined ? null : dec(String(t)));

// ---- storage serialization (exact: decimals as strings) -------------------------------------------

const DEC_FIELDS = ['size', 'filledSize', 'limitPrice', 'stopPrice', 'worstPrice', 'averageFillPrice', 'fee', 'trailingDistance', 'trailingAnchor'] as const;

function exitsToJson(e: ExitSpec | null) {
  if (!e) return null;
  return {
    takeProfit: e.takeProfit ? { price: fmt(e.takeProfit.price), limitPrice: s(e.takeProfit.limitPrice) } : null,
    stopLoss: e.stopLoss ? { price: fmt(e.stopLoss.price), trailingDistance: s(e.stopLoss.trailingDistance) } : null,
    breakEven: e.breakEven ? { triggerPrice: fmt(e.breakEven.triggerPrice), offsetTicks: e.breakEven.offsetTicks } : null,
  };
}

function exitsFromJson(j: ReturnType<typeof exitsToJson>): ExitSpec | null {
  if (!j) return null;
  return {
    takeProfit: j.takeProfit ? { price: dec(j.takeProfit.price), limitPrice: d(j.takeProfit.limitPrice) } : null,
    stopLoss: j.stopLoss ? { price: dec(j.stopLoss.price), trailingDistance: d(j.stopLoss.trailingDistance) } : null,
    breakEven: j.breakEven ? { triggerPrice: dec(j.breakEven.triggerPrice), offsetTicks: j.breakEven.offsetTicks } : null,
  };
}

export function orderToData(o: Order): string {
  const out: Record<string, unknown> = { ...o, exits: exitsToJson(o.exits) };
  for (const f of DEC_FIELDS) out[f] = s(o[f]);
  out.keyLossStop = s(o.keyLossStop ?? null);
  return JSON.stringify(out);
}

export function orderFromData(text: string): Order {
  const j = JSON.parse(text) as Record<string, unknown>;
  const o = { ...j, exits: exitsFromJson(j.exits as ReturnType<typeof exitsToJson>) } as unknown as Order;
  for (const f of DEC_FIELDS) (o as unknown as Record<string, unknown>)[f] = d(j[f]);
  o.keyLossStop = d(j.keyLossStop);
  return o;
}

const POS_DEC = ['size', 'entryPrice', 'realizedPnl', 'margin'] as const;

export function positionToData(p: Position): string {
  const out: Record<string, unknown> = { ...p, breakEven: p.breakEven ? { ...p.breakEven, triggerPrice: fmt(p.breakEven.triggerPrice) } : null };
  for (const f of POS_DEC) out[f] = fmt(p[f]);
  return JSON.stringify(out);
}

export function positionFromData(text: string): Position {
  const j = JSON.parse(text) as Record<string, unknown>;
  const be = j.breakEven as { triggerPrice: string; offsetTicks: number; done: boolean } | null;
  const p = { ...j, breakEven: be ? { ...be, triggerPrice: dec(be.triggerPrice) } : null } as unknown as Position;
  for (const f of POS_DEC) (p as unknown as Record<string, unknown>)[f] = dec(String(j[f]));
  return p;
}

// ---- REST views (CONTRACT §3) -----------------------------------------------------------------------

const VIEW_CACHE_SIZE = 20_000;
interface StoredView {
  data: string;
  view: ReturnType<typeof orderView>;
  json?: string;
}
const storedViews = new Map<string, StoredView>();

/**
 * The REST view of a stored order, kept per order while its stored data is unchanged: an order list re-reads the
 * same rows again and again, and parsing and rendering each was most of its cost. Callers only serialize it.
 */
export function storedOrderView(row: { id: string; data: string }): ReturnType<typeof orderView> {
  return storedEntry(row).view;
}

/**
 * The stored order's REST view as JSON, made by `serialize` (the route's compiled serializer for an order) once
 * per stored version: a list of 100 orders is then a join of cached strings, not 100 objects serialized again.
 */
export function storedOrderJson(row: { id: string; data: string }, serialize: (view: ReturnType<typeof orderView>) => string): string {
  const entry = storedEntry(row);
  entry.json ??= serialize(entry.view);
  return entry.json;
}

/** A page of a list answer as JSON text, from its items' JSON: `data`, `next_cursor`, `has_more` (http/views/page.ts). */
export function jsonPage(items: readonly string[], nextCursor: string | null, hasMore: boolean): string {
  return `{"data":[${items.join(',')}],"next_cursor":${JSON.stringify(nextCursor)},"has_more":${hasMore}}`;
}

function storedEntry(row: { id: string; data: string }): StoredView {
  const hit = storedViews.get(row.id);
  if (hit && hit.data === row.data) return hit;
  const entry: StoredView = { data: row.data, view: orderView(orderFromData(row.data)) };
  if (hit) storedViews.delete(row.id);
  else if (storedViews.size >= VIEW_CACHE_SIZE) storedViews.delete(storedViews.keys().next().value!);
  storedViews.set(row.id, entry);
  return entry;
}

/** What a refused order's view says when the engine gave no message of its own. */
export const REJECT_MESSAGE = 'The engine refused the order.';

export function orderView(o: Order) {
  const exits = exitsList(o);
  return {
    id: o.id,
    client_order_id: o.clientOrderId,
    account_id: o.accountId,
    market: o.market,
    side: o.side,
    type: o.type,
    status: o.status,
    size: fmt(o.size),
    filled_size: fmt(o.filledSize),
    limit_price: s(o.limitPrice),
    stop_price: s(o.stopPrice),
    worst_price: s(o.worstPrice),
    average_fill_price: s(o.averageFillPrice),
    fee: s(o.fee),
    reduce_only: o.reduceOnly,
    post_only: o.postOnly,
    time_in_force: o.tif,
    expires_at: o.expiresAt,
    origin: o.origin,
    exit_of_position: o.exitKind,
    exits,
    cancel_reason: o.cancelReason,
    reject: o.reject ? { code: o.reject.code, message: o.reject.message ?? REJECT_MESSAGE } : null,
    created_at: o.createdAt,
    filled_at: o.filledAt,
    canceled_at: o.canceledAt,
    updated_at: o.updatedAt,
  };
}

export function fillView(f: Fill) {
  return {
    id: f.id,
    order_id: f.orderId,
    account_id: f.accountId,
    market: f.market,
    side: f.side,
    size: fmt(f.size),
    price: fmt(f.price),
    fee: fmt(f.fee),
    liquidation: f.liquidation,
    realized_pnl: fmt(f.realizedPnl),
    filled_at: f.filledAt,
  };
}

export function fillToData(f: Fill): string {
  return JSON.stringify(fillView(f));
}

/** Where an isolated position's margin plus P&L meets maintenance (cross: the account's free equity stands in). */
export function liquidationPrice(p: Position, m: MarketSpec, cushion: Dec): Dec | null {
  if (p.size === 0n) return null;
  const notionalEntry = mul(p.entryPrice, p.size);
  if (p.side === 'long') {
    const denom = mul(p.size, sub(ONE, m.maintenanceRate));
    const price = div(sub(notionalEntry, cushion), denom);
    return price > 0n ? price : null;
  }
  const denom = mul(p.size, add(ONE, m.maintenanceRate));
  return div(add(notionalEntry, cushion), denom);
}

export function positionView(p: Position, mark: Dec, m: MarketSpec, cushion: Dec, tp: Order | undefined, sl: Order | undefined) {
  const liq = liquidationPrice(p, m, cushion);
  return {
    market: p.market,
    side: p.side,
    size: fmt(p.size),
    // The average entry is kept exact (P&L is figured from it) and shown, like money, at 8 places half-even.
    entry_price: fmtMoney(p.entryPrice),
    mark_price: fmt(mark),
    unrealized_pnl: fmtMoney(unrealized(p, mark)),
    realized_pnl: fmtMoney(p.realizedPnl),
    leverage: p.leverage,
    margin_mode: p.marginMode,
    margin: fmtMoney(p.marginMode === 'isolated' ? p.margin : divInt(mul(p.size, mark), p.leverage)),
    liquidation_price: liq === null ? null : fmt(p.side === 'long' ? ceilToStep(liq, m.tick) : floorToStep(liq, m.tick)),
    liquidating: p.liquidating,
    exits: {
      take_profit: tp ? { order_id: tp.id, price: s(tp.stopPrice), limit_price: s(tp.limitPrice) } : null,
      stop_loss: sl ? { order_id: sl.id, price: s(sl.stopPrice), trailing_distance: s(sl.trailingDistance) } : null,
      break_even: p.breakEven ? { trigger_price: fmt(p.breakEven.triggerPrice), offset_ticks: p.breakEven.offsetTicks, done: p.breakEven.done } : null,
    },
    opened_at: p.openedAt,
    updated_at: p.updatedAt,
  };
}

/** The event as the API shows it (CONTRACT §3 Event); `data` is the REST object. */
export function eventView(e: EngineEvent, id: string, positionData: (p: Position) => unknown) {
  const data = e.order
    ? orderView(e.order)
    : e.fill
      ? fillView(e.fill)
      : e.position
        ? positionData(e.position)
        : e.closedPosition
          ? positionData(e.closedPosition)
          : (e.restart ?? e.account ?? null);
  return {
    id,
    type: e.type,
    account_id: e.accountId,
    created_at: e.at,
    source: e.source,
    data,
    ...(e.changes ? { changes: e.changes } : {}),
    ...(e.previousSize !== undefined ? { previous_size: fmt(e.previousSize) } : {}),
    ...(e.closeReason ? { close_reason: e.closeReason } : {}),
  };
}
