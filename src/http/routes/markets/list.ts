import { Type } from 'typebox';
import { Market } from '../../schemas/resources.js';
import { defineRoute } from '../../route.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/markets',
  operationId: 'listMarkets',
  summary: 'Markets with size step, tick size, leverage, slippage bounds and the current quote',
  description:
    'Every market with its trading parameters (size step, tick size, minimum value, leverage, slippage bounds, price band, exposure cap, fees) and its current quote.',
  tags: ['markets'],
  access: 'read',
  errors: [],
  schema: { response: { 200: Type.Object({ data: Type.Array(Market) }, { additionalProperties: false }) } },
  handler: async ({ markets }) => ({ data: markets.list() }),
});
