import { Type } from 'typebox';
import { DecimalString, Environment, TimeMs } from '../../schemas/common.js';
import { defineAdminRoute } from '../admin-route.js';
import { strict } from './shared.js';

const tags = ['Markets'];
const MarketParam = strict({ market: Type.String() });

export const setMarketPrice = defineAdminRoute({
  method: 'PUT',
  url: '/admin/v1/markets/:market/price',
  operationId: 'setMarketPrice',
  summary: "Set a market's price",
  description:
    "Sets the market's bid, ask and last price; every node's engines act on it (stops, limits, liquidations) before the answer. " +
    'In the live book unless `environment=sandbox`: the sandbox prices from the live book too, unless it has a feed of its own (RAMPART_SANDBOX_PRICE_FEED).',
  tags,
  errors: ['market_not_found'],
  schema: {
    params: MarketParam,
    querystring: strict({ environment: Type.Optional(Environment) }),
    body: strict({ bid: DecimalString, ask: DecimalString, last: DecimalString }),
  },
  // Every node's engines act on the price before the answer (checked here first: a refused price goes nowhere).
  handler: async ({ ops, params, query, body }) => ops.all({ kind: 'price', market: params.market, ...body, environment: query.environment ?? 'live' }),
});

export const updateMarket = defineAdminRoute({
  method: 'PATCH',
  url: '/admin/v1/markets/:market',
  operationId: 'updateMarket',
  summary: "Set a market's status or offer",
  description: 'Opens, closes or halts the market, and/or offers it or not for new positions; every node is told.',
  tags,
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

export const listMarketTicks = defineAdminRoute({
  method: 'GET',
  url: '/admin/v1/markets/:market/ticks',
  operationId: 'listMarketTicks',
  summary: "List a market's tick record",
  description:
    'The quotes the engine acted on (kind quote, with their origin) and the exchanges\' messages (kind source, with the raw message), ' +
    'from ≤ time ≤ to (to defaults to now), oldest first; page on with next_cursor as cursor (docs/PRICE-FEEDS.md).',
  tags,
  errors: ['market_not_found', 'invalid_cursor'],
  schema: {
    params: MarketParam,
    querystring: strict({
      from: TimeMs,
      to: Type.Optional(TimeMs),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
      cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    }),
  },
  handler: async ({ services, params, query }) =>
    services.tickRecord.list(params.market, { from: query.from, to: query.to, limit: query.limit ?? 100, cursor: query.cursor }),
});

export const marketRoutes = [setMarketPrice, updateMarket, listMarketTicks];
