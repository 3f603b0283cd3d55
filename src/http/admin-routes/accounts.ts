import { Type } from 'typebox';
import { ApiError, rejectionToError } from '../../errors/api-error.js';
import { ANSWER_WAIT_MS } from '../../engine-host/port.js';
import { FutureTimeMs, Nullable } from '../../schemas/common.js';
import { storedOrderView } from '../../views/trading-views.js';
import { defineAdminRoute } from '../admin-route.js';
import { PreviewBody } from '../schemas/orders.js';
import { IdParam, strict } from './shared.js';

const tags = ['Accounts'];
/** What the engine answers when it cannot take a command now. */
const ENGINE_CODES = ['engine_unavailable', 'engine_busy', 'state_unavailable'] as const;

export const openLiveAccount = defineAdminRoute({
  method: 'POST',
  url: '/admin/v1/customers/:id/accounts',
  operationId: 'openLiveAccount',
  summary: 'Open a live account',
  description: 'Opens a live account of the product for the customer; the engine opens it in the background (status `pending` until then).',
  tags,
  errors: ['route_not_found'],
  schema: { params: IdParam, body: strict({ product: Type.String({ minLength: 1 }) }) },
  handler: async ({ services, params, body, reply }) => {
    const customer = await services.customers.require(params.id);
    const account = await services.accounts.openLive(customer, body.product);
    services.opener.kick();
    reply.code(201);
    return services.accountViews.view(account);
  },
});

export const updateAccount = defineAdminRoute({
  method: 'PATCH',
  url: '/admin/v1/accounts/:id',
  operationId: 'updateAccount',
  summary: "Set an account's status or pause",
  description: "Sets the account's status (active, suspended, closed) and/or pauses it until a time; the node holding its partition makes its engine judge the change.",
  tags,
  errors: ['account_not_found'],
  schema: {
    params: IdParam,
    body: Type.Object(
      {
        status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('suspended'), Type.Literal('closed')])),
        paused_until: Type.Optional(Nullable(FutureTimeMs)),
      },
      { additionalProperties: false, minProperties: 1 },
    ),
  },
  handler: async ({ services, ops, params, body }) => {
    const { id } = params;
    const { status, paused_until } = body;
    const account = await services.store.getAccount(id);
    if (!account) throw new ApiError('account_not_found', { details: { account_id: id } });
    await services.store.transaction((tx) =>
      tx.updateAccount(
        id,
        {
          ...(status !== undefined ? { status, status_reason: status === 'active' ? null : status } : {}),
          ...(paused_until !== undefined ? { paused_until } : {}),
        },
        services.clock.now(),
      ),
    );
    // The node holding the account's partition makes its engine judge the new status (every node is told).
    await ops.all({ kind: 'accounts', account_ids: [id] });
    return services.accountViews.view((await services.store.getAccount(id))!);
  },
});

export const placeOperatorOrder = defineAdminRoute({
  method: 'POST',
  url: '/admin/v1/accounts/:id/orders',
  operationId: 'placeOperatorOrder',
  summary: 'Place an order on an account as the platform',
  description:
    'Places an order on the account with no key and no fences, in the name of `origin` (platform, strategy or tradingview). ' +
    '201 with the order; 202 with the stored order when the engine has not answered in time.',
  tags,
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

export const cancelOperatorOrder = defineAdminRoute({
  method: 'DELETE',
  url: '/admin/v1/accounts/:id/orders/:order_id',
  operationId: 'cancelOperatorOrder',
  summary: 'Cancel an order on an account as the platform',
  description: 'Cancels the working order with reason `external` or `strategy`.',
  tags,
  errors: ['account_not_found', 'account_not_ready', 'account_not_tradable', 'order_not_found', 'order_not_working', ...ENGINE_CODES],
  schema: {
    params: strict({ id: Type.String(), order_id: Type.String() }),
    body: strict({ reason: Type.Union([Type.Literal('external'), Type.Literal('strategy')]) }),
  },
  handler: async ({ services, params, body }) => {
    const { id, order_id } = params;
    const { reason } = body;
    const account = await services.store.getAccount(id);
    if (!account) throw new ApiError('account_not_found', { details: { account_id: id } });
    const r = await services.enginePort.execute(account.environment, { kind: 'cancel', account_id: id, order_id, reason, markets: null }, { timeoutMs: ANSWER_WAIT_MS });
    if (r.outcome === 'rejected') throw rejectionToError(r.rejection);
    if (r.outcome === 'timeout') throw new ApiError('engine_unavailable');
    return r.result.order;
  },
});

export const accountRoutes = [openLiveAccount, updateAccount, placeOperatorOrder, cancelOperatorOrder];
