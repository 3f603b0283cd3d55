import { Type } from 'typebox';
import { defineAdminRoute } from '../admin-route.js';
import { IdParam, strict } from './shared.js';

const tags = ['Customers'];

export const listCustomers = defineAdminRoute({
  method: 'GET',
  url: '/admin/v1/customers',
  operationId: 'listCustomers',
  summary: 'List customers',
  description: 'Every customer, with its API switch.',
  tags,
  errors: [],
  schema: {},
  handler: async ({ services }) => ({ data: await services.customers.list() }),
});

export const createCustomer = defineAdminRoute({
  method: 'POST',
  url: '/admin/v1/customers',
  operationId: 'createCustomer',
  summary: 'Create a customer',
  description: 'Creates a customer with its API access open; it has no key, token or account yet.',
  tags,
  errors: [],
  schema: { body: strict({ name: Type.String({ minLength: 1, maxLength: 200 }) }) },
  handler: async ({ services, body, reply }) => {
    reply.code(201);
    return services.customers.create(body.name);
  },
});

export const setCustomerApiEnabled = defineAdminRoute({
  method: 'PATCH',
  url: '/admin/v1/customers/:id',
  operationId: 'setCustomerApiEnabled',
  summary: "Open or suspend a customer's API access",
  description: "Switches the customer's API access; open account streams judge their credentials again on every node.",
  tags,
  errors: ['route_not_found'],
  schema: { params: IdParam, body: strict({ api_enabled: Type.Boolean() }) },
  // Credentials are read from the store on every node; the fan-out re-judges open streams everywhere at once.
  handler: async ({ services, ops, params, body }) => {
    const out = await services.customers.setApiEnabled(params.id, body.api_enabled);
    await ops.others({ kind: 'access' });
    return out;
  },
});

export const customerRoutes = [listCustomers, createCustomer, setCustomerApiEnabled];
