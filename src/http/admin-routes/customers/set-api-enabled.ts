import { Type } from 'typebox';
import { strict } from '../../../schemas/common.js';
import { defineAdminRoute } from '../../admin-route.js';
import { IdParam } from '../../schemas/credentials.js';

export default defineAdminRoute({
  method: 'PATCH',
  url: '/admin/v1/customers/:id',
  operationId: 'setCustomerApiEnabled',
  summary: "Open or suspend a customer's API access",
  description: "Switches the customer's API access; open account streams judge their credentials again on every node.",
  tags: ['Customers'],
  errors: ['route_not_found'],
  schema: { params: IdParam, body: strict({ api_enabled: Type.Boolean() }) },
  // Credentials are read from the store on every node; the fan-out re-judges open streams everywhere at once.
  handler: async ({ services, ops, params, body }) => {
    const out = await services.customers.setApiEnabled(params.id, body.api_enabled);
    await ops.others({ kind: 'access' });
    return out;
  },
});
