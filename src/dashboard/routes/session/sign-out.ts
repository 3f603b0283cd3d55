import { clearSessionCookie } from '../../cookie.js';
import { defineSessionRoute } from '../../session-route.js';

export default defineSessionRoute({
  method: 'POST',
  url: '/session/sign-out',
  operationId: 'signOut',
  summary: 'End the session',
  description: "Ends the session and the user's OAuth sign-in, revokes its dashboard tokens and clears the cookie (204).",
  tags: ['Session'],
  errors: [],
  session: true,
  schema: {},
  handler: async ({ services, current, reply, secure, oauth }) => {
    await services.people.sessions.end(current.session);
    await oauth.signedOut(current.user);
    services.credentials.accessChanged();
    clearSessionCookie(reply, secure);
    return reply.code(204).send();
  },
});
