import type { FastifyInstance, FastifyRequest } from 'fastify';
import sjson from 'secure-json-parse';
import { ApiError } from '../../errors/api-error.js';
import { scanJson, type InexactNumber } from './json-scan.js';

/** A body's first number that is not a plain safe integer, found by the parser and answered after validation. */
const inexactNumbers = new WeakMap<FastifyRequest, InexactNumber>();

/**
 * The only body parser: application/json (any charset parameter). Not JSON, __proto__ or constructor keys,
 * a key twice in one object (JSON parsers disagree on which one wins, so no reading of it is safe), or nesting
 * deeper than the limit → invalid_json; a number not written as a plain safe integer →
 * invalid_request naming the field, once validation passed. One scan of the text finds all three (json-scan.ts). An empty body counts as no body.
 */
export function installJsonParser(app: FastifyInstance, maxDepth: number, bodyLimit: number): void {
  app.removeAllContentTypeParsers();
  // A route that reads its body itself (RouteDef rawBody: a signal's alert) gets the text; checkBodyHeaders lets
  // text/plain through to those routes only.
  const rawText = (req: FastifyRequest): boolean => (req.routeOptions.config as { def?: { rawBody?: unknown } } | undefined)?.def?.rawBody !== undefined;
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit }, (req, body, done) => {
    if (!rawText(req)) done(new ApiError('unsupported_media_type', { details: { content_type: req.headers['content-type'] ?? null } }), undefined);
    else done(null, String(body));
  });
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (req, body, done) => {
    const text = String(body);
    if (rawText(req)) {
      done(null, text);
      return;
    }
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    let parsed: unknown;
    try {
      parsed = sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch (err) {
      const poisoned = /prototype/i.test((err as Error).message);
      done(new ApiError('invalid_json', { message: poisoned ? 'The body has a forbidden key (__proto__ or constructor.prototype).' : 'The body is not valid JSON.' }), undefined);
      return;
    }
    const scan = scanJson(text);
    if (scan.depth > maxDepth) {
      done(new ApiError('invalid_json', { message: `The body is nested deeper than ${maxDepth} levels.`, details: { max_depth: maxDepth } }), undefined);
      return;
    }
    if (scan.duplicateKey !== undefined) {
      const key = scan.duplicateKey.length > 64 ? `${scan.duplicateKey.slice(0, 64)}…` : scan.duplicateKey;
      done(new ApiError('invalid_json', { message: `The body has the key ${JSON.stringify(key)} twice in one object.`, details: { duplicate_key: key } }), undefined);
      return;
    }
    if (scan.inexact !== undefined) inexactNumbers.set(req, scan.inexact);
    done(null, parsed);
  });
  // After validation, so an unknown field or a value of the wrong kind is answered as such first (CONTRACT §5
  // order), and before the Idempotency-Key and the handler: nothing is stored with a number it was not sent.
  app.addHook('preHandler', (request, _reply, done) => {
    const inexact = inexactNumbers.get(request);
    if (inexact === undefined) {
      done();
      return;
    }
    const message = `${inexact.field} must be an integer written in digits, from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER} (got ${inexact.text})`;
    throw new ApiError('invalid_request', { message, details: { field: inexact.field, reason: inexact.reason, errors: [{ field: inexact.field, message }] } });
  });
}

const JSON_TYPE_RE = /^application\/json\s*(;.*)?$/i;
const TEXT_TYPE_RE = /^text\/plain\s*(;.*)?$/i;

/** 413 and 415 from the headers, before anything else is looked at (CONTRACT §5 order). */
export function checkBodyHeaders(request: FastifyRequest, bodyLimit: number, alsoText = false): void {
  const length = request.headers['content-length'];
  const chunked = request.headers['transfer-encoding'] !== undefined;
  const hasBody = chunked || (length !== undefined && length !== '0');
  if (!hasBody || request.method === 'GET' || request.method === 'HEAD') return;
  if (length !== undefined && Number(length) > bodyLimit) {
    throw new ApiError('payload_too_large', { details: { max_bytes: bodyLimit } });
  }
  const type = request.headers['content-type'];
  if (type === undefined || !(JSON_TYPE_RE.test(type) || (alsoText && TEXT_TYPE_RE.test(type)))) {
    throw new ApiError('unsupported_media_type', { details: { content_type: type ?? null } });
  }
}

/** Unknown or repeated query parameters → unknown_field (details.fields). */
export function checkQuery(request: FastifyRequest, known: ReadonlySet<string>): void {
  const q = request.url.indexOf('?');
  if (q < 0) return;
  const seen = new Set<string>();
  const bad = new Set<string>();
  for (const [name] of new URLSearchParams(request.url.slice(q + 1))) {
    if (seen.has(name) || !known.has(name)) bad.add(name);
    seen.add(name);
  }
  if (bad.size > 0) {
    const fields = [...bad];
    throw new ApiError('unknown_field', { message: `Unknown or repeated parameter: ${fields.join(', ')}`, details: { fields } });
  }
}
