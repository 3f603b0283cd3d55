import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountOfCommand } from '../cluster/cluster-engine.js';
import type { PartitionRouter } from '../cluster/forwarding.js';
import { FORWARD_HEADER, forwardMeta, headerLines, headersToForward, parseForwardMeta, REFUSAL_HEADER } from '../cluster/forward-wire.js';
import { SIGNATURE_HEADER } from '../cluster/node-signature.js';
import type { ClusterOp, ClusterOps } from '../cluster/ops.js';
import type { Config } from '../config/config.js';
import type { Clock } from '../engine/clock.js';
import type { EngineCommand, EnginePort, EngineQuery } from '../engine-host/port.js';
import type { EngineHost } from '../engine-host/host.js';
import type { Environment } from '../schemas/common.js';
import { ApiError } from '../errors/api-error.js';
import { envelope, sendError } from './envelope.js';
import { createInstance, newRequestId } from './instance.js';
import { installInternalAuth, NodeGate, signatureRefused } from './internal-auth.js';
import { ExecuteBody, OpBody, QueryBody } from './internal-schemas.js';
import { trackRouteMethods } from './route-methods.js';

/** A forwarded request on the owner, once its signature checked: the client's address and the body as it came. */
interface Adopted {
  clientIp: string;
  body: Buffer;
}

/** Set only by the internal listener, on a request whose signature it checked: nothing a client sends can set it. */
const ADOPTED = Symbol('rampart.forwarded');

/** The owner's answer's framing and connection headers: this node's own connection to its client sets its own. */
const ANSWER_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'proxy-connection', 'te', 'trailer']);

/** A forward (and each internal message) holds a public body up to its own limit. */
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
  logger: FastifyInstance['log'];
}

/**
 * The node-to-node listener (RAMPART_INTERNAL_LISTEN): forwarded public requests (src/cluster/forward-wire.ts: handed
 * to this node's public API as if they had landed there — the owner authenticates, spends the budgets and writes the
 * Idempotency-Key record in the command's transaction — and answered by it on the same connection), forwarded engine
 * commands and queries (operator actions, account figures), and operator fan-out. Every request is signed by the
 * sending node (src/http/internal-auth.ts); anything else — unsigned, badly signed, stale, replayed, malformed,
 * unknown — answers the error envelope, 4xx. A node that does not hold the partition answers 409 not_owner and the
 * sender asks the lease table again.
 */
export function buildInternal(deps: InternalDeps): FastifyInstance {
  const { config } = deps;
  const bodyLimit = Math.max(INTERNAL_BODY_MIN, 8 * config.limits.body_max_bytes);
  const tls = config.cluster.tls;
  // Mutual TLS: a client without a certificate of the cluster's CA does not get past the handshake.
  const https = tls ? { cert: tls.cert, key: tls.key, ca: tls.ca, requestCert: true, rejectUnauthorized: true, minVersion: 'TLSv1.2' as const } : undefined;
  const gate = new NodeGate({ secret: deps.secret, self: deps.self });
  const passOn = forwardedRequests(deps, gate, bodyLimit);
  const app = createInstance({ ...config, trustProxy: false, limits: { ...config.limits, body_max_bytes: bodyLimit } }, deps.logger, 'internal', deps.clock, https, passOn);
  const routeError = trackRouteMethods(app);
  app.setNotFoundHandler((request, reply) => sendError(request, reply, routeError(request), config.docsUrl));
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  installInternalAuth(app, gate, bodyLimit);
  const notOwner = (reply: FastifyReply) => reply.code(409).send({ error: 'not_owner' });

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

/**
 * Takes the requests that carry the forward header before the listener's routes see them: the signature (the
 * header as it arrives, then the MAC over method, path, body and headers, then the nonce), the forward header, this
 * node's hold on the partition; then the request goes to the environment's public API as it came, its client's
 * address and body attached (RequestForwarder.adopt), and the API answers on this connection. A refusal of the
 * listener itself is the envelope with REFUSAL_HEADER, which a public answer never carries.
 */
function forwardedRequests(deps: InternalDeps, gate: NodeGate, bodyLimit: number): (req: IncomingMessage, res: ServerResponse) => boolean {
  const log = deps.logger.child({ listener: 'internal' });
  // The listener's own refusals: the envelope (its code in REFUSAL_HEADER), or not_owner as the routes answer it.
  const answer = (res: ServerResponse, status: number, refusal: string, body: string, id: string) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'x-request-id': id, [REFUSAL_HEADER]: refusal });
    res.end(body);
  };
  const refuse = (res: ServerResponse, err: ApiError) => {
    const id = newRequestId();
    answer(res, err.status, err.code, JSON.stringify(envelope(err, id, deps.config.docsUrl)), id);
  };
  const notOwner = (res: ServerResponse) => answer(res, 409, 'not_owner', JSON.stringify({ error: 'not_owner' }), newRequestId());
  const accept = async (req: IncomingMessage, res: ServerResponse) => {
    const at = { remote: req.socket.remoteAddress, url: req.url };
    const p = gate.arrive(req.headers[SIGNATURE_HEADER]);
    if (typeof p === 'string') return refuse(res, signatureRefused(log, at, p));
    const { body, size } = await readBody(req, bodyLimit);
    if (size > bodyLimit) return refuse(res, new ApiError('payload_too_large', { details: { max_bytes: bodyLimit } }));
    const fault = gate.check(p, { method: req.method ?? '', url: req.url ?? '', body, headers: headerLines(req.rawHeaders) });
    if (fault) return refuse(res, signatureRefused(log, at, fault, p.node));
    const meta = parseForwardMeta(req.headers[FORWARD_HEADER]);
    if (!meta) return refuse(res, new ApiError('invalid_request', { message: `The ${FORWARD_HEADER} header is not <environment> <account id> <client address>.` }));
    if (!(await deps.host.know(meta.accountId)) || !deps.host.holds(meta.environment, meta.accountId)) return notOwner(res);
    RequestForwarder.adopt(req, { clientIp: meta.clientIp, body });
    deps.api[meta.environment].routing(req, res);
  };
  return (req, res) => {
    if (req.headers[FORWARD_HEADER] === undefined) return false;
    accept(req, res).catch((err: unknown) => {
      log.error({ err }, 'forwarded request failed before the API took it');
      res.destroy();
    });
    return true;
  };
}

