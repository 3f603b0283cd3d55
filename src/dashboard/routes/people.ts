import { Type } from 'typebox';
import { ApiError } from '../../errors/api-error.js';
import { clearSessionCookie, setSessionCookie } from '../cookie.js';
import { defineSessionRoute, type SessionDeps } from '../session-route.js';
import { sessionView } from './views.js';
import type { FastifyRequest } from 'fastify';

const strict = <T extends Parameters<typeof Type.Object>[0]>(props: T) => Type.Object(props, { additionalProperties: false });
const Email = Type.String({ minLength: 1, maxLength: 254 });
// Longer than any password taken (200): a longer one is refused as weak_password, with its reason, not as a shape error.
const Password = Type.String({ maxLength: 1024 });

/** Sign-in and sign-up spend the caller's IP budget of the API's limiter (guessing is slowed per address too). */
async function spendIp(deps: SessionDeps, request: FastifyRequest): Promise<void> {
  if (!deps.limiter) return;
  const s = await deps.limiter.spend('ip', request.ip);
  if (!s.ok) throw new ApiError('rate_limited', { message: 'The ip request budget is used up.', details: { scope: 'ip', limit: s.limit }, retryAfter: s.retryAfter });
}

export const config = defineSessionRoute({
  method: 'GET',
  url: '/session/config',
  session: false,
  schema: {},
  handler: async ({ config }) => ({ signup: config.dashboard.signup, api: { live: config.publicUrl.live, sandbox: config.publicUrl.sandbox } }),
});

export const signUp = defineSessionRoute({
  method: 'POST',
  url: '/session/sign-up',
  session: false,
  schema: { body: strict({ email: Email, password: Password, invitation: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }) },
  handler: async (ctx) => {
    await spendIp(ctx, ctx.request);
    const { user, customer } = await ctx.rampart.people.users.signUp(ctx.body);
    const { session, secret } = await ctx.rampart.people.sessions.open(user);
    setSessionCookie(ctx.reply, secret, ctx.secure);
    ctx.reply.code(201);
    return sessionView(user, customer, session);
  },
});

export const signIn = defineSessionRoute({
  method: 'POST',
  url: '/session/sign-in',
  session: false,
  schema: { body: strict({ email: Email, password: Password }) },
  handler: async (ctx) => {
    await spendIp(ctx, ctx.request);
    const { user, customer } = await ctx.rampart.people.users.signIn(ctx.body.email, ctx.body.password);
    const { session, secret } = await ctx.rampart.people.sessions.open(user);
    setSessionCookie(ctx.reply, secret, ctx.secure);
    return sessionView(user, customer, session);
  },
});

export const signOut = defineSessionRoute({
  method: 'POST',
  url: '/session/sign-out',
  session: true,
  schema: {},
  handler: async ({ rampart, current, reply, secure, oauth }) => {
    await rampart.people.sessions.end(current.session);
    await oauth.signedOut(current.user);
    rampart.credentials.accessChanged();
    clearSessionCookie(reply, secure);
    return reply.code(204).send();
  },
});

export const whoAmI = defineSessionRoute({
  method: 'GET',
  url: '/session',
  session: true,
  schema: {},
  handler: async ({ rampart, current }) => sessionView(current.user, await rampart.people.users.customerOf(current.user), current.session),
});

export const changePassword = defineSessionRoute({
  method: 'POST',
  url: '/session/password',
  session: true,
  schema: { body: strict({ current_password: Password, new_password: Password }) },
  handler: async ({ rampart, current, body, reply, oauth }) => {
    await rampart.people.users.changePassword(current.user, current.session, body.current_password, body.new_password);
    await oauth.passwordChanged(current.user);
    return reply.code(204).send();
  },
});

export const peopleRoutes = [config, signUp, signIn, signOut, whoAmI, changePassword];
