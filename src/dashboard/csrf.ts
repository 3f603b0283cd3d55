import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import type { SessionRecord } from '../store/port.js';

/** An Origin header, when sent, must be the dashboard's own: a page of another site cannot act with its cookie. */
export function checkOrigin(request: FastifyRequest, dashboardOrigin: string): void {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== dashboardOrigin) {
    throw new ApiError('csrf_failed', { message: 'The request comes from another origin.', details: { reason: 'origin' } });
  }
}

/** The synchronizer pattern: X-CSRF-Token equal to the session's token (read from GET /session). */
export function checkCsrfToken(request: FastifyRequest, session: SessionRecord): void {
  const sent = request.headers['x-csrf-token'];
  const a = Buffer.from(typeof sent === 'string' ? sent : '');
  const b = Buffer.from(session.csrf_token);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new ApiError('csrf_failed', { message: 'The X-CSRF-Token header is missing or wrong.', details: { reason: 'token' } });
  }
}
