import { Type } from 'typebox';
import { Account, AccountId } from '../../schemas/resources.js';
import { defineRoute } from '../../route.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/accounts/:account_id',
  operationId: 'getAccount',
  summary: 'One account with its balance, equity, rule and the metrics the rule is judged on',
  description:
    'One account: status, balance, equity, margin, its rule and the metrics the rule is judged on (drawdown floor, daily loss used, profit, trading days).',
  tags: ['accounts'],
  access: 'read',
  errors: ['account_not_found'],
  schema: { params: Type.Object({ account_id: AccountId }, { additionalProperties: false }), response: { 200: Account } },
  handler: async ({ accounts, principal, params, environment }) =>
    accounts.liveView(await accounts.reachable(params.account_id, principal.customer.id, environment)),
});
