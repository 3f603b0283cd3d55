import { defineAdminRoute } from '../../admin-route.js';

export default defineAdminRoute({
  method: 'GET',
  url: '/admin/v1/clock',
  operationId: 'getClock',
  summary: 'Read the clock',
  description: "The clock's kind (system or manual) and its time now (Unix ms).",
  tags: ['Clock'],
  errors: [],
  schema: {},
  handler: async ({ services }) => ({ kind: services.clock.kind, now: services.clock.now() }),
});
