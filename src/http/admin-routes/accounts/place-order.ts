import { Type } from 'typebox';
import { ANSWER_WAIT_MS } from '../../../engine-host/port.js';
import { ApiError, rejectionToError } from '../../../errors/api-error.js';
import { storedOrderView } from '../../../views/trading-views.js';
import { defineAdminRoute } from '../../admin-route.js';
import { PreviewBody } from '../../schemas/orders.js';
import { ENGINE_CODES } from '../shared.js';
import { IdParam } from '../../schemas/credentials.js';

export default defineAdminRoute({
  method: 'POST',
  url: '/admin/v1/accounts/:id/orders',
  operationId: 'placeOperatorOrder',
  summary: 'Place an order on an account as the platform',
  description:
    'Places an order on the account with no key and no fences, in the name of `origin` (platform, strategy or tradingview). ' +
    '201 with the order; 202 with the stored order when the engine has not answered in time.',
  tags: ['Accounts'],
  errors: [
    'invalid_size_step', 'invalid_price_tick', 'account_not_found', 'market_not_found', 'account_not_ready', 'client_order_id_conflict',
    'account_not_tradable', 'price_out_of_band', 'stop_already_triggered', 'post_only_would_fill', 'limit_inside_spread', 'order_too_small',
    'working_order_cap', 'insufficient_margin', 'exposure_cap_exceeded', 'reduce_only_violation', 'slippage_exceeded', 'market_closed',
    'market_not_offered', 'market_halted', 'position_liquidating', 'account_paused', 'insufficient_balance', 'order_rejected', 'stale_quote',
    'no_price', ...ENGINE_CODES,
  ],
  schema: {
    params: IdParam,
    body: Type.Object(
      { ...PreviewBody.properties, origin: Type.Union([Type.Literal('platform'), Type.Literal('strategy'), Type.Literal('tradingview')]) },
      { additionalProperties: false },
    ),
  },
  handler: async ({ services, params, body: { origin, ...order }, reply }) => {
    const { id } = params;
    const account = await services.store.getAccount(id);
    if (!account) throw new ApiError('account_not_found', { details: { account_id: id } });
    services.accounts.assertTradable(account);
    const r = await services.enginePort.execute(
      account.environment,
      { kind: 'place', account_id: id, order, exits: null, actor: { key_id: null, fences: null, origin } },
      { timeoutMs: ANSWER_WAIT_MS },
    );
    if (r.outcome === 'rejected') throw rejectionToError(r.rejection);
    if (r.outcome === 'timeout') {
      reply.code(202);
      return storedOrderView((await services.store.getOrder(r.order_id))!);
    }
    reply.code(201);
    return r.result.order;
  },
});
