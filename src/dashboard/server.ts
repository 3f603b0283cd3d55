import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import { sendError } from '../http/envelope.js';
import { createInstance } from '../http/instance.js';
import type { Limiter } from '../http/plugins/rate-limit.js';
import { checkBodyHeaders, checkQuery } from '../http/plugins/strict-input.js';
import { inputSchemas, inputsOf } from '../http/route-definition.js';
import { trackRouteMethods } from '../http/route-methods.js';
import { sessionSecretOf } from './cookie.js';
import { checkCsrfToken, checkOrigin } from './csrf.js';
import { dashboardPages } from './pages.js';
import { mountOAuth, type OAuthServices } from './oauth.js';
import { sessionRoutes } from './routes/index.js';
import type { SessionDeps, SessionRouteDef, SessionServices } from './session-route.js';

export interface DashboardDeps {
  services: SessionServices & OAuthServices;
  logger: FastifyInstance['log'];
  limiter: Limiter | undefined;
}

const NO_QUERY: ReadonlySet<string> = new Set();

export { sessionRoutes };

/**
 * The dashboard's listener (RAMPART_DASHBOARD_LISTEN): the page, and the /session routes people sign in and make
 * keys with. The same envelope, strict input (unknown_field, no coercion), request ids and body limits as the API;
 * trading goes through the public API with a dashboard token, never through here.
 */
export async function buildDashboard(deps: DashboardDeps): Promise<FastifyInstance> {
  const { services } = deps;
  const { config } = services;
  const { limits } = config;
  const app = createInstance(config, deps.logger, 'dashboard', services.clock);
  const routeError = trackRouteMethods(app);
  app.setNotFoundHandler((request, reply) => sendError(request, reply, routeError(request), config.docsUrl));

  const url = new URL(config.dashboard.url);
  // The OAuth authorization server (docs/OAUTH.md): oidc-provider under /oauth/, the metadata, Rampart's grants.
  const oauth = await mountOAuth(app, services, deps.limiter);
  const shared: SessionDeps = { services, config, limiter: deps.limiter, origin: url.origin, secure: url.protocol === 'https:', oauth };

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    if (request.url.length > limits.url_max_bytes) throw new ApiError('uri_too_long', { details: { max_bytes: limits.url_max_bytes } });
    if (request.routeOptions.config.session) checkBodyHeaders(request, limits.body_max_bytes);
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const def = request.routeOptions.config.session;
    if (def) {
      checkQuery(request, NO_QUERY);
      if (!def.schema.body && request.body !== undefined) throw new ApiError('invalid_request', { message: 'This route takes no body.' });
    }
    done();
  });

  for (const def of sessionRoutes) {
    app.route({
      method: def.method,
      url: def.url,
      config: { session: def },
      schema: inputSchemas(def.schema),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const changes = def.method !== 'GET';
        if (changes) checkOrigin(request, shared.origin);
        const current = def.session ? await services.people.sessions.require(sessionSecretOf(request)) : undefined;
        if (changes && current) checkCsrfToken(request, current.session);
        return def.handler({ ...shared, request, reply, ...inputsOf(request), current: current as never });
      },
    });
  }

  await app.register(dashboardPages, { apiUrls: { live: config.publicUrl.live, sandbox: config.publicUrl.sandbox } });
  return app;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    session?: SessionRouteDef;
  }
}
