import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { timingSafeEqual } from 'node:crypto';
import { ApiError, rejectionToError } from '../errors/api-error.js';
import type { EngineFault } from '../engine-host/faults.js';
import { ANSWER_WAIT_MS } from '../engine-host/port.js';
import { storedOrderView } from '../services/trading-views.js';
import { PreviewBody } from './schemas/orders.js';
import { ManualClock } from '../engine/clock.js';
import { DecimalString, Environment, FutureTimeMs, Nullable, TimeMs } from '../schemas/common.js';
import type { Rampart } from '../services/rampart.js';
import { createInstance } from './instance.js';
import { trackRouteMethods } from './route-methods.js';
import { sendError } from './envelope.js';
import { authorizationOf } from './plugins/auth.js';
import { checkBodyHeaders } from './plugins/strict-input.js';
import { OPERATE_PATHS, registerOperate, type OperateDeps } from './operate.js';
import { instrumentHttp } from '../metrics/instrument.js';
import type { Cluster } from '../cluster/leases.js';
import { CLOCK_SETTING, type ClusterOps } from '../cluster/ops.js';

const strict = <T extends Parameters<typeof Type.Object>[0]>(props: T) => Type.Object(props, { additionalProperties: false });

const FenceFields = {
  name: Type.Optional(Type.String({ maxLength: 200 })),
  markets: Type.Optional(Nullable(Type.Array(Type.String(), { maxItems: 100 }))),
  reduce_only: Type.Optional(Type.Boolean()),
  max_order_usd: Type.Optional(Nullable(DecimalString)),
  max_position_usd: Type.Optional(Nullable(DecimalString)),
  loss_stop_usd: Type.Optional(Nullable(DecimalString)),
  ip_allowlist: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 })),
  expires_at: Type.Optional(Nullable(FutureTimeMs)),
};
const Access = Type.Union([Type.Literal('read'), Type.Literal('trade')]);

