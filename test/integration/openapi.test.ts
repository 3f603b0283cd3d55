import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES } from '../../src/errors/codes.js';
import { routeCodes } from '../../src/http/route.js';
import { apiRoutes } from '../../src/http/routes/index.js';
import { TestServer } from '../helpers/server.js';

let s: TestServer;
let sandboxDoc: any;
let liveDoc: any;

/** Fastify's ':param' as OpenAPI's '{param}'. */
const openapiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const onHost = (env: 'live' | 'sandbox') => apiRoutes.filter((d) => !d.environments || d.environments.includes(env));

beforeAll(async () => {
  s = await TestServer.start();
  const sandbox = await s.sandboxCall('GET', '/v1/openapi.json');
  const live = await s.liveCall('GET', '/v1/openapi.json');
  expect(sandbox.status).toBe(200);
  expect(live.status).toBe(200);
  sandboxDoc = sandbox.body;
  liveDoc = live.body;
});
afterAll(() => s.close());

describe('GET /v1/openapi.json', () => {
  it('answers 200 without a key, as JSON, with X-Request-Id', async () => {
    const r = await s.sandboxCall('GET', '/v1/openapi.json');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it.each(['sandbox', 'live'] as const)('is a valid OpenAPI 3.1 document (%s)', async (env) => {
    const doc = env === 'sandbox' ? sandboxDoc : liveDoc;
    const validator = new Validator();
    const res = await validator.validate(structuredClone(doc));
    expect(res.errors ?? [], JSON.stringify(res.errors, null, 1)?.slice(0, 4000)).toEqual([]);
    expect(res.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
    // Both hosts, the one the document was read from first.
    const live = { url: 'http://live.rampart.test', description: 'live' };
    const sandbox = { url: 'http://sandbox.rampart.test', description: 'sandbox' };
    expect(doc.servers).toEqual(env === 'sandbox' ? [sandbox, live] : [live, sandbox]);
  });

  it('uses a validator that does refuse a broken document (control)', async () => {
    const broken = structuredClone(sandboxDoc);
    broken.paths['/v1/accounts'].get.parameters[0].in = 'body';
    delete broken.info.title;
    const res = await new Validator().validate(broken);
    expect(res.valid).toBe(false);
  });

  it.each(['sandbox', 'live'] as const)('describes every route registered on the %s host, and nothing else', (env) => {
    const doc = env === 'sandbox' ? sandboxDoc : liveDoc;
    const expected = onHost(env)
      .map((d) => `${d.method} ${openapiPath(d.url)}`)
      .sort();
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(expected);
  });

  it('leaves POST /v1/accounts out of the live document (sandbox only)', () => {
    expect(sandboxDoc.paths['/v1/accounts'].post).toBeDefined();
    expect(liveDoc.paths['/v1/accounts'].post).toBeUndefined();
    expect(liveDoc.paths['/v1/accounts'].get).toBeDefined();
  });

  it('documents path parameters in OpenAPI form', () => {
    for (const def of onHost('sandbox')) {
      const names = [...def.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
      const op = sandboxDoc.paths[openapiPath(def.url)][def.method.toLowerCase()];
      const pathParams = (op.parameters ?? []).filter((p: any) => p.in === 'path');
      expect(pathParams.map((p: any) => p.name).sort(), `${def.method} ${def.url}`).toEqual(names.sort());
      for (const p of pathParams) expect(p.required).toBe(true);
    }
  });

  it('needs no key for the document only; every other operation uses the bearer scheme', () => {
    expect(sandboxDoc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(sandboxDoc.security).toEqual([{ bearer: [] }]);
    for (const def of onHost('sandbox')) {
      const op = sandboxDoc.paths[openapiPath(def.url)][def.method.toLowerCase()];
      if (def.access === 'none') expect(op.security, def.url).toEqual([]);
      else expect(op.security, def.url).toBeUndefined();
      expect(op['x-access']).toBe(def.access);
    }
  });

  it('lists the error codes of every operation, each under its HTTP status, with the envelope schema', () => {
    for (const env of ['sandbox', 'live'] as const) {
      const doc = env === 'sandbox' ? sandboxDoc : liveDoc;
      for (const def of onHost(env)) {
        const where = `${env} ${def.method} ${def.url}`;
        const op = doc.paths[openapiPath(def.url)][def.method.toLowerCase()];
        const codes = routeCodes(def);
        expect(op['x-error-codes'], where).toEqual(codes);
        // Every success status of the route is documented.
        for (const status of Object.keys(def.schema.response)) expect(op.responses[status], `${where} ${status}`).toBeDefined();
        // Each error status carries exactly the codes with that status, and together they cover the route's codes.
        const listed: string[] = [];
        for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
          if (Number(status) < 400) continue;
          const schema = response.content?.['application/json']?.schema;
          expect(schema, `${where} ${status}`).toBeDefined();
          const statusCodes: string[] = schema['x-error-codes'];
          expect(Array.isArray(statusCodes) && statusCodes.length > 0, `${where} ${status}`).toBe(true);
          for (const code of statusCodes) expect(CODES[code as keyof typeof CODES].status, `${where} ${code}`).toBe(Number(status));
          expect(response.description, `${where} ${status}`).toContain(statusCodes.join(', '));
          // The envelope (components.schemas.Error), its `error` one of the status's codes, told apart by `code`.
          expect(schema.allOf[0]).toEqual({ $ref: '#/components/schemas/Error' });
          const error = schema.allOf[1].properties.error;
          expect(error.discriminator.propertyName).toBe('code');
          expect(Object.keys(error.discriminator.mapping)).toEqual(statusCodes);
          expect(error.oneOf.map((r: any) => r.$ref)).toEqual(Object.values(error.discriminator.mapping));
          listed.push(...statusCodes);
        }
        expect(listed.sort(), where).toEqual([...codes].sort());
        // The checks every route answers (CONTRACT §5) are there.
        for (const code of ['rate_limited', 'internal_error', 'not_ready', 'capacity', 'uri_too_long']) expect(codes, where).toContain(code);
      }
    }
  });

  it('lists the codes SPEC gives POST /v1/accounts', () => {
    const responses = sandboxDoc.paths['/v1/accounts'].post.responses;
    const codesOf = (status: number): string[] => responses[String(status)].content['application/json'].schema['x-error-codes'];
    expect(responses['202']).toBeDefined();
    // The envelope every error answers: {error: {type, code, message, request_id, retryable, doc_url, details?}}, nothing else.
    const envelope = sandboxDoc.components.schemas.Error;
    expect(envelope.required).toEqual(['error']);
    expect(envelope.additionalProperties).toBe(false);
    expect(Object.keys(envelope.properties.error.properties).sort()).toEqual(['code', 'details', 'doc_url', 'message', 'request_id', 'retryable', 'type']);
    expect(envelope.properties.error.required.sort()).toEqual(['code', 'doc_url', 'message', 'request_id', 'retryable', 'type']);
    expect(codesOf(400)).toEqual(expect.arrayContaining(['idempotency_key_required', 'invalid_idempotency_key', 'unknown_field', 'invalid_json', 'invalid_request']));
    expect(codesOf(401)).toEqual(expect.arrayContaining(['missing_api_key', 'invalid_api_key', 'revoked_api_key', 'expired_api_key', 'wrong_environment']));
    expect(codesOf(403)).toEqual(expect.arrayContaining(['ip_not_allowed', 'api_disabled', 'insufficient_permission']));
    expect(codesOf(409)).toEqual(expect.arrayContaining(['sandbox_limit_reached', 'sandbox_opening', 'operation_in_progress']));
    expect(codesOf(413)).toEqual(['payload_too_large']);
    expect(codesOf(415)).toEqual(['unsupported_media_type']);
    expect(codesOf(429)).toEqual(['rate_limited']);
    expect(codesOf(500)).toEqual(['internal_error']);
    expect(codesOf(503)).toEqual(expect.arrayContaining(['sandbox_disabled', 'temporarily_unavailable', 'not_ready', 'capacity', 'environment_disabled']));
    // The Idempotency-Key header is documented.
    const refs = sandboxDoc.paths['/v1/accounts'].post.parameters.map((p: any) => p.$ref).filter(Boolean);
    expect(refs).toEqual(['#/components/parameters/IdempotencyKey']);
    expect(sandboxDoc.components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: true });
  });

  it('does not list environment_disabled for the routes that stay up when the host is disabled', () => {
    const codesOf = (path: string) => sandboxDoc.paths[path].get['x-error-codes'] as string[];
    expect(codesOf('/v1/status')).not.toContain('environment_disabled');
    expect(codesOf('/v1/openapi.json')).not.toContain('environment_disabled');
    expect(codesOf('/v1/openapi.json')).not.toContain('missing_api_key');
    expect(codesOf('/v1/markets')).toContain('environment_disabled');
  });

  it('gives query parameters with their bounds (GET /v1/accounts)', () => {
    const params = sandboxDoc.paths['/v1/accounts'].get.parameters as any[];
    const limit = params.find((p) => p.name === 'limit' && p.in === 'query');
    expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 1000 });
    expect(params.find((p) => p.name === 'after' && p.in === 'query')).toBeDefined();
  });
});
