import { Type, type TSchema } from 'typebox';
import { CODES, type ErrorCode } from '../errors/codes.js';
import type { Environment } from '../schemas/common.js';
import type { RouteServices } from './facades.js';
import type { Principal } from './plugins/auth.js';
import type { Idempotency } from './plugins/idempotency.js';
import { codesOf, inputCodes, type InputSchemas, type RouteContext, type RouteDefinition } from './route-definition.js';

export type { Operation } from './route-definition.js';

export type Access = 'none' | 'read' | 'trade';

export interface RouteSchemas extends InputSchemas {
  /** Success answers by status. */
  response: Record<number, TSchema>;
}

/** What a public handler reaches: the narrow services routes may call (src/http/facades.ts) and the caller. */
export interface ApiContext extends RouteServices {
  /** Set on every route with access read or trade. */
  principal: Principal;
  environment: Environment;
  idempotency: Idempotency;
}

/** A request as its handler sees it. */
export type HandlerContext<S extends RouteSchemas> = RouteContext<S, ApiContext>;

/** A public route (the route convention of route-definition.ts, with the API's access, budgets and idempotency). */
export interface RouteDef<S extends RouteSchemas = RouteSchemas> extends RouteDefinition<S, ApiContext> {
  access: Access;
  /** Registered only on these listeners (POST /v1/accounts is sandbox only: 405 on live). */
  environments?: Environment[];
  /** Needs an Idempotency-Key header (CONTRACT §5). */
  idempotencyKey?: boolean;
  /** Spends the account_orders budget of the account in the path. */
  accountOrders?: boolean;
  /** The body may be absent; it then validates as {}. */
  optionalBody?: boolean;
  /** Answers go out through JSON.stringify: the success schema documents a union (event payloads) it need not shape. */
  plainJson?: boolean;
  /** A long-lived answer (Server-Sent Events): once open it is no request in flight for the overload guard. */
  streaming?: boolean;
  /**
   * The body reaches the handler as its text, JSON or text/plain, up to `maxBytes` (a signal's alert: TradingView
   * sends either, and its numbers are read as the decimals they were written as, not as JSON numbers).
   */
  rawBody?: { maxBytes: number };
  /** Headers a success answer sends beyond those every answer carries (the OpenAPI document declares them). */
  responseHeaders?: Partial<Record<number, 'Location'[]>>;
}

export const defineRoute = <S extends RouteSchemas>(def: RouteDef<S>): RouteDef => def as unknown as RouteDef;

/** Codes any route of the kind can answer, whatever it does (checks of CONTRACT §5 before the route's own). */
export function commonCodes(def: RouteDef): ErrorCode[] {
  // invalid_request: any request can be malformed HTTP (no Host, a header Node refuses) or carry a body the route
  // does not take.
  const codes: ErrorCode[] = ['invalid_request', 'uri_too_long', 'not_ready', 'capacity', 'rate_limited', 'internal_error'];
  if (def.url !== '/v1/status' && def.url !== '/v1/openapi.json') codes.push('environment_disabled');
  if (def.access !== 'none') {
    codes.push(
      'missing_api_key',
      'invalid_api_key',
      'revoked_api_key',
      'expired_api_key',
      'wrong_environment',
      'invalid_token',
      'expired_token',
      'revoked_token',
      'wrong_resource',
      'ip_not_allowed',
      'api_disabled',
    );
  }
  if (def.access === 'trade') codes.push('insufficient_permission');
  codes.push(...inputCodes(def.schema));
  // Several nodes: a request about an account goes to the node holding its engine partition, which may be
  // changing hands or silent (503, retryable); so may the figures of an account list.
  if ((def.url.startsWith('/v1/accounts/:account_id') && !def.streaming) || def.url === '/v1/accounts') codes.push('temporarily_unavailable');
  if (def.idempotencyKey) codes.push('idempotency_key_required', 'invalid_idempotency_key', 'idempotency_key_reused', 'operation_in_progress');
  return codes;
}

export function routeCodes(def: RouteDef): ErrorCode[] {
  return codesOf(commonCodes(def), def);
}

export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object(
      {
        type: Type.String(),
        code: Type.String(),
        message: Type.String(),
        request_id: Type.String(),
        retryable: Type.Boolean(),
        doc_url: Type.String(),
        details: Type.Optional(Type.Object({}, { additionalProperties: true })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'Error envelope' },
);

/** Success schemas plus one entry per error status, naming its codes (the OpenAPI document shows them). */
export function responseSchemas(def: RouteDef): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of routeCodes(def)) {
    const { status } = CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(def.schema.response)) out[status] = schema;
  for (const [status, codes] of [...byStatus.entries()].sort((a, b) => a[0] - b[0])) {
    out[String(status)] = { ...ErrorEnvelope, description: `Error codes: ${codes.join(', ')}`, 'x-error-codes': codes };
  }
  return out;
}
