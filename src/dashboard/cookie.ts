import type { FastifyReply, FastifyRequest } from 'fastify';
import { ABSOLUTE_MS } from '../services/people/sessions.js';

export const SESSION_COOKIE = 'rampart_session';

/** The session cookie's secret from the Cookie header (the first of that name; others are ignored). */
export function sessionSecretOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/** HttpOnly (no script reads it), SameSite=Lax (not sent on another site's POST), Secure on https. */
function attributes(secure: boolean): string {
  return `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function setSessionCookie(reply: FastifyReply, secret: string, secure: boolean): void {
  reply.header('Set-Cookie', `${SESSION_COOKIE}=${secret}; Max-Age=${ABSOLUTE_MS / 1000}; ${attributes(secure)}`);
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.header('Set-Cookie', `${SESSION_COOKIE}=; Max-Age=0; ${attributes(secure)}`);
}
