import { defineAdminRoute } from '../admin-route.js';
import { Environment } from '../../schemas/common.js';
import { Access, FenceFields, IdParam, strict } from './shared.js';

const tags = ['Keys'];

export const KeyBody = strict({ environment: Environment, access: Access, ...FenceFields });

export const createKey = defineAdminRoute({
  method: 'POST',
  url: '/admin/v1/customers/:id/keys',
  operationId: 'createKey',
  summary: 'Create an API key',
  description: "Creates an API key for the customer; the secret is shown once. The customer's first sandbox key also opens its first sandbox account (`opened_account_id`).",
  tags,
  errors: ['route_not_found'],
  schema: { params: IdParam, body: KeyBody },
  handler: async ({ services, params, body, reply }) => {
    const created = await services.keys.create(params.id, body);
    reply.code(201);
    return { ...created.record, key: created.key, opened_account_id: created.opened_account?.id ?? null };
  },
});

export const listKeys = defineAdminRoute({
  method: 'GET',
  url: '/admin/v1/customers/:id/keys',
  operationId: 'listKeys',
  summary: "List a customer's API keys",
  description: "The customer's API keys, revoked ones included, without their secrets.",
  tags,
  errors: ['route_not_found'],
  schema: { params: IdParam },
  handler: async ({ services, params }) => ({ data: await services.keys.list(params.id) }),
});

export const revokeKey = defineAdminRoute({
  method: 'DELETE',
  url: '/admin/v1/keys/:id',
  operationId: 'revokeKey',
  summary: 'Revoke an API key',
  description: 'Revokes the key; open account streams judge their credentials again on every node.',
  tags,
  errors: ['route_not_found'],
  schema: { params: IdParam },
  handler: async ({ services, ops, params }) => {
    const out = await services.keys.revoke(params.id);
    await ops.others({ kind: 'access' });
    return out;
  },
});

export const keyRoutes = [createKey, listKeys, revokeKey];
