import type { Server } from 'node:http';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from '../config/config.js';
import { sendError } from './envelope.js';
import { installErrorHandling, toApiError } from './errors.js';
import { installJsonParser } from './plugins/strict-input.js';
import { installValidators } from './validation.js';

let requestCounter = 0;
const processTag = Math.random().toString(36).slice(2, 6);
/** Request ids: unique per process and sortable by arrival. */
export const newRequestId = (): string => `req_${Date.now().toString(36)}${processTag}${(++requestCounter).toString(36).padStart(6, '0')}`;

/**
 * A Fastify instance with Rampart's shared behaviour: request ids, the one error path, strict JSON,
 * strict validators, and the server limits of CONTRACT §5 (headers, request and keep-alive timeouts).
 */
export function createInstance(config: Config, logger: FastifyInstance['log'], listener: string): FastifyInstance {
  const { limits } = config;
  const app = Fastify({
    loggerInstance: logger.child({ listener }),
    genReqId: newRequestId,
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    bodyLimit: limits.body_max_bytes,
    trustProxy: config.trustProxy,
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 1024 },
    http: { maxHeaderSize: 32 * 1024 },
    connectionTimeout: 0,
    keepAliveTimeout: limits.timeouts.keep_alive_ms,
    requestTimeout: limits.timeouts.request_ms,
    frameworkErrors: (err, request, reply) => {
      sendError(request, reply, toApiError(err, request), config.docsUrl);
    },
  });
  const server: Server = app.server;
  server.headersTimeout = limits.timeouts.headers_ms;
  installErrorHandling(app, config.docsUrl);
  installValidators(app);
  installJsonParser(app, limits.json_max_depth, limits.body_max_bytes);
  return app as unknown as FastifyInstance;
}
