import { ApiError } from '../../../errors/api-error.js';
import { Position } from '../../schemas/orders.js';
import { defineRoute } from '../../route.js';
import { ask, MarketParams } from '../orders/shared.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/accounts/:account_id/positions/:market',
  operationId: 'getPosition',
  summary: 'The position on one market',
  description:
    'The position on one market; `position_not_found` when nothing is held there.',
  tags: ['positions'],
  access: 'read',
  errors: ['account_not_found', 'position_not_found', 'state_unavailable'],
  schema: { params: MarketParams, response: { 200: Position } },
  handler: async ({ accounts, engine, principal, params, environment }) => {
    const account = await accounts.reachable(params.account_id, principal.customer.id, environment);
    const { position } = await ask(engine, environment, { kind: 'position', account_id: account.id, market: params.market });
    if (!position) throw new ApiError('position_not_found', { details: { market: params.market } });
    return position;
  },
});
