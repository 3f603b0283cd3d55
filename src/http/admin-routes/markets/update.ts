import { Type } from 'typebox';
import { strict } from '../../../schemas/common.js';
import { defineAdminRoute } from '../../admin-route.js';
import { MarketParam } from '../shared.js';

export default defineAdminRoute({
  method: 'PATCH',
  url: '/admin/v1/markets/:market',
  operationId: 'updateMarket',
  summary: "Set a market's status or offer",
  description: 'Opens, closes or halts the market, and/or offers it or not for new positions; every node is told.',
  tags: ['Markets'],
  errors: ['market_not_found'],
  schema: {
    params: MarketParam,
    body: strict({
      status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('closed'), Type.Literal('halted')])),
      offered: Type.Optional(Type.Boolean()),
    }),
  },
  handler: async ({ services, ops, params, body }) => {
    const out = await services.markets.setState(params.market, body);
    await ops.others({ kind: 'markets' });
    return out;
  },
});
