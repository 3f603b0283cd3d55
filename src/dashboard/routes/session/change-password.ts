import { strict } from '../../../schemas/common.js';
import { defineSessionRoute } from '../../session-route.js';
import { Password } from '../schemas.js';

export default defineSessionRoute({
  method: 'POST',
  url: '/session/password',
  operationId: 'changePassword',
  summary: 'Change the password',
  description: "Needs the current password; ends the user's other sessions and revokes their dashboard tokens (204).",
  tags: ['Session'],
  errors: ['invalid_credentials', 'weak_password', 'too_many_attempts', 'capacity'],
  session: true,
  schema: { body: strict({ current_password: Password, new_password: Password }) },
  handler: async ({ services, current, body, reply, oauth }) => {
    await services.people.users.changePassword(current.user, current.session, body.current_password, body.new_password);
    await oauth.passwordChanged(current.user);
    return reply.code(204).send();
  },
});
