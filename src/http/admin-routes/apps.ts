import { Type } from 'typebox';
import { defineAdminRoute } from '../admin-route.js';
import { listApps, registerApp } from '../../services/oauth/apps.js';
import { strict } from './shared.js';

const tags = ['Apps'];

export const AppBody = strict({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  redirect_uris: Type.Array(Type.String({ minLength: 1, maxLength: 2000 }), { minItems: 1, maxItems: 20 }),
});

export const createApp = defineAdminRoute({
  method: 'POST',
  url: '/admin/v1/apps',
  operationId: 'createApp',
  summary: 'Register an OAuth app client',
  description:
    'Registers a public OAuth client (PKCE, no secret) of kind app: its tokens come with refresh tokens and last until the end date the user gives at consent (as `rampart apps create`). Redirect URIs are https, or http on a loopback host, without a fragment.',
  tags,
  errors: [],
  schema: { body: AppBody },
  handler: async ({ services, body, reply }) => {
    const made = await registerApp(services.store, body);
    reply.code(201);
    return made;
  },
});

export const listAppClients = defineAdminRoute({
  method: 'GET',
  url: '/admin/v1/apps',
  operationId: 'listApps',
  summary: 'List the OAuth app clients',
  description: 'The app clients the operator registered, by client id; self-registered assistants are not listed (as `rampart apps list`).',
  tags,
  errors: [],
  schema: {},
  handler: async ({ services }) => ({ data: await listApps(services.store, services.clock) }),
});

export const appRoutes = [createApp, listAppClients];
