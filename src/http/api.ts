import { bearerChallenge, PROTECTED_RESOURCE_PATH, registerProtectedResource } from './protected-resource.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import { ApiError } from '../errors/api-error.js';
import type { Environment } from '../schemas/common.js';
import { sendError } from './envelope.js';
import { routeServices, type ApiServices, type RouteServices } from './facades.js';
import type { LoadMonitor } from './load.js';
import { authenticate, type Principal } from './plugins/auth.js';
import { idempotencyKeyOf, type Idempotency } from './plugins/idempotency.js';
import type { Limiter, Spend } from './plugins/rate-limit.js';
import type { RequestForwarder } from './internal.js';
import { instrumentHttp } from '../metrics/instrument.js';
import type { Metrics } from '../metrics/metrics.js';
import { checkBodyHeaders, checkQuery } from './plugins/strict-input.js';
import { installDashboardCors } from './plugins/cors.js';
import { environmentDisabled } from '../services/environments.js';
import { createInstance } from './instance.js';
import { trackRouteMethods } from './route-methods.js';
import { swaggerOptions } from './openapi.js';
import { inputSchemas } from './route-definition.js';
import { responseSchemas, routeCodes, type HandlerContext, type RouteDef, type RouteSchemas } from './route.js';
import { apiRoutes } from './routes/index.js';
import { registerMcp } from './mcp-route.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
    idempotencyKey?: string;
  }
  interface FastifyContextConfig {
    def?: RouteDef;
  }
}

export interface ApiDeps {
  services: ApiServices;
  environment: Environment;
  load: LoadMonitor;
  limiter: Limiter | undefined;
  metrics?: Metrics | undefined;
  idempotency: Idempotency;
  isReady: () => boolean;
  logger: FastifyInstance['log'];
  /** A node of a cluster: requests about an account held by another node go there whole. */
  forwarder?: RequestForwarder | undefined;
}

const queryNamesOf = new WeakMap<RouteDef, ReadonlySet<string>>();
/** The query parameters a route declares (its querystring schema's properties), worked out once per route. */
function queryNames(def: RouteDef): ReadonlySet<string> {
  let names = queryNamesOf.get(def);
  if (!names) {
    const props = (def.schema.querystring as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
    queryNamesOf.set(def, (names = new Set(Object.keys(props))));
  }
  return names;
}

function setRateHeaders(reply: FastifyReply, s: Spend): void {
  reply.header('RateLimit-Limit', String(s.limit));
  reply.header('RateLimit-Remaining', String(s.remaining));
  reply.header('RateLimit-Reset', String(s.reset));
}

/** Shows the IP budget, unspent, on an answer refused before it was spent (nothing when the limiter cannot tell). */
async function showUnspent(limiter: Limiter, reply: FastifyReply, ip: string): Promise<void> {
  try {
    setRateHeaders(reply, await limiter.peek('ip', ip));
  } catch {
    // A shared limiter that is down: the refusal stands as it is, without budget headers.
  }
}

async function spend(
  limiter: Limiter,
  reply: FastifyReply,
  scope: Spend['scope'],
  subject: string,
  tightest: { s?: Spend },
  metrics: Metrics | undefined,
): Promise<void> {
  let s: Spend;
  try {
    s = await limiter.spend(scope, subject);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'limiter_unavailable') metrics?.limiterUnavailable.inc();
    throw err;
  }
  if (!tightest.s || s.remaining / s.limit <= tightest.s.remaining / tightest.s.limit || !s.ok) {
    tightest.s = s;
    setRateHeaders(reply, s);
  }
  if (!s.ok) {
    metrics?.rateLimited.inc({ scope });
    throw new ApiError('rate_limited', {
      message: `The ${scope} request budget is used up.`,
      details: { scope, limit: s.limit },
      retryAfter: s.retryAfter,
    });
  }
}

/**
 * Makes each request's HandlerContext: the listener's facades, environment and idempotency shared on the
 * prototype, the request's own parts read from the request. One small object per request (copying a dozen
 * facades into a fresh object per request was a tenth of a hot read's time).
 */
function handlerContexts(shared: RouteServices & { environment: Environment; idempotency: Idempotency }) {
  class Call {
    constructor(
      readonly request: FastifyRequest,
      readonly reply: FastifyReply,
    ) {}

    get body(): unknown {
      return this.request.body;
    }

    get query(): unknown {
      return this.request.query;
    }

    get params(): unknown {
      return this.request.params;
    }

    get principal(): Principal | undefined {
      return this.request.principal;
    }
  }
  Object.assign(Call.prototype, shared);
  return (request: FastifyRequest, reply: FastifyReply) => new Call(request, reply) as unknown as HandlerContext<RouteSchemas>;
}

