import type { SwaggerOptions } from '@fastify/swagger';
import { CODES, type ErrorCode } from '../errors/codes.js';
import type { Environment } from '../schemas/common.js';
import { canonical, SchemaBook } from './openapi-schemas.js';
import { errorEnvelope, errorName, errorResponseSchema, errorVariant, HEADER_NAMES, headerRef, HEADERS, PARAMETERS, TAGS } from './openapi-parts.js';
import { routeCodes, type RouteDef } from './route.js';
import { NAMED_SCHEMAS } from './schemas/components.js';

/**
 * The OpenAPI 3.1 document of one listener, written from the route definitions (routes as data): @fastify/swagger
 * lists the registered routes, and `finishDocument` writes each operation from its RouteDef — operationId, tags,
 * parameters, body, answers with their headers, error codes from the catalogue — with named components.
 */
type Json = Record<string, unknown>;

export interface DocumentContext {
  environment: Environment;
  publicUrl: Readonly<Record<Environment, string>>;
  routes: RouteDef[];
}

const openapiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const pascal = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted' };

export function servers(ctx: Pick<DocumentContext, 'environment' | 'publicUrl'>): Json[] {
  const other: Environment = ctx.environment === 'live' ? 'sandbox' : 'live';
  // This host first: a client generated from the document talks to the host it was read from.
  return [ctx.environment, other].map((env) => ({ url: ctx.publicUrl[env], description: env }));
}

/** The swagger options: the document's fixed head; `finishDocument` writes the operations. */
export function swaggerOptions(ctx: DocumentContext): SwaggerOptions {
  const options = {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rampart API',
        version: '1.0.0',
        description:
          'Protected-order trading API for perpetual markets. Prices, sizes and money are decimal strings; times are Unix milliseconds. ' +
          'Every error answers the envelope {error: {type, code, message, request_id, retryable, doc_url, details}}; each operation lists the codes it can answer. ' +
          'A path called with a method it does not take answers 405 method_not_allowed with an `Allow` header.',
        contact: { name: 'Rampart API team', email: 'api@rampart.dev', url: 'https://docs.rampart.dev' },
        license: { name: 'Proprietary', url: 'https://rampart.dev/terms' },
      },
      servers: servers(ctx),
      tags: [...TAGS],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'API key rk_live_… / rk_test_… or app token rat_…' } },
      },
      security: [{ bearer: [] }],
    },
    transformObject: ({ openapiObject }: { openapiObject: unknown }) => finishDocument(openapiObject as Json, ctx),
  };
  // The document is plain JSON here; @fastify/swagger's types want each literal narrowed.
  return options as unknown as SwaggerOptions;
}

function parametersOf(def: RouteDef, book: SchemaBook): Json[] {
  const out: Json[] = [];
  for (const [where, schema] of [['path', def.schema.params], ['query', def.schema.querystring]] as const) {
    const obj = schema as unknown as { properties?: Record<string, Json>; required?: string[] } | undefined;
    for (const [name, prop] of Object.entries(obj?.properties ?? {})) {
      const { description, ...rest } = book.use(prop);
      out.push({ name, in: where, required: where === 'path' || (obj?.required ?? []).includes(name), ...(description ? { description } : {}), schema: rest });
    }
  }
  if (def.idempotencyKey) out.push({ $ref: '#/components/parameters/IdempotencyKey' });
  if (def.streaming) out.push({ $ref: '#/components/parameters/LastEventId' });
  return out;
}

/** A body or answer: its name when it is a named shape, `<Item>List` for a list of one, else after the operation. */
function named(book: SchemaBook, schema: unknown, fallback: string): Json {
  if (book.nameOf(schema)) return book.use(schema);
  const data = (schema as { properties?: { data?: { items?: unknown } } }).properties?.data?.items;
  const item = data !== undefined ? book.nameOf(data) : undefined;
  return book.ref(book.register(item ? `${item}List` : fallback, schema));
}

function headersOf(names: string[]): Json {
  return Object.fromEntries(names.map((n) => [HEADER_NAMES[n], headerRef(n)]));
}

const EVERY_ANSWER = ['XRequestId', 'RateLimitLimit', 'RateLimitRemaining', 'RateLimitReset'];

