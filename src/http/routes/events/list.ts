import { Type } from 'typebox';
import { Event } from '../../schemas/events.js';
import { AccountId, ListQuery, page } from '../../schemas/resources.js';
import { defineRoute } from '../../route.js';
import { eventPage } from '../../views/events.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/events',
  operationId: 'listEvents',
  summary: "What happened on the customer's accounts in this environment, oldest first (the same events as the account stream)",
  description:
    'What happened on the customer\'s accounts in this environment (orders, fills, positions, engine restarts), oldest first; the same events, with the same ids, as the account stream and webhooks. `next_cursor` is the id of the page\'s last event.',
  tags: ['events'],
  access: 'read',
  plainJson: true,
  errors: ['account_not_found', 'invalid_cursor', 'state_unavailable'],
  schema: {
    querystring: ListQuery({ account_id: Type.Optional(AccountId) }),
    response: { 200: page(Event) },
  },
  handler: async ({ accounts, events, principal, query, environment }) => {
    if (query.account_id !== undefined) await accounts.reachable(query.account_id, principal.customer.id, environment);
    const limit = query.limit ?? 100;
    return eventPage(await events.list({ environment, customerId: principal.customer.id, accountId: query.account_id }, query.after, limit), query.after, limit);
  },
});
