export { Rampart, DEFAULT_BASE_URLS, type Environment, type RampartOptions } from './client.js';
export {
  RampartError,
  InvalidRequestError,
  AuthenticationError,
  PermissionError,
  NotFoundError,
  ConflictError,
  RuleRejectionError,
  RateLimitError,
  ServerError,
  EngineError,
  RampartConnectionError,
  RampartTimeoutError,
  type ErrorBody,
} from './errors.js';
export { AccountStream, type StreamOptions } from './stream.js';
export { paginate } from './paginate.js';
export { verifyWebhook, WebhookVerificationError, type VerifyOptions } from './webhook.js';
export { OPERATIONS, type OperationSpec } from './generated/operations.js';
export { isStaleToken, type RequestOptions, type TokenSource } from './transport.js';
export { newIdempotencyKey } from './ids.js';
export { errorFromAnswer } from './errors.js';
export type { RetryPolicy } from './retry.js';
export type * from './types.js';
