import { defineAdminRoute } from '../../admin-route.js';
import { IdParam } from '../../schemas/credentials.js';

export default defineAdminRoute({
  method: 'DELETE',
  url: '/admin/v1/keys/:id',
  operationId: 'revokeKey',
  summary: 'Revoke an API key',
  description: 'Revokes the key; open account streams judge their credentials again on every node.',
  tags: ['Keys'],
  errors: ['route_not_found'],
  schema: { params: IdParam },
  handler: async ({ services, ops, params }) => {
    const out = await services.keys.revoke(params.id);
    await ops.others({ kind: 'access' });
    return out;
  },
});
