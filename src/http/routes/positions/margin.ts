import { Type } from 'typebox';
import { dec, roundMoney } from '../../../engine/decimal.js';
import { ApiError } from '../../../errors/api-error.js';
import { DecimalString } from '../../../schemas/common.js';
import { idempotencyKeyOf } from '../../plugins/idempotency.js';
import { Position } from '../../schemas/orders.js';
import { defineRoute } from '../../route.js';
import { admit, assertKeyMarket, ENGINE_CODES, executed, MarketParams, tradingAccount } from '../orders/shared.js';

export default defineRoute({
  method: 'POST',
  url: '/v1/accounts/:account_id/positions/:market/margin',
  operationId: 'adjustPositionMargin',
  summary: "Add (+) or remove (−) an isolated position's margin",
  description:
    'Adds margin to an isolated position (positive amount) or removes it (negative), moving its liquidation price. Needs an Idempotency-Key.',
  tags: ['positions'],
  access: 'trade',
  idempotencyKey: true,
  errors: ['account_not_found', 'account_not_ready', 'account_not_tradable', 'position_not_found', 'position_not_isolated', 'insufficient_balance', 'liquidation_risk', 'key_market_not_allowed', ...ENGINE_CODES],
  schema: { params: MarketParams, body: Type.Object({ amount: DecimalString }, { additionalProperties: false }), response: { 200: Position } },
  handler: async ({ accounts, engine, principal, params, body, environment, request, reply, idempotency }) => {
    idempotencyKeyOf(request);
    const amount = dec(body.amount);
    if (amount === 0n) throw new ApiError('invalid_request', { message: 'amount must not be zero', details: { field: 'amount' } });
    // Margin is money: booked at 8 places like every amount the account holds (CONTRACT conventions), never rounded.
    if (roundMoney(amount) !== amount) throw new ApiError('invalid_request', { message: 'amount has at most 8 decimal places', details: { field: 'amount', max_decimals: 8 } });
    const account = await tradingAccount(accounts, principal, params.account_id, environment);
    assertKeyMarket(principal, params.market);
    const cmd = { kind: 'adjust_margin' as const, account_id: account.id, market: params.market, amount: body.amount };
    await admit(engine, environment, cmd);
    return idempotency.run(request, reply, principal, async (tx) => {
      const r = await executed(engine, environment, cmd, tx);
      return { status: 200, kind: 'literal', id: JSON.stringify(r.position) };
    });
  },
});
