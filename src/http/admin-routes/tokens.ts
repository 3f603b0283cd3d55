import { Type } from 'typebox';
import { defineAdminRoute } from '../admin-route.js';
import { Environment } from '../../schemas/common.js';
import { Access, FenceFields, IdParam, strict } from './shared.js';

const tags = ['Tokens'];

export const TokenBody = strict({
  environment: Environment,
  kind: Type.Union([Type.Literal('app'), Type.Literal('assistant')]),
  access: Type.Optional(Access),
  ...FenceFields,
});

export const issueToken = defineAdminRoute({
  method: 'POST',
  url: '/admin/v1/customers/:id/tokens',
  operationId: 'issueToken',
  summary: 'Issue an access token',
  description: 'Issues an access token (app or assistant) for the customer; the token is shown once.',
  tags,
  errors: ['route_not_found'],
  schema: { params: IdParam, body: TokenBody },
  handler: async ({ services, params, body, reply }) => {
    const issued = await services.tokens.issue(params.id, body);
    reply.code(201);
    return { ...issued.record, token: issued.token };
  },
});

export const revokeToken = defineAdminRoute({
  method: 'DELETE',
  url: '/admin/v1/tokens/:id',
  operationId: 'revokeToken',
  summary: 'Revoke an access token',
  description: 'Ends access for the token; open account streams judge their credentials again on every node.',
  tags,
  errors: ['route_not_found'],
  schema: { params: IdParam },
  handler: async ({ services, ops, params }) => {
    const out = await services.tokens.revoke(params.id);
    await ops.others({ kind: 'access' });
    return out;
  },
});

export const tokenRoutes = [issueToken, revokeToken];
