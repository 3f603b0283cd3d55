import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Cluster } from '../cluster/leases.js';
import type { ClusterOps } from '../cluster/ops.js';
import type { ErrorCode } from '../errors/codes.js';
import type { Services } from '../compose.js';
import type { Store } from '../store/port.js';
import { codesOf, inputCodes, inputSchemas, inputsOf, type InputSchemas, type RouteContext, type RouteDefinition } from './route-definition.js';

/*
 * The operator API's routes follow the one route convention (route-definition.ts): one definition per /admin/v1
 * route, one file each (admin-routes/). No access levels, budgets or idempotency: every operator route is behind
 * RAMPART_ADMIN_TOKEN (admin.ts). No success schema either: answers go out through JSON.stringify.
 */

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
  | 'news'
  | 'rulebooks'
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

export type AdminContext<S extends InputSchemas> = RouteContext<S, AdminDeps>;

export type AdminRouteDef<S extends InputSchemas = InputSchemas> = RouteDefinition<S, AdminDeps>;

export const defineAdminRoute = <S extends InputSchemas>(def: AdminRouteDef<S>): AdminRouteDef => def as unknown as AdminRouteDef;

/** Codes any operator route can answer, whatever it does: the operator token check and the input checks. */
export function adminCommonCodes(def: AdminRouteDef): ErrorCode[] {
  return ['invalid_request', 'uri_too_long', 'missing_api_key', 'invalid_api_key', 'internal_error', ...inputCodes(def.schema)];
}

export function adminRouteCodes(def: AdminRouteDef): ErrorCode[] {
  return codesOf(adminCommonCodes(def), def);
}

/** Registers operator routes on the admin instance: Fastify validates the input against the route's schemas. */
export function registerAdminRoutes(app: FastifyInstance, routes: AdminRouteDef[], deps: AdminDeps): void {
  for (const def of routes) {
    const schema = inputSchemas(def.schema);
    app.route({
      method: def.method,
      url: def.url,
      ...(Object.keys(schema).length > 0 ? { schema } : {}),
      handler: async (request: FastifyRequest, reply: FastifyReply) => def.handler({ ...deps, request, reply, ...inputsOf(request) }),
    });
  }
}
