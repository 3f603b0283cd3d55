import { CODES, errorType, type ErrorCode, type ErrorType } from '../errors/codes.js';
import type { SchemaBook } from './openapi-schemas.js';
import { ERROR_DETAILS } from './schemas/error-details.js';

/** The fixed parts of the OpenAPI document: tags, headers, header parameters and the error schemas. */
type Json = Record<string, unknown>;

export const TAGS = [
  { name: 'service', description: 'The document, the health of the environment and the limits of the customer' },
  { name: 'markets', description: 'Perpetual markets with their trading parameters and current quote' },
  { name: 'accounts', description: 'Trading accounts, the products they are sold as, and their equity history' },
  { name: 'orders', description: 'Placing, previewing, editing and canceling orders, with exits held by the service' },
  { name: 'positions', description: 'Open positions: closing them, their exits and their isolated margin' },
  { name: 'fills', description: 'Executions with their price and fee' },
  { name: 'margin', description: 'Leverage and margin mode per market' },
  { name: 'events', description: 'What happened on accounts: a list to poll and a Server-Sent Events stream' },
  { name: 'webhooks', description: 'Signed deliveries of events to an endpoint (Standard Webhooks)' },
  { name: 'signals', description: 'Alert URLs for TradingView and bridges: one alert, an order on several accounts' },
] as const;
export type Tag = (typeof TAGS)[number]['name'];

const header = (description: string, schema: Json, required = false): Json => ({ description, required, schema });
const integer = { type: 'integer', minimum: 0 };

export const HEADERS: Record<string, Json> = {
  XRequestId: header('The id of this request (req_…), the same as error.request_id: quote it to support.', { type: 'string' }, true),
  RateLimitLimit: header('The size of the tightest request budget this request spent (sent when rate limits are on).', integer),
  RateLimitRemaining: header('Requests left in that budget.', integer),
  RateLimitReset: header('Seconds until that budget is full again.', integer),
  RetryAfter: header('Seconds to wait before retrying; sent with every retryable error (error.retryable true).', { type: 'integer', minimum: 1 }),
  IdempotentReplayed: header('true when the answer is the replay of an earlier request with the same Idempotency-Key.', { type: 'string', enum: ['true'] }),
  Location: header('Where the resource can be read (GET), e.g. the order of a 202 unconfirmed.', { type: 'string' }),
  Allow: header('The methods the path takes (405).', { type: 'string' }),
  WWWAuthenticate: header(
    'The Bearer challenge of a refused credential (401): realm "rampart", error="invalid_token" unless no credential was sent, and resource_metadata, the URL of this host\'s protected-resource metadata (RFC 9728), which names the authorization server.',
    { type: 'string' },
    true,
  ),
};
export type HeaderName = keyof typeof HEADERS;
export const headerRef = (name: HeaderName): Json => ({ $ref: `#/components/headers/${name}` });
/** The wire name of each header. */
export const HEADER_NAMES: Record<HeaderName, string> = {
  XRequestId: 'X-Request-Id',
  RateLimitLimit: 'RateLimit-Limit',
  RateLimitRemaining: 'RateLimit-Remaining',
  RateLimitReset: 'RateLimit-Reset',
  RetryAfter: 'Retry-After',
  IdempotentReplayed: 'Idempotent-Replayed',
  Location: 'Location',
  Allow: 'Allow',
  WWWAuthenticate: 'WWW-Authenticate',
};

export const PARAMETERS: Record<string, Json> = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: true,
    description: '1 to 128 printable ASCII characters, unique per intended call; a retry with the same key and request answers the first result (kept 24 h).',
    schema: { type: 'string', minLength: 1, maxLength: 128, pattern: '^[\\x20-\\x7E]+$' },
  },
  LastEventId: {
    name: 'Last-Event-ID',
    in: 'header',
    required: false,
    description: 'The id of the last event received: the stream continues after it (EventSource sends it on reconnect; it wins over `resume`).',
    schema: { type: 'string', minLength: 1, maxLength: 128 },
  },
};

const ERROR_TYPES: ErrorType[] = ['invalid_request', 'authentication', 'permission', 'not_found', 'conflict', 'rule_rejection', 'rate_limit', 'server', 'engine'];
const ENVELOPE_FIELDS = ['type', 'code', 'message', 'request_id', 'retryable', 'doc_url'];

const pascal = (code: string): string => code.replace(/(^|_)([a-z])/g, (_m, _u, c: string) => c.toUpperCase());

/** The component name of one code's error object: InvalidSizeStepError, InternalError. */
export const errorName = (code: ErrorCode): string => (code.endsWith('_error') ? pascal(code) : `${pascal(code)}Error`);

/** The generic envelope every error answers (components.schemas.Error): code is any code of the catalogue. */
export function errorEnvelope(): Json {
  return {
    type: 'object',
    description: 'The error envelope every error answers. Each operation narrows `error` to the codes it can answer.',
    required: ['error'],
    additionalProperties: false,
    properties: {
      error: {
        type: 'object',
        required: ENVELOPE_FIELDS,
        additionalProperties: false,
        properties: {
          type: { type: 'string', enum: ERROR_TYPES },
          code: { type: 'string', enum: Object.keys(CODES) },
          message: { type: 'string' },
          request_id: { type: 'string' },
          retryable: { type: 'boolean' },
          doc_url: { type: 'string', format: 'uri' },
          details: { type: 'object', additionalProperties: true },
        },
      },
    },
  };
}

/** The error object of one code, from the catalogue that raises it: its type, retryable and details keys. */
export function errorVariant(code: ErrorCode, book: SchemaBook): Json {
  const info = CODES[code];
  const details = ERROR_DETAILS[code];
  return {
    type: 'object',
    description: `${code} (${info.status}): ${info.message}`,
    required: ENVELOPE_FIELDS,
    additionalProperties: false,
    properties: {
      type: { type: 'string', enum: [errorType(code)] },
      code: { type: 'string', enum: [code] },
      message: { type: 'string' },
      request_id: { type: 'string' },
      retryable: { type: 'boolean', enum: [info.retryable] },
      doc_url: { type: 'string', format: 'uri' },
      details: details ? book.use(details) : { type: 'object', additionalProperties: true },
    },
  };
}

/** The schema of one error status of an operation: the envelope, its `error` one of the codes listed. */
export function errorResponseSchema(codes: ErrorCode[], ref: (code: ErrorCode) => string): Json {
  const refs = codes.map((c) => ({ $ref: ref(c) }));
  return {
    'x-error-codes': codes,
    allOf: [
      { $ref: '#/components/schemas/Error' },
      {
        type: 'object',
        required: ['error'],
        properties: {
          error: { oneOf: refs, discriminator: { propertyName: 'code', mapping: Object.fromEntries(codes.map((c) => [c, ref(c)])) } },
        },
      },
    ],
  };
}
