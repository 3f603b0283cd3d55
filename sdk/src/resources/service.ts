import type { RequestOptions } from '../transport.js';
import type { Result } from '../types.js';
import { Resource } from './resource.js';

/** The service itself: its status, its limits, its OpenAPI document. */
export class Service extends Resource {
  /** GET /v1/status (getStatus). */
  status(options?: RequestOptions): Promise<Result<'getStatus'>> {
    return this.transport.call('getStatus', {}, options);
  }
  /** GET /v1/limits (getLimits). */
  limits(options?: RequestOptions): Promise<Result<'getLimits'>> {
    return this.transport.call('getLimits', {}, options);
  }
  /** GET /v1/openapi.json (getOpenApi). */
  openapi(options?: RequestOptions): Promise<Result<'getOpenApi'>> {
    return this.transport.call('getOpenApi', {}, options);
  }
}
