import { defineAdminRoute } from '../../admin-route.js';
import { IdParam } from '../../schemas/credentials.js';

export default defineAdminRoute({
  method: 'GET',
  url: '/admin/v1/customers/:id/keys',
  operationId: 'listKeys',
  summary: "List a customer's API keys",
  description: "The customer's API keys, revoked ones included, without their secrets.",
  tags: ['Keys'],
  errors: ['route_not_found'],
  schema: { params: IdParam },
  handler: async ({ services, params }) => ({ data: await services.keys.list(params.id) }),
});
