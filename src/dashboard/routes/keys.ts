import { Type } from 'typebox';
import { ApiError } from '../../errors/api-error.js';
import { Environment } from '../../schemas/common.js';
import { KeyBody } from '../../http/admin-routes/keys.js';
import { IdParam } from '../../http/admin-routes/shared.js';
import { defineSessionRoute } from '../session-route.js';

const strict = <T extends Parameters<typeof Type.Object>[0]>(props: T) => Type.Object(props, { additionalProperties: false });

export const apiToken = defineSessionRoute({
  method: 'POST',
  url: '/session/api-tokens',
  session: true,
  schema: { body: strict({ environment: Environment }) },
  handler: async ({ rampart, current, body, reply }) => {
    const issued = await rampart.people.tokens.issue(current.user, current.session, body.environment);
    reply.code(201);
    return issued;
  },
});

export const emailCode = defineSessionRoute({
  method: 'POST',
  url: '/session/email-codes',
  session: true,
  schema: { body: strict({ purpose: Type.Literal('live_key') }) },
  handler: async ({ rampart, current, body, reply }) => {
    const sent = await rampart.people.codes.send(current.user, body.purpose);
    reply.code(202);
    return sent;
  },
});

export const listKeys = defineSessionRoute({
  method: 'GET',
  url: '/session/keys',
  session: true,
  schema: {},
  handler: async ({ rampart, current }) => ({ data: await rampart.keys.list(current.user.customer_id) }),
});

export const createKey = defineSessionRoute({
  method: 'POST',
  url: '/session/keys',
  session: true,
  schema: { body: strict({ ...KeyBody.properties, email_code: Type.Optional(Type.String({ maxLength: 32 })) }) },
  handler: async ({ rampart, current, body, reply }) => {
    const { email_code, ...input } = body;
    // SPEC: "Sandbox keys need no email code"; a live key does.
    if (input.environment === 'live') {
      if (email_code === undefined) throw new ApiError('email_code_required', { details: { purpose: 'live_key' } });
      await rampart.people.codes.use(current.user, 'live_key', email_code);
    }
    const created = await rampart.keys.create(current.user.customer_id, input);
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
  handler: async ({ rampart, current, params }) => {
    const key = await rampart.credentials.require('key', params.id).catch(() => undefined);
    // Another customer's key is as unknown as a made-up id.
    if (!key || key.customer_id !== current.user.customer_id) {
      throw new ApiError('route_not_found', { message: `no key ${params.id}`, details: { key_id: params.id } });
    }
    return rampart.keys.revoke(params.id);
  },
});

export const keyRoutes = [apiToken, emailCode, listKeys, createKey, revokeKey];
