import { Type } from 'typebox';
import { strict } from '../../../schemas/common.js';
import { defineAdminRoute } from '../../admin-route.js';

export default defineAdminRoute({
  method: 'DELETE',
  url: '/admin/v1/news/:id',
  operationId: 'removeNews',
  summary: 'Remove a news window',
  description: 'Removes a window from the news calendar and answers it; every node drops it at once. An unknown id answers route_not_found.',
  tags: ['News'],
  errors: ['route_not_found'],
  schema: { params: strict({ id: Type.String({ minLength: 1, maxLength: 64 }) }) },
  handler: async ({ services, ops, params }) => {
    const w = await services.news.remove(params.id);
    await ops.others({ kind: 'news' });
    return w;
  },
});
