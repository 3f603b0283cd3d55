import { Account, ListQuery, page } from '../../schemas/resources.js';
import { ApiError } from '../../../errors/api-error.js';
import { defineRoute } from '../../route.js';
import { listPageAsync } from '../../views/page.js';

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
  handler: async ({ accounts, principal, query, environment }) => {
    const limit = query.limit ?? 100;
    if (query.after !== undefined) {
      const a = await accounts.get(query.after);
      if (!a || a.customer_id !== principal.customer.id || a.environment !== environment) {
        throw new ApiError('invalid_cursor', { details: { after: query.after } });
      }
    }
    const rows = await accounts.list({ customerId: principal.customer.id, environment, after: query.after, limit: limit + 1 });
    return listPageAsync(rows, limit, (a) => accounts.liveView(a));
  },
});
