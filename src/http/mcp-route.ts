import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Type } from 'typebox';
import type { RouteDef } from './route.js';
import { injectCaller } from '../mcp/api-caller.js';
import { buildMcpServer } from '../mcp/server.js';

/**
 * POST /mcp on each API host: the Model Context Protocol over Streamable HTTP, stateless (no session: each POST
 * builds its server and transport for that one credential and request). GET and DELETE (server-sent streams and
 * session ends) are not offered: 405 with Allow, as for any path without that method.
 *
 * The route goes through every check of the host's onRequest hook (URL and body limits, readiness, environment,
 * capacity, IP budget, the credential — read access is enough to connect — and the key budget) as a RouteDef that
 * is not in apiRoutes: it is not part of the /v1 REST surface and the OpenAPI document leaves it out on purpose
 * (docs/MCP.md describes it). Each tool then calls the /v1 API through this instance with the same credential.
 */
export const mcpRouteDef: RouteDef = {
  method: 'POST',
  url: '/mcp',
  operationId: 'mcp',
  summary: 'Model Context Protocol (Streamable HTTP, stateless)',
  description: 'JSON-RPC messages of the Model Context Protocol; see docs/MCP.md.',
  tags: ['mcp'],
  errors: [],
  access: 'read',
  // The JSON-RPC body is the transport's to judge: any JSON value passes the host's "takes a body" check.
  schema: { body: Type.Unknown(), response: {} },
  handler: () => Promise.reject(new Error('POST /mcp is served by its own handler')),
};

export function registerMcp(app: FastifyInstance): void {
  app.route({
    method: 'POST',
    url: '/mcp',
    config: { def: mcpRouteDef },
    // Not part of the REST API: left out of the OpenAPI document on purpose (see docs/MCP.md, docs/DEVIATIONS.md).
    // A refused credential (401) carries the host's WWW-Authenticate challenge, which tells an MCP client where to
    // get a token (MCP authorization, RFC 9728 §5.1): the onRequest hook of the host sets it, as for /v1.
    schema: { hide: true } as Record<string, unknown>,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const api = injectCaller(app, request.headers.authorization ?? '', request.ip);
      // The host's onRequest hook authenticated the credential for this host: its environment is the host's.
      const server = await buildMcpServer(api, request.principal!.environment);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      // The headers set so far (X-Request-Id, RateLimit-*) go out on the transport's answer too.
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value as string);
      reply.hijack();
      reply.raw.once('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  });
}
