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
  handler: async ({ accounts, principal, params, environment, reply }) => {
    // Made by the route's own compiled serializer and kept per version of what it shows; a string is sent as it is.
    const serialize = reply.compileSerializationSchema(Account as unknown as Record<string, unknown>) as (view: unknown) => string;
    const json = await accounts.liveJson(params.account_id, principal.customer.id, environment, serialize);
    reply.type('application/json; charset=utf-8');
    return json;
  },
});
