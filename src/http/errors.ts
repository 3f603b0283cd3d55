import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { OwnerUnavailableError } from '../cluster/forwarding.js';
import { LeaseLostError } from '../store/fence.js';
import { PartitionNotHeldError } from '../engine-host/partition-set.js';
import { StoreUnavailableError } from '../store/port.js';
import { sendError } from './envelope.js';

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const pathOf = (instancePath: string): string => instancePath.replace(/^\//, '').replace(/\//g, '.');

/** Maps a schema validation failure to unknown_field, invalid_request or invalid_parameter. */
export function validationError(errors: AjvError[], context: string): ApiError {
  const unknown = errors
    .filter((e) => e.keyword === 'additionalProperties')
    .map((e) => [pathOf(e.instancePath), String(e.params.additionalProperty)].filter(Boolean).join('.'));
  if (unknown.length > 0) {
    return new ApiError('unknown_field', {
      message: `Unknown ${context === 'body' ? 'field' : 'parameter'}: ${[...new Set(unknown)].join(', ')}`,
      details: { fields: [...new Set(unknown)] },
    });
  }
  // Inside unions Ajv reports every branch; the first error names the fault well enough for a client.
  const seen = new Set<string>();
  const faults = errors
    .filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf')
    .map((e) => {
      const missing = e.keyword === 'required' ? String(e.params.missingProperty) : undefined;
      const field = [pathOf(e.instancePath), missing].filter(Boolean).join('.') || (context === 'body' ? '(body)' : '(query)');
      return { field, message: missing ? 'is required' : (e.message ?? 'is invalid') };
    })
    .filter((f) => (seen.has(f.field) ? false : (seen.add(f.field), true)));
  const first = faults[0] ?? { field: '(unknown)', message: 'is invalid' };
  if (context === 'body') {
    return new ApiError('invalid_request', { message: `${first.field} ${first.message}`, details: { field: first.field, errors: faults } });
  }
  return new ApiError('invalid_parameter', { message: `${first.field} ${first.message}`, details: { parameter: first.field, errors: faults } });
}

const FASTIFY_CODES: Record<string, () => ApiError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => new ApiError('payload_too_large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => new ApiError('unsupported_media_type'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => new ApiError('invalid_json', { message: 'The body is empty.' }),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => new ApiError('invalid_request', { message: 'Content-Length does not match the body.' }),
  FST_ERR_BAD_URL: () => new ApiError('invalid_request', { message: 'The URL is malformed.' }),
  FST_ERR_ASYNC_CONSTRAINT: () => new ApiError('invalid_request', { message: 'The request could not be routed.' }),
};

/** Any error, from anywhere, as an ApiError. Unknown errors become internal_error and are logged. */
export function toApiError(err: unknown, request: FastifyRequest): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof StoreUnavailableError) {
    request.log.warn({ err }, 'store unavailable');
    return new ApiError('state_unavailable');
  }
  // Several nodes: the engine partition of the account is between owners, its owner did not answer, or this node
  // lost the partition's lease mid-request (its write was fenced off, nothing stored). A retry finds the new owner.
  if (err instanceof OwnerUnavailableError || err instanceof PartitionNotHeldError || err instanceof LeaseLostError) {
    request.log.warn({ err }, 'engine partition owner unavailable');
    return new ApiError('temporarily_unavailable', { message: 'The engine partition of this account is changing owner or its owner did not answer; retry.' });
  }
  const fe = err as FastifyError & { validation?: AjvError[]; validationContext?: string };
  if (Array.isArray(fe.validation)) return validationError(fe.validation, fe.validationContext ?? 'body');
  const mapped = fe.code ? FASTIFY_CODES[fe.code] : undefined;
  if (mapped) return mapped();
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new ApiError('invalid_request', { message: 'The request could not be read.' });
  }
  request.log.error({ err }, 'unexpected error');
  return new ApiError('internal_error');
}

/** One error path: every failure on this instance answers the envelope. */
export function installErrorHandling(app: FastifyInstance, docsUrl: string): void {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    sendError(request, reply, toApiError(err, request), docsUrl);
  });
}
