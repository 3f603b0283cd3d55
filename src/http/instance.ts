import { createServer, ServerResponse, STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer, type ServerOptions as HttpsServerOptions } from 'node:https';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { TlsOptions } from 'node:tls';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config/config.js';
import { fastifyTrustProxy } from '../config/trust-proxy.js';
import type { Clock } from '../engine/clock.js';
import { ApiError } from '../errors/api-error.js';
import { envelope, sendError } from './envelope.js';
import { installErrorHandling, toApiError } from './errors.js';
import { installJsonParser } from './plugins/strict-input.js';
import { installFutureTimeCheck } from './plugins/time-fields.js';
import { installValidators } from './validation.js';

let requestCounter = 0;
const processTag = Math.random().toString(36).slice(2, 6);
/** Request ids: unique per process and sortable by arrival. */
export const newRequestId = (): string => `req_${Date.now().toString(36)}${processTag}${(++requestCounter).toString(36).padStart(6, '0')}`;

const MAX_HEADER_BYTES = 32 * 1024;

type Log = FastifyInstance['log'];
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/**
 * A request's logger, made when the request first logs. Fastify gives every request a child of the listener's
 * logger bound to its id; pino serializes those bindings when the child is made, a cost per request for a logger
 * that request logging off (CONTRACT: no access log) leaves unused unless something fails.
 */
class RequestLog {
  private made: Log | undefined;

  constructor(
    private readonly parent: Log,
    private readonly bindings: Record<string, unknown>,
    private readonly options: Record<string, unknown>,
  ) {}

  get log(): Log {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.log.level = level;
  }

  child(bindings: Record<string, unknown>, options?: Record<string, unknown>): Log {
    return this.log.child(bindings, options);
  }

  silent(): void {}
}
for (const level of LEVELS) {
  Object.defineProperty(RequestLog.prototype, level, {
    value(this: RequestLog, ...args: unknown[]) {
      (this.log[level] as (...a: unknown[]) => void)(...args);
    },
  });
}
const requestLog: NonNullable<FastifyServerOptions['childLoggerFactory']> = (parent, bindings, options) =>
  new RequestLog(parent, bindings, options as Record<string, unknown>) as unknown as Log;

/**
 * How every listener routes, and how api.ts tells 404 from 405 with the same rules. A trailing slash is ignored
 * (`/v1/accounts/` is `/v1/accounts`), as clients and proxies add one freely. A path parameter may be as long as a
 * URL the HTTP parser lets through: the router's own cap (100 by default) answered a long one before the URL limit
 * (414 uri_too_long, url_max_bytes) or the parameter's schema were looked at.
 */
export const ROUTER_OPTIONS = { ignoreTrailingSlash: true, maxParamLength: MAX_HEADER_BYTES } as const;

/**
 * What Node's HTTP parser refused before Fastify saw a request (a garbage request line, a bad header, headers over
 * the limit, a request not received in time): the envelope, as invalid_request, then the connection is closed.
 * Fastify's default answers its own JSON shape; the catalogue has no 408/431 code, so all of these are 400.
 */
