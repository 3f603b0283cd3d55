import { defineAdminRoute } from '../../admin-route.js';

export default defineAdminRoute({
  method: 'GET',
  url: '/admin/v1/customers',
  operationId: 'listCustomers',
  summary: 'List customers',
  description: 'Every customer, with its API switch.',
  tags: ['Customers'],
  errors: [],
  schema: {},
  handler: async ({ services }) => ({ data: await services.customers.list() }),
});
