import { defineSessionRoute } from '../../session-route.js';

export default defineSessionRoute({
  method: 'GET',
  url: '/session/keys',
  operationId: 'listKeys',
  summary: "List the customer's API keys",
  description: "The customer's API keys, revoked ones included, without their secrets.",
  tags: ['Keys'],
  errors: [],
  session: true,
  schema: {},
  handler: async ({ services, current }) => ({ data: await services.keys.list(current.user.customer_id) }),
});