function responsesOf(def: RouteDef, book: SchemaBook, errorRef: (c: ErrorCode) => string): Json {
  const out: Json = {};
  const op = pascal(def.operationId);
  for (const [status, schema] of Object.entries(def.schema.response)) {
    const s = schema as unknown as Json;
    const extra = [...(def.responseHeaders?.[Number(status)] ?? []), ...(def.idempotencyKey ? ['IdempotentReplayed'] : [])];
    const headers = headersOf([...EVERY_ANSWER, ...extra]);
    const description = typeof s.description === 'string' ? s.description : (STATUS_TEXT[Number(status)] ?? 'Success');
    if (isObject(s.content)) {
      out[status] = { description, headers, content: s.content };
      continue;
    }
    out[status] = { description, headers, content: { 'application/json': { schema: named(book, schema, `${op}Response`) } } };
  }
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of routeCodes(def)) byStatus.set(CODES[code].status, [...(byStatus.get(CODES[code].status) ?? []), code]);
  for (const [status, codes] of [...byStatus.entries()].sort((a, b) => a[0] - b[0])) {
    const extra = [
      ...(codes.some((c) => CODES[c].retryable) ? ['RetryAfter'] : []),
      ...(status === 401 ? ['WWWAuthenticate'] : []),
      // Refusals kept with the Idempotency-Key replay as they were (CONTRACT §5).
      ...(def.idempotencyKey && (status === 409 || status === 422) ? ['IdempotentReplayed'] : []),
    ];
    out[String(status)] = {
      description: `Error codes: ${codes.join(', ')}`,
      headers: headersOf([...EVERY_ANSWER, ...extra]),
      content: { 'application/json': { schema: errorResponseSchema(codes, errorRef) } },
    };
  }
  return out;
}

/** Writes every operation of the swagger skeleton from its RouteDef, and the components they use. */
export function finishDocument(doc: Json, ctx: DocumentContext): Json {
  const book = new SchemaBook(NAMED_SCHEMAS);
  const errorRef = (code: ErrorCode): string => {
    const name = errorName(code);
    if (!book.components[name]) book.components[name] = errorVariant(code, book);
    return `#/components/schemas/${name}`;
  };
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const seen = new Set<string>();
  for (const def of ctx.routes) {
    if (def.environments && !def.environments.includes(ctx.environment)) continue;
    const op = paths[openapiPath(def.url)]?.[def.method.toLowerCase()];
    if (!op) throw new Error(`${def.method} ${def.url} is not in the document`);
    if (seen.has(def.operationId)) throw new Error(`operationId ${def.operationId} is used twice`);
    seen.add(def.operationId);
    for (const k of Object.keys(op)) delete op[k];
    Object.assign(op, {
      operationId: def.operationId,
      summary: def.summary,
      description: def.description,
      tags: def.tags,
      ...(def.access === 'none' ? { security: [] } : {}),
      ...(def.environments ? { servers: def.environments.map((env) => ({ url: ctx.publicUrl[env], description: env })) } : {}),
      parameters: parametersOf(def, book),
      ...(def.schema.body
        ? {
            requestBody: {
              required: !def.optionalBody,
              ...(def.optionalBody ? { description: 'Optional: no body is the same as {}.' } : {}),
              content: { 'application/json': { schema: named(book, def.schema.body, `${pascal(def.operationId)}Request`) } },
            },
          }
        : {}),
      responses: responsesOf(def, book, errorRef),
      'x-access': def.access,
      'x-error-codes': routeCodes(def),
    });
    if ((op.parameters as Json[]).length === 0) delete op.parameters;
  }
  // 405 answers a method a path does not take, so no operation lists it: it is declared once, for clients to use.
  const responses = {
    MethodNotAllowed: {
      description: 'The path exists with other methods (method_not_allowed); `Allow` lists them.',
      headers: headersOf(['XRequestId', 'Allow']),
      content: { 'application/json': { schema: errorResponseSchema(['method_not_allowed'], errorRef) } },
    },
  };
  const schemas: Json = { Error: errorEnvelope(), ...book.components };
  const components = (doc.components ?? {}) as Json;
  doc.components = { ...components, schemas, responses, parameters: usedParameters(doc), headers: HEADERS };
  return doc;
}

function usedParameters(doc: Json): Json {
  const text = canonical(doc.paths);
  return Object.fromEntries(Object.entries(PARAMETERS).filter(([name]) => text.includes(`#/components/parameters/${name}"`)));
}
