import type { FastifyInstance, FastifyRequest } from 'fastify';
import sjson from 'secure-json-parse';
import { ApiError } from '../../errors/api-error.js';
import { inexactNumberOf, type InexactNumber } from './json-numbers.js';

/** Depth of nested objects and arrays, without recursion (a hostile body cannot blow the stack here). */
export function depthOf(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    const depth = d + 1;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth]);
  }
  return deepest;
}

/**
 * The first key that appears twice in one object of a text that is valid JSON, undefined when none does. Keys
 * compare as JSON reads them (`"a"` and `"\u0061"` are one key). One pass, no recursion.
 */
export function duplicateKeyOf(text: string): string | undefined {
  // One entry per open object (its keys so far) or array (null).
  const frames: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22) {
      let j = i + 1;
      let escaped = false;
      while (j < text.length && text.charCodeAt(j) !== 0x22) {
        if (text.charCodeAt(j) === 0x5c) {
          escaped = true;
          j++;
        }
        j++;
      }
      if (expectKey) {
        const key = escaped ? (JSON.parse(text.slice(i, j + 1)) as string) : text.slice(i + 1, j);
        const keys = frames[frames.length - 1]!;
        if (keys.has(key)) return key;
        keys.add(key);
        expectKey = false;
      }
      i = j;
    } else if (ch === 0x7b) {
      frames.push(new Set());
      expectKey = true;
    } else if (ch === 0x5b) {
      frames.push(null);
    } else if (ch === 0x7d || ch === 0x5d) {
      frames.pop();
      expectKey = false;
    } else if (ch === 0x2c) {
      expectKey = frames[frames.length - 1] instanceof Set;
    }
  }
  return undefined;
}

/** A body's first number that is not a plain safe integer, found by the parser and answered after validation. */
const inexactNumbers = new WeakMap<FastifyRequest, InexactNumber>();

/**
 * The only body parser: application/json (any charset parameter). Not JSON, __proto__ or constructor keys,
 * a key twice in one object (JSON parsers disagree on which one wins, so no reading of it is safe), or nesting
 * deeper than the limit → invalid_json; a number not written as a plain safe integer (json-numbers.ts) →
 * invalid_request naming the field, once validation passed. An empty body counts as no body.
 */
export function installJsonParser(app: FastifyInstance, maxDepth: number, bodyLimit: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (req, body, done) => {
    const text = String(body);
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
    if (depthOf(parsed, maxDepth) > maxDepth) {
      done(new ApiError('invalid_json', { message: `The body is nested deeper than ${maxDepth} levels.`, details: { max_depth: maxDepth } }), undefined);
      return;
    }
    const duplicate = duplicateKeyOf(text);
    if (duplicate !== undefined) {
      const key = duplicate.length > 64 ? `${duplicate.slice(0, 64)}…` : duplicate;
      done(new ApiError('invalid_json', { message: `The body has the key ${JSON.stringify(key)} twice in one object.`, details: { duplicate_key: key } }), undefined);
      return;
    }
    const inexact = inexactNumberOf(text);
    if (inexact !== undefined) inexactNumbers.set(req, inexact);
    done(null, parsed);
  });
  // After validation, so an unknown field or a value of the wrong kind is answered as such first (CONTRACT §5
  // order), and before the Idempotency-Key and the handler: nothing is stored with a number it was not sent.
  app.addHook('preHandler', async (request) => {
    const inexact = inexactNumbers.get(request);
    if (inexact === undefined) return;
    const message = `${inexact.field} must be an integer written in digits, from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER} (got ${inexact.text})`;
    throw new ApiError('invalid_request', { message, details: { field: inexact.field, reason: inexact.reason, errors: [{ field: inexact.field, message }] } });
  });
}

const JSON_TYPE_RE = /^application\/json\s*(;.*)?$/i;

/** 413 and 415 from the headers, before anything else is looked at (CONTRACT §5 order). */
export function checkBodyHeaders(request: FastifyRequest, bodyLimit: number): void {
  const length = request.headers['content-length'];
  const chunked = request.headers['transfer-encoding'] !== undefined;
  const hasBody = chunked || (length !== undefined && length !== '0');
  if (!hasBody || request.method === 'GET' || request.method === 'HEAD') return;
  if (length !== undefined && Number(length) > bodyLimit) {
    throw new ApiError('payload_too_large', { details: { max_bytes: bodyLimit } });
  }
  const type = request.headers['content-type'];
  if (type === undefined || !JSON_TYPE_RE.test(type)) {
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
