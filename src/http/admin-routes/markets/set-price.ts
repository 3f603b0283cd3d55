import { Type } from 'typebox';
import { DecimalString, Environment, strict } from '../../../schemas/common.js';
import { defineAdminRoute } from '../../admin-route.js';
import { MarketParam } from '../shared.js';

export default defineAdminRoute({
  method: 'PUT',
  url: '/admin/v1/markets/:market/price',
  operationId: 'setMarketPrice',
  summary: "Set a market's price",
  description:
    "Sets the market's bid, ask and last price; every node's engines act on it (stops, limits, liquidations) before the answer. " +
    'In the live book unless `environment=sandbox`: the sandbox prices from the live book too, unless it has a feed of its own (RAMPART_SANDBOX_PRICE_FEED).',
  tags: ['Markets'],
  errors: ['market_not_found'],
  schema: {
    params: MarketParam,
    querystring: strict({ environment: Type.Optional(Environment) }),
    body: strict({ bid: DecimalString, ask: DecimalString, last: DecimalString }),
  },
  // Every node's engines act on the price before the answer (checked here first: a refused price goes nowhere).
  handler: async ({ ops, params, query, body }) => ops.all({ kind: 'price', market: params.market, ...body, environment: query.environment ?? 'live' }),
});
