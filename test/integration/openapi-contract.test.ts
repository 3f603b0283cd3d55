import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES, errorType, type ErrorCode } from '../../src/errors/codes.js';
import { routeCodes } from '../../src/http/route.js';
import { apiRoutes } from '../../src/http/routes/index.js';
import { EVENT_TYPES } from '../../src/http/schemas/events.js';
import { pollEvents } from '../helpers/events.js';
import { expectError, TestServer, type Answer } from '../helpers/server.js';

/** The document as a contract: names, codes, headers, and real answers that conform to it. */
let s: TestServer;
let doc: any;
let n = 0;
const ik = () => `oc-${++n}`;
const openapiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const opOf = (def: (typeof apiRoutes)[number]) => doc.paths[openapiPath(def.url)][def.method.toLowerCase()];
const deref = (x: any): any => (x?.$ref ? x.$ref.split('/').slice(1).reduce((o: any, k: string) => o[k], doc) : x);

/** Checks an answer against the document: its status is listed, its body matches the schema, its headers are declared. */
function conforms(method: string, url: string, r: Answer): void {
  const op = doc.paths[openapiPath(url)][method.toLowerCase()];
  const response = op.responses[String(r.status)];
  expect(response, `${method} ${url} ${r.status} is not in the document`).toBeDefined();
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ ...doc, $id: 'doc' });
  const validate = ajv.compile({ $ref: `doc#/paths/${openapiPath(url).replaceAll('/', '~1')}/${method.toLowerCase()}/responses/${r.status}/content/application~1json/schema` });
  expect(validate(r.body), JSON.stringify(validate.errors)).toBe(true);
  // Every Rampart header the answer carries is declared on this response.
  const declared = new Set(Object.keys(response.headers ?? {}).map((h) => h.toLowerCase()));
  for (const h of ['x-request-id', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after', 'location', 'idempotent-replayed']) {
    if (r.headers.get(h) !== null) expect(declared.has(h), `${method} ${url} ${r.status} sends ${h}`).toBe(true);
  }
}

beforeAll(async () => {
  s = await TestServer.start();
  doc = (await s.sandboxCall('GET', '/v1/openapi.json')).body;
  await s.admin('PUT', '/admin/v1/markets/BTC-USD/price', { bid: '60000', ask: '60001', last: '60000.5' });
  await s.settleTrading();
});
afterAll(() => s.close());

