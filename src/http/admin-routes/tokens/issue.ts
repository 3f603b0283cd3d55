import { defineAdminRoute } from '../../admin-route.js';
import { TokenBody } from '../shared.js';
import { IdParam } from '../../schemas/credentials.js';

export default defineAdminRoute({
  method: 'POST',
  url: '/admin/v1/customers/:id/tokens',
  operationId: 'issueToken',
  summary: 'Issue an access token',
  description: 'Issues an access token (app or assistant) for the customer; the token is shown once.',
  tags: ['Tokens'],
  errors: ['route_not_found'],
  schema: { params: IdParam, body: TokenBody },
  handler: async ({ services, params, body, reply }) => {
    const issued = await services.tokens.issue(params.id, body);
    reply.code(201);
    return { ...issued.record, token: issued.token };
  },
});
