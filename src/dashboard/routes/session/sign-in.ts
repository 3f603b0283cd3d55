import { strict } from '../../../schemas/common.js';
import { defineSessionRoute } from '../../session-route.js';
import { Email, Password } from '../schemas.js';
import { openSession, spendSignIn } from '../signing-in.js';

export default defineSessionRoute({
  method: 'POST',
  url: '/session/sign-in',
  operationId: 'signIn',
  summary: 'Sign in with email and password',
  description:
    "Opens a session: the cookie, and the person, the customer and the CSRF token. Spends the network's `sign_in` budget; the fifth wrong password from a network locks the pair for 15 minutes (`too_many_attempts`).",
  tags: ['Session'],
  errors: ['rate_limited', 'invalid_credentials', 'too_many_attempts', 'capacity'],
  session: false,
  schema: { body: strict({ email: Email, password: Password }) },
  handler: async (ctx) => {
    await spendSignIn(ctx, ctx.request);
    const { user, customer } = await ctx.services.people.users.signIn(ctx.request.ip, ctx.body.email, ctx.body.password);
    return openSession(ctx, ctx.reply, user, customer);
  },
});
