import type { FastifyInstance, FastifyRequest } from 'fastify';
import sjson from 'secure-json-parse';
import { fresh, macMatches, parseSignature, SIGNATURE_HEADER, SIGNATURE_WINDOW_MS, type SignatureFault, type SignatureParts } from '../cluster/node-signature.js';
import { ReplayGuard } from '../cluster/replay-guard.js';
import { ApiError } from '../errors/api-error.js';

export interface InternalAuthOptions {
  secret: string;
  /** This node's internal URL as advertised to the others: what a request to it was signed for. */
  self: () => string;
  /** Wall time (node-to-node freshness), injectable for tests. */
  wallNow?: () => number;
  bodyLimit: number;
}

const MESSAGES: Record<SignatureFault, string> = {
  missing: `Node-to-node requests need the ${SIGNATURE_HEADER} header.`,
  malformed: `The ${SIGNATURE_HEADER} header is not t=<ms>,node=<id>,nonce=<nonce>,v1=<mac>, or is repeated.`,
  stale: `The request was signed more than ${SIGNATURE_WINDOW_MS / 1000} s from this node's clock.`,
  mismatch: 'The signature does not match the request (another node secret, or a changed method, path, body or receiver).',
  replayed: 'This nonce was taken already.',
};

const JSON_TYPE_RE = /^application\/json\s*(;.*)?$/i;

function refused(request: FastifyRequest, reason: SignatureFault, node?: string): ApiError {
  // The sender's claimed id and the reason, never the header: an operator sees a node with the wrong secret or clock.
  request.log.warn({ reason, claimed_node: node, remote: request.ip, url: request.url }, 'internal request refused');
  return new ApiError('invalid_node_signature', { message: MESSAGES[reason], details: { reason } });
}

/**
 * Every request to the internal listener is signed (src/cluster/node-signature.ts): the header is judged as the
 * request arrives (no header, not of the form, out of the window: refused before the body is read); the MAC over
 * method, path, body digest and receiver once the body is in, in constant time; then the nonce, remembered only
 * once the MAC matched (nobody without the secret can fill the memory). Only then is the body read as JSON and
 * validated by the route — no byte of an unsigned request reaches a parser or a handler. Every refusal is
 * 401 invalid_node_signature in the envelope, unknown paths included.
 */
export function installInternalAuth(app: FastifyInstance, o: InternalAuthOptions): void {
  const now = o.wallNow ?? Date.now;
  const guard = new ReplayGuard(SIGNATURE_WINDOW_MS);
  const parts = new WeakMap<FastifyRequest, SignatureParts>();

  app.addHook('onRequest', (request, _reply, done) => {
    const p = parseSignature(request.headers[SIGNATURE_HEADER]);
    if (typeof p === 'string') throw refused(request, p);
    if (!fresh(p, now())) throw refused(request, 'stale', p.node);
    parts.set(request, p);
    done();
  });

  // The bytes as sent, whatever their type: the MAC is over them, and the type is judged only once it matched.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: o.bodyLimit }, (_request, body, done) => done(null, body));

  app.addHook('preValidation', (request, _reply, done) => {
    const p = parts.get(request)!;
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!macMatches(o.secret, p, { to: o.self(), method: request.method, url: request.url, body: raw })) throw refused(request, 'mismatch', p.node);
    if (!guard.admit(p.node, p.nonce, p.signedAt, now())) throw refused(request, 'replayed', p.node);
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