/** One public listener (live or sandbox): the whole /v1 surface with every check of CONTRACT §5. */
export async function buildApi(deps: ApiDeps): Promise<FastifyInstance> {
  const { services, environment, load, limiter, idempotency, metrics } = deps;
  const { limits } = services.config;
  const docsUrl = services.config.docsUrl;
  const publicUrl = services.config.publicUrl[environment];
  const app = createInstance(services.config, deps.logger, environment, services.clock);
  if (metrics) instrumentHttp(app, metrics, environment);
  // Before every other check: the dashboard's preflight is answered here, whatever the path's methods.
  installDashboardCors(app, new URL(services.config.dashboard.url).origin);

  // Paths with their methods, to tell 404 from 405.
  const routeError = trackRouteMethods(app);
  app.setNotFoundHandler((request, reply) => sendError(request, reply, routeError(request), docsUrl));

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // The OAuth metadata document is no API route: none of the checks below concern it.
    if (request.routeOptions.url === PROTECTED_RESOURCE_PATH) return;
    deps.forwarder?.restoreClient(request);
    // Counted until the response is done or its connection is gone: a client that hangs up mid-request
    // (no 'finish', so no onResponse) must not hold a slot for ever and end in permanent 503 capacity.
    // An account stream holds its connection for hours: it is not work in flight (it passed the guard to open).
    if (!request.routeOptions.config.def?.streaming) {
      load.inFlight++;
      reply.raw.once('close', () => load.inFlight--);
    }
    // Every answer carries RateLimit-* (CONTRACT §5); those refused before the IP budget is spent show it unspent.
    // Looked up only for those (a shared limiter would otherwise cost every request a second Redis round trip).
    let def: RouteDef;
    try {
      def = beforeBudget(request);
    } catch (err) {
      if (limiter) await showUnspent(limiter, reply, request.ip);
      throw err;
    }
    // The node that holds the account's engine partition answers (budgets, credentials, idempotency and all).
    const forwardTo = await deps.forwarder?.target(request, environment);
    if (forwardTo) return deps.forwarder!.forward(request, reply, environment, forwardTo);
    const tightest: { s?: Spend } = {};
    if (limiter) await spend(limiter, reply, 'ip', request.ip, tightest, metrics);
    if (def.access === 'none') return;
    try {
      request.principal = await authenticate(request, services.credentials, environment, def.access);
    } catch (err) {
      // Every refused credential (401), on /v1 and /mcp alike, says how to authenticate and where to get a token.
      if (err instanceof ApiError && err.status === 401) reply.header('WWW-Authenticate', bearerChallenge(err.code, publicUrl));
      throw err;
    }
    if (limiter) {
      await spend(limiter, reply, 'key', request.principal.id, tightest, metrics);
      const accountId = (request.params as Record<string, string> | undefined)?.account_id;
      if (def.accountOrders && accountId) await spend(limiter, reply, 'account_orders', `${environment}:${accountId}`, tightest, metrics);
    }
  });

  /** The checks of CONTRACT §5 that come before the IP budget: route, 413/414/415, not_ready, disabled, capacity. */
  function beforeBudget(request: FastifyRequest): RouteDef {
    if (request.url.length > limits.url_max_bytes) {
      throw new ApiError('uri_too_long', { details: { max_bytes: limits.url_max_bytes } });
    }
    const def = request.routeOptions.config.def;
    // 404/405 before anything else looks at the request (CONTRACT §5), the body included: Fastify would
    // otherwise parse the body of an unrouted request first and could answer 415 or 400 instead.
    if (!def) throw routeError(request);
    checkBodyHeaders(request, def.rawBody?.maxBytes ?? limits.body_max_bytes, def.rawBody !== undefined);
    if (!deps.isReady()) throw new ApiError('not_ready');
    if (def.url !== '/v1/status' && def.url !== '/v1/openapi.json' && !services.environments.get(environment).enabled) {
      throw environmentDisabled(environment, services.config.publicUrl);
    }
    if (load.overloaded()) throw new ApiError('capacity');
    return def;
  }

  // On a node of a cluster, a request forwarded here has its body read already (its signature covers it).
  const { forwarder } = deps;
  if (forwarder) app.addHook('preParsing', (request, _reply, payload, done) => done(null, forwarder.payload(request, payload)));

  // The hooks below do no I/O: `done` hooks, no promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    const def = request.routeOptions.config.def;
    if (def) {
      checkQuery(request, queryNames(def));
      if (def.optionalBody && request.body === undefined) request.body = {};
      if (!def.schema.body && request.body !== undefined && request.method !== 'GET') {
        throw new ApiError('invalid_request', { message: 'This route takes no body.' });
      }
    }
    done();
  });

  app.addHook('preHandler', (request, _reply, done) => {
    const def = request.routeOptions.config.def;
    if (def?.idempotencyKey) request.idempotencyKey = idempotencyKeyOf(request);
    done();
  });

  // Account streams end cleanly before the listener waits for its connections to close.
  app.addHook('preClose', async () => services.streams.closeAll(environment));

  // The document is written from the route definitions (src/http/openapi.ts), once, on its first request.
  await app.register(swagger, swaggerOptions({ environment, publicUrl: services.config.publicUrl, routes: apiRoutes }));

  // Handlers reach the application through these narrow facades, never the whole composition root.
  const contextOf = handlerContexts({ ...routeServices(services, environment), environment, idempotency });

  registerProtectedResource(app, services.config, environment);
  for (const def of apiRoutes) {
    if (def.environments && !def.environments.includes(environment)) continue;
    app.route({
      method: def.method,
      url: def.url,
      config: { def },
      ...(def.plainJson ? { serializerCompiler: () => (data: unknown) => JSON.stringify(data) } : {}),
      schema: {
        summary: def.summary,
        tags: def.tags,
        ...(def.access === 'none' ? { security: [] } : {}),
        ...inputSchemas(def.schema),
        ...(def.idempotencyKey
          ? { headers: { type: 'object', properties: { 'idempotency-key': { type: 'string', description: '1 to 128 printable ASCII characters; makes the call safe to retry (kept 24 h).' } } } }
          : {}),
        response: responseSchemas(def),
        'x-access': def.access,
        'x-error-codes': routeCodes(def),
      } as Record<string, unknown>,
      handler: async (request: FastifyRequest, reply: FastifyReply) => def.handler(contextOf(request, reply)),
    });
  }
  registerMcp(app);
  return app;
}
