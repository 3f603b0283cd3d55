import { Type } from 'typebox';
import { strict } from '../../../schemas/common.js';
import { defineSessionRoute } from '../../session-route.js';
import { Email, Password } from '../schemas.js';
import { openSession, spendSignIn } from '../signing-in.js';

/**
 * Sign-up (docs/SECURITY.md items 7 and 8): 202 `{sent_to}` — the same answer whether or not the address has a user —
 * and a mail; with a valid invitation, 201 and a session at once (the invitation was mailed to the address).
 */
export default defineSessionRoute({
  method: 'POST',
  url: '/session/sign-up',
  operationId: 'signUp',
  summary: 'Sign up',
  description:
    'Mails a link that completes the sign-up (202 `{sent_to}`, the same whether or not the address has a user); with a valid invitation, makes the user and opens a session at once (201).',
  tags: ['Session'],
  errors: ['signup_closed', 'invalid_invitation', 'weak_password', 'rate_limited', 'capacity'],
  session: false,
  schema: { body: strict({ email: Email, password: Password, invitation: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }) },
  handler: async (ctx) => {
    await spendSignIn(ctx, ctx.request);
    const outcome = await ctx.services.people.signUps.start(ctx.body);
    if ('mailed' in outcome) {
      ctx.reply.code(202);
      return outcome.mailed;
    }
    ctx.reply.code(201);
    return openSession(ctx, ctx.reply, outcome.made.user, outcome.made.customer);
  },
});
