import { Type } from 'typebox';
import { strict, TimeMs } from '../../../schemas/common.js';
import { defineAdminRoute } from '../../admin-route.js';

export default defineAdminRoute({
  method: 'POST',
  url: '/admin/v1/news',
  operationId: 'createNews',
  summary: 'Add a news window',
  description:
    'Adds a release to the news calendar: its time, the markets it moves (null or absent: all), and the minutes before and after it during which accounts whose rule has `news` are refused (docs/RULES.md "News windows"). Every node takes it at once.',
  tags: ['News'],
  errors: ['market_not_found'],
  schema: {
    body: strict({
      title: Type.String({ minLength: 1, maxLength: 200 }),
      at: TimeMs,
      markets: Type.Optional(Type.Union([Type.Array(Type.String({ minLength: 1, maxLength: 32 }), { minItems: 1, maxItems: 100 }), Type.Null()])),
      minutes_before: Type.Integer({ minimum: 0, maximum: 1440 }),
      minutes_after: Type.Integer({ minimum: 0, maximum: 1440 }),
    }),
  },
  handler: async ({ services, ops, body, reply }) => {
    const w = await services.news.add(body);
    await ops.others({ kind: 'news' });
    reply.code(201);
    return w;
  },
});
