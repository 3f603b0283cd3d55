import { Type } from 'typebox';
import { defineAdminRoute } from '../admin-route.js';
import { strict } from './shared.js';

const tags = ['People'];

export const MAILS_LIMIT = 100;

export const listMails = defineAdminRoute({
  method: 'GET',
  url: '/admin/v1/mails',
  operationId: 'listMails',
  summary: 'List the mails kept in the store',
  description: `With no SMTP server (RAMPART_SMTP_URL unset) mails are kept in the store: the newest ${MAILS_LIMIT}, newest first (as \`rampart mail list\`).`,
  tags,
  errors: [],
  schema: {},
  handler: async ({ services }) => ({ data: await services.store.listMails(MAILS_LIMIT) }),
});

export const createInvitation = defineAdminRoute({
  method: 'POST',
  url: '/admin/v1/invitations',
  operationId: 'createInvitation',
  summary: 'Invite a person to sign up to the dashboard',
  description:
    'Makes a one-time invitation (7 days) for an email, mailed to it; the token is shown once. With `customer_id` the person joins that customer, else sign-up makes a new customer (as `rampart users invite`).',
  tags,
  errors: ['route_not_found'],
  schema: { body: strict({ email: Type.String({ minLength: 1, maxLength: 254 }), customer_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }) },
  handler: async ({ services, body, reply }) => {
    const created = await services.people.invitations.create(body.email, body.customer_id);
    reply.code(201);
    return created;
  },
});

export const peopleRoutes = [listMails, createInvitation];
