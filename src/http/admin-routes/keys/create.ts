import { defineAdminRoute } from '../../admin-route.js';
import { IdParam, KeyBody } from '../../schemas/credentials.js';

export default defineAdminRoute({
  method: 'POST',
  url: '/admin/v1/customers/:id/keys',
  operationId: 'createKey',
  summary: 'Create an API key',
  description: "Creates an API key for the customer; the secret is shown once. The customer's first sandbox key also opens its first sandbox account (`opened_account_id`).",
  tags: ['Keys'],
  errors: ['route_not_found'],
  schema: { params: IdParam, body: KeyBody },
  handler: async ({ services, params, body, reply }) => {
    const created = await services.keys.create(params.id, body);
    reply.code(201);
    return { ...created.record, key: created.key, opened_account_id: created.opened_account?.id ?? null };
  },
});
