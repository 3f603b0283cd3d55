import type { FastifyInstance } from 'fastify';

const ALLOW_HEADERS = 'Authorization, Content-Type, Idempotency-Key, Last-Event-ID';
const EXPOSE_HEADERS = 'Request-Id, X-Request-Id, Location, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset';
const ALLOW_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';

/**
 * CORS on an API host for the dashboard's origin only (docs/DASHBOARD.md): its page calls the public API with a
 * dashboard token. A preflight from that origin is answered 204 here, before any other check; a preflight from any
 * other origin, or an OPTIONS without CORS headers, goes on to today's answer (405 with Allow). Answers to the
 * dashboard's origin carry Access-Control-Allow-Origin and the headers the page may read. No cookies are involved
 * (no Allow-Credentials): the token travels in Authorization.
 */
export function installDashboardCors(app: FastifyInstance, dashboardOrigin: string): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers.origin !== dashboardOrigin) return done();
    reply.header('Access-Control-Allow-Origin', dashboardOrigin);
    reply.header('Vary', 'Origin');
    if (request.method === 'OPTIONS' && typeof request.headers['access-control-request-method'] === 'string') {
      reply
        .code(204)
        .header('Access-Control-Allow-Methods', ALLOW_METHODS)
        .header('Access-Control-Allow-Headers', ALLOW_HEADERS)
        .header('Access-Control-Max-Age', '600')
        .header('X-Request-Id', request.id)
        .send();
      return;
    }
    reply.header('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    done();
  });
}