export const KeyBody = strict({ environment: Environment, access: Access, ...FenceFields });
export const TokenBody = strict({
  environment: Environment,
  kind: Type.Union([Type.Literal('app'), Type.Literal('assistant')]),
  access: Type.Optional(Access),
  ...FenceFields,
});
const IdParam = strict({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const Fault = Type.Union([
  strict({ kind: Type.Literal('engine_down'), environment: Environment, enabled: Type.Boolean() }),
  strict({ kind: Type.Literal('store_failing'), enabled: Type.Boolean() }),
  strict({ kind: Type.Literal('store_error'), enabled: Type.Boolean() }),
  strict({ kind: Type.Literal('store_delay'), ms: Type.Integer({ minimum: 0, maximum: 60_000 }) }),
  strict({ kind: Type.Literal('engine_busy'), enabled: Type.Boolean() }),
  strict({ kind: Type.Literal('engine_delay'), ms: Type.Integer({ minimum: 0, maximum: 60_000 }) }),
  strict({ kind: Type.Literal('engine_lost'), enabled: Type.Boolean() }),
  strict({ kind: Type.Literal('clear') }),
]);

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The operator API (/admin/v1): the same services the CLI uses, behind RAMPART_ADMIN_TOKEN. */
export async function buildAdmin(
  rampart: Rampart,
  adminToken: string,
  logger: FastifyInstance['log'],
  cluster: { cluster: Cluster; ops: ClusterOps },
  operate?: OperateDeps,
): Promise<FastifyInstance> {
  const { ops } = cluster;
  const docsUrl = rampart.config.docsUrl;
  const { limits } = rampart.config;
  const app = createInstance(rampart.config, logger, 'admin', rampart.clock);
  // After the token check (onRequest): without the token the operator API tells nothing of its paths.
  const routeError = trackRouteMethods(app);
  app.setNotFoundHandler((request, reply) => sendError(request, reply, routeError(request), docsUrl));

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    if (request.url.length > limits.url_max_bytes) throw new ApiError('uri_too_long', { details: { max_bytes: limits.url_max_bytes } });
    if (operate && OPERATE_PATHS.has(request.routeOptions.url ?? '')) return;
    const header = authorizationOf(request);
    if (!header) throw new ApiError('missing_api_key', { message: 'The operator API needs Authorization: Bearer <RAMPART_ADMIN_TOKEN>.' });
    const m = /^Bearer +(\S+)$/i.exec(header);
    if (!m || !sameToken(m[1] ?? '', adminToken)) throw new ApiError('invalid_api_key', { message: 'The operator token is not valid.' });
    checkBodyHeaders(request, limits.body_max_bytes);
  });

  // Probes and the scrape (src/http/operate.ts): the only routes the token check above lets through.
  if (operate) {
    instrumentHttp(app, operate.metrics, 'admin');
    registerOperate(app, operate);
  }

  const { customers, keys, tokens, accounts, markets, environments } = rampart;

  app.get('/admin/v1/customers', async () => ({ data: await customers.list() }));
  app.post('/admin/v1/customers', { schema: { body: strict({ name: Type.String({ minLength: 1, maxLength: 200 }) }) } }, async (req, reply) => {
    reply.code(201);
    return customers.create((req.body as { name: string }).name);
  });
  // Credentials are read from the store on every node; the fan-out re-judges open streams everywhere at once.
  app.patch('/admin/v1/customers/:id', { schema: { params: IdParam, body: strict({ api_enabled: Type.Boolean() }) } }, async (req) => {
    const out = await customers.setApiEnabled((req.params as { id: string }).id, (req.body as { api_enabled: boolean }).api_enabled);
    await ops.others({ kind: 'access' });
    return out;
  });
  app.post('/admin/v1/customers/:id/keys', { schema: { params: IdParam, body: KeyBody } }, async (req, reply) => {
    const created = await keys.create((req.params as { id: string }).id, req.body as Static<typeof KeyBody>);
    reply.code(201);
    return { ...created.record, key: created.key, opened_account_id: created.opened_account?.id ?? null };
  });
  app.get('/admin/v1/customers/:id/keys', { schema: { params: IdParam } }, async (req) => ({ data: await keys.list((req.params as { id: string }).id) }));
  app.delete('/admin/v1/keys/:id', { schema: { params: IdParam } }, async (req) => {
    const out = await keys.revoke((req.params as { id: string }).id);
    await ops.others({ kind: 'access' });
    return out;
  });
  app.post('/admin/v1/customers/:id/accounts', { schema: { params: IdParam, body: strict({ product: Type.String({ minLength: 1 }) }) } }, async (req, reply) => {
    const customer = await customers.require((req.params as { id: string }).id);
    const account = await accounts.openLive(customer, (req.body as { product: string }).product);
    rampart.opener.kick();
    reply.code(201);
    return rampart.accountView(account);
  });
  app.post('/admin/v1/customers/:id/tokens', { schema: { params: IdParam, body: TokenBody } }, async (req, reply) => {
    const issued = await tokens.issue((req.params as { id: string }).id, req.body as Static<typeof TokenBody>);
    reply.code(201);
    return { ...issued.record, token: issued.token };
  });
  app.delete('/admin/v1/tokens/:id', { schema: { params: IdParam } }, async (req) => {
    const out = await tokens.revoke((req.params as { id: string }).id);
    await ops.others({ kind: 'access' });
    return out;
  });
  app.patch(
    '/admin/v1/accounts/:id',
    {
      schema: {
        params: IdParam,
        body: Type.Object(
          {
            status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('suspended'), Type.Literal('closed')])),
            paused_until: Type.Optional(Nullable(FutureTimeMs)),
          },
          { additionalProperties: false, minProperties: 1 },
        ),
      },
    },
    async (req) => {
      const { id } = req.params as { id: string };
      const { status, paused_until } = req.body as { status?: 'active' | 'suspended' | 'closed'; paused_until?: number | null };
      const account = await rampart.store.getAccount(id);
      if (!account) throw new ApiError('account_not_found', { details: { account_id: id } });
      await rampart.store.transaction((tx) =>
        tx.updateAccount(
          id,
          {
            ...(status !== undefined ? { status, status_reason: status === 'active' ? null : status } : {}),
            ...(paused_until !== undefined ? { paused_until } : {}),
          },
          rampart.clock.now(),
        ),
      );
      // The node holding the account's partition makes its engine judge the new status (every node is told).
      await ops.all({ kind: 'accounts', account_ids: [id] });
      return rampart.accountView((await rampart.store.getAccount(id))!);
    },
  );
  app.put(
    '/admin/v1/markets/:market/price',
    { schema: { params: strict({ market: Type.String() }), body: strict({ bid: DecimalString, ask: DecimalString, last: DecimalString }) } },
    // Every node's engines act on the price before the answer (checked here first: a refused price goes nowhere).
    async (req) => ops.all({ kind: 'price', market: (req.params as { market: string }).market, ...(req.body as { bid: string; ask: string; last: string }) }),
  );
  app.patch(
    '/admin/v1/markets/:market',
    {
      schema: {
        params: strict({ market: Type.String() }),
        body: strict({
          status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('closed'), Type.Literal('halted')])),
          offered: Type.Optional(Type.Boolean()),
        }),
      },
    },
    async (req) => {
      const out = await markets.setState((req.params as { market: string }).market, req.body as { status?: 'open'; offered?: boolean });
      await ops.others({ kind: 'markets' });
      return out;
    },
  );
  app.post(
    '/admin/v1/clock',
    { schema: { body: Type.Union([strict({ now: TimeMs }), strict({ advance_ms: Type.Integer({ minimum: 0 }) })]) } },
    async (req) => {
      const clock = rampart.clock;
      if (!(clock instanceof ManualClock)) throw new ApiError('invalid_request', { message: 'The clock is the system clock; start with RAMPART_CLOCK=manual.' });
      const body = req.body as { now?: number; advance_ms?: number };
      const next = body.now ?? clock.now() + (body.advance_ms ?? 0);
      if (!Number.isSafeInteger(next) || next < clock.now()) throw new ApiError('invalid_request', { message: 'The clock never goes back.', details: { now: clock.now() } });
      // Kept in the store (one `now` for the cluster; a node that starts takes it), then moved on every node.
      await rampart.store.transaction((tx) => tx.setSetting(CLOCK_SETTING, String(next)));
      return ops.all({ kind: 'clock', now: next });
    },
  );
  app.get('/admin/v1/cluster', async () => cluster.cluster.status());
  app.get('/admin/v1/clock', async () => ({ kind: rampart.clock.kind, now: rampart.clock.now() }));
  app.patch(
    '/admin/v1/environments/:environment',
    { schema: { params: strict({ environment: Environment }), body: strict({ enabled: Type.Optional(Type.Boolean()), sandbox_opening: Type.Optional(Type.Boolean()) }) } },
    async (req) => {
      const out = await environments.set((req.params as { environment: 'live' | 'sandbox' }).environment, req.body as { enabled?: boolean; sandbox_opening?: boolean });
      await ops.others({ kind: 'environments' });
      return out;
    },
  );
  app.post('/admin/v1/engine/restart', { schema: { body: strict({ environment: Environment }) } }, async (req) => {
    const { environment } = req.body as { environment: 'live' | 'sandbox' };
    // Every node restarts the partitions of env it holds.
    await ops.all({ kind: 'restart', environment });
    return { environment, restarted_at: rampart.clock.now() };
  });
  app.post(
    '/admin/v1/accounts/:id/orders',
    { schema: { params: IdParam, body: Type.Object({ ...PreviewBody.properties, origin: Type.Union([Type.Literal('platform'), Type.Literal('strategy'), Type.Literal('tradingview')]) }, { additionalProperties: false }) } },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      const { origin, ...body } = req.body as Static<typeof PreviewBody> & { origin: 'platform' | 'strategy' | 'tradingview' };
      const account = await rampart.store.getAccount(id);
      if (!account) throw new ApiError('account_not_found', { details: { account_id: id } });
      accounts.assertTradable(account);
      const r = await rampart.enginePort.execute(
        account.environment,
        { kind: 'place', account_id: id, order: body, exits: null, actor: { key_id: null, fences: null, origin } },
        { timeoutMs: ANSWER_WAIT_MS },
      );
      if (r.outcome === 'rejected') throw rejectionToError(r.rejection);
      if (r.outcome === 'timeout') {
        reply.code(202);
        return storedOrderView((await rampart.store.getOrder(r.order_id))!);
      }
      reply.code(201);
      return r.result.order;
    },
  );
  app.delete(
    '/admin/v1/accounts/:id/orders/:order_id',
    { schema: { params: strict({ id: Type.String(), order_id: Type.String() }), body: strict({ reason: Type.Union([Type.Literal('external'), Type.Literal('strategy')]) }) } },
    async (req) => {
      const { id, order_id } = req.params as { id: string; order_id: string };
      const { reason } = req.body as { reason: 'external' | 'strategy' };
      const account = await rampart.store.getAccount(id);
      if (!account) throw new ApiError('account_not_found', { details: { account_id: id } });
      const r = await rampart.enginePort.execute(account.environment, { kind: 'cancel', account_id: id, order_id, reason, markets: null }, { timeoutMs: ANSWER_WAIT_MS });
      if (r.outcome === 'rejected') throw rejectionToError(r.rejection);
      if (r.outcome === 'timeout') throw new ApiError('engine_unavailable');
      return r.result.order;
    },
  );
  if (rampart.config.faults) {
    // The same switch on every node (each node's store and engine port carry their own).
    ops.applyFault = (fault) => {
      const f = fault as Static<typeof Fault>;
      // The store's switches are a gate installed on it, the engine's a decorator around the engine-host port:
      // both only with RAMPART_FAULTS=1.
      const switches = rampart.storeFaults!;
      if (f.kind === 'store_failing') switches.failing = f.enabled;
      if (f.kind === 'store_error') switches.erroring = f.enabled;
      if (f.kind === 'store_delay') switches.delayMs = f.ms;
      if (f.kind === 'clear') switches.clear();
      const store = switches.view();
      const faults = rampart.engineFaults!;
      const engine = f.kind === 'clear' || f.kind.startsWith('engine_') ? faults.set(f as EngineFault) : faults.view();
      if (f.kind === 'clear' || f.kind === 'engine_down') rampart.opener.kick();
      return { engine_up: rampart.opener.up, store, engine: { busy: engine.busy, answerDelayMs: engine.answerDelayMs, answerLost: engine.answerLost } };
    };
    app.post('/admin/v1/faults', { schema: { body: Fault } }, async (req) => ops.all({ kind: 'faults', fault: req.body as Record<string, unknown> }));
  }
  return app;
}
