import { Type } from 'typebox';
import { Market, MarketId } from '../../schemas/resources.js';
import { defineRoute } from '../../route.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/markets/:market',
  operationId: 'getMarket',
  summary: 'One market with its current quote',
  description:
    'One market with its trading parameters and current quote; `market_not_found` when it is not offered.',
  tags: ['markets'],
  access: 'read',
  errors: ['market_not_found'],
  schema: {
    params: Type.Object({ market: MarketId }, { additionalProperties: false }),
    response: { 200: Market },
  },
  handler: async ({ markets, params }) => markets.view(params.market),
});
