import { Type } from 'typebox';
import { strict } from '../../../schemas/common.js';
import { defineAdminRoute } from '../../admin-route.js';

export default defineAdminRoute({
  method: 'POST',
  url: '/admin/v1/invitations',
  operationId: 'createInvitation',
  summary: 'Invite a person to sign up to the dashboard',
  description:
    'Makes a one-time invitation (7 days) for an email, mailed to it; the token is shown once. With `customer_id` the person joins that customer, else sign-up makes a new customer (as `rampart users invite`).',
  tags: ['People'],
  errors: ['route_not_found'],
  schema: { body: strict({ email: Type.String({ minLength: 1, maxLength: 254 }), customer_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }) },
  handler: async ({ services, body, reply }) => {
    const created = await services.people.invitations.create(body.email, body.customer_id);
    reply.code(201);
    return created;
  },
});
