import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountOfCommand } from '../cluster/cluster-engine.js';
import { sameToken, type PartitionRouter } from '../cluster/forwarding.js';
import type { ClusterOp, ClusterOps } from '../cluster/ops.js';
import type { Config } from '../config/config.js';
import type { Clock } from '../engine/clock.js';
import type { EngineCommand, EnginePort, EngineQuery } from '../engine-host/port.js';
import type { EngineHost } from '../engine-host/host.js';
import type { Environment } from '../schemas/common.js';
import { sendError } from './envelope.js';
import { createInstance } from './instance.js';
import { installInternalAuth } from './internal-auth.js';
import { ExecuteBody, ForwardedRequestBody, OpBody, QueryBody } from './internal-schemas.js';
import { trackRouteMethods } from './route-methods.js';

/** Marks a request a node injected into its own API on another node's behalf (a per-process secret). */
export const FORWARDED = 'x-rampart-forwarded';
/** The forwarded request's headers as they came, repeats included (the checks of a repeated header need them). */
const RAW_HEADERS = 'x-rampart-raw-headers';

/** What the forwarding node sends: the public request as it came (the client's address is in the signed body). */
interface ForwardedRequest {
  environment: Environment;
  account_id: string;
  method: string;
  url: string;
  headers: Record<string, string | string[]>;
  body: string | null;
  remote_address: string;
  /** Node's rawHeaders of the request: name, value, name, value… */
  raw_headers: string[];
}

interface ForwardedAnswer {
  status: number;
  headers: Record<string, string | string[] | number>;
  body: string;
}

// Hop-by-hop and framing headers are the transport's own, never copied across a forward.
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'proxy-connection', 'te', 'trailer']);

function copyHeaders(from: Record<string, string | string[] | number | undefined>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(from)) if (v !== undefined && !HOP.has(k.toLowerCase())) out[k] = typeof v === 'number' ? String(v) : v;
  return out;
}

/** A forwarded request holds a public body (up to its own limit) written as a JSON string, with the headers. */
const INTERNAL_BODY_MIN = 4 * 1024 * 1024;

export interface InternalDeps {
  config: Config;
  clock: Clock;
  /** The key of the node-to-node signatures (src/services/secrets/node-secret.ts). */
  secret: string;
  /** This node's internal URL as advertised in the registry: requests to it are signed for it. */
  self: () => string;
  host: EngineHost;
  /** The engine of this process (never forwards again). */
  local: EnginePort;
  ops: ClusterOps;
  api: Record<Environment, FastifyInstance>;
  forwardedMark: string;
  logger: FastifyInstance['log'];
}

/**
 * The node-to-node listener (RAMPART_INTERNAL_LISTEN): forwarded public requests (run here as if they had landed
 * here: the owner authenticates, spends the budgets and writes the Idempotency-Key record in the command's
 * transaction), forwarded engine commands and queries (operator actions, account figures), and operator fan-out.
 * Every request is signed by the sending node (src/http/internal-auth.ts); anything else — unsigned, badly signed,
 * stale, replayed, malformed, unknown — answers the error envelope, 4xx. A node that does not hold the partition
 * answers 409 not_owner and the sender asks the lease table again.
 */
export function buildInternal(deps: InternalDeps): FastifyInstance {
  const { config } = deps;
  const bodyLimit = Math.max(INTERNAL_BODY_MIN, 8 * config.limits.body_max_bytes);
  const tls = config.cluster.tls;
  // Mutual TLS: a client without a certificate of the cluster's CA does not get past the handshake.
  const https = tls ? { cert: tls.cert, key: tls.key, ca: tls.ca, requestCert: true, rejectUnauthorized: true, minVersion: 'TLSv1.2' as const } : undefined;
  const app = createInstance({ ...config, trustProxy: false, limits: { ...config.limits, body_max_bytes: bodyLimit } }, deps.logger, 'internal', deps.clock, https);
  const routeError = trackRouteMethods(app);
  app.setNotFoundHandler((request, reply) => sendError(request, reply, routeError(request), config.docsUrl));
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  installInternalAuth(app, { secret: deps.secret, self: deps.self, bodyLimit });
  const notOwner = (reply: FastifyReply) => reply.code(409).send({ error: 'not_owner' });

  app.post('/internal/v1/forward', { schema: { body: ForwardedRequestBody } }, async (request, reply) => {
    const f = request.body as ForwardedRequest;
    if (!(await deps.host.know(f.account_id)) || !deps.host.holds(f.environment, f.account_id)) return notOwner(reply);
    const res = await deps.api[f.environment].inject({
      method: f.method as 'GET',
      url: f.url,
      headers: { ...f.headers, [FORWARDED]: deps.forwardedMark, [RAW_HEADERS]: Buffer.from(JSON.stringify(f.raw_headers)).toString('base64url') },
      ...(f.body !== null ? { payload: f.body } : {}),
      remoteAddress: f.remote_address,
    });
    const answer: ForwardedAnswer = { status: res.statusCode, headers: copyHeaders(res.headers), body: res.body };
    return answer;
  });
  app.post('/internal/v1/execute', { schema: { body: ExecuteBody } }, async (request, reply) => {
    const { environment, command, timeout_ms } = request.body as { environment: Environment; command: EngineCommand; timeout_ms: number };
    const account = accountOfCommand(command);
    if (account !== null && (!(await deps.host.know(account)) || !deps.host.holds(environment, account))) return notOwner(reply);
    return deps.local.execute(environment, command, { timeoutMs: timeout_ms });
  });
  app.post('/internal/v1/query', { schema: { body: QueryBody } }, async (request, reply) => {
    const { environment, query } = request.body as { environment: Environment; query: EngineQuery };
    if (!(await deps.host.know(query.account_id)) || !deps.host.holds(environment, query.account_id)) return notOwner(reply);
    return deps.local.query(environment, query);
  });
  app.post('/internal/v1/ops', { schema: { body: OpBody } }, async (request) => {
    await deps.ops.apply(request.body as ClusterOp);
    return { ok: true };
  });
  return app;
}

