import { Account, ListQuery, page } from '../../schemas/resources.js';
import { ApiError } from '../../../errors/api-error.js';
import { defineRoute } from '../../route.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/accounts',
  operationId: 'listAccounts',
  summary: "The accounts the key reaches (its customer's, in this environment), oldest first",
  description:
    'The accounts of the key\'s customer in this environment, oldest first, one page at a time (`after` = the last id of the previous page).',
  tags: ['accounts'],
  access: 'read',
  errors: ['invalid_cursor'],
  schema: { querystring: ListQuery(), response: { 200: page(Account) } },
  handler: async ({ rampart, principal, query, environment }) => {
    const limit = query.limit ?? 100;
    if (query.after !== undefined) {
      const a = await rampart.store.getAccount(query.after);
      if (!a || a.customer_id !== principal.customer.id || a.environment !== environment) {
        throw new ApiError('invalid_cursor', { details: { after: query.after } });
      }
    }
    const rows = await rampart.store.listAccounts({ customerId: principal.customer.id, environment, after: query.after, limit: limit + 1 });
    const data = await Promise.all(rows.slice(0, limit).map((a) => rampart.accountView(a)));
    const hasMore = rows.length > limit;
    return { data, next_cursor: hasMore ? (data.at(-1)?.id ?? null) : null, has_more: hasMore };
  },
});
