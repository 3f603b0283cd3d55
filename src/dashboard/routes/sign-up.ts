import { Type } from 'typebox';
import { defineSessionRoute } from '../session-route.js';
import { Email, openSession, Password, spendSignIn, strict } from './signing-in.js';

/**
 * Sign-up (docs/SECURITY.md items 7 and 8): 202 `{sent_to}` — the same answer whether or not the address has a user —
 * and a mail; with a valid invitation, 201 and a session at once (the invitation was mailed to the address).
 */
export const signUp = defineSessionRoute({
  method: 'POST',
  url: '/session/sign-up',
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

/** The mailed link's token with the password chosen at sign-up: the customer and user are made, a session opens. */
export const verifySignUp = defineSessionRoute({
  method: 'POST',
  url: '/session/sign-up/verify',
  session: false,
  schema: { body: strict({ token: Type.String({ minLength: 1, maxLength: 200 }), password: Password }) },
  handler: async (ctx) => {
    await spendSignIn(ctx, ctx.request);
    const { user, customer } = await ctx.services.people.signUps.confirm(ctx.body.token, ctx.body.password);
    ctx.reply.code(201);
    return openSession(ctx, ctx.reply, user, customer);
  },
});

export const signUpRoutes = [signUp, verifySignUp];