describe('the OpenAPI document as a contract', () => {
  it('names the resources under components.schemas and refers to them', () => {
    const schemas = doc.components.schemas;
    for (const name of ['Account', 'Order', 'Exit', 'Position', 'Fill', 'MarginSetting', 'EquityCurve', 'Market', 'Product', 'Event', 'Webhook', 'WebhookDelivery', 'Error', 'OrderList', 'AccountList', 'FillList', 'EventList', 'PositionList', 'MarketList', 'WebhookList', 'WebhookDeliveryList']) {
      expect(schemas[name], name).toBeDefined();
    }
    const json = (path: string, method: string, status: string) => doc.paths[path][method].responses[status].content['application/json'].schema;
    expect(json('/v1/accounts/{account_id}/orders', 'post', '201')).toEqual({ $ref: '#/components/schemas/Order' });
    expect(json('/v1/accounts/{account_id}/orders', 'get', '200')).toEqual({ $ref: '#/components/schemas/OrderList' });
    expect(schemas.OrderList.properties.data.items).toEqual({ $ref: '#/components/schemas/Order' });
    expect(schemas.Order.properties.exits.items).toEqual({ $ref: '#/components/schemas/Exit' });
    expect(json('/v1/accounts/{account_id}/positions/{market}', 'get', '200')).toEqual({ $ref: '#/components/schemas/Position' });
    expect(doc.paths['/v1/accounts/{account_id}/orders'].post.requestBody).toMatchObject({ required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/PlaceOrderRequest' } } } });
    // The document is a fraction of the inlined one: no resource is written out twice.
    expect(JSON.stringify(doc).split('"average_fill_price":').length - 1).toBe(1);
  });

  it('makes Event a oneOf discriminated by type, mapping every type the service emits to its payload', () => {
    const event = doc.components.schemas.Event;
    expect(event.oneOf.map((r: any) => r.$ref.split('/').pop())).toEqual(['OrderEvent', 'FillEvent', 'PositionEvent', 'EngineRestartedEvent', 'RuleBreachEvent', 'RuleVersionEvent', 'SignalAlertEvent']);
    expect(event.discriminator.propertyName).toBe('type');
    expect(Object.keys(event.discriminator.mapping).sort()).toEqual([...EVENT_TYPES].sort());
    const payload = (type: string) => deref({ $ref: event.discriminator.mapping[type] }).properties.data.$ref.split('/').pop();
    expect(payload('order.filled')).toBe('Order');
    expect(payload('fill.created')).toBe('Fill');
    for (const t of ['position.opened', 'position.changed', 'position.closed']) expect(payload(t)).toBe('Position');
    expect(payload('engine.restarted')).toBe('EngineRestarted');
    expect(payload('account.rule_breach')).toBe('RuleBreach');
    expect(payload('account.rule_version')).toBe('RuleVersionChange');
    expect(payload('signal.alert')).toBe('SignalAlertResult');
    for (const [type, ref] of Object.entries(event.discriminator.mapping)) expect(deref({ $ref: ref }).properties.type.enum).toContain(type);
  });

  it('gives each operation exactly the error codes of the catalogue (routeCodes), each with its type, retryable and details', () => {
    for (const def of apiRoutes) {
      const op = opOf(def);
      const listed: string[] = [];
      for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
        if (Number(status) < 400) continue;
        for (const ref of response.content['application/json'].schema.allOf[1].properties.error.oneOf.map((r: any) => r.$ref)) {
          const variant = deref({ $ref: ref });
          const [code] = variant.properties.code.enum as ErrorCode[];
          expect(CODES[code!].status, `${def.operationId} ${code}`).toBe(Number(status));
          expect(variant.properties.type.enum).toEqual([errorType(code!)]);
          expect(variant.properties.retryable.enum).toEqual([CODES[code!].retryable]);
          listed.push(code!);
        }
      }
      expect(listed.sort(), def.operationId).toEqual([...routeCodes(def)].sort());
    }
    const details = (code: string) => deref({ $ref: `#/components/schemas/${code}` }).properties.details.properties;
    expect(details('InvalidSizeStepError').nearest).toMatchObject({ type: 'array' });
    expect(Object.keys(details('PriceOutOfBandError'))).toContain('band_pct');
    expect(details('RateLimitedError').scope.enum).toEqual(['ip', 'key', 'account_orders']);
    expect(Object.keys(details('UnknownFieldError'))).toEqual(['fields']);
    expect(Object.keys(details('AccountPausedError'))).toEqual(['until']);
    expect(Object.keys(details('ClientOrderIdConflictError'))).toContain('order_id');
  });

  it('declares Idempotency-Key as required where the route needs it, and optional bodies as optional', () => {
    for (const def of apiRoutes) {
      const op = opOf(def);
      const headers = (op.parameters ?? []).map(deref).filter((p: any) => p.in === 'header');
      const key = headers.find((p: any) => p.name === 'Idempotency-Key');
      if (def.idempotencyKey) expect(key, def.operationId).toMatchObject({ required: true });
      else expect(key, def.operationId).toBeUndefined();
      if (def.schema.body) expect(op.requestBody.required, def.operationId).toBe(!def.optionalBody);
    }
    expect(doc.paths['/v1/accounts/{account_id}/orders/cancel-all'].post.requestBody.required).toBe(false);
    expect(doc.paths['/v1/accounts/{account_id}/positions/close-all'].post.requestBody.required).toBe(false);
  });

  it('declares the response headers where they are sent', () => {
    const headersOf = (path: string, method: string, status: string) => Object.keys(doc.paths[path][method].responses[status].headers ?? {});
    for (const def of apiRoutes) {
      for (const [status, response] of Object.entries(opOf(def).responses as Record<string, any>)) {
        const h = Object.keys(response.headers);
        expect(h, `${def.operationId} ${status}`).toEqual(expect.arrayContaining(['X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']));
        const codes: ErrorCode[] = response.content['application/json']?.schema?.['x-error-codes'] ?? [];
        expect(h.includes('Retry-After'), `${def.operationId} ${status}`).toBe(codes.some((c) => CODES[c].retryable));
        if (Number(status) < 300) expect(h.includes('Idempotent-Replayed'), `${def.operationId} ${status}`).toBe(Boolean(def.idempotencyKey));
        expect(h.includes('WWW-Authenticate'), `${def.operationId} ${status}`).toBe(status === '401');
      }
    }
    expect(headersOf('/v1/accounts/{account_id}/orders', 'post', '202')).toContain('Location');
    expect(headersOf('/v1/accounts/{account_id}/orders', 'post', '201')).not.toContain('Location');
    expect(headersOf('/v1/accounts', 'post', '202')).toContain('Location');
    expect(headersOf('/v1/accounts/{account_id}/orders', 'post', '409')).toEqual(expect.arrayContaining(['Retry-After', 'Idempotent-Replayed']));
    expect(doc.components.headers.RetryAfter.schema).toMatchObject({ type: 'integer', minimum: 1 });
    expect(doc.components.responses.MethodNotAllowed.headers.Allow).toEqual({ $ref: '#/components/headers/Allow' });
    const stream = doc.paths['/v1/accounts/{account_id}/stream'].get;
    expect(stream.parameters.map(deref).find((p: any) => p.in === 'header')).toMatchObject({ name: 'Last-Event-ID', required: false });
    expect(Object.keys(stream.responses['200'].content)).toEqual(['text/event-stream']);
  });

  it('gives every operation a unique camelCase operationId, a declared tag, a summary and a description', () => {
    const ids = apiRoutes.map((d) => opOf(d).operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['placeOrder', 'previewOrder', 'cancelAllOrders', 'listEvents', 'getAccount', 'listAccounts', 'openAccount', 'streamAccount', 'createWebhook']));
    const tags = new Set(doc.tags.map((t: any) => t.name));
    for (const t of doc.tags) expect(t.description.length).toBeGreaterThan(0);
    for (const def of apiRoutes) {
      const op = opOf(def);
      expect(op.operationId).toMatch(/^[a-z]+[A-Za-z]*$/);
      expect(op.tags.length).toBe(1);
      expect(tags.has(op.tags[0])).toBe(true);
      expect(op.summary.length).toBeGreaterThan(0);
      expect(op.description.length).toBeGreaterThan(op.summary.length / 2);
    }
    expect(doc.info.contact).toEqual({ name: 'Rampart API team', email: 'api@rampart.dev', url: 'https://docs.rampart.dev' });
    expect(doc.info.license).toEqual({ name: 'Proprietary', url: 'https://rampart.dev/terms' });
    expect(doc.paths['/v1/accounts'].post.servers).toEqual([{ url: 'http://sandbox.rampart.test', description: 'sandbox' }]);
  });

  it('references every component it declares (but the 405 answer no operation can list)', () => {
    const text = JSON.stringify(doc);
    for (const kind of ['schemas', 'headers', 'parameters', 'responses']) {
      for (const name of Object.keys(doc.components[kind])) {
        if (kind === 'responses' && name === 'MethodNotAllowed') continue;
        expect(text.includes(`"#/components/${kind}/${name}"`), `${kind}/${name}`).toBe(true);
      }
    }
  });

  it('describes the real answers: an order placed, lists, events, and errors with their details', async () => {
    const t = await s.trader();
    const orders = `/v1/accounts/${t.accountId}/orders`;
    const placed = await s.sandboxCall('POST', orders, { key: t.key, idempotencyKey: 'same', body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.5' } });
    expect(placed.status).toBe(201);
    conforms('POST', '/v1/accounts/:account_id/orders', placed);
    const replay = await s.sandboxCall('POST', orders, { key: t.key, idempotencyKey: 'same', body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.5' } });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    conforms('POST', '/v1/accounts/:account_id/orders', replay);
    const bad = await s.sandboxCall('POST', orders, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '0.00001' } });
    expectError(bad, 400, 'invalid_size_step');
    conforms('POST', '/v1/accounts/:account_id/orders', bad);
    const unknown = await s.sandboxCall('POST', orders, { key: t.key, idempotencyKey: ik(), body: { market: 'BTC-USD', side: 'buy', type: 'market', size: '1', colour: 'red' } });
    expectError(unknown, 400, 'unknown_field', { fields: ['colour'] });
    conforms('POST', '/v1/accounts/:account_id/orders', unknown);
    // A body on a route that takes none: invalid_request, which the document now lists for every route.
    const withBody = await s.sandboxCall('DELETE', '/v1/webhooks/wh_nope', { key: t.key, body: {} });
    expectError(withBody, 400, 'invalid_request');
    conforms('DELETE', '/v1/webhooks/:webhook_id', withBody);
    for (const [url, path] of [
      ['/v1/accounts/:account_id/orders', orders],
      ['/v1/accounts/:account_id/positions', `/v1/accounts/${t.accountId}/positions`],
      ['/v1/accounts/:account_id/fills', `/v1/accounts/${t.accountId}/fills`],
      ['/v1/accounts/:account_id', `/v1/accounts/${t.accountId}`],
      ['/v1/accounts/:account_id/margin', `/v1/accounts/${t.accountId}/margin`],
      ['/v1/markets', '/v1/markets'],
      ['/v1/status', '/v1/status'],
    ] as const) {
      conforms('GET', url, await s.sandboxCall('GET', path, { key: t.key }));
    }
    const closed = await s.sandboxCall('DELETE', `/v1/accounts/${t.accountId}/positions/BTC-USD`, { key: t.key, idempotencyKey: ik() });
    conforms('DELETE', '/v1/accounts/:account_id/positions/:market', closed);
    const { events } = await pollEvents(s, t.key);
    expect(events.map((e: any) => e.type)).toEqual(expect.arrayContaining(['order.filled', 'fill.created', 'position.opened', 'position.closed']));
    conforms('GET', '/v1/events', await s.sandboxCall('GET', '/v1/events', { key: t.key }));
    const missing = await s.sandboxCall('GET', '/v1/accounts/nope', { key: t.key });
    expectError(missing, 404, 'account_not_found');
    conforms('GET', '/v1/accounts/:account_id', missing);
  });
});
