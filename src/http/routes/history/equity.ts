import { Type } from 'typebox';
import { EquityCurve } from '../../schemas/resources.js';
import { defineRoute } from '../../route.js';
import { AccountParams } from '../orders/shared.js';

export default defineRoute({
  method: 'GET',
  url: '/v1/accounts/:account_id/history/equity',
  operationId: 'getEquityCurve',
  summary: 'Equity curve: one point per closed trade, or per trading day; the first point is the opening balance',
  description:
    'The account\'s equity curve at the resolution asked: one point per closed trade or per trading day, oldest first; the first point is the opening balance.',
  tags: ['accounts'],
  access: 'read',
  errors: ['account_not_found', 'account_not_ready', 'state_unavailable'],
  schema: {
    params: AccountParams,
    querystring: Type.Object({ resolution: Type.Union([Type.Literal('trade'), Type.Literal('day')]) }, { additionalProperties: false }),
    response: { 200: EquityCurve },
  },
  handler: async ({ accounts, history, principal, params, query, environment }) => {
    const account = await accounts.reachable(params.account_id, principal.customer.id, environment);
    accounts.assertOpen(account);
    const points = await history.equity(account.id, query.resolution);
    return {
      resolution: query.resolution,
      points: [{ time: account.created_at, equity: account.starting_balance, balance: account.starting_balance }, ...points],
    };
  },
});
