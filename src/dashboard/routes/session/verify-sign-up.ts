import { Type } from 'typebox';
import { strict } from '../../../schemas/common.js';
import { defineSessionRoute } from '../../session-route.js';
import { Password } from '../schemas.js';
import { openSession, spendSignIn } from '../signing-in.js';

/** The mailed link's token with the password chosen at sign-up: the customer and user are made, a session opens. */
export default defineSessionRoute({
  method: 'POST',
  url: '/session/sign-up/verify',
  operationId: 'verifySignUp',
  summary: "Complete a sign-up from its mailed link",
  description:
    'Makes the customer and the user and opens a session (201). `invalid_email_code` for a link not sent, expired or used; `invalid_credentials` unless the password is the one chosen at sign-up.',
  tags: ['Session'],
  errors: ['invalid_email_code', 'invalid_credentials', 'rate_limited', 'capacity'],
  session: false,
  schema: { body: strict({ token: Type.String({ minLength: 1, maxLength: 200 }), password: Password }) },
  handler: async (ctx) => {
    await spendSignIn(ctx, ctx.request);
    const { user, customer } = await ctx.services.people.signUps.confirm(ctx.body.token, ctx.body.password);
    ctx.reply.code(201);
    return openSession(ctx, ctx.reply, user, customer);
  },
});