function clientErrorHandler(docsUrl: string) {
  return function (this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex): void {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const message =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? `The request headers are over ${MAX_HEADER_BYTES} bytes.`
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 'The request was not received in time.'
          : 'The request is not valid HTTP.';
    const details = err.code === 'HPE_HEADER_OVERFLOW' ? { max_header_bytes: MAX_HEADER_BYTES } : undefined;
    const e = new ApiError('invalid_request', { message, ...(details ? { details } : {}) });
    const id = newRequestId();
    const body = JSON.stringify(envelope(e, id, docsUrl));
    this.log.debug({ err, request_id: id }, 'client error');
    // As Node does: no answer in the middle of a response already started on this connection (pipelining).
    const current = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !current?.headersSent) {
      socket.write(
        `HTTP/1.1 ${e.status} ${STATUS_CODES[e.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${id}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(err);
  };
}

/**
 * Node hands a CONNECT request to 'connect' listeners and, with none, closes the socket without a word. No route
 * takes CONNECT: the request goes through Fastify like any other, so it is answered as every unrouted request is
 * (405 method_not_allowed with Allow when the path exists, 404 route_not_found otherwise, in the envelope, with
 * X-Request-Id). The connection is closed after the answer: Node has already let go of it for a tunnel.
 */
function answerConnect(server: Server): void {
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket);
    res.once('finish', () => {
      res.detachSocket(socket);
      socket.end();
    });
    socket.once('error', () => socket.destroy());
    server.emit('request', req, res);
  });
}

/** How often Node sweeps connections for header and request timeouts: a quarter of the shorter one, 50 ms to 1 s. */
export function checkingInterval(t: { headers_ms: number; request_ms: number }): number {
  return Math.min(1000, Math.max(50, Math.floor(Math.min(t.headers_ms, t.request_ms) / 4)));
}

/** The server Fastify would make (HTTP/1.1, plain or TLS, its timeouts), with `intercept` in front of Fastify's handler. */
function interceptingServer(intercept: (req: IncomingMessage, res: ServerResponse) => boolean) {
  return (handler: (req: IncomingMessage, res: ServerResponse) => void, o: FastifyServerOptions): Server => {
    const onRequest = (req: IncomingMessage, res: ServerResponse) => {
      if (!intercept(req, res)) handler(req, res);
    };
    const server = 'https' in o && o.https ? createHttpsServer(o.https as HttpsServerOptions, onRequest) : createServer((o as { http?: object }).http ?? {}, onRequest);
    server.keepAliveTimeout = o.keepAliveTimeout!;
    server.requestTimeout = o.requestTimeout!;
    server.setTimeout(o.connectionTimeout!);
    return server;
  };
}

/**
 * A Fastify instance with Rampart's shared behaviour: request ids, the one error path, strict JSON,
 * strict validators, times taken as input judged by the Clock, and the server limits of CONTRACT §5 (headers,
 * request and keep-alive timeouts).
 */
export function createInstance(
  config: Config,
  logger: FastifyInstance['log'],
  listener: string,
  clock: Clock,
  tls?: TlsOptions,
  /** Sees each request before Fastify and answers true when it took it (the internal listener's forwarded requests). */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean,
): FastifyInstance {
  const { limits } = config;
  const app = Fastify({
    loggerInstance: logger.child({ listener }),
    genReqId: newRequestId,
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    childLoggerFactory: requestLog,
    bodyLimit: limits.body_max_bytes,
    // request.ip — key IP allowlists, per-IP budgets, the address a forwarded request carries — follows it.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: false,
    routerOptions: { ...ROUTER_OPTIONS },
    // requireHostHeader off so a missing Host answers our envelope (below) rather than Node's bare 400.
    // Node enforces headersTimeout and requestTimeout only when it sweeps its connections (every 30 s by default):
    // sweeping at a fraction of the shortest bound keeps a slow client (slowloris) from holding a socket for
    // half a minute beyond it.
    http: { maxHeaderSize: MAX_HEADER_BYTES, requireHostHeader: false, connectionsCheckingInterval: checkingInterval(limits.timeouts) },
    connectionTimeout: 0,
    keepAliveTimeout: limits.timeouts.keep_alive_ms,
    requestTimeout: limits.timeouts.request_ms,
    frameworkErrors: (err, request, reply) => {
      sendError(request, reply, toApiError(err, request), config.docsUrl);
    },
    clientErrorHandler: clientErrorHandler(config.docsUrl),
    // The internal listener with mutual TLS (RAMPART_INTERNAL_TLS_*): the same server limits, over TLS.
    ...(tls ? { https: { maxHeaderSize: MAX_HEADER_BYTES, requireHostHeader: false, connectionsCheckingInterval: checkingInterval(limits.timeouts), ...tls } } : {}),
    ...(intercept ? { serverFactory: interceptingServer(intercept) } : {}),
  } as FastifyServerOptions);
  const server: Server = app.server;
  server.headersTimeout = limits.timeouts.headers_ms;
  answerConnect(server);
  // HTTP/1.1 requires Host (RFC 9112 §3.2): still a 400, but the envelope.
  // Hooks that do no I/O take `done` rather than being async: no promise and no extra turn per request.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      throw new ApiError('invalid_request', { message: 'An HTTP/1.1 request needs a Host header.' });
    }
    done();
  });
  installErrorHandling(app, config.docsUrl);
  installValidators(app);
  installJsonParser(app, limits.json_max_depth, limits.body_max_bytes);
  installFutureTimeCheck(app, clock, limits.max_expires_in_ms);
  return app as unknown as FastifyInstance;
}
