import { ApiError } from '../../../errors/api-error.js';
import { ExitsBody, Position } from '../../schemas/orders.js';
import { defineRoute } from '../../route.js';
import { assertEngine, assertKeyMarket, requestKey, ENGINE_CODES, exitsOf, MarketParams, tradingAccount } from '../orders/shared.js';
import { fmt, isMultipleOf, nearestSteps } from '../../../engine/decimal.js';

export default defineRoute({
  method: 'PUT',
  url: '/v1/accounts/:account_id/positions/:market/exits',
  operationId: 'setPositionExits',
  summary: "Replace the position's exits (null removes one); old exit orders are canceled `replaced`",
  description:
    'Replaces the position\'s exits: each of take_profit, stop_loss and break_even is set, or removed with null; the old exit orders are canceled `replaced`. Answers the position.',
  tags: ['positions'],
  access: 'trade',
  errors: ['account_not_found', 'account_not_ready', 'account_not_tradable', 'position_not_found', 'key_market_not_allowed', 'invalid_price_tick', ...ENGINE_CODES],
  schema: { params: MarketParams, body: ExitsBody, response: { 200: Position } },
  handler: async ({ rampart, principal, params, body, environment }) => {
    const account = await tradingAccount(rampart, principal, params.account_id, environment);
    const engine = rampart.trading.engine(environment);
    const p = engine.books.get(account.id)?.positions.get(params.market);
    if (!p) throw new ApiError('position_not_found', { details: { market: params.market } });
    assertKeyMarket(principal, params.market);
    assertEngine(rampart, environment);
    const spec = exitsOf(body) ?? { takeProfit: null, stopLoss: null, breakEven: null };
    const m = rampart.trading.specs.get(params.market)!;
    const long = p.side === 'long';
    const checks: [string, bigint | null | undefined][] = [
      ['take_profit.price', spec.takeProfit?.price],
      ['take_profit.limit_price', spec.takeProfit?.limitPrice],
      ['stop_loss.price', spec.stopLoss?.price],
      ['stop_loss.trailing.distance', spec.stopLoss?.trailingDistance],
      ['break_even.trigger_price', spec.breakEven?.triggerPrice],
    ];
    for (const [field, v] of checks) {
      if (v === null || v === undefined) continue;
      if (v <= 0n) throw new ApiError('invalid_request', { message: `${field} must be positive`, details: { field } });
      if (!isMultipleOf(v as never, m.tick)) throw new ApiError('invalid_price_tick', { details: { field, tick_size: fmt(m.tick), nearest: nearestSteps(v as never, m.tick).map(fmt) } });
    }
    const last = rampart.trading.quote(params.market)?.last ?? p.entryPrice;
    if (spec.takeProfit && (long ? spec.takeProfit.price <= p.entryPrice : spec.takeProfit.price >= p.entryPrice)) {
      throw new ApiError('invalid_request', { message: `take_profit must be ${long ? 'above' : 'below'} the entry price`, details: { field: 'take_profit.price', entry_price: fmt(p.entryPrice) } });
    }
    if (spec.stopLoss && (long ? spec.stopLoss.price >= last : spec.stopLoss.price <= last)) {
      throw new ApiError('invalid_request', { message: `stop_loss must be ${long ? 'below' : 'above'} the last price`, details: { field: 'stop_loss.price', last: fmt(last) } });
    }
    const now = rampart.clock.now();
    await rampart.trading.command(environment, (e) => {
      const pos = e.books.get(account.id)?.positions.get(params.market);
      if (pos) e.placeExits(pos, spec, 'api', now, requestKey(principal));
    });
    const after = engine.books.get(account.id)?.positions.get(params.market);
    if (!after) throw new ApiError('position_not_found', { details: { market: params.market } });
    return rampart.trading.positionData(environment, after);
  },
});
