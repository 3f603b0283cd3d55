import { defineAdminRoute } from '../../admin-route.js';
import { MAILS_LIMIT } from '../shared.js';

export default defineAdminRoute({
  method: 'GET',
  url: '/admin/v1/mails',
  operationId: 'listMails',
  summary: 'List the mails kept in the store',
  description: `With no SMTP server (RAMPART_SMTP_URL unset) mails are kept in the store: the newest ${MAILS_LIMIT}, newest first (as \`rampart mail list\`).`,
  tags: ['People'],
  errors: [],
  schema: {},
  handler: async ({ services }) => ({ data: await services.store.listMails(MAILS_LIMIT) }),
});
