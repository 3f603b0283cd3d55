import { clearSessionCookie } from '../cookie.js';
import { defineSessionRoute } from '../session-route.js';
import { signUpRoutes } from './sign-up.js';
import { Email, openSession, Password, spendSignIn, strict } from './signing-in.js';
import { sessionView } from './views.js';

export const config = defineSessionRoute({
  method: 'GET',
  url: '/session/config',
  session: false,
  schema: {},
  handler: async ({ config }) => ({ signup: config.dashboard.signup, api: { live: config.publicUrl.live, sandbox: config.publicUrl.sandbox } }),
});

export const signIn = defineSessionRoute({
  method: 'POST',
  url: '/session/sign-in',
  session: false,
  schema: { body: strict({ email: Email, password: Password }) },
  handler: async (ctx) => {
    await spendSignIn(ctx, ctx.request);
    const { user, customer } = await ctx.services.people.users.signIn(ctx.request.ip, ctx.body.email, ctx.body.password);
    return openSession(ctx, ctx.reply, user, customer);
  },
});

export const signOut = defineSessionRoute({
  method: 'POST',
  url: '/session/sign-out',
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

export const whoAmI = defineSessionRoute({
  method: 'GET',
  url: '/session',
  session: true,
  schema: {},
  handler: async ({ services, current }) => sessionView(current.user, await services.people.users.customerOf(current.user), current.session),
});

export const changePassword = defineSessionRoute({
  method: 'POST',
  url: '/session/password',
  session: true,
  schema: { body: strict({ current_password: Password, new_password: Password }) },
  handler: async ({ services, current, body, reply, oauth }) => {
    await services.people.users.changePassword(current.user, current.session, body.current_password, body.new_password);
    await oauth.passwordChanged(current.user);
    return reply.code(204).send();
  },
});

export const peopleRoutes = [config, ...signUpRoutes, signIn, signOut, whoAmI, changePassword];
