import { defineSessionRoute } from '../../session-route.js';

export default defineSessionRoute({
  method: 'GET',
  url: '/session/config',
  operationId: 'getDashboardConfig',
  summary: "The dashboard's settings",
  description: 'Whether sign-up is open or by invitation only, and the API hosts the page calls. No session needed.',
  tags: ['Session'],
  errors: [],
  session: false,
  schema: {},
  handler: async ({ config }) => ({ signup: config.dashboard.signup, api: { live: config.publicUrl.live, sandbox: config.publicUrl.sandbox } }),
});
