import { Type } from 'typebox';
import { strict, TimeMs } from '../../../schemas/common.js';
import { defineAdminRoute } from '../../admin-route.js';

export default defineAdminRoute({
  method: 'GET',
  url: '/admin/v1/news',
  operationId: 'listNews',
  summary: 'List the news calendar',
  description:
    'The news windows by release time; with from / to, those whose window overlaps [from, to). A rule with `news` refuses trading on the markets of a window while it is in force (docs/RULES.md "News windows").',
  tags: ['News'],
  errors: [],
  schema: { querystring: strict({ from: Type.Optional(TimeMs), to: Type.Optional(TimeMs) }) },
  handler: async ({ services, query }) => {
    // Read from the store: a window added with the CLI shows here before the node's own reload takes it.
    await services.news.load();
    return { data: services.news.list({ from: query.from, to: query.to }) };
  },
});
