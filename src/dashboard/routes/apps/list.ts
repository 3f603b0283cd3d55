import { defineSessionRoute } from '../../session-route.js';

/** The user's connected apps: the grants in force. */
export default defineSessionRoute({
  method: 'GET',
  url: '/session/apps',
  operationId: 'listConnectedApps',
  summary: "List the user's connected apps",
  description: "The user's OAuth grants until they are over: the client, its access and fences, when it was granted.",
  tags: ['Apps'],
  errors: [],
  session: true,
  schema: {},
  handler: async ({ oauth, current }) => ({ data: await oauth.list(current.user) }),
});
