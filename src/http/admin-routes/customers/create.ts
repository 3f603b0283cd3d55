import { Type } from 'typebox';
import { strict } from '../../../schemas/common.js';
import { defineAdminRoute } from '../../admin-route.js';

export default defineAdminRoute({
  method: 'POST',
  url: '/admin/v1/customers',
  operationId: 'createCustomer',
  summary: 'Create a customer',
  description: 'Creates a customer with its API access open; it has no key, token or account yet.',
  tags: ['Customers'],
  errors: [],
  schema: { body: strict({ name: Type.String({ minLength: 1, maxLength: 200 }) }) },
  handler: async ({ services, body, reply }) => {
    reply.code(201);
    return services.customers.create(body.name);
  },
});
