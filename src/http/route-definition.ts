import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { ErrorCode } from '../errors/codes.js';

/*
 * The one route convention of Rampart's three HTTP surfaces: the public API (route.ts), the operator API
 * (admin-route.ts) and the dashboard's session routes (dashboard/session-route.ts). Each route is one file that
 * declares a RouteDefinition: the operation (where it is, what it does, what it can refuse), the schemas of its
 * input, and a handler that takes the surface's context plus its typed input. A surface adds its own fields (the
 * public API's access level and budgets, the session routes' need of a session) and its codes every route answers.
 */

/** What every route declares about itself, on any surface: where it is, what it does, what it can refuse. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** The operationId: camelCase verbNoun (placeOrder), stable — generated clients name their methods by it. */
  operationId: string;
  /** One line for the OpenAPI summary. */
  summary: string;
  /** What the operation does, for the OpenAPI description (CommonMark). */
  description: string;
  tags: string[];
  /** Codes the route answers beyond those every route of its surface can. */
  errors: ErrorCode[];
}

/** The schemas of a route's input; Fastify validates each part before the handler runs. */
export interface InputSchemas {
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
}

type In<S, K extends keyof InputSchemas> = S extends { [P in K]: infer T extends TSchema } ? Static<T> : undefined;

/** A request's input as its schemas type it (undefined for a part the route does not take). */
export interface Inputs<S> {
  body: In<S, 'body'>;
  query: In<S, 'querystring'>;
  params: In<S, 'params'>;
}

/** A handler's argument: the surface's context, the request and its answer, and the typed input. */
export type RouteContext<S, Ctx> = Ctx & Inputs<S> & { request: FastifyRequest; reply: FastifyReply };

/** One route of any surface: its operation, its input schemas, its handler. */
export interface RouteDefinition<S extends InputSchemas, Ctx> extends Operation {
  schema: S;
  handler(ctx: RouteContext<S, Ctx>): Promise<unknown>;
}

/** The input parts of a route's schemas, as Fastify's route option takes them (none given: nothing validated). */
export function inputSchemas(schema: InputSchemas): InputSchemas {
  const { body, querystring, params } = schema;
  return { ...(body ? { body } : {}), ...(querystring ? { querystring } : {}), ...(params ? { params } : {}) };
}

/** The validated input of a request, for a handler's context. */
export function inputsOf(request: FastifyRequest): Inputs<InputSchemas> {
  return { body: request.body as never, query: request.query as never, params: request.params as never };
}

/** The codes the input checks can answer, where the route takes that input (the same on every surface). */
export function inputCodes(schema: InputSchemas): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (schema.body) codes.push('payload_too_large', 'unsupported_media_type', 'invalid_json', 'unknown_field', 'invalid_request');
  if (schema.querystring) codes.push('unknown_field', 'invalid_parameter');
  if (schema.params) codes.push('invalid_parameter');
  return codes;
}

/** A route's codes: those of its surface, then its own, each once. */
export function codesOf(common: readonly ErrorCode[], def: Operation): ErrorCode[] {
  return [...new Set([...common, ...def.errors])];
}
