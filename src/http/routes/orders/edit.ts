import { Type } from 'typebox';
import { FutureTimeMs, Nullable, PositiveDecimal } from '../../../schemas/common.js';
import { idempotencyKeyOf } from '../../plugins/idempotency.js';
import { ExitsPatchIn, Order } from '../../schemas/orders.js';
import { defineRoute } from '../../route.js';
import { actorOf, admit, ENGINE_CODES, executed, OrderParams, tradingAccount } from './shared.js';

export default defineRoute({
  method: 'PATCH',
  url: '/v1/accounts/:account_id/orders/:order_id',
  operationId: 'editOrder',
  summary: 'Edit a working order (size, limit_price, stop_price, expires_at, exits) → order.edited',
  description:
    'Changes a working limit or stop order in place (size, limit_price, stop_price, expires_at, exits), with every check of a new order; emits `order.edited`. Needs an Idempotency-Key.',
  tags: ['orders'],
  access: 'trade',
  idempotencyKey: true,
  accountOrders: true,
  errors: [
    'account_not_found', 'account_not_ready', 'account_not_tradable', 'account_paused', 'order_not_found', 'order_not_working', 'key_market_not_allowed',
    'invalid_size_step', 'invalid_price_tick', 'price_out_of_band', 'stop_already_triggered', 'order_too_small', 'insufficient_margin',
    'exposure_cap_exceeded', 'reduce_only_violation', 'key_max_order_notional', 'key_max_position_notional', 'market_closed', 'market_halted',
    'no_price', 'stale_quote', ...ENGINE_CODES,
  ],
  schema: {
    params: OrderParams,
    body: Type.Object(
      {
        size: Type.Optional(PositiveDecimal),
        limit_price: Type.Optional(PositiveDecimal),
        stop_price: Type.Optional(PositiveDecimal),
        expires_at: Type.Optional(FutureTimeMs),
        exits: Type.Optional(Nullable(ExitsPatchIn)),
      },
      { additionalProperties: false, minProperties: 1 },
    ),
    response: { 200: Order },
  },
  handler: async ({ accounts, engine, principal, params, body, environment, request, reply, idempotency }) => {
    idempotencyKeyOf(request);
    const account = await tradingAccount(accounts, principal, params.account_id, environment);
    const { exits, ...fields } = body;
    const cmd = { kind: 'edit' as const, account_id: account.id, order_id: params.order_id, fields, ...(exits !== undefined ? { exits } : {}), actor: actorOf(principal) };
    await admit(engine, environment, cmd);
    return idempotency.run(request, reply, principal, async (tx) => {
      const r = await executed(engine, environment, cmd, tx);
      return { status: 200, kind: 'order', id: r.order.id };
    });
  },
});
