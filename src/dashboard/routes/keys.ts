import { Type } from 'typebox';
import { ApiError } from '../../errors/api-error.js';
import { Environment } from '../../schemas/common.js';
import { KeyBody } from '../../http/admin-routes/keys.js';
import { IdParam } from '../../http/admin-routes/shared.js';
import { CODE_PURPOSES } from '../../services/people/email-codes.js';
import { defineSessionRoute } from '../session-route.js';

const strict = <T extends Parameters<typeof Type.Object>[0]>(props: T) => Type.Object(props, { additionalProperties: false });

/**
 * A dashboard token. Live trading from the page needs a fresh emailed code (docs/SECURITY.md item 10): a live token
 * asked for without one reads only (the page still shows live accounts); with the newest `live_trade` code it
 * trades, for its hour. Sandbox tokens trade and take no code.
 */
export const apiToken = defineSessionRoute({
  method: 'POST',
  url: '/session/api-tokens',
  session: true,
  schema: { body: strict({ environment: Environment, email_code: Type.Optional(Type.String({ maxLength: 32 })) }) },
  handler: async ({ services, current, body, reply }) => {
    if (body.environment === 'sandbox' && body.email_code !== undefined) {
      throw new ApiError('invalid_request', { message: 'Sandbox tokens take no email_code.', details: { field: 'email_code' } });
    }
    if (body.email_code !== undefined) await services.people.codes.use(current.user, 'live_trade', body.email_code);
    const access = body.environment === 'sandbox' || body.email_code !== undefined ? 'trade' : 'read';
    const issued = await services.people.tokens.issue(current.user, current.session, body.environment, access);
    reply.code(201);
    return issued;
  },
});

export const emailCode = defineSessionRoute({
  method: 'POST',
  url: '/session/email-codes',
  session: true,
  schema: { body: strict({ purpose: Type.Union(CODE_PURPOSES.map((p) => Type.Literal(p))) }) },
  handler: async ({ services, current, body, reply }) => {
    const sent = await services.people.codes.send(current.user, body.purpose);
    reply.code(202);
    return sent;
  },
});

export const listKeys = defineSessionRoute({
  method: 'GET',
  url: '/session/keys',
  session: true,
  schema: {},
  handler: async ({ services, current }) => ({ data: await services.keys.list(current.user.customer_id) }),
});

export const createKey = defineSessionRoute({
  method: 'POST',
  url: '/session/keys',
  session: true,
  schema: { body: strict({ ...KeyBody.properties, email_code: Type.Optional(Type.String({ maxLength: 32 })) }) },
  handler: async ({ services, current, body, reply }) => {
    const { email_code, ...input } = body;
    // SPEC: "Sandbox keys need no email code"; a live key does.
    if (input.environment === 'live') {
      if (email_code === undefined) throw new ApiError('email_code_required', { details: { purpose: 'live_key' } });
      await services.people.codes.use(current.user, 'live_key', email_code);
    }
    const created = await services.keys.create(current.user.customer_id, input);
    reply.code(201);
    const opened = created.opened_account;
    return { ...created.record, key: created.key, opened_account: opened ? { id: opened.id, environment: opened.environment } : null };
  },
});

export const revokeKey = defineSessionRoute({
  method: 'DELETE',
  url: '/session/keys/:id',
  session: true,
  schema: { params: IdParam },
  handler: async ({ services, current, params }) => {
    const key = await services.credentials.require('key', params.id).catch(() => undefined);
    // Another customer's key is as unknown as a made-up id.
    if (!key || key.customer_id !== current.user.customer_id) {
      throw new ApiError('route_not_found', { message: `no key ${params.id}`, details: { key_id: params.id } });
    }
    return services.keys.revoke(params.id);
  },
});

export const keyRoutes = [apiToken, emailCode, listKeys, createKey, revokeKey];