/** Reads a request body not yet consumed (up to `max` bytes; the owner refuses one over its limit anyway). */
function readBody(raw: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    raw.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= max + 1) chunks.push(c);
    });
    raw.on('end', () => resolve(size === 0 ? null : Buffer.concat(chunks).toString('utf8')));
    raw.on('error', reject);
  });
}

/**
 * The forwarding side: a public request about an account whose engine partition another node holds is sent, as it
 * came, to that node and its answer relayed. Forwarding the whole request (not only its engine command) keeps the
 * Idempotency-Key record in the same transaction as the command on the owner, and the account's reads there.
 */
export class RequestForwarder {
  /** Marks requests this process injects for another node: they are never forwarded again. */
  readonly mark = randomBytes(18).toString('base64url');

  constructor(
    private readonly host: EngineHost,
    private readonly router: PartitionRouter,
    private readonly bodyMax: number,
    private readonly timeoutMs: number,
  ) {}

  /**
   * The account whose owner must answer this request, or null to answer it here (this node holds it, it is the
   * stream, or no such account exists: any node answers account_not_found alike).
   */
  async target(request: FastifyRequest, env: Environment): Promise<string | null> {
    if (this.isForwarded(request)) return null;
    const accountId = (request.params as Record<string, string> | undefined)?.account_id;
    if (!accountId || request.routeOptions.config.def?.streaming) return null;
    if (!(await this.host.know(accountId))) return null;
    return this.host.holds(env, accountId) ? null : accountId;
  }

  /** A request this process injected for another node (it carries this process's mark). */
  isForwarded(request: FastifyRequest): boolean {
    return request.headers[FORWARDED] !== undefined && sameToken(request.headers[FORWARDED] as string, this.mark);
  }

  /**
   * On the owner, a forwarded request gets back its headers as they came (an injected request has one value per
   * name): a repeated Authorization or Idempotency-Key is refused here as on the node it reached.
   */
  restoreHeaders(request: FastifyRequest): void {
    const encoded = request.headers[RAW_HEADERS];
    if (typeof encoded !== 'string' || !this.isForwarded(request)) return;
    const raw = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as string[];
    const distinct: Record<string, string[]> = {};
    for (let i = 0; i + 1 < raw.length; i += 2) (distinct[raw[i]!.toLowerCase()] ??= []).push(raw[i + 1]!);
    Object.defineProperty(request.raw, 'rawHeaders', { value: raw, configurable: true });
    Object.defineProperty(request.raw, 'headersDistinct', { value: distinct, configurable: true });
  }

  async forward(request: FastifyRequest, reply: FastifyReply, env: Environment, accountId: string): Promise<FastifyReply> {
    const body = await readBody(request.raw, this.bodyMax);
    const headers = copyHeaders(request.headers as Record<string, string | string[] | undefined>);
    delete headers[FORWARDED];
    const msg: ForwardedRequest = {
      environment: env,
      account_id: accountId,
      method: request.method,
      url: request.url,
      headers,
      body,
      remote_address: request.ip,
      raw_headers: request.raw.rawHeaders,
    };
    const { body: answer } = await this.router.send<ForwardedAnswer>(env, this.host.partitionOf(accountId), '/internal/v1/forward', msg, this.timeoutMs);
    reply.code(answer.status);
    for (const [k, v] of Object.entries(answer.headers)) reply.header(k, v);
    return reply.send(answer.body);
  }
}
