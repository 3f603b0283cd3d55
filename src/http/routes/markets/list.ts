import { Type } from 'typebox';
import { Market } from '../../schemas/resources.js';
import { defineRoute } from '../../route.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/markets',
  summary: 'Markets with size step, tick size, leverage, slippage bounds and the current quote',
  tags: ['markets'],
  access: 'read',
  errors: [],
  schema: { response: { 200: Type.Object({ data: Type.Array(Market) }, { additionalProperties: false }) } },
  handler: async ({ rampart }) => ({ data: rampart.markets.list() }),
});
