import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { clientNetwork } from '../../services/people/client-network.js';
import type { CustomerRecord, UserRecord } from '../../store/port.js';
import { setSessionCookie } from '../cookie.js';
import type { SessionDeps } from '../session-route.js';
import { sessionView } from './views.js';

/**
 * Sign-in, sign-up and a sign-up's confirmation spend the caller's `sign_in` budget (config/limits.json: 10, then one
 * every 5 seconds, per client network; shared by the nodes through Redis when RAMPART_REDIS_URL is set): far
 * tighter than the API's IP budget, since each of them costs a scrypt (docs/SECURITY.md item 12).
 */
export async function spendSignIn(deps: SessionDeps, request: FastifyRequest): Promise<void> {
  if (!deps.limiter) return;
  const s = await deps.limiter.spend('sign_in', clientNetwork(request.ip));
  if (!s.ok) {
    throw new ApiError('rate_limited', {
      message: 'Too many sign-in attempts from this network: wait a moment.',
      details: { scope: 'sign_in', limit: s.limit },
      retryAfter: s.retryAfter,
    });
  }
}

/** A new session for the user: the cookie set, and what sign-in answers (the person, the customer, the CSRF token). */
export async function openSession(deps: SessionDeps, reply: FastifyReply, user: UserRecord, customer: CustomerRecord) {
  const { session, secret } = await deps.services.people.sessions.open(user);
  setSessionCookie(reply, secret, deps.secure);
  return sessionView(user, customer, session);
}
