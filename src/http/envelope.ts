import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { CODES, errorType, type ErrorCode } from '../errors/codes.js';

export interface Envelope {
  error: {
    type: string;
    code: ErrorCode;
    message: string;
    request_id: string;
    retryable: boolean;
    doc_url: string;
    details?: Record<string, unknown>;
  };
}

export function envelope(err: ApiError, requestId: string, docsUrl: string): Envelope {
  const info = CODES[err.code];
  return {
    error: {
      type: errorType(err.code),
      code: err.code,
      message: err.message,
      request_id: requestId,
      retryable: info.retryable,
      doc_url: `${docsUrl}/reference/errors#${err.code}`,
      ...(err.details !== undefined ? { details: err.details } : {}),
    },
  };
}

/** Sends an ApiError with its status, envelope and headers (Retry-After on retryable answers, Allow on 405). */
export function sendError(request: FastifyRequest, reply: FastifyReply, err: ApiError, docsUrl: string): FastifyReply {
  // Also on answers that never ran the onRequest hooks (Fastify's framework errors: malformed URLs).
  reply.header('X-Request-Id', request.id);
  if (err.headers) reply.headers(err.headers);
  if (CODES[err.code].retryable) reply.header('Retry-After', String(Math.max(1, Math.ceil(err.retryAfter ?? 1))));
  return reply.code(err.status).type('application/json; charset=utf-8').send(envelope(err, request.id, docsUrl));
}
