import { listApps } from '../../../services/oauth/apps.js';
import { defineAdminRoute } from '../../admin-route.js';

export default defineAdminRoute({
  method: 'GET',
  url: '/admin/v1/apps',
  operationId: 'listApps',
  summary: 'List the OAuth app clients',
  description: 'The app clients the operator registered, by client id; self-registered assistants are not listed (as `rampart apps list`).',
  tags: ['Apps'],
  errors: [],
  schema: {},
  handler: async ({ services }) => ({ data: await listApps(services.store, services.clock) }),
});