/**
 * Reads a request body not yet consumed to its end: its bytes up to the first chunk past `keep` (the rest is drained,
 * not kept), and how many there were in all.
 */
function readBody(raw: IncomingMessage, keep: number): Promise<{ body: Buffer; size: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    raw.on('data', (c: Buffer) => {
      if (size <= keep) chunks.push(c);
      size += c.length;
    });
    raw.on('end', () => resolve({ body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), size }));
    raw.on('error', reject);
  });
}

/** The forwarded request's body, given to the public API's body parser in place of the connection's bytes (read already). */
function bodyStream(body: Buffer): Readable {
  const stream = new Readable({ read() {} });
  if (body.length > 0) stream.push(body);
  stream.push(null);
  return stream;
}

/**
 * The forwarding side: a public request about an account whose engine partition another node holds is sent, as it
 * came, to that node and its answer relayed. Forwarding the whole request (not only its engine command) keeps the
 * Idempotency-Key record in the same transaction as the command on the owner, and the account's reads there.
 */
export class RequestForwarder {
  constructor(
    private readonly host: EngineHost,
    private readonly router: PartitionRouter,
    private readonly bodyMax: number,
    private readonly timeoutMs: number,
  ) {}

  /** On the owner: marks a request the internal listener checked, before the public API takes it. */
  static adopt(req: IncomingMessage, adopted: Adopted): void {
    (req as IncomingMessage & { [ADOPTED]?: Adopted })[ADOPTED] = adopted;
  }

  private static adopted(request: FastifyRequest): Adopted | undefined {
    return (request.raw as IncomingMessage & { [ADOPTED]?: Adopted })[ADOPTED];
  }

  /**
   * The account whose owner must answer this request, or null to answer it here (this node holds it, it is the
   * stream, it was forwarded here, or no such account exists: any node answers account_not_found alike).
   */
  async target(request: FastifyRequest, env: Environment): Promise<string | null> {
    if (RequestForwarder.adopted(request)) return null;
    const accountId = (request.params as Record<string, string> | undefined)?.account_id;
    if (!accountId || request.routeOptions.config.def?.streaming) return null;
    if (!(await this.host.know(accountId))) return null;
    return this.host.holds(env, accountId) ? null : accountId;
  }

  /** On the owner, a forwarded request is the client's: its address as the node it reached judged it. */
  restoreClient(request: FastifyRequest): void {
    const adopted = RequestForwarder.adopted(request);
    if (adopted) Object.defineProperty(request, 'ip', { value: adopted.clientIp });
  }

  /** On the owner, the body parser reads the forwarded body (the connection's bytes were read to check the signature). */
  payload(request: FastifyRequest, payload: Readable): Readable {
    const adopted = RequestForwarder.adopted(request);
    return adopted ? bodyStream(adopted.body) : payload;
  }

  async forward(request: FastifyRequest, reply: FastifyReply, env: Environment, accountId: string): Promise<FastifyReply> {
    // Up to a chunk past the limit: the owner refuses a body over it (413) as this node would.
    const { body, size } = await readBody(request.raw, this.bodyMax);
    const headers = headersToForward(request.raw.rawHeaders);
    headers.push(FORWARD_HEADER, forwardMeta({ environment: env, accountId, clientIp: request.ip }));
    const answer = await this.router.forward(env, this.host.partitionOf(accountId), { method: request.method, url: request.url, headers, body: size === 0 ? null : body }, this.timeoutMs);
    reply.code(answer.status);
    for (const [k, v] of Object.entries(answer.headers)) if (v !== undefined && !ANSWER_HOP.has(k)) reply.header(k, v);
    return reply.send(answer.body);
  }
}
