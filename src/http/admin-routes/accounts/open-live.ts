import { Type } from 'typebox';
import { strict } from '../../../schemas/common.js';
import { defineAdminRoute } from '../../admin-route.js';
import { IdParam } from '../../schemas/credentials.js';

export default defineAdminRoute({
  method: 'POST',
  url: '/admin/v1/customers/:id/accounts',
  operationId: 'openLiveAccount',
  summary: 'Open a live account',
  description: 'Opens a live account of the product for the customer; the engine opens it in the background (status `pending` until then).',
  tags: ['Accounts'],
  errors: ['route_not_found'],
  schema: { params: IdParam, body: strict({ product: Type.String({ minLength: 1 }) }) },
  handler: async ({ services, params, body, reply }) => {
    const customer = await services.customers.require(params.id);
    const account = await services.accounts.openLive(customer, body.product);
    services.opener.kick();
    reply.code(201);
    return services.accountViews.view(account);
  },
});
