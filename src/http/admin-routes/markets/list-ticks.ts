import { Type } from 'typebox';
import { strict, TimeMs } from '../../../schemas/common.js';
import { defineAdminRoute } from '../../admin-route.js';
import { MarketParam } from '../shared.js';

export default defineAdminRoute({
  method: 'GET',
  url: '/admin/v1/markets/:market/ticks',
  operationId: 'listMarketTicks',
  summary: "List a market's tick record",
  description:
    'The quotes the engine acted on (kind quote, with their origin) and the exchanges\' messages (kind source, with the raw message), ' +
    'from ≤ time ≤ to (to defaults to now), oldest first; page on with next_cursor as cursor (docs/PRICE-FEEDS.md).',
  tags: ['Markets'],
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
