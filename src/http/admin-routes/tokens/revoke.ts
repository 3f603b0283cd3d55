import { defineAdminRoute } from '../../admin-route.js';
import { IdParam } from '../../schemas/credentials.js';

export default defineAdminRoute({
  method: 'DELETE',
  url: '/admin/v1/tokens/:id',
  operationId: 'revokeToken',
  summary: 'Revoke an access token',
  description: 'Ends access for the token; open account streams judge their credentials again on every node.',
  tags: ['Tokens'],
  errors: ['route_not_found'],
  schema: { params: IdParam },
  handler: async ({ services, ops, params }) => {
    const out = await services.tokens.revoke(params.id);
    await ops.others({ kind: 'access' });
    return out;
  },
});
