import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors/api-error.js';
import { createInstance } from './instance.js';
import { trackRouteMethods } from './route-methods.js';
import { sendError } from './envelope.js';
import { authorizationOf } from './plugins/auth.js';
import { checkBodyHeaders } from './plugins/strict-input.js';
import { OPERATE_PATHS, registerOperate, type OperateDeps } from './operate.js';
import { instrumentHttp } from '../metrics/instrument.js';
import type { Cluster } from '../cluster/leases.js';
import type { ClusterOps } from '../cluster/ops.js';
import { registerAdminRoutes, type AdminServices } from './admin-route.js';
import type { Services } from '../compose.js';
import { adminRoutes, faultRoutes } from './admin-routes/index.js';

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The operator API (/admin/v1): the same services the CLI uses, behind RAMPART_ADMIN_TOKEN. */
export async function buildAdmin(
  services: AdminServices & Pick<Services, 'config'>,
  adminToken: string,
  logger: FastifyInstance['log'],
  cluster: { cluster: Cluster; ops: ClusterOps },
  operate?: OperateDeps,
): Promise<FastifyInstance> {
  const { ops } = cluster;
  const docsUrl = services.config.docsUrl;
  const { limits } = services.config;
  const app = createInstance(services.config, logger, 'admin', services.clock);
  // After the token check (onRequest): without the token the operator API tells nothing of its paths.
  const routeError = trackRouteMethods(app);
  app.setNotFoundHandler((request, reply) => sendError(request, reply, routeError(request), docsUrl));

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    if (request.url.length > limits.url_max_bytes) throw new ApiError('uri_too_long', { details: { max_bytes: limits.url_max_bytes } });
    if (operate && OPERATE_PATHS.has(request.routeOptions.url ?? '')) return;
    const header = authorizationOf(request);
    if (!header) throw new ApiError('missing_api_key', { message: 'The operator API needs Authorization: Bearer <RAMPART_ADMIN_TOKEN>.' });
    const m = /^Bearer +(\S+)$/i.exec(header);
    if (!m || !sameToken(m[1] ?? '', adminToken)) throw new ApiError('invalid_api_key', { message: 'The operator token is not valid.' });
    checkBodyHeaders(request, limits.body_max_bytes);
  });

  // Probes and the scrape (src/http/operate.ts): the only routes the token check above lets through.
  if (operate) {
    instrumentHttp(app, operate.metrics, 'admin');
    registerOperate(app, operate);
  }

  const deps = { services, cluster: cluster.cluster, ops };
  registerAdminRoutes(app, adminRoutes, deps);
  // The same switch on every node (each node's store and engine port carry their own: ClusterOps applies it).
  if (services.config.faults) registerAdminRoutes(app, faultRoutes, deps);
  return app;
}
