import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { Cluster } from '../cluster/leases.js';
import type { ClusterOps } from '../cluster/ops.js';
import type { ErrorCode } from '../errors/codes.js';
import type { Services } from '../compose.js';
import type { Store } from '../store/port.js';
import type { Operation } from './route.js';

/**
 * The operator API's counterpart of defineRoute (route.ts): one declaration per /admin/v1 route, its input typed
 * from its schemas. No access levels, budgets or idempotency: every operator route is behind RAMPART_ADMIN_TOKEN
 * (admin.ts). No success schema either: answers go out through JSON.stringify, as they always have.
 */
export interface AdminRouteSchemas {
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
}

type In<S, K extends keyof AdminRouteSchemas> = S extends { [P in K]: infer T extends TSchema } ? Static<T> : undefined;

/** What operator routes reach: the services they call, and of the store only the reads and the transaction they make. */
export type AdminServices = Pick<
  Services,
  | 'config'
  | 'clock'
  | 'customers'
  | 'keys'
  | 'tokens'
  | 'accounts'
  | 'accountViews'
  | 'credentials'
  | 'markets'
  | 'environments'
  | 'people'
  | 'opener'
  | 'enginePort'
  | 'tickRecord'
> & { readonly store: Pick<Store, 'getAccount' | 'getOrder' | 'transaction' | 'listMails' | 'listOAuthRecords'> };

export interface AdminDeps {
  services: AdminServices;
  cluster: Cluster;
  /** The fan-out of operator actions to every live node (CONTRACT §8). */
  ops: ClusterOps;
}

export interface AdminContext<S extends AdminRouteSchemas> extends AdminDeps {
  request: FastifyRequest;
  reply: FastifyReply;
  body: In<S, 'body'>;
  query: In<S, 'querystring'>;
  params: In<S, 'params'>;
}

export interface AdminRouteDef<S extends AdminRouteSchemas = AdminRouteSchemas> extends Operation {
  schema: S;
  handler(ctx: AdminContext<S>): Promise<unknown>;
}

export const defineAdminRoute = <S extends AdminRouteSchemas>(def: AdminRouteDef<S>): AdminRouteDef => def as unknown as AdminRouteDef;

/** Codes any operator route can answer, whatever it does: the operator token check and the input checks. */
export function adminCommonCodes(def: AdminRouteDef): ErrorCode[] {
  const codes: ErrorCode[] = ['invalid_request', 'uri_too_long', 'missing_api_key', 'invalid_api_key', 'internal_error'];
  if (def.schema.body) codes.push('payload_too_large', 'unsupported_media_type', 'invalid_json', 'unknown_field');
  if (def.schema.querystring) codes.push('unknown_field', 'invalid_parameter');
  if (def.schema.params) codes.push('invalid_parameter');
  return codes;
}

export function adminRouteCodes(def: AdminRouteDef): ErrorCode[] {
  return [...new Set([...adminCommonCodes(def), ...def.errors])];
}

/** Registers operator routes on the admin instance: Fastify validates the input against the route's schemas. */
export function registerAdminRoutes(app: FastifyInstance, routes: AdminRouteDef[], deps: AdminDeps): void {
  for (const def of routes) {
    const { body, querystring, params } = def.schema;
    const schema = { ...(body ? { body } : {}), ...(querystring ? { querystring } : {}), ...(params ? { params } : {}) };
    app.route({
      method: def.method,
      url: def.url,
      ...(Object.keys(schema).length > 0 ? { schema } : {}),
      handler: async (request: FastifyRequest, reply: FastifyReply) =>
        def.handler({ ...deps, request, reply, body: request.body as never, query: request.query as never, params: request.params as never }),
    });
  }
}
