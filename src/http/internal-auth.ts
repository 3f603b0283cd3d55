import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import sjson from 'secure-json-parse';
import {
  fresh,
  macMatches,
  parseSignature,
  SIGNATURE_HEADER,
  SIGNATURE_WINDOW_MS,
  type SignatureFault,
  type SignatureParts,
  type SignedRequest,
} from '../cluster/node-signature.js';
import { ReplayGuard } from '../cluster/replay-guard.js';
import { ApiError } from '../errors/api-error.js';

export interface NodeGateOptions {
  secret: string;
  /** This node's internal URL as advertised to the others: what a request to it was signed for. */
  self: () => string;
  /** Wall time (node-to-node freshness), injectable for tests. */
  wallNow?: () => number;
}

/**
 * The checks of a node signature, shared by the internal listener's routes and the forwarded public requests it
 * hands to the API (one memory of nonces for both): the header as the request arrives (present, of the form, within
 * the window), then — once the body is in — the MAC in constant time, then the nonce, remembered only once the MAC
 * matched (nobody without the secret can fill the memory).
 */
export class NodeGate {
  private readonly guard = new ReplayGuard(SIGNATURE_WINDOW_MS);
  private readonly now: () => number;

  constructor(private readonly o: NodeGateOptions) {
    this.now = o.wallNow ?? Date.now;
  }

  arrive(header: string | string[] | undefined): SignatureParts | SignatureFault {
    const p = parseSignature(header);
    if (typeof p === 'string') return p;
    return fresh(p, this.now()) ? p : 'stale';
  }

  check(p: SignatureParts, req: Omit<SignedRequest, 'to'>): SignatureFault | null {
    if (!macMatches(this.o.secret, p, { ...req, to: this.o.self() })) return 'mismatch';
    return this.guard.admit(p.node, p.nonce, p.signedAt, this.now()) ? null : 'replayed';
  }
}

export const SIGNATURE_MESSAGES: Record<SignatureFault, string> = {
  missing: `Node-to-node requests need the ${SIGNATURE_HEADER} header.`,
  malformed: `The ${SIGNATURE_HEADER} header is not t=<ms>,node=<id>,nonce=<nonce>,v1=<mac>, or is repeated.`,
  stale: `The request was signed more than ${SIGNATURE_WINDOW_MS / 1000} s from this node's clock.`,
  mismatch: 'The signature does not match the request (another node secret, or a changed method, path, body or receiver).',
  replayed: 'This nonce was taken already.',
};

const JSON_TYPE_RE = /^application\/json\s*(;.*)?$/i;

/** Logs a refused signature (the sender's claimed id and the reason, never the header: an operator sees a node with the wrong secret or clock). */
export function signatureRefused(log: FastifyBaseLogger, at: { remote: string | undefined; url: string | undefined }, reason: SignatureFault, node?: string): ApiError {
  log.warn({ reason, claimed_node: node, ...at }, 'internal request refused');
  return new ApiError('invalid_node_signature', { message: SIGNATURE_MESSAGES[reason], details: { reason } });
}

const refused = (request: FastifyRequest, reason: SignatureFault, node?: string): ApiError =>
  signatureRefused(request.log, { remote: request.ip, url: request.url }, reason, node);

/**
 * Every request to the internal listener is signed (src/cluster/node-signature.ts): the header is judged as the
 * request arrives (no header, not of the form, out of the window: refused before the body is read); the MAC over
 * method, path, body digest and receiver once the body is in, in constant time; then the nonce, remembered only
 * once the MAC matched (nobody without the secret can fill the memory). Only then is the body read as JSON and
 * validated by the route — no byte of an unsigned request reaches a parser or a handler. Every refusal is
 * 401 invalid_node_signature in the envelope, unknown paths included.
 */
export function installInternalAuth(app: FastifyInstance, gate: NodeGate, bodyLimit: number): void {
  const parts = new WeakMap<FastifyRequest, SignatureParts>();

  app.addHook('onRequest', (request, _reply, done) => {
    const p = gate.arrive(request.headers[SIGNATURE_HEADER]);
    if (typeof p === 'string') throw refused(request, p);
    parts.set(request, p);
    done();
  });

  // The bytes as sent, whatever their type: the MAC is over them, and the type is judged only once it matched.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body));

  app.addHook('preValidation', (request, _reply, done) => {
    const p = parts.get(request)!;
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const fault = gate.check(p, { method: request.method, url: request.url, body: raw });
    if (fault) throw refused(request, fault, p.node);
    request.body = parseBody(request, raw);
    done();
  });
}

/** The signed body as JSON: application/json, no __proto__ or constructor keys; no body is undefined. */
function parseBody(request: FastifyRequest, raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  const type = request.headers['content-type'];
  if (type === undefined || !JSON_TYPE_RE.test(type)) throw new ApiError('unsupported_media_type', { details: { content_type: type ?? null } });
  try {
    return sjson.parse(raw.toString('utf8'), undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw new ApiError('invalid_json', { message: 'The body is not valid JSON.' });
  }
}
