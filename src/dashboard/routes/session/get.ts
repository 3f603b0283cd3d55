import { defineSessionRoute } from '../../session-route.js';
import { sessionView } from '../views.js';

export default defineSessionRoute({
  method: 'GET',
  url: '/session',
  operationId: 'getSession',
  summary: 'Who is signed in',
  description: 'The person, the customer and the CSRF token of the session the cookie names.',
  tags: ['Session'],
  errors: [],
  session: true,
  schema: {},
  handler: async ({ services, current }) => sessionView(current.user, await services.people.users.customerOf(current.user), current.session),
});
