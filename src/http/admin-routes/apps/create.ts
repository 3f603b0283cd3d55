import { registerApp } from '../../../services/oauth/apps.js';
import { defineAdminRoute } from '../../admin-route.js';
import { AppBody } from '../shared.js';

export default defineAdminRoute({
  method: 'POST',
  url: '/admin/v1/apps',
  operationId: 'createApp',
  summary: 'Register an OAuth app client',
  description:
    'Registers a public OAuth client (PKCE, no secret) of kind app: its tokens come with refresh tokens and last until the end date the user gives at consent (as `rampart apps create`). Redirect URIs are https, or http on a loopback host, without a fragment.',
  tags: ['Apps'],
  errors: [],
  schema: { body: AppBody },
  handler: async ({ services, body, reply }) => {
    const made = await registerApp(services.store, body);
    reply.code(201);
    return made;
  },
});
